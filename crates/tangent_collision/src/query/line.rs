//! A piece against a line segment: the parameters where they cross.
//!
//! With the piece translated so the segment runs from the origin to `d`,
//! unit direction `u = d / |d|` and unit normal `n = d⊥ / |d|`, the signed
//! distance of `B(t)` from the segment's line is the polynomial `n · B(t)`
//! (degree ≤ 3) and the position along it is `u · B(t)`. The hits are the
//! zeros of the first whose position lies in `[0, |d|]`, both within the
//! query's tolerance [`px_tol`]: degree ≤ 2 in closed form (the quadratic's
//! vertex as a touch when it has no root), degree 3 on its monotone pieces,
//! touches included, and the ends where the distance is within the
//! tolerance ([`zeros_up_to_cubic`], the solver of [`Poly::zeros`] for these
//! degrees), on fixed arrays with no [`Poly`] built: this is the hottest
//! static query (the public `segment_hits`, rect sides, swept capsules,
//! polygon overlaps).

use glam::DVec2;

use super::closest::closest_param;
use super::tolerance::px_tol;
use crate::geometry::PowerCurve;
use crate::poly::{Poly, Roots, horner, zeros_up_to_cubic};

/// Most parameters of a piece's crossings with a segment: a cubic's three
/// zeros and both ends, or, for a piece lying along the segment, both ends
/// and the (at most three) parameters where it enters or leaves each end
/// of the segment.
const LINE_HITS: usize = 8;

/// Accuracy asked of a cubic's crossings, in `t`. The polish stops after a
/// Halley step shorter than this, which leaves an error near its cube (or,
/// after bisection, below this): far under the `f32` rounding of the public
/// parameters (3e-8 at `t = 0.5`), and a step cheaper than the general
/// solver's 1e-13.
const LINE_X_ERROR: f64 = 1e-9;

/// The parameters of [`hits_with_segment`]: a small list, cheap to return.
pub(super) type LineHits = Roots<LINE_HITS>;

/// Parameters where `pc` (already translated so the segment starts at the
/// origin) meets the segment from the origin to `d`, sorted and merged.
///
/// Both polynomials are taken with the unnormalised `d` (`d⊥ · B` and
/// `d · B`, each `|d|` times the unit one), so the solve waits on no square
/// root or division; the tolerance is scaled to match (`band = tol · |d|`).
/// A piece lying along the line (signed distance within the tolerance
/// everywhere) returns the ends of each parameter interval where it overlaps
/// the segment; a segment shorter than the tolerance is a point.
pub(super) fn hits_with_segment(pc: &PowerCurve, d: DVec2) -> LineHits {
    match pc.n {
        2 => hits_of_degree::<2>(pc, d),
        3 => hits_of_degree::<3>(pc, d),
        _ => hits_of_degree::<4>(pc, d),
    }
}

/// [`hits_with_segment`] for a piece of `N` coefficients, so every loop has
/// a fixed length and unrolls.
fn hits_of_degree<const N: usize>(pc: &PowerCurve, d: DVec2) -> LineHits {
    let c: [DVec2; N] = std::array::from_fn(|j| pc.c[j]);
    let len2 = d.length_squared();
    let normal = d.perp();
    let mut across = [0.0; 4];
    let mut along = [0.0; N];
    let mut scale1: f64 = 0.0;
    for j in 0..N {
        across[j] = normal.dot(c[j]);
        along[j] = d.dot(c[j]);
        scale1 = scale1.max(c[j].x.abs() + c[j].y.abs());
    }
    // The hull test with an over-estimate of the band, from 1-norms (no
    // square root to wait for): a piece it rejects, the exact band rejects.
    let len1 = d.x.abs() + d.y.abs();
    if hull_misses::<N>(&across, &along, len2, px_tol(scale1 + len1) * len1) {
        return LineHits::new();
    }
    let len = len2.sqrt();
    let tol = px_tol(pc.scale() + len);
    if len <= tol {
        let mut at_point = LineHits::new();
        at_point.extend(hits_with_point(pc, tol));
        return at_point;
    }
    let band = tol * len;
    let degree_n = trimmed_len(&across, N);
    if across[..degree_n].iter().map(|c| c.abs()).sum::<f64>() <= band {
        return overlap_interval_ends(&Poly::new(&along), len2, band);
    }
    let mut ts = zeros_up_to_cubic(&across, degree_n, band, LINE_X_ERROR);
    ts.retain(|t| {
        let s = horner(&along, t);
        s >= -band && s <= len2 + band
    });
    ts
}

