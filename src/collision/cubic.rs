//! Zeros of a cubic on an interval, from its monotone pieces: the solver
//! behind every degree-3 polynomial in the crate (a segment's signed
//! distance to a cubic, the closest-point condition on a quadratic).
//!
//! `p(t) = c₀ + c₁t + c₂t² + c₃t³` has its critical points where
//! `p'(t) = c₁ + 2c₂t + 3c₃t² = 0`, in closed form by the cancellation-free
//! quadratic formula ([`each_quadratic_root`]). They cut `[lo, hi]` into at
//! most three pieces on each of which `p` is monotone, so a piece holds
//! exactly one sign-change root when `p` changes sign between its ends and
//! none otherwise. That root is found by safeguarded Newton inside the
//! piece's bracket ([`polish`]): it converges quadratically and cannot leave
//! the piece, so a tiny leading coefficient (a cubic that is really a
//! quadratic) gives no junk root, the trap of Cardano's formula, which also
//! loses half its digits near a double root.
//!
//! A double root has no sign change. It sits at a critical point, so a
//! critical point `t_c` with `|p(t_c)| ≤ tol` and no root on either piece
//! next to it is reported as a touch: a pair of real roots straddling
//! `t_c` would have shown up as one root on each side. This is the
//! tangency rule of [`super::roots`], decided here without subdivision.

use super::isolate::polish_with;
use super::roots::{Roots, each_quadratic_root};

