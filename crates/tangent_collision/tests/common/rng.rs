//! A seeded generator for the parameter sweeps, so every sweep repeats
//! exactly (the workspace's one generator, `tangent_collision::seeded`).

use tangent_collision::seeded::Xorshift64;

pub struct Rng(Xorshift64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(Xorshift64::new(seed))
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.0.unit_f64()
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Log-uniform in `[lo, hi)` (both positive): every scale equally often.
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.unit()).exp()
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.unit() * n as f64) as usize).min(n - 1)
    }
}
