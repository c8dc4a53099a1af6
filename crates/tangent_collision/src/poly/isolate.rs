//! Fast root isolation on `[0, 1]` by Bernstein subdivision, the first try
//! of every polynomial solve of degree 3 and up (see [`super::poly`]), and
//! before it, for the closest-point condition on a cubic, a single pass
//! that settles a polynomial whose coefficients change sign once
//! ([`lone_root`]).
//!
//! On an interval `[lo, hi]` a polynomial of degree `n` is written in the
//! Bernstein basis, `p = Σ bᵢ C(n,i) u^i (1-u)^(n-i)` with `u` running over
//! the interval. Two facts make that basis a root finder:
//!
//! (The method in full is on `lone_root`.)

use super::closed::eval_with_slope;
use super::list::{MAX_COEFFS, Roots};
use super::polish::polish;

/// Convex or concave intervals are decided at their extremum from this
/// depth on; above it halving is cheaper (the extremum is rarely near zero).
const EXTREMUM_DEPTH: u32 = 3;

/// Halvings before an undecided interval (width `2^-MAX_DEPTH`) is handed
/// to the general solver.
const MAX_DEPTH: u32 = 16;

/// `C(i, j)` for `i, j ≤ 10`.
const BINOM: [[f64; MAX_COEFFS]; MAX_COEFFS] = {
    let mut b = [[0.0; MAX_COEFFS]; MAX_COEFFS];
    let mut i = 0;
    while i < MAX_COEFFS {
        b[i][0] = 1.0;
        let mut j = 1;
        while j <= i {
            b[i][j] = b[i - 1][j - 1] + if j < i { b[i - 1][j] } else { 0.0 };
            j += 1;
        }
        i += 1;
    }
    b
};

/// Bernstein coefficients on `[0, 1]` of the power-basis polynomial `c`
/// (`N` coefficients).
fn to_bernstein<const N: usize>(c: &[f64]) -> [f64; N] {
    let n = N - 1;
    let mut b = [0.0; N];
    for (i, bi) in b.iter_mut().enumerate() {
        let mut s = 0.0;
        for (j, cj) in c.iter().enumerate().take(i + 1) {
            s += BINOM[i][j] / BINOM[n][j] * cj;
        }
        *bi = s;
    }
    b
}

/// De Casteljau at `½`: the coefficients on the left and right halves.
/// Done in place: after level `k` of the averaging, entry `N-1-k` holds
/// the right half's coefficient `N-1-k` and is not touched again.
fn halve<const N: usize>(b: &[f64; N]) -> ([f64; N], [f64; N]) {
    let mut right = *b;
    let mut left = [0.0; N];
    left[0] = right[0];
    for (level, l) in left.iter_mut().enumerate().skip(1) {
        for i in 0..N - level {
            right[i] = 0.5 * (right[i] + right[i + 1]);
        }
        *l = right[0];
    }
    (left, right)
}

