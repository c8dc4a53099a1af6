//! Deterministic test helpers shared by the crate's unit tests: a seeded
//! generator, polynomials built from known roots, and a root-list check.

/// Test helper: uniform numbers in `[0, 1)` from a xorshift generator, so
/// random tests repeat exactly.
pub(crate) fn unit_rng(seed: u64) -> impl FnMut() -> f64 {
    let mut rng = crate::seeded::Xorshift64(seed);
    move || rng.unit_f64()
}

/// Test helper: asserts that `got` holds exactly the roots `expected`
/// (ascending), each within 1e-9 or a root to rounding, `|p(t)| ≤ 1e-14 ·
/// size` with `size` the sum of the coefficients' sizes (clustered roots of a
/// degree-10 polynomial move by ~1e-7 when its coefficients are rounded).
pub(crate) fn assert_roots(
    got: &[f64],
    expected: &[f64],
    p: impl Fn(f64) -> f64,
    size: f64,
    what: &str,
) {
    assert_eq!(got.len(), expected.len(), "{what}: {got:?} vs {expected:?}");
    for (a, b) in got.iter().zip(expected) {
        assert!(
            (a - b).abs() < 1e-9 || p(*a).abs() <= 1e-14 * size,
            "{what}: {got:?} vs {expected:?}"
        );
    }
}

/// Test helper: the ascending coefficients of `Π (t - rᵢ) · Π ((t - aⱼ)² + bⱼ²)`.
pub(crate) fn from_factors(real: &[f64], complex: &[(f64, f64)]) -> Vec<f64> {
    let mut c = vec![1.0];
    let mut times = |factor: &[f64]| {
        let mut next = vec![0.0; c.len() + factor.len() - 1];
        for (i, &ci) in c.iter().enumerate() {
            for (j, &fj) in factor.iter().enumerate() {
                next[i + j] += ci * fj;
            }
        }
        c = next;
    };
    for &r in real {
        times(&[-r, 1.0]);
    }
    for &(a, b) in complex {
        times(&[a * a + b * b, -2.0 * a, 1.0]);
    }
    c
}