/// The number of coefficients once exactly-zero leading ones are dropped.
fn trimmed_len(c: &[f64; 4], mut n: usize) -> usize {
    while n > 0 && c[n - 1] == 0.0 {
        n -= 1;
    }
    n
}

/// `true` when every control point lies on one side of the segment's line
/// farther than `band`, or before its start or past its end (at `end`) by
/// more than `band`, given the power-basis coefficients of the signed
/// distance (`across`) and of the position along the line (`along`): the
/// curve lies in the hull of its control points, so it cannot meet the
/// segment. The control points' values come from the coefficients by the
/// table of [`PowerCurve::control_points`], applied to scalars.
fn hull_misses<const N: usize>(across: &[f64; 4], along: &[f64; N], end: f64, band: f64) -> bool {
    let (a, s) = (control_values::<N>(across), control_values::<N>(along));
    let (mut across_lo, mut across_hi) = (a[0], a[0]);
    let (mut along_lo, mut along_hi) = (s[0], s[0]);
    for i in 1..N {
        across_lo = if a[i] < across_lo { a[i] } else { across_lo };
        across_hi = if a[i] > across_hi { a[i] } else { across_hi };
        along_lo = if s[i] < along_lo { s[i] } else { along_lo };
        along_hi = if s[i] > along_hi { s[i] } else { along_hi };
    }
    across_lo > band || across_hi < -band || along_hi < -band || along_lo > end + band
}

/// The Bernstein coefficients of a scalar polynomial of degree `N - 1`
/// given in the power basis by (at least) its first `N` coefficients `c`
/// (see [`PowerCurve::control_points`]).
fn control_values<const N: usize>(c: &[f64]) -> [f64; N] {
    std::array::from_fn(|i| match (N, i) {
        (_, 0) => c[0],
        (2, _) => c[0] + c[1],
        (3, 1) => c[0] + 0.5 * c[1],
        (3, _) => c[0] + c[1] + c[2],
        (_, 1) => c[0] + c[1] / 3.0,
        (_, 2) => c[0] + (2.0 / 3.0) * c[1] + c[2] / 3.0,
        _ => c[0] + c[1] + c[2] + c[3],
    })
}

/// For a piece lying along a segment's line: the ends of the parameter
/// intervals where the position `s(t)` along it lies in `[0, end]`, within
/// `band`.
fn overlap_interval_ends(along: &Poly, end: f64, band: f64) -> LineHits {
    let inside = |t: f64| {
        let s = along.eval(t);
        s >= -band && s <= end + band
    };
    let mut ts: Roots = Roots::new();
    ts.extend([0.0, 1.0].into_iter().filter(|&t| inside(t)));
    ts.extend(along.zeros(band).iter().copied());
    ts.extend(along.minus(end).zeros(band).iter().copied());
    ts.clamp_sort_dedup();
    let mut merged = LineHits::new();
    merged.extend(ts);
    merged
}