/// * `p` lies in the range of its coefficients (`min bᵢ ≤ p ≤ max bᵢ`), so
///   an interval whose coefficients are all above `tol` (or all below
///   `-tol`) holds no zero and no touch: it is dropped;
/// * the derivative's coefficients are `n (bᵢ₊₁ - bᵢ)`, so monotone
///   coefficients mean a monotone `p`: at most one root, which is there iff
///   the ends `b₀ = p(lo)` and `bₙ = p(hi)` differ in sign, and no critical
///   point, hence no touch. That root is polished by safeguarded Newton;
/// * second differences of one sign mean `p'` is monotone: `p` is convex or
///   concave with one extremum, decided there (see `one_extremum`: roots on
///   each side, or the extremum as a touch). This is what settles
///   near-tangencies without halving until two close roots separate.
///
/// Any other interval is halved (de Casteljau at `½`); the coefficients
/// converge to `p` quadratically in the width, so far from a tangency every
/// interval resolves within a few halvings. Callers may add up to two guard
/// polynomials with bounds (`|guard| ≤ bound` wherever a root matters): an
/// interval where a guard's coefficients all lie beyond its bound is dropped.
/// An interval still undecided at [`MAX_DEPTH`], or a split point where
/// `|p| ≤ tol` (a root or touch right on the boundary), makes the isolator
/// give up, and the caller runs its general solver on the whole interval, so
/// the answer is never worse than that solver's. Conversion to the Bernstein basis,
/// `bᵢ = Σ_{j≤i} C(i,j)/C(n,j) cⱼ`, and the halvings are exact up to a few
/// rounding errors of the coefficients' size, far below any `tol` in use.
///
/// The one root on `[0, 1]` of the power-basis polynomial `c`, when its
/// Bernstein coefficients change sign exactly once, every one of them
/// clear of rounding (`64 ε Σ|cᵢ|`, the bound [`Search`] uses): by
/// Descartes' rule of signs, which holds for the Bernstein basis, the
/// number of roots in `(0, 1)` is the number of sign changes less an even
/// number, so exactly one, and `p(0) = b₀`, `p(1) = bₙ` differ in sign.
/// It is polished from the chord by [`polish`] (bracketed, so it converges
/// even where `p` is not monotone). Returns `Some(Lone::None)` when every
/// coefficient has one sign (no root, none at the ends), and `None` when
/// the coefficients do not decide it (a coefficient within rounding of zero,
/// or several sign changes): the caller's general solver then runs. The
/// one pass over the coefficients is what a polynomial on a short piece
/// (the closest-point condition on the span near a body) usually needs;
/// the general [`isolate`] reaches the same answer through more set-up.
pub(crate) fn lone_root<const N: usize>(c: &[f64; N], x_error: f64) -> Option<Lone> {
    let noise = 64.0 * f64::EPSILON * c.iter().map(|x| x.abs()).sum::<f64>();
    let b = to_bernstein::<N>(c);
    let mut changes = 0;
    for i in 0..N {
        if b[i].abs() <= noise {
            return None;
        }
        if i > 0 && (b[i] < 0.0) != (b[i - 1] < 0.0) {
            changes += 1;
        }
    }
    match changes {
        0 => Some(Lone::None),
        1 => {
            let (first, last) = (b[0], b[N - 1]);
            let t = polish(c, 0.0, 1.0, first, last, x_error);
            Some(if first < 0.0 {
                Lone::Rising(t)
            } else {
                Lone::Falling(t)
            })
        }
        _ => None,
    }
}

/// What [`lone_root`] decided: no root on `[0, 1]`, or the one root, where
/// the polynomial goes from negative to positive or the other way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Lone {
    None,
    Rising(f64),
    Falling(f64),
}

/// What the search shares: the power-basis polynomial, the zero band and the
/// accuracy asked of the roots, and the roots found so far.
struct Search<'a> {
    c: &'a [f64],
    tol: f64,
    x_error: f64,
    /// Only where `|guardₖ| ≤ boundₖ` for both guards are roots wanted
    /// (an infinite bound: no such condition).
    bounds: [f64; 2],
    /// A bound on the rounding error of evaluating `p` on `[0, 1]`:
    /// `64 ε Σ|cᵢ|` (Horner's error is about `2n ε Σ|cᵢ|`).
    noise: f64,
    /// The derivative's power-basis coefficients (`c.len() - 1` used).
    dc: [f64; 10],
    /// Only roots where `p` goes from negative to positive are polished
    /// (see [`isolate_rising`]); the others are skipped once isolated.
    rising_only: bool,
    out: Roots,
}

/// Bernstein coefficients of the two guard polynomials (degree ≤ 3 each).
type Guards = [[f64; 4]; 2];

