//! Real roots of small polynomials on the parameter interval, tangency included.
//!
//! Every query in this crate ends in "where is this polynomial in `t` zero on
//! `[0, 1]`": a signed distance to a line (degree ≤ 3), a squared distance to a
//! circle minus `r²` (degree ≤ 6), the closest-point condition (degree ≤ 5).
//!
//! * Sign-change roots come from [`polycool`]'s bracketed solver (Yuksel's
//!   method), which only searches inside the interval, so a tiny leading
//!   coefficient cannot produce junk roots the way a closed form would. Degree 2
//!   uses the cancellation-free quadratic formula `q = -(b + sign(b)·√D)/2`,
//!   roots `q/a` and `c/q`; degree 1 is `-c0/c1`.
//! * Double roots (tangency) have no sign change and rounding makes them
//!   flicker, so [`Poly::zeros`] also reports a critical point `t_c`
//!   (a root of `p'`) whenever `|p(t_c)| ≤ tol` and no sign-change root lies
//!   between its neighbouring critical points: `p` is monotone between
//!   critical points, so a pair of real roots straddling `t_c` would show up
//!   there, and when none does `t_c` is a touch.
//! * The search runs on `[-T_EPS, 1 + T_EPS]` and clamps to `[0, 1]`, so a hit
//!   exactly at a joint between two pieces is found by both and de-duplicated.

/// Slack in `t` around `[0, 1]`, so roots exactly at an end are not lost to rounding.
pub const T_EPS: f64 = 1e-9;

/// Two roots closer than this in `t` are one root.
pub const T_MERGE: f64 = 1e-7;

/// Accuracy asked of the iterative solver, in `t`.
const X_ERROR: f64 = 1e-13;

/// Most coefficients we ever need (degree 6: circle vs cubic).
const MAX_COEFFS: usize = 7;

/// A polynomial of degree ≤ 6 in the power basis, `c[0] + c[1] t + … + c[n-1] t^(n-1)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Poly {
    c: [f64; MAX_COEFFS],
    n: usize,
}

impl Poly {
    /// Builds a polynomial from ascending coefficients (at most 7).
    pub fn new(coeffs: &[f64]) -> Self {
        assert!(coeffs.len() <= MAX_COEFFS, "polynomial degree above 6");
        let mut c = [0.0; MAX_COEFFS];
        c[..coeffs.len()].copy_from_slice(coeffs);
        let mut p = Poly { c, n: coeffs.len() };
        p.trim();
        p
    }

    /// Ascending coefficients.
    pub fn coeffs(&self) -> &[f64] {
        &self.c[..self.n]
    }

    /// Drops exactly-zero leading coefficients, so the degree is the true one.
    fn trim(&mut self) {
        while self.n > 0 && self.c[self.n - 1] == 0.0 {
            self.n -= 1;
        }
    }

    /// Horner evaluation.
    pub fn eval(&self, t: f64) -> f64 {
        self.coeffs().iter().rev().fold(0.0, |acc, &c| acc * t + c)
    }

    /// The derivative `p'`.
    pub fn deriv(&self) -> Poly {
        let mut c = [0.0; MAX_COEFFS];
        for i in 1..self.n {
            c[i - 1] = i as f64 * self.c[i];
        }
        Poly::new(&c[..self.n.saturating_sub(1)])
    }

    /// `p(t) - k`.
    pub fn minus(&self, k: f64) -> Poly {
        let mut c = self.c;
        c[0] -= k;
        Poly::new(&c[..self.n.max(1)])
    }

    /// `true` when every coefficient is within `tol` of zero in total, i.e.
    /// `|p(t)| ≤ tol` for every `t` in `[0, 1]`.
    pub fn is_negligible(&self, tol: f64) -> bool {
        self.coeffs().iter().map(|c| c.abs()).sum::<f64>() <= tol
    }

    /// Largest absolute coefficient (0 for the zero polynomial).
    fn max_abs(&self) -> f64 {
        self.coeffs().iter().fold(0.0, |m, c| m.max(c.abs()))
    }

    /// Roots in `[lo, hi]` where `p` changes sign, ascending. Double roots
    /// without a sign change may be missed; see [`Poly::zeros`].
    pub fn sign_change_roots(&self, lo: f64, hi: f64) -> Vec<f64> {
        let scale = self.max_abs();
        if scale == 0.0 || !scale.is_finite() {
            return Vec::new();
        }
        // Scaling by a constant keeps the roots and keeps the solver's
        // intermediate values in a comfortable range.
        let mut c = [0.0; MAX_COEFFS];
        for (d, s) in c.iter_mut().zip(self.coeffs()) {
            *d = s / scale;
        }
        let mut roots: Vec<f64> = match self.n {
            0 | 1 => Vec::new(),
            2 => {
                let r = -c[0] / c[1];
                if (lo..=hi).contains(&r) {
                    vec![r]
                } else {
                    Vec::new()
                }
            }
            3 => quadratic_roots_between(c[0], c[1], c[2], lo, hi),
            4 => polycool::Cubic::new([c[0], c[1], c[2], c[3]])
                .roots_between(lo, hi, X_ERROR)
                .to_vec(),
            5 => polycool::Poly::<5>::new([c[0], c[1], c[2], c[3], c[4]])
                .roots_between(lo, hi, X_ERROR)
                .to_vec(),
            6 => polycool::Poly::<6>::new([c[0], c[1], c[2], c[3], c[4], c[5]])
                .roots_between(lo, hi, X_ERROR)
                .to_vec(),
            _ => polycool::Poly::<7>::new(c)
                .roots_between(lo, hi, X_ERROR)
                .to_vec(),
        };
        roots.retain(|r| r.is_finite());
        roots.sort_by(f64::total_cmp);
        roots
    }

