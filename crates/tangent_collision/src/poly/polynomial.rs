//! Real roots of small polynomials on the parameter interval, tangency included.
//!
//! Every query in this crate ends in "where is this polynomial in `t` zero on
//! `[0, 1]`": a signed distance to a line (degree ≤ 3), a squared distance to a
//! circle minus `r²` (degree ≤ 6), the closest-point condition (degree ≤ 5),
//! the first contact of a moving circle with a cubic (degree ≤ 10). The
//! method (closed forms, subdivision, polycool's bracketed solver, touches)
//! is on [`Poly::zeros`].

use super::closed::{each_quadratic_root, eval_with_slope, horner};
use super::isolate::{isolate, isolate_rising, isolate_where};
use super::list::{MAX_COEFFS, MAX_ROOTS, Roots, T_EPS, X_ERROR};
use super::monotone::{
    Crossings, cubic_rising_roots, cubic_roots, roots_on_pieces, zeros_up_to_cubic,
};

/// A polynomial of degree ≤ 10 in the power basis, `c[0] + c[1] t + … + c[n-1] t^(n-1)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Poly {
    c: [f64; MAX_COEFFS],
    n: usize,
}

impl Poly {
    /// Builds a polynomial from ascending coefficients (at most 11).
    pub(crate) fn new(coeffs: &[f64]) -> Self {
        assert!(coeffs.len() <= MAX_COEFFS, "polynomial degree above 10");
        let mut c = [0.0; MAX_COEFFS];
        c[..coeffs.len()].copy_from_slice(coeffs);
        let mut p = Poly { c, n: coeffs.len() };
        p.trim();
        p
    }

    /// Ascending coefficients.
    pub(crate) fn coeffs(&self) -> &[f64] {
        &self.c[..self.n]
    }

    /// Drops exactly-zero leading coefficients, so the degree is the true one.
    fn trim(&mut self) {
        while self.n > 0 && self.c[self.n - 1] == 0.0 {
            self.n -= 1;
        }
    }

    /// Horner evaluation.
    pub(crate) fn eval(&self, t: f64) -> f64 {
        horner(self.coeffs(), t)
    }

    /// The derivative `p'`.
    pub(crate) fn deriv(&self) -> Poly {
        let mut c = [0.0; MAX_COEFFS];
        for i in 1..self.n {
            c[i - 1] = i as f64 * self.c[i];
        }
        Poly::new(&c[..self.n.saturating_sub(1)])
    }

    /// The product `p · q` (their degrees must sum to at most 10).
    pub(crate) fn mul(&self, q: &Poly) -> Poly {
        let mut c = [0.0; MAX_COEFFS];
        if self.n == 0 || q.n == 0 {
            return Poly::new(&[]);
        }
        for (i, a) in self.coeffs().iter().enumerate() {
            for (j, b) in q.coeffs().iter().enumerate() {
                c[i + j] += a * b;
            }
        }
        Poly::new(&c[..self.n + q.n - 1])
    }

    /// `p - k·q`.
    pub(crate) fn minus_scaled(&self, k: f64, q: &Poly) -> Poly {
        let mut c = self.c;
        for (d, b) in c.iter_mut().zip(q.coeffs()) {
            *d -= k * b;
        }
        Poly::new(&c[..self.n.max(q.n)])
    }

    /// `p(t) - k`.
    pub(crate) fn minus(&self, k: f64) -> Poly {
        let mut c = self.c;
        c[0] -= k;
        Poly::new(&c[..self.n.max(1)])
    }

    /// `true` when every coefficient is within `tol` of zero in total, i.e.
    /// `|p(t)| ≤ tol` for every `t` in `[0, 1]`.
    pub(crate) fn is_negligible(&self, tol: f64) -> bool {
        self.coeffs().iter().map(|c| c.abs()).sum::<f64>() <= tol
    }

    /// The first four coefficients (zero past the degree, so `n ≤ 4`).
    fn cubic(&self) -> [f64; 4] {
        [self.c[0], self.c[1], self.c[2], self.c[3]]
    }

    /// `true` when every coefficient is finite.
    fn is_finite(&self) -> bool {
        self.coeffs().iter().all(|c| c.is_finite())
    }

    /// `zeros` plus the ends where `|p| ≤ tol`, clamped to `[0, 1]`, sorted
    /// and de-duplicated: the last step of every [`Poly::zeros`] path.
    fn with_zero_ends(&self, mut zeros: Roots, tol: f64) -> Roots {
        for end in [0.0, 1.0] {
            if self.eval(end).abs() <= tol {
                zeros.push(end);
            }
        }
        zeros.clamp_sort_dedup();
        zeros
    }