impl Search<'_> {
    /// Decides `[lo, hi]` with coefficients `b` (and `g` of the guards),
    /// halving as needed; `None` when some part cannot be decided.
    fn visit<const N: usize>(
        &mut self,
        b: &[f64; N],
        g: &Guards,
        lo: f64,
        hi: f64,
        depth: u32,
    ) -> Option<()> {
        let guarded = self.bounds[0].is_finite();
        if guarded {
            for (gk, &bound) in g.iter().zip(&self.bounds) {
                let (gmin, gmax) = gk[1..]
                    .iter()
                    .fold((gk[0], gk[0]), |(a, z), &v| (a.min(v), z.max(v)));
                if gmin > bound || gmax < -bound {
                    return Some(());
                }
            }
        }
        // One pass: the range, the signs of the first differences
        // (monotone) and of the second differences (convex or concave).
        let (mut min, mut max) = (b[0], b[0]);
        let (mut rising, mut falling) = (true, true);
        let (mut convex, mut concave) = (true, true);
        let mut step = b[1] - b[0];
        for i in 1..N {
            let v = b[i];
            min = if v < min { v } else { min };
            max = if v > max { v } else { max };
            let next = v - b[i - 1];
            rising &= next >= 0.0;
            falling &= next <= 0.0;
            convex &= next >= step;
            concave &= next <= step;
            step = next;
        }
        if min > self.tol || max < -self.tol {
            return Some(());
        }
        if rising || falling {
            let (first, last) = (b[0], b[N - 1]);
            if (first < 0.0) != (last < 0.0) && self.wanted(first) {
                // At most one root per monotone interval: ≤ 10 in all.
                let t = polish(self.c, lo, hi, first, last, self.x_error);
                self.out.push(t);
            }
            return Some(());
        }
        if (convex || concave) && depth >= EXTREMUM_DEPTH {
            self.one_extremum(b, lo, hi);
            return Some(());
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        let (left, right) = halve(b);
        if left[N - 1].abs() <= self.tol {
            return None;
        }
        let mid = 0.5 * (lo + hi);
        if guarded {
            let ((l0, r0), (l1, r1)) = (halve(&g[0]), halve(&g[1]));
            self.visit(&left, &[l0, l1], lo, mid, depth + 1)?;
            self.visit(&right, &[r0, r1], mid, hi, depth + 1)
        } else {
            self.visit(&left, g, lo, mid, depth + 1)?;
            self.visit(&right, g, mid, hi, depth + 1)
        }
    }

    /// `[lo, hi]` where `p` is convex or concave but not monotone: `p'` is
    /// monotone and changes sign once, at the extremum `tₑ` (polished on
    /// `p'`). Each side of it is monotone, so it holds a root iff `p`
    /// changes sign over it; with no root on either side, `tₑ` is a touch
    /// when `|p(tₑ)| ≤ tol` (no root lies between it and the neighbouring
    /// critical points, which are outside the interval: the rule of
    /// [`super::poly`]). Near-tangency is decided here at the depth where
    /// the curvature keeps its sign, not where the roots separate.
    fn one_extremum<const N: usize>(&mut self, b: &[f64; N], lo: f64, hi: f64) {
        let (first, last) = (b[0], b[N - 1]);
        let clear = |v: f64| v.abs() > self.tol.max(self.noise);
        if clear(first) && clear(last) && (first < 0.0) != (last < 0.0) {
            if !self.wanted(first) {
                return;
            }
            // One sign change over the interval, hence one root (a second
            // would need the other side to cross back): polish it directly,
            // the bracket keeps the steps safe. Only when both ends are
            // clear of zero: an end at rounding level (B' = 0 at a piece's
            // end makes the closest-point condition vanish there) may be a
            // root the other side crosses back to, and a chord start next
            // to it reads only rounding's sign.
            let t = polish(self.c, lo, hi, b[0], b[N - 1], self.x_error);
            self.out.push(t);
            return;
        }
        let dc = &self.dc[..N - 1];
        let te = polish(dc, lo, hi, b[1] - b[0], b[N - 1] - b[N - 2], self.x_error);
        let pe = eval_with_slope(self.c, te).0;
        let found = self.out.len();
        let mut crossed = false;
        if (b[0] < 0.0) != (pe < 0.0) {
            crossed = true;
            if self.wanted(b[0]) {
                let t = polish(self.c, lo, te, b[0], pe, self.x_error);
                self.out.push(t);
            }
        }
        if (pe < 0.0) != (b[N - 1] < 0.0) {
            crossed = true;
            if self.wanted(pe) {
                let t = polish(self.c, te, hi, pe, b[N - 1], self.x_error);
                self.out.push(t);
            }
        }
        if !crossed && self.out.len() == found && pe.abs() <= self.tol {
            self.out.push(te);
        }
    }

    /// Whether a sign change starting at the value `first` is polished.
    fn wanted(&self, first: f64) -> bool {
        !self.rising_only || first < 0.0
    }

    fn run<const N: usize>(mut self, guards: &[(&[f64], f64)]) -> Option<Roots> {
        for i in 1..N {
            self.dc[i - 1] = i as f64 * self.c[i];
        }
        let mut g = [[0.0; 4]; 2];
        for (k, (guard, bound)) in guards.iter().enumerate() {
            let mut power = [0.0; 4];
            power[..guard.len()].copy_from_slice(guard);
            g[k] = to_bernstein::<4>(&power);
            self.bounds[k] = *bound;
        }
        self.visit(&to_bernstein::<N>(self.c), &g, 0.0, 1.0, 0)?;
        Some(self.out)
    }
}

/// The sign-change roots of the power-basis polynomial `c` (degree 3 to 10,
/// leading coefficient not zero) on `[0, 1]`, ascending, when every part of
/// the interval is proved to hold no zero other than those (no point with
/// `|p| ≤ tol` that is not a sign change); `None` when some part could not
/// be decided (see the module docs).
pub(super) fn isolate(c: &[f64], tol: f64, x_error: f64) -> Option<Roots> {
    isolate_where(c, tol, x_error, &[])
}