/// The roots of the cubic `c` (ascending power-basis coefficients) in
/// `[lo, hi]` where it changes sign, ascending; with `touch_tol`, also its
/// touches (critical points with `|p| ≤ touch_tol` and no root beside
/// them), merged into the ascending list. Roots are accurate to `x_error`.
pub fn cubic_roots(c: &[f64; 4], lo: f64, hi: f64, touch_tol: Option<f64>, x_error: f64) -> Roots {
    let mut out = Roots::new();
    if !c.iter().all(|x| x.is_finite()) {
        return out;
    }
    // Piece boundaries: lo, the critical points strictly inside, hi.
    let mut at = [lo, 0.0, 0.0, 0.0];
    let mut pieces = 0;
    each_quadratic_root(c[1], 2.0 * c[2], 3.0 * c[3], lo, hi, |r| {
        if r > at[pieces] && r < hi {
            pieces += 1;
            at[pieces] = r;
        }
    });
    pieces += 1;
    at[pieces] = hi;
    let eval = |t: f64| ((c[3] * t + c[2]) * t + c[1]) * t + c[0];
    let with_derivatives = |t: f64| {
        let p = eval(t);
        let dp = (3.0 * c[3] * t + 2.0 * c[2]) * t + c[1];
        (p, dp, 6.0 * c[3] * t + 2.0 * c[2])
    };
    let mut value = [0.0; 4];
    for (v, &t) in value.iter_mut().zip(&at).take(pieces + 1) {
        *v = eval(t);
    }
    let mut crossed_before = false;
    for i in 0..pieces {
        let (first, last) = (value[i], value[i + 1]);
        let crosses = (first < 0.0) != (last < 0.0);
        // The critical point at[i] is a touch when neither piece beside it
        // holds a root; it comes before this piece's root, if any.
        if let Some(tol) = touch_tol
            && i > 0
            && !crossed_before
            && !crosses
            && first.abs() <= tol
        {
            out.push(at[i]);
        }
        if crosses {
            out.push(polish_with(
                with_derivatives,
                at[i],
                at[i + 1],
                first,
                last,
                x_error,
            ));
        }
        crossed_before = crosses;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::roots::{from_factors, unit_rng};

    const X_ERROR: f64 = 1e-13;

    fn coeffs(v: &[f64]) -> [f64; 4] {
        [v[0], v[1], v[2], v[3]]
    }

    fn eval(c: &[f64; 4], t: f64) -> f64 {
        ((c[3] * t + c[2]) * t + c[1]) * t + c[0]
    }

    /// 20 000 random cubics built from known roots (three real, or one real
    /// and a complex pair; inside and outside `[0, 1]`, scaled over eight
    /// orders of magnitude): exactly the constructed roots in `[0, 1]` come
    /// back, to 1e-9 (or to a residual at rounding level where roots
    /// cluster), and polycool's maintained solver agrees on their number.
    #[test]
    fn roots_match_constructed_roots_and_polycool() {
        let mut f = unit_rng(0x6A09_E667_F3BC_C909);
        for case in 0..20_000 {
            let mut inside = Vec::new();
            let mut real = Vec::new();
            let mut complex = Vec::new();
            let count = if f() < 0.5 { 3 } else { 1 };
            for _ in 0..count {
                let r = if f() < 0.6 {
                    0.01 + 0.98 * f()
                } else if f() < 0.5 {
                    -0.01 - f()
                } else {
                    1.01 + f()
                };
                if (0.0..=1.0).contains(&r) {
                    if inside.iter().any(|&q: &f64| (q - r).abs() < 1e-3) {
                        real.push(-5.0);
                        continue;
                    }
                    inside.push(r);
                }
                real.push(r);
            }
            if count == 1 {
                complex.push((f() * 1.4 - 0.2, 1e-3 + 0.5 * f()));
            }
            inside.sort_by(f64::total_cmp);
            let scale = 10f64.powf(f() * 8.0 - 4.0) * if f() < 0.5 { -1.0 } else { 1.0 };
            let c = coeffs(
                &from_factors(&real, &complex)
                    .iter()
                    .map(|x| x * scale)
                    .collect::<Vec<_>>(),
            );
            let got = cubic_roots(&c, 0.0, 1.0, None, X_ERROR);
            assert_eq!(
                got.len(),
                inside.len(),
                "case {case}: {got:?} vs {inside:?}"
            );
            let size: f64 = c.iter().map(|x| x.abs()).sum();
            for (a, b) in got.iter().zip(&inside) {
                assert!(
                    (a - b).abs() < 1e-9 || eval(&c, *a).abs() <= 1e-14 * size,
                    "case {case}: {got:?} vs {inside:?}"
                );
            }
            let theirs = polycool::Cubic::new(c).roots_between(0.0, 1.0, X_ERROR);
            assert_eq!(
                theirs.len(),
                got.len(),
                "case {case}: polycool {theirs:?}, ours {got:?}"
            );
        }
    }

    /// Double roots (tangency) are found where they touch, once, whatever
    /// the side the rest of the cubic lies on; a near-touch pair 1e-4 apart
    /// is two roots, a near miss none.
    #[test]
    fn touches_and_near_touches() {
        let mut f = unit_rng(0xBB67_AE85_84CA_A73B);
        for case in 0..2000 {
            let at = 0.05 + 0.9 * f();
            let other = if f() < 0.5 { -0.5 - f() } else { 1.5 + f() };
            let sign = if f() < 0.5 { -1.0 } else { 1.0 };
            let c = coeffs(&from_factors(&[at, at, other], &[]));
            let c = c.map(|x| x * sign);
            let tol = 1e-12;
            let z = cubic_roots(&c, 0.0, 1.0, Some(tol), X_ERROR);
            assert!(!z.is_empty() && z.len() <= 2, "case {case}: {z:?}");
            assert!(
                z.iter().all(|t| (t - at).abs() < 1e-6),
                "case {case}: {z:?} vs {at}"
            );
            // Shift by ±(curvature · 1e-8 / 2): roots 2e-4 apart, or none.
            let curvature = 2.0 * (at - other).abs();
            let shift = 0.5 * curvature * 1e-8;
            let below = (eval(&c, at + 0.3) - eval(&c, at)).signum();
            let mut pair = c;
            pair[0] -= below * shift;
            let z = cubic_roots(&pair, 0.0, 1.0, Some(tol), X_ERROR);
            assert_eq!(z.len(), 2, "case {case}: {z:?}");
            assert!((z[1] - z[0] - 2e-4).abs() < 1e-6, "case {case}: {z:?}");
            let mut miss = c;
            miss[0] += below * shift;
            assert!(
                cubic_roots(&miss, 0.0, 1.0, Some(tol), X_ERROR).is_empty(),
                "case {case}"
            );
        }
    }

    #[test]
    fn degenerate_cubics() {
        // A cubic that is really a line: 1e-300 t³ + t - 0.5.
        let z = cubic_roots(&[-0.5, 1.0, 0.0, 1e-300], 0.0, 1.0, Some(1e-12), X_ERROR);
        assert_eq!(z.len(), 1);
        assert!((z[0] - 0.5).abs() < 1e-12, "{z:?}");
        // A triple root at 0.5: (t - 0.5)³, no critical point inside but one
        // flat inflection; one root.
        let c = coeffs(&from_factors(&[0.5, 0.5, 0.5], &[]));
        let z = cubic_roots(&c, 0.0, 1.0, Some(1e-12), X_ERROR);
        assert!(
            !z.is_empty() && z.iter().all(|t| (t - 0.5).abs() < 1e-4),
            "{z:?}"
        );
        // Non-finite coefficients give no roots and do not hang.
        assert!(cubic_roots(&[f64::NAN, 1.0, 0.0, 1.0], 0.0, 1.0, None, X_ERROR).is_empty());
        assert!(cubic_roots(&[-0.5, f64::INFINITY, 0.0, 1.0], 0.0, 1.0, None, X_ERROR).is_empty());
    }
}
