//! Closed forms and evaluations of small polynomials: Horner's rule (with
//! the first two derivatives, for the polish) and the cancellation-free
//! quadratic formula.

/// Roots of `a t² + b t + c` in `[lo, hi]` without cancellation, handed to
/// `keep` ascending (a double root once): `q = -(b + sign(b)·√(b² - 4ac))/2`,
/// roots `q/a` and `c/q`. When `a` is tiny `q/a` is huge and falls outside
/// the interval while `c/q` stays accurate; for `a = 0` it is the line's root
/// `-c/b`. No allocation and no `Roots`, for callers as hot as the AABB.
pub(crate) fn each_quadratic_root(
    c: f64,
    b: f64,
    a: f64,
    lo: f64,
    hi: f64,
    mut keep: impl FnMut(f64),
) {
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return;
    }
    let q = -0.5 * (b + disc.sqrt().copysign(b));
    let (r0, r1) = (q / a, c / q);
    let (r0, r1) = if r0 <= r1 { (r0, r1) } else { (r1, r0) };
    if r0.is_finite() && (lo..=hi).contains(&r0) {
        keep(r0);
    }
    if r1 != r0 && r1.is_finite() && (lo..=hi).contains(&r1) {
        keep(r1);
    }
}
/// `c[0] + c[1] t + …` by Horner's rule.
pub(crate) fn horner(c: &[f64], t: f64) -> f64 {
    c.iter().rev().fold(0.0, |acc, &x| acc * t + x)
}

/// Horner evaluation of the power-basis `c` and its first two derivatives
/// at `t`: `(p, p', p'')`.
pub(super) fn eval_with_slope(c: &[f64], t: f64) -> (f64, f64, f64) {
    let (mut p, mut dp, mut half_ddp) = (0.0, 0.0, 0.0);
    for &ci in c.iter().rev() {
        half_ddp = half_ddp * t + dp;
        dp = dp * t + p;
        p = p * t + ci;
    }
    (p, dp, 2.0 * half_ddp)
}
