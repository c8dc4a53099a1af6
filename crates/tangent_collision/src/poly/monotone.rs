//! Zeros of a polynomial from its critical points: between two consecutive
//! critical points `p` is monotone, so that piece holds exactly one
//! sign-change root when `p` changes sign between its ends and none
//! otherwise. The root is found by safeguarded Halley steps inside the
//! piece's bracket ([`polish_from`]): fast, and unable to leave the piece,
//! so a tiny leading coefficient (a cubic that is really a quadratic) gives
//! no junk root, the trap of Cardano's formula, which also loses half its
//! digits near a double root.
//!
//! (The method in full is on `roots_on_pieces`.)

use super::closed::{each_quadratic_root, horner};
use super::list::{Roots, T_EPS};
use super::polish::{polish_from, polish_with};

/// Which sign changes [`roots_on_pieces`] reports.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Crossings {
    /// Every sign change.
    All,
    /// Only where `p` goes from negative to positive: for a derivative,
    /// the minima of its antiderivative, all a closest-point search needs.
    Rising,
}

/// A double root has no sign change. It sits at a critical point, so a
/// critical point `t_c` with `|p(t_c)| ≤ tol` and no root on either piece
/// next to it is reported as a touch: a pair of real roots straddling
/// `t_c` would have shown up as one root on each side. This is the
/// tangency rule of [`super::poly`], decided here without subdivision.
/// Near a critical point `p ≈ p(t_c) + ½p''(t_c)(t - t_c)²`, so a piece's
/// root is searched from `t_c ± √(-2p(t_c)/p''(t_c))` when that lies inside
/// it: a near-tangent pair of roots is found in a step or two, where
/// subdivision has to halve until the two separate.
///
/// Two clients: a cubic, whose critical points are the roots of a quadratic
/// in closed form ([`cubic_roots`]), and `|B(t) - c|² - r²` of a circle
/// query, whose critical points are the closest-point condition
/// `(B - c) · B' = 0`, simple roots that isolate quickly even where the
/// circle barely touches the curve (see `Poly::zeros_between`).
///
/// The sign-change roots of `p` on the pieces between consecutive
/// `breaks` (ascending: the interval's ends with the critical points of
/// `p` between them), ascending, those of kind `which`; with `touch_tol`,
/// also the touches at interior breaks. `eval(t)` gives `(p, p', p'')`;
/// roots are accurate to `x_error`. At most `B` breaks (the values at
/// them are kept on the stack: a cubic's four need no more room).
pub(super) fn roots_on_pieces<const N: usize, const B: usize>(
    eval: impl Fn(f64) -> (f64, f64, f64),
    breaks: &[f64],
    touch_tol: Option<f64>,
    which: Crossings,
    x_error: f64,
) -> Roots<N> {
    debug_assert!(breaks.len() <= B, "more breaks than room for them");
    let mut out = Roots::new();
    let mut at = [(0.0, 0.0, 0.0); B];
    for (slot, &t) in at.iter_mut().zip(breaks) {
        *slot = eval(t);
    }
    let value = |i: usize| at[i].0;
    // A start for the root next to break i, on the side `dir` (±1), from
    // the values already there: at an interior break, a critical point
    // (p' = 0), the root of the quadratic model p + p'' s² / 2; at an end
    // of the interval, one Halley step. The caller keeps it only inside
    // the piece.
    let model = |i: usize, dir: f64| {
        let (p, dp, ddp) = at[i];
        let t = if i > 0 && i + 1 < breaks.len() {
            breaks[i] + dir * (-2.0 * p / ddp).sqrt()
        } else {
            breaks[i] - 2.0 * p * dp / (2.0 * dp * dp - p * ddp)
        };
        t.is_finite().then_some(t)
    };
    let mut crossed_before = false;
    for i in 0..breaks.len() - 1 {
        let (first, last) = (value(i), value(i + 1));
        let crosses = (first < 0.0) != (last < 0.0);
        if let Some(tol) = touch_tol
            && i > 0
            && !crossed_before
            && !crosses
            && first.abs() <= tol
        {
            out.push(breaks[i]);
        }
        if crosses && (which == Crossings::All || first < 0.0) {
            let (lo, hi) = (breaks[i], breaks[i + 1]);
            // Start from the model at the end nearer zero, else the chord.
            let start = if first.abs() < last.abs() {
                model(i, 1.0)
            } else {
                model(i + 1, -1.0)
            }
            .filter(|&t| t > lo && t < hi);
            out.push(match start {
                Some(t) => polish_from(&eval, lo, hi, first < 0.0, t, x_error),
                None => polish_with(&eval, lo, hi, first, last, x_error),
            });
        }
        crossed_before = crosses;
    }
    out
}