/// [`isolate`] restricted to where each power-basis `guard` (at most two,
/// degree ≤ 3) may satisfy `|guard| ≤ bound`: parts where a guard's
/// coefficients all lie beyond `±bound` are dropped undecided, so roots
/// there may be missing.
pub(super) fn isolate_where(
    c: &[f64],
    tol: f64,
    x_error: f64,
    guards: &[(&[f64], f64)],
) -> Option<Roots> {
    debug_assert!(guards.len() <= 2 && guards.iter().all(|(g, _)| g.len() <= 4));
    Search::new(c, tol, x_error, false).start(guards)
}

/// [`isolate`] with `tol = 0`, keeping only the roots where `p` goes from
/// negative to positive: for the closest-point condition `B · B'`, the local
/// minima of the distance, the only candidates for the nearest point. The
/// other roots are isolated but not polished.
pub(super) fn isolate_rising(c: &[f64], x_error: f64) -> Option<Roots> {
    Search::new(c, 0.0, x_error, true).start(&[])
}

impl<'a> Search<'a> {
    fn new(c: &'a [f64], tol: f64, x_error: f64, rising_only: bool) -> Self {
        Search {
            c,
            tol,
            x_error,
            bounds: [f64::INFINITY; 2],
            noise: 64.0 * f64::EPSILON * c.iter().map(|x| x.abs()).sum::<f64>(),
            dc: [0.0; 10],
            rising_only,
            out: Roots::new(),
        }
    }

