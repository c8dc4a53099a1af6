//! What the level crate's test files share: one small deterministic
//! generator, so a failing case reproduces from its seed.

// Each test file uses what it needs of this.
#![allow(dead_code)]

use tangent_collision::seeded::Xorshift64;

/// The workspace's one generator (xorshift64, `tangent_collision::seeded`):
/// the same numbers on every machine.
pub struct Rng(pub Xorshift64);

impl Rng {
    /// The numbers of `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(Xorshift64(seed))
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (0 for `n = 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }

    /// Uniform in `[lo, hi)`, every bit of an f32's fraction used (the
    /// top 53 bits, in f64).
    pub fn range_fine(&mut self, lo: f32, hi: f32) -> f32 {
        self.0.range_f32(lo, hi)
    }

    /// A number in `[0, 1)`, from the top 24 bits.
    pub fn unit(&mut self) -> f32 {
        self.0.unit_f32()
    }

    /// A number in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// One of `xs`.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

/// A fresh folder under the system's temporary folder for test `tag`.
pub fn temp_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tangent-level-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