    /// Largest absolute coefficient (0 for the zero polynomial).
    fn max_abs(&self) -> f64 {
        self.coeffs().iter().fold(0.0, |m, c| m.max(c.abs()))
    }

    /// Roots in `[lo, hi]` where `p` changes sign, ascending. Double roots
    /// without a sign change may be missed; see [`Poly::zeros`].
    pub(crate) fn sign_change_roots(&self, lo: f64, hi: f64) -> Roots {
        if self.n <= 3 {
            // Closed forms, which need no scaling.
            let mut out = Roots::new();
            let c = &self.c;
            match self.n {
                2 => {
                    let r = -c[0] / c[1];
                    if (lo..=hi).contains(&r) {
                        out.push(r);
                    }
                }
                3 => each_quadratic_root(c[0], c[1], c[2], lo, hi, |r| out.push(r)),
                _ => {}
            }
            return out;
        }
        if self.n == 4 {
            return cubic_roots(&self.cubic(), lo, hi, None, X_ERROR);
        }
        // The isolator's sign tests need no scaling (its rounding bound
        // scales with the coefficients); polycool's fallback does.
        if lo == 0.0
            && hi == 1.0
            && self.is_finite()
            && let Some(roots) = isolate(self.coeffs(), 0.0, X_ERROR)
        {
            return roots;
        }
        let Some((c, _)) = self.normalized() else {
            return Roots::new();
        };
        self.yuksel_roots(&c, lo, hi)
    }

    /// The roots on `[0, 1]` where `p` goes from negative to positive, to
    /// `x_error`: for a derivative, the local minima of its antiderivative.
    /// A cubic on its monotone pieces, degree 4 and up by subdivision; below
    /// degree 3, or where the subdivision cannot decide, every sign-change
    /// root (a superset the caller filters by value).
    pub(crate) fn rising_roots(&self, x_error: f64) -> Roots {
        if self.n == 4 {
            return cubic_rising_roots(&self.cubic(), 0.0, 1.0, x_error);
        }
        if self.n >= 5
            && self.is_finite()
            && let Some(roots) = isolate_rising(self.coeffs(), x_error)
        {
            return roots;
        }
        self.sign_change_roots(0.0, 1.0)
    }

    /// [`Poly::sign_change_roots`] on `[0, 1]`, except that roots where
    /// `|guard| > bound` for one of the (at most two, degree ≤ 3) guards may
    /// be left out (they are skipped when cheap).
    pub(crate) fn sign_change_roots_where(&self, guards: &[(&Poly, f64)]) -> Roots {
        let Some((c, _)) = self.normalized() else {
            return Roots::new();
        };
        let mut power: [(&[f64], f64); 2] = [(&[], f64::INFINITY); 2];
        for (slot, (guard, bound)) in power.iter_mut().zip(guards) {
            *slot = (guard.coeffs(), *bound);
        }
        if self.n >= 5
            && guards.len() <= 2
            && guards.iter().all(|(g, _)| g.n <= 4)
            && let Some(roots) = isolate_where(&c[..self.n], 0.0, X_ERROR, &power[..guards.len()])
        {
            return roots;
        }
        self.yuksel_roots(&c, 0.0, 1.0)
    }

    /// The coefficients divided by the largest one's size, and that size;
    /// `None` for the zero polynomial or a non-finite one. Scaling by a
    /// constant keeps the roots and keeps the solvers' intermediate values
    /// in a comfortable range.
    fn normalized(&self) -> Option<([f64; MAX_COEFFS], f64)> {
        let scale = self.max_abs();
        if scale == 0.0 || !scale.is_finite() {
            return None;
        }
        let mut c = [0.0; MAX_COEFFS];
        for (d, s) in c.iter_mut().zip(self.coeffs()) {
            *d = s / scale;
        }
        Some((c, scale))
    }

