//! Exact separation tests between a terrain piece and a segment or a convex
//! polygon, the building blocks of the swept tests in [`super::sweep`].
//!
//! The distance between a piece `B` and a segment `S` that do not cross is
//! reached either at an end of `S` (a closest-point query on `B`), at an end
//! of `B` (a clamped projection on `S`), or at an interior pair where the
//! connecting line is perpendicular to both, i.e. where `B'(t)` is parallel
//! to `S`: the zeros of `n_S · B'(t)`, degree ≤ 2. All three are exact.

use glam::DVec2;

use super::closest::point_distance;
use super::crossings::segment_crossings;
use super::segment::point_segment_distance;
use crate::geometry::PowerCurve;

/// Distance between the piece `pc` and the segment `a b`; 0 when they cross.
pub(super) fn segment_distance(pc: &PowerCurve, a: DVec2, b: DVec2) -> f64 {
    if !segment_crossings(pc, a, b).is_empty() {
        return 0.0;
    }
    let mut best = point_distance(pc, a).min(point_distance(pc, b));
    let ends = [pc.eval(0.0), pc.eval(1.0)];
    for p in ends {
        best = best.min(point_segment_distance(p, a, b));
    }
    let d = b - a;
    if d.length_squared() > 0.0 {
        let n = d.perp();
        // n · B'(t) is the derivative of n · B(t): its zeros are the
        // parameters where the piece runs parallel to the segment.
        for t in pc.dot(n).deriv().sign_change_roots(0.0, 1.0) {
            best = best.min(point_segment_distance(pc.eval(t), a, b));
        }
    }
    best
}

/// `true` when the piece `pc` comes within `limit` of the segment `a b`.
///
/// Rejects by the control-point box first (the curve lies in that box), then
/// tries the candidates of [`segment_distance`] from the cheapest, stopping
/// at the first within `limit`: the piece's ends, the parallel points, each
/// end of the segment (skipped when the piece's box is farther than `limit`
/// from it; `a` not at all when `a_is_clear`, the caller knowing it is
/// farther than `limit`), and last the crossings.
pub(super) fn segment_within(
    pc: &PowerCurve,
    a: DVec2,
    b: DVec2,
    limit: f64,
    a_is_clear: bool,
) -> bool {
    let (lo, hi) = pc.hull_box();
    let box_gap = |slo: DVec2, shi: DVec2| (lo - shi).max(slo - hi).max(DVec2::ZERO).length();
    if box_gap(a.min(b), a.max(b)) > limit {
        return false;
    }
    if [pc.eval(0.0), pc.eval(1.0)]
        .into_iter()
        .any(|p| point_segment_distance(p, a, b) <= limit)
    {
        return true;
    }
    let d = b - a;
    if d.length_squared() > 0.0
        && pc
            .dot(d.perp())
            .deriv()
            .sign_change_roots(0.0, 1.0)
            .iter()
            .any(|&t| point_segment_distance(pc.eval(t), a, b) <= limit)
    {
        return true;
    }
    let ends: &[DVec2] = if a_is_clear { &[b] } else { &[a, b] };
    if ends
        .iter()
        .any(|&q| box_gap(q, q) <= limit && point_distance(pc, q) <= limit)
    {
        return true;
    }
    !segment_crossings(pc, a, b).is_empty()
}

/// `true` when the piece `pc` meets the closed convex polygon `poly`
/// (vertices counter-clockwise): an edge crossing, or the piece's start inside.
pub(super) fn overlaps_convex_polygon(pc: &PowerCurve, poly: &[DVec2]) -> bool {
    let n = poly.len();
    let start = pc.eval(0.0);
    let inside = (0..n).all(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        (b - a).perp_dot(start - a) >= 0.0
    });
    if inside {
        return true;
    }
    (0..n).any(|i| !segment_crossings(pc, poly[i], poly[(i + 1) % n]).is_empty())
}