    /// Runs the search for the degree of `c`; `None` when some part could
    /// not be decided or the degree is outside 3 to 10.
    fn start(self, guards: &[(&[f64], f64)]) -> Option<Roots> {
        match self.c.len() {
            4 => self.run::<4>(guards),
            5 => self.run::<5>(guards),
            6 => self.run::<6>(guards),
            7 => self.run::<7>(guards),
            8 => self.run::<8>(guards),
            9 => self.run::<9>(guards),
            10 => self.run::<10>(guards),
            11 => self.run::<11>(guards),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::from_factors;

    fn eval(c: &[f64], t: f64) -> f64 {
        eval_with_slope(c, t).0
    }

    #[test]
    fn bernstein_coefficients_reproduce_the_polynomial() {
        // p(t) = 1 - 3t + 2t² + 5t³ - t⁴: evaluate the Bernstein form directly.
        let c = [1.0, -3.0, 2.0, 5.0, -1.0];
        let b = to_bernstein::<5>(&c);
        for k in 0..=20 {
            let t = k as f64 / 20.0;
            let n = 4;
            let bern: f64 = (0..=n)
                .map(|i| b[i] * BINOM[n][i] * t.powi(i as i32) * (1.0 - t).powi((n - i) as i32))
                .sum();
            assert!((bern - eval(&c, t)).abs() < 1e-12, "t = {t}");
        }
    }

    #[test]
    fn halves_match_the_polynomial_on_each_half() {
        let c = [0.3, -2.0, 1.0, 4.0, -3.0, 0.5];
        let n = c.len() - 1;
        let (l, r) = halve(&to_bernstein::<6>(&c));
        for k in 0..=10 {
            let u = k as f64 / 10.0;
            let bern = |b: &[f64; 6]| -> f64 {
                (0..=n)
                    .map(|i| b[i] * BINOM[n][i] * u.powi(i as i32) * (1.0 - u).powi((n - i) as i32))
                    .sum()
            };
            assert!((bern(&l) - eval(&c, 0.5 * u)).abs() < 1e-12);
            assert!((bern(&r) - eval(&c, 0.5 + 0.5 * u)).abs() < 1e-12);
        }
    }

    #[test]
    fn finds_simple_roots_of_a_quintic() {
        // (t - 0.1)(t - 0.35)(t - 0.6)(t - 0.95)(t + 2)
        let c = from_factors(&[0.1, 0.35, 0.6, 0.95, -2.0], &[]);
        let z = isolate(&c, 1e-12, 1e-13).expect("simple roots resolve");
        assert_eq!(z.len(), 4, "{z:?}");
        for (a, b) in z.iter().zip([0.1, 0.35, 0.6, 0.95]) {
            assert!((a - b).abs() < 1e-10, "{z:?}");
        }
    }

    #[test]
    fn a_double_root_is_found_where_it_touches() {
        // (t - 0.3)² (t + 1): tangent to zero at 0.3.
        let c = [0.09, -0.51, 0.4, 1.0];
        let z = isolate(&c, 1e-12, 1e-13).expect("a convex touch resolves");
        // The touch, or the pair of roots rounding makes of it (merged by
        // `Poly::zeros`).
        assert!(
            !z.is_empty() && z.iter().all(|t| (t - 0.3).abs() < 1e-6),
            "{z:?}"
        );
    }

    #[test]
    fn a_near_touch_pair_is_two_roots_and_a_near_miss_none() {
        // (t - 0.3)² (t + 1) ∓ 1e-8: two roots ~1e-4 apart, or none.
        let z = isolate(&[0.09 - 1e-8, -0.51, 0.4, 1.0], 1e-12, 1e-13).unwrap();
        assert_eq!(z.len(), 2, "{z:?}");
        assert!(
            (z[1] - z[0] - 2.0 * (1e-8f64 / 1.3).sqrt()).abs() < 1e-6,
            "{z:?}"
        );
        let z = isolate(&[0.09 + 1e-8, -0.51, 0.4, 1.0], 1e-12, 1e-13).unwrap();
        assert!(z.is_empty(), "{z:?}");
    }

    /// 20 000 random quintics built from known roots (five real, or three
    /// and a complex pair, or one and two pairs; inside and outside
    /// `[0, 1]`, scaled over eight orders of magnitude, either sign): where
    /// `lone_root` decides, it gives exactly the constructed roots in
    /// `[0, 1]` (none, or the one to 1e-9, rising where the quintic goes
    /// from negative to positive) and the general isolator agrees; it
    /// decides most quintics with one root inside, and never one with
    /// several.
    #[test]
    fn lone_root_matches_constructed_roots_and_isolate() {
        let mut f = crate::poly::testing::unit_rng(0x9B05_688C_2B3E_6C1F);
        let (mut one, mut one_decided) = (0, 0);
        for case in 0..20_000 {
            let pairs = case % 3;
            let mut real = Vec::new();
            for _ in 0..5 - 2 * pairs {
                real.push(if f() < 0.3 {
                    0.02 + 0.96 * f()
                } else {
                    1.05 + 2.0 * f() - 3.1 * (f() < 0.5) as u8 as f64
                });
            }
            let complex: Vec<(f64, f64)> =
                (0..pairs).map(|_| (f() * 1.4 - 0.2, 0.05 + f())).collect();
            let scale = 10f64.powf(f() * 8.0 - 4.0) * if f() < 0.5 { -1.0 } else { 1.0 };
            let v: Vec<f64> = from_factors(&real, &complex)
                .iter()
                .map(|x| x * scale)
                .collect();
            let c: [f64; 6] = std::array::from_fn(|i| v[i]);
            let mut inside: Vec<f64> = real
                .iter()
                .copied()
                .filter(|r| (0.0..=1.0).contains(r))
                .collect();
            inside.sort_by(f64::total_cmp);
            one += usize::from(inside.len() == 1);
            let Some(lone) = lone_root(&c, 1e-13) else {
                continue;
            };
            let general = isolate(&c, 0.0, 1e-13).expect("simple roots resolve");
            match lone {
                Lone::None => {
                    assert!(
                        inside.is_empty(),
                        "case {case}: none found, roots {inside:?}"
                    );
                    assert!(general.is_empty(), "case {case}: isolate {general:?}");
                }
                Lone::Rising(t) | Lone::Falling(t) => {
                    assert_eq!(inside.len(), 1, "case {case}: one found, roots {inside:?}");
                    assert!(
                        (t - inside[0]).abs() < 1e-9,
                        "case {case}: {t} vs {inside:?}"
                    );
                    assert_eq!(general.len(), 1, "case {case}: isolate {general:?}");
                    assert!(
                        (t - general[0]).abs() < 1e-9,
                        "case {case}: isolate {general:?}"
                    );
                    let after = eval(&c, (t + 1e-6).min(1.0)) - eval(&c, (t - 1e-6).max(0.0));
                    assert_eq!(matches!(lone, Lone::Rising(_)), after > 0.0, "case {case}");
                    one_decided += 1;
                }
            }
        }
        assert!(
            one_decided * 10 >= one * 7,
            "decided {one_decided} of {one} with one root"
        );
    }

    #[test]
    fn a_polynomial_far_from_zero_has_no_roots() {
        let c = [5.0, -1.0, 0.5, 0.2];
        assert_eq!(isolate(&c, 1e-9, 1e-13).unwrap().len(), 0);
    }
}
