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