/// Convex hull (counter-clockwise, no repeated points) of the corners of a
/// box where it starts and ends a sweep, by Andrew's monotone chain: at most
/// 8 points, returned with their count (no allocation).
pub(super) fn convex_hull(points: &[DVec2; 8]) -> ([DVec2; 16], usize) {
    let mut pts = *points;
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    let mut n = 0;
    for i in 0..pts.len() {
        if n == 0 || pts[i] != pts[n - 1] {
            pts[n] = pts[i];
            n += 1;
        }
    }
    let mut hull = [DVec2::ZERO; 16];
    if n < 3 {
        hull[..n].copy_from_slice(&pts[..n]);
        return (hull, n);
    }
    let cross = |o: DVec2, a: DVec2, b: DVec2| (a - o).perp_dot(b - o);
    let mut len = 0;
    for pass in 0..2 {
        let base = len;
        for k in 0..n {
            let p = if pass == 0 { pts[k] } else { pts[n - 1 - k] };
            while len >= base + 2 && cross(hull[len - 2], hull[len - 1], p) <= 0.0 {
                len -= 1;
            }
            hull[len] = p;
            len += 1;
        }
        len -= 1;
    }
    (hull, len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::{QuadBezier, Terrain};
    use glam::Vec2;

    #[test]
    fn hull_of_a_swept_box_is_a_hexagon() {
        let h = DVec2::new(1.0, 1.0);
        let d = DVec2::new(5.0, 3.0);
        let mut pts = Vec::new();
        for c in [DVec2::ZERO, d] {
            for s in [
                DVec2::new(-1.0, -1.0),
                DVec2::new(1.0, -1.0),
                DVec2::new(1.0, 1.0),
                DVec2::new(-1.0, 1.0),
            ] {
                pts.push(c + s * h);
            }
        }
        let pts: [DVec2; 8] = pts.try_into().unwrap();
        assert_eq!(convex_hull(&pts).1, 6);
    }

    /// The early-exit predicate agrees with the full distance on 3 000
    /// random pieces, segments (some of zero length) and limits.
    #[test]
    fn segment_within_agrees_with_segment_distance() {
        let mut f = crate::poly::testing::unit_rng(0x5DEE_CE66_D1CE_4E5B);
        let mut pt = move || DVec2::new(f() * 200.0, f() * 200.0);
        let (mut within, mut without) = (0, 0);
        for i in 0..3000 {
            let pts: Vec<DVec2> = (0..4).map(|_| pt()).collect();
            let pc = crate::geometry::Bernstein::new(&pts[..2 + i % 3]).power();
            let a = pt();
            let b = if i % 10 == 0 { a } else { a + (pt() - a) * 0.3 };
            let limit = (pt().x - 100.0).abs() * 0.3;
            let expected = segment_distance(&pc, a, b) <= limit;
            assert_eq!(
                segment_within(&pc, a, b, limit, false),
                expected,
                "case {i}"
            );
            if point_distance(&pc, a) > limit {
                assert_eq!(segment_within(&pc, a, b, limit, true), expected, "case {i}");
            }
            if expected {
                within += 1;
            } else {
                without += 1;
            }
        }
        assert!(
            within > 500 && without > 500,
            "{within} within, {without} not"
        );
    }

    #[test]
    fn segment_distance_to_a_hill_top() {
        let hill = Terrain::Quad(QuadBezier::new(
            Vec2::ZERO,
            Vec2::new(50.0, 100.0),
            Vec2::new(100.0, 0.0),
        ));
        let pc = hill.bernstein().power();
        // A horizontal segment 10 px above the apex (50, 50).
        let d = segment_distance(&pc, DVec2::new(0.0, 60.0), DVec2::new(100.0, 60.0));
        assert!((d - 10.0).abs() < 1e-9, "{d}");
        assert_eq!(
            segment_distance(&pc, DVec2::new(50.0, 0.0), DVec2::new(50.0, 100.0)),
            0.0
        );
    }
}