    /// Sign-change roots in `[lo, hi]` of the normalized coefficients `c`
    /// by polycool (degree ≤ 2: the closed forms of [`Poly::sign_change_roots`]).
    fn yuksel_roots(&self, c: &[f64; MAX_COEFFS], lo: f64, hi: f64) -> Roots {
        let mut out = Roots::new();
        match self.n {
            0..=4 => return self.sign_change_roots(lo, hi),
            5 => out.extend(
                polycool::Poly::<5>::new([c[0], c[1], c[2], c[3], c[4]])
                    .roots_between(lo, hi, X_ERROR),
            ),
            6 => out.extend(
                polycool::Poly::<6>::new([c[0], c[1], c[2], c[3], c[4], c[5]])
                    .roots_between(lo, hi, X_ERROR),
            ),
            7 => out.extend(
                polycool::Poly::<7>::new([c[0], c[1], c[2], c[3], c[4], c[5], c[6]])
                    .roots_between(lo, hi, X_ERROR),
            ),
            8 => out.extend(
                polycool::Poly::<8>::new(std::array::from_fn(|i| c[i]))
                    .roots_between(lo, hi, X_ERROR),
            ),
            9 => out.extend(
                polycool::Poly::<9>::new(std::array::from_fn(|i| c[i]))
                    .roots_between(lo, hi, X_ERROR),
            ),
            10 => out.extend(
                polycool::Poly::<10>::new(std::array::from_fn(|i| c[i]))
                    .roots_between(lo, hi, X_ERROR),
            ),
            _ => out.extend(polycool::PolyDyn::new(*c).roots_between(lo, hi, X_ERROR)),
        }
        out.retain(|r| r.is_finite());
        out.sort();
        out
    }

    /// Every zero of `p` on `[0, 1]`: sign-change roots, plus touches
    /// (critical points with `|p| ≤ tol`), plus the ends where `|p| ≤ tol`.
    /// Sorted, clamped to `[0, 1]`, de-duplicated.
    ///
    /// * Degree ≤ 2 is closed form: the cancellation-free quadratic formula
    ///   `q = -(b + sign(b)·√D)/2`, roots `q/a` and `c/q` (degree 1: `-c0/c1`),
    ///   and the vertex as a touch. Degree 3 is solved on its monotone pieces
    ///   between the closed-form critical points ([`super::monotone`]).
    /// * From degree 4 Bernstein subdivision ([`super::isolate`]) goes first and
    ///   proves most answers in a few halvings; only a (near-)tangency it cannot
    ///   decide falls through to the general path: sign-change roots from
    ///   [`polycool`]'s bracketed solver (Yuksel's method), which only searches
    ///   inside the interval, so a tiny leading coefficient cannot produce junk
    ///   roots the way a closed form would.
    /// * Double roots (tangency) have no sign change and rounding makes them
    ///   flicker, so a critical point `t_c` (a root of `p'`) is reported
    ///   whenever `|p(t_c)| ≤ tol` and no sign-change root lies between its
    ///   neighbouring critical points: `p` is monotone between critical
    ///   points, so a pair of real roots straddling `t_c` would show up there,
    ///   and when none does `t_c` is a touch.
    /// * The search runs on `[-T_EPS, 1 + T_EPS]` and clamps to `[0, 1]`, so a
    ///   hit exactly at a joint between two pieces is found by both and
    ///   de-duplicated.
    ///
    /// A polynomial that is negligible on the whole interval has no isolated
    /// zeros: callers check [`Poly::is_negligible`] first and handle that case.
    pub(crate) fn zeros(&self, tol: f64) -> Roots {
        if self.n <= 4 {
            // Closed forms, or the cubic's monotone pieces.
            return zeros_up_to_cubic(&self.cubic(), self.n, tol, X_ERROR);
        }
        if self.is_finite()
            && let Some(out) = isolate(self.coeffs(), tol, X_ERROR)
        {
            // Proved: no touch inside, so only the ends can add zeros.
            return self.with_zero_ends(out, tol);
        }
        self.zeros_general(tol)
    }

    /// [`Poly::zeros`] when the sign-change roots of `p'` in `[0, 1]` are
    /// known, ascending (`crit`): the roots on the monotone pieces between
    /// them, the touches at them and the ends where `|p| ≤ tol` (see
    /// [`super::monotone`]). The caller finds `crit` from an easier
    /// polynomial: for `|B - c|² - r²`, the closest-point condition, whose
    /// roots stay simple where the circle barely touches the curve and
    /// this polynomial's two roots nearly merge.
    pub(crate) fn zeros_between(&self, crit: &[f64], tol: f64) -> Roots {
        if !self.is_finite() {
            return Roots::new();
        }
        let c = self.coeffs();
        let mut breaks = [0.0; 12];
        breaks[0] = -T_EPS;
        let mut n = 1;
        for &t in crit {
            if t > breaks[n - 1] && t < 1.0 + T_EPS && n < breaks.len() - 1 {
                breaks[n] = t;
                n += 1;
            }
        }
        breaks[n] = 1.0 + T_EPS;
        let out = roots_on_pieces::<MAX_ROOTS, 12>(
            |t| eval_with_slope(c, t),
            &breaks[..n + 1],
            Some(tol),
            Crossings::All,
            X_ERROR,
        );
        self.with_zero_ends(out, tol)
    }