/// Parameters where `pc` passes through the origin (a zero-length segment).
pub(super) fn hits_with_point(pc: &PowerCurve, tol: f64) -> Roots {
    let mut out = Roots::new();
    if pc.squared_norm().is_negligible(tol * tol) {
        out.extend([0.0, 1.0]);
        return out;
    }
    let t = closest_param(pc);
    if pc.eval(t).length() <= tol {
        out.push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Bernstein;
    use crate::poly::testing::unit_rng;

    /// The general path this module replaces: unit normal and direction,
    /// [`Poly::zeros`] on the signed distance, then the range check. It
    /// shares the zero solver ([`zeros_up_to_cubic`], tested on its own in
    /// `polynomial` and `monotone` against constructed roots and polycool), so
    /// this checks what the module adds: the unnormalised direction and
    /// scaled band, the 1-norm hull test, the degree dispatch.
    fn reference(pc: &PowerCurve, d: DVec2) -> Vec<f64> {
        let len = d.length();
        let tol = px_tol(pc.scale() + len);
        let (u, n) = (d / len, d.perp() / len);
        let (along, across) = (pc.dot(u), pc.dot(n));
        let mut ts = across.zeros(tol);
        ts.retain(|t| {
            let s = along.eval(t);
            s >= -tol && s <= len + tol
        });
        ts.to_vec()
    }

    /// 30 000 random quadratics, cubics and segments against random
    /// segments, a third of them tangent to the piece at a random point (the
    /// segment along the tangent there) and a third with coincident control
    /// points: the same parameters as the general path, to 1e-9 (for the
    /// tangent ones, the same set to 1e-6, a double root's conditioning).
    #[test]
    fn agrees_with_the_general_path() {
        let mut f = unit_rng(0x9E37_79B9_7F4A_7C15);
        let mut hits = 0;
        for case in 0..30_000 {
            let mut pt = || DVec2::new(f() * 1000.0, f() * 1000.0);
            let mut pts: Vec<DVec2> = (0..2 + case % 3).map(|_| pt()).collect();
            if case % 3 == 2 {
                let k = pts.len() - 1;
                pts[k] = pts[k - 1];
            }
            let pc = Bernstein::new(&pts).power();
            let (a, b) = if case % 3 == 1 && pc.n > 2 {
                let t = f();
                let (p, v) = (pc.eval(t), pc.deriv(t));
                (p - v * f(), p + v * f())
            } else {
                (pt(), pt())
            };
            let q = pc.translated(a);
            let got = hits_with_segment(&q, b - a);
            let want = reference(&q, b - a);
            if case % 3 == 1 {
                // A tangent contact is a double root, found only to about
                // √ε: one parameter or two a little over T_MERGE apart.
                let near = |x: &f64, ys: &[f64]| ys.iter().any(|y| (x - y).abs() < 1e-6);
                assert!(
                    got.iter().all(|g| near(g, &want)) && want.iter().all(|w| near(w, &got)),
                    "case {case}: {got:?} vs {want:?}"
                );
            } else {
                assert_eq!(got.len(), want.len(), "case {case}: {got:?} vs {want:?}");
                for (g, w) in got.iter().zip(&want) {
                    assert!((g - w).abs() < 1e-9, "case {case}: {got:?} vs {want:?}");
                }
            }
            hits += !got.is_empty() as usize;
        }
        assert!(hits > 5_000, "only {hits} cases hit");
    }

    /// Degenerate inputs: a zero-length segment on the piece, a piece lying
    /// along the segment (overlap ends), a vertical and a horizontal
    /// segment through a cubic, and coordinates near 100 000 px.
    #[test]
    fn degenerate_segments() {
        let line = Bernstein::new(&[DVec2::new(0.0, 0.0), DVec2::new(10.0, 0.0)]).power();
        // The segment covers the middle of the piece lying along it.
        let got = hits_with_segment(&line.translated(DVec2::new(2.0, 0.0)), DVec2::new(6.0, 0.0));
        assert_eq!(got.to_vec(), vec![0.2, 0.8]);
        // A point on the piece.
        let got = hits_with_segment(&line.translated(DVec2::new(5.0, 0.0)), DVec2::ZERO);
        assert_eq!(got.len(), 1);
        assert!((got[0] - 0.5).abs() < 1e-12);
        // Vertical and horizontal segments through a symmetric cubic hump.
        let hump = Bernstein::new(&[
            DVec2::new(0.0, 0.0),
            DVec2::new(0.0, 10.0),
            DVec2::new(10.0, 10.0),
            DVec2::new(10.0, 0.0),
        ])
        .power();
        let got = hits_with_segment(
            &hump.translated(DVec2::new(5.0, -1.0)),
            DVec2::new(0.0, 20.0),
        );
        assert_eq!(got.len(), 1);
        assert!((got[0] - 0.5).abs() < 1e-12, "{got:?}");
        // The hump's top is at y = 7.5: a horizontal segment there touches once.
        let got = hits_with_segment(
            &hump.translated(DVec2::new(-1.0, 7.5)),
            DVec2::new(20.0, 0.0),
        );
        assert_eq!(got.len(), 1, "{got:?}");
        assert!((got[0] - 0.5).abs() < 1e-6, "{got:?}");
        // The same hump far from the origin.
        let far = DVec2::new(100_000.0, -100_000.0);
        let shifted = Bernstein::new(&[
            far,
            far + DVec2::new(0.0, 10.0),
            far + DVec2::new(10.0, 10.0),
            far + DVec2::new(10.0, 0.0),
        ])
        .power();
        let a = far + DVec2::new(5.0, -1.0);
        let got = hits_with_segment(&shifted.translated(a), DVec2::new(0.0, 20.0));
        assert_eq!(got.len(), 1);
        assert!((got[0] - 0.5).abs() < 1e-9, "{got:?}");
    }
}