    /// Every zero of `p` on `[0, 1]`: sign-change roots, plus touches
    /// (critical points with `|p| ≤ tol`, see the module docs), plus the ends
    /// where `|p| ≤ tol`. Sorted, clamped to `[0, 1]`, de-duplicated.
    ///
    /// A polynomial that is negligible on the whole interval has no isolated
    /// zeros: callers check [`Poly::is_negligible`] first and handle that case.
    pub fn zeros(&self, tol: f64) -> Vec<f64> {
        let (lo, hi) = (-T_EPS, 1.0 + T_EPS);
        let mut out = self.sign_change_roots(lo, hi);
        let crit = self.deriv().sign_change_roots(lo, hi);
        for (i, &tc) in crit.iter().enumerate() {
            if self.eval(tc).abs() > tol {
                continue;
            }
            let prev = if i == 0 { lo } else { crit[i - 1] };
            let next = crit.get(i + 1).copied().unwrap_or(hi);
            if !out.iter().any(|&r| r > prev && r < next) {
                out.push(tc);
            }
        }
        for end in [0.0, 1.0] {
            if self.eval(end).abs() <= tol {
                out.push(end);
            }
        }
        clamp_sort_dedup(out)
    }
}

/// Clamps parameters to `[0, 1]`, sorts them and merges those within [`T_MERGE`].
pub fn clamp_sort_dedup(mut ts: Vec<f64>) -> Vec<f64> {
    for t in &mut ts {
        *t = t.clamp(0.0, 1.0);
    }
    ts.sort_by(f64::total_cmp);
    ts.dedup_by(|a, b| (*a - *b).abs() <= T_MERGE);
    ts
}

/// Roots of `a t² + b t + c` in `[lo, hi]` without cancellation:
/// `q = -(b + sign(b)·√(b² - 4ac))/2`, roots `q/a` and `c/q`. When `a` is tiny
/// `q/a` is huge and falls outside the interval while `c/q` stays accurate.
fn quadratic_roots_between(c: f64, b: f64, a: f64, lo: f64, hi: f64) -> Vec<f64> {
    let disc = b * b - 4.0 * a * c;
    let mut out = Vec::with_capacity(2);
    if disc < 0.0 {
        return out;
    }
    let q = -0.5 * (b + disc.sqrt().copysign(b));
    for r in [q / a, c / q] {
        if r.is_finite() && (lo..=hi).contains(&r) {
            out.push(r);
        }
    }
    out.sort_by(f64::total_cmp);
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadratic_with_tiny_leading_coefficient_has_one_root() {
        // 1e-12 t² + t - 0.5: the root near 0.5 is real, the other is ~ -1e12.
        let p = Poly::new(&[-0.5, 1.0, 1e-12]);
        let z = p.zeros(1e-12);
        assert_eq!(z.len(), 1);
        assert!((z[0] - 0.5).abs() < 1e-12);
    }

    #[test]
    fn double_root_is_reported_once() {
        // (t - 0.3)² = t² - 0.6 t + 0.09
        let p = Poly::new(&[0.09, -0.6, 1.0]);
        let z = p.zeros(1e-12);
        assert_eq!(z.len(), 1, "{z:?}");
        assert!((z[0] - 0.3).abs() < 1e-9);
    }

    #[test]
    fn near_double_root_pair_is_two_roots_not_three() {
        // (t - 0.3)² - 1e-14: two roots 1e-7 apart, merged into one.
        let p = Poly::new(&[0.09 - 1e-10, -0.6, 1.0]);
        let z = p.zeros(1e-9);
        assert_eq!(z.len(), 2, "{z:?}");
    }

    #[test]
    fn roots_at_the_ends_are_found() {
        let p = Poly::new(&[0.0, 1.0, -1.0]); // t (1 - t)
        assert_eq!(p.zeros(1e-12), vec![0.0, 1.0]);
    }

    #[test]
    fn sextic_roots_match_construction() {
        // (t-0.1)(t-0.2)(t-0.5)(t-0.9)(t+1)(t-3)
        let roots = [0.1, 0.2, 0.5, 0.9, -1.0, 3.0];
        let mut c = vec![1.0];
        for r in roots {
            let mut next = vec![0.0; c.len() + 1];
            for (i, &ci) in c.iter().enumerate() {
                next[i] -= r * ci;
                next[i + 1] += ci;
            }
            c = next;
        }
        let z = Poly::new(&c).zeros(1e-12);
        assert_eq!(z.len(), 4);
        for (a, b) in z.iter().zip([0.1, 0.2, 0.5, 0.9]) {
            assert!((a - b).abs() < 1e-9, "{z:?}");
        }
    }
}