    /// [`Poly::zeros`] by the general path alone: sign-change roots and
    /// critical points from polycool, touches decided as [`Poly::zeros`] says.
    fn zeros_general(&self, tol: f64) -> Roots {
        let (lo, hi) = (-T_EPS, 1.0 + T_EPS);
        let mut out = self.sign_change_roots(lo, hi);
        let crit = self.deriv().sign_change_roots(lo, hi);
        let found = out;
        for (i, &tc) in crit.iter().enumerate() {
            if self.eval(tc).abs() > tol {
                continue;
            }
            let prev = if i == 0 { lo } else { crit[i - 1] };
            let next = crit.get(i + 1).copied().unwrap_or(hi);
            if !found.iter().any(|&r| r > prev && r < next) {
                out.push(tc);
            }
        }
        self.with_zero_ends(out, tol)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::{assert_roots, from_factors, unit_rng};

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

    /// A double root of a cubic and of a degree-7 polynomial is found where
    /// it touches, by both paths. Rounding the coefficients can make it a
    /// pair of roots about √ε apart (here up to ~1e-7, just above
    /// [`T_MERGE`]), so one or two parameters are accepted.
    #[test]
    fn higher_degree_double_roots_are_found_where_they_touch() {
        for (c, at) in [
            (from_factors(&[0.3, 0.3, -1.0], &[]), 0.3),
            (
                from_factors(&[0.62, 0.62, 1.5], &[(0.2, 0.4), (0.9, 0.1)]),
                0.62,
            ),
        ] {
            let p = Poly::new(&c);
            for z in [p.zeros(1e-12), p.zeros_general(1e-12)] {
                assert!((1..=2).contains(&z.len()), "{z:?}");
                assert!(z.iter().all(|t| (t - at).abs() < 1e-6), "{z:?}");
            }
        }
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

    /// Both paths (closed forms up to degree 2 and Bernstein subdivision
    /// above, and the general one) against polynomials built from known
    /// roots: 3 000 random cases of degree 1 to 10, with real roots inside `[0, 1]` at least 1e-3 apart, real roots
    /// outside it and complex pairs, some of them close to the interval.
    #[test]
    fn zeros_match_constructed_roots() {
        let mut f = unit_rng(0x2545_F491_4F6C_DD1D);
        let mut fast_decided = 0;
        for case in 0..3000 {
            let degree = 1 + (f() * 10.0) as usize;
            let (mut real, mut complex, mut inside) = (Vec::new(), Vec::new(), Vec::new());
            let mut d = 0;
            while d < degree {
                let kind = f();
                if kind < 0.5 {
                    let r = 0.02 + 0.96 * f();
                    if inside.iter().all(|&q: &f64| (q - r).abs() >= 1e-3) {
                        inside.push(r);
                        real.push(r);
                        d += 1;
                    }
                } else if kind < 0.75 || d + 2 > degree {
                    real.push(if f() < 0.5 { -0.01 - f() } else { 1.01 + f() });
                    d += 1;
                } else {
                    complex.push((f() * 1.4 - 0.2, 1e-3 + 0.3 * f()));
                    d += 2;
                }
            }
            inside.sort_by(f64::total_cmp);
            let scale = 10f64.powf(f() * 8.0 - 4.0);
            let c: Vec<f64> = from_factors(&real, &complex)
                .iter()
                .map(|x| x * scale)
                .collect();
            let p = Poly::new(&c);
            let tol = 1e-14 * p.max_abs();
            let (fast, general) = (p.zeros(tol), p.zeros_general(tol));
            let (cn, _) = p.normalized().unwrap();
            fast_decided +=
                (degree <= 3 || isolate(&cn[..p.n], tol / p.max_abs(), X_ERROR).is_some()) as usize;
            let size: f64 = c.iter().map(|x| x.abs()).sum();
            for (name, got) in [("fast", fast), ("general", general)] {
                let what = format!("case {case} ({name}), complex {complex:?}");
                assert_roots(&got, &inside, |t| p.eval(t), size, &what);
            }
        }
        assert!(fast_decided > 2500, "fast path decided only {fast_decided}");
    }

    #[test]
    fn sextic_roots_match_construction() {
        // (t-0.1)(t-0.2)(t-0.5)(t-0.9)(t+1)(t-3)
        let c = from_factors(&[0.1, 0.2, 0.5, 0.9, -1.0, 3.0], &[]);
        let z = Poly::new(&c).zeros(1e-12);
        assert_eq!(z.len(), 4);
        for (a, b) in z.iter().zip([0.1, 0.2, 0.5, 0.9]) {
            assert!((a - b).abs() < 1e-9, "{z:?}");
        }
    }
}
