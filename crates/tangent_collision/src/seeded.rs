//! One seeded generator for every test, tool and bench of the workspace, so
//! a random case repeats exactly from its seed on every machine: xorshift64
//! (Marsaglia's shifts 13, 7, 17), no crate, no state but one `u64`.

/// Xorshift64: `x ^= x << 13; x ^= x >> 7; x ^= x << 17`. A zero seed is
/// taken as 1 (zero is xorshift's one fixed point).
///
/// ```
/// use tangent_collision::seeded::Xorshift64;
/// let mut a = Xorshift64::new(7);
/// let mut b = Xorshift64::new(7);
/// let u = a.unit_f64();
/// assert!((0.0..1.0).contains(&u));
/// assert_eq!(u, b.unit_f64());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xorshift64(pub u64);

impl Xorshift64 {
    /// The numbers of `seed` (0 taken as 1).
    pub const fn new(seed: u64) -> Self {
        Xorshift64(if seed == 0 { 1 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in `[0, 1)` from the top 53 bits (every bit of an `f64`'s fraction).
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[0, 1)` from the top 24 bits (every bit of an `f32`'s fraction).
    pub fn unit_f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in `[lo, hi)`, every bit of an `f32`'s fraction used (the
    /// top 53 bits, in `f64`).
    pub fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        let u = self.unit_f64();
        (lo as f64 + u * (hi - lo) as f64) as f32
    }

    /// Uniform in `0..n` by remainder (0 for `n = 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}