/// The roots of the cubic `c` (ascending power-basis coefficients) in
/// `[lo, hi]` where it changes sign, ascending; with `touch_tol`, also its
/// touches (critical points with `|p| ≤ touch_tol` and no root beside
/// them), merged into the ascending list. Roots are accurate to `x_error`.
pub(super) fn cubic_roots<const N: usize>(
    c: &[f64; 4],
    lo: f64,
    hi: f64,
    touch_tol: Option<f64>,
    x_error: f64,
) -> Roots<N> {
    cubic_crossings(c, lo, hi, touch_tol, Crossings::All, x_error)
}

/// [`cubic_roots`] without touches, keeping only the sign changes from
/// negative to positive.
pub(crate) fn cubic_rising_roots<const N: usize>(
    c: &[f64; 4],
    lo: f64,
    hi: f64,
    x_error: f64,
) -> Roots<N> {
    cubic_crossings(c, lo, hi, None, Crossings::Rising, x_error)
}

/// [`cubic_roots`] and [`cubic_rising_roots`].
fn cubic_crossings<const N: usize>(
    c: &[f64; 4],
    lo: f64,
    hi: f64,
    touch_tol: Option<f64>,
    which: Crossings,
    x_error: f64,
) -> Roots<N> {
    if !c.iter().all(|x| x.is_finite()) {
        return Roots::new();
    }
    // Piece boundaries: lo, the critical points strictly inside, hi.
    let mut breaks = [lo, 0.0, 0.0, 0.0];
    let mut n = 1;
    each_quadratic_root(c[1], 2.0 * c[2], 3.0 * c[3], lo, hi, |r| {
        if r > breaks[n - 1] && r < hi {
            breaks[n] = r;
            n += 1;
        }
    });
    breaks[n] = hi;
    let eval = |t: f64| {
        let p = ((c[3] * t + c[2]) * t + c[1]) * t + c[0];
        let dp = (3.0 * c[3] * t + 2.0 * c[2]) * t + c[1];
        (p, dp, 6.0 * c[3] * t + 2.0 * c[2])
    };
    roots_on_pieces::<N, 4>(eval, &breaks[..n + 1], touch_tol, which, x_error)
}

/// Every zero on `[0, 1]` of the polynomial with the `n ≤ 4` coefficients
/// `c` (leading one non-zero; [`Poly::zeros`] of degree ≤ 3): sign-change
/// roots on `[-T_EPS, 1 + T_EPS]` (to `x_error`), touches, and the ends
/// where `|p| ≤ tol`; clamped, sorted and merged. Every source gives its zeros in ascending
/// order, so they are merged as they come, with no sort.
pub(crate) fn zeros_up_to_cubic<const N: usize>(
    c: &[f64; 4],
    n: usize,
    tol: f64,
    x_error: f64,
) -> Roots<N> {
    let (lo, hi) = (-T_EPS, 1.0 + T_EPS);
    let mut ts = Roots::new();
    if c[0].abs() <= tol {
        ts.push(0.0);
    }
    match n {
        2 => {
            let r = -c[0] / c[1];
            if (lo..=hi).contains(&r) {
                ts.push_ascending(r);
            }
        }
        3 => {
            let before = ts.len();
            each_quadratic_root(c[0], c[1], c[2], lo, hi, |r| ts.push_ascending(r));
            if ts.len() == before {
                let vertex = -c[1] / (2.0 * c[2]);
                if (lo..=hi).contains(&vertex) && horner(&c[..3], vertex).abs() <= tol {
                    ts.push_ascending(vertex);
                }
            }
        }
        4 => {
            let roots: Roots<N> = cubic_roots(c, lo, hi, Some(tol), x_error);
            for r in roots {
                ts.push_ascending(r);
            }
        }
        _ => {}
    }
    if horner(&c[..n], 1.0).abs() <= tol {
        ts.push_ascending(1.0);
    }
    ts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::{assert_roots, from_factors, unit_rng};

    const X_ERROR: f64 = 1e-13;

    /// [`super::cubic_roots`] into the default-sized list.
    fn cubic_roots(c: &[f64; 4], lo: f64, hi: f64, touch_tol: Option<f64>, x_error: f64) -> Roots {
        super::cubic_roots(c, lo, hi, touch_tol, x_error)
    }

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
            let size: f64 = c.iter().map(|x| x.abs()).sum();
            assert_roots(
                &got,
                &inside,
                |t| eval(&c, t),
                size,
                &format!("case {case}"),
            );
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
