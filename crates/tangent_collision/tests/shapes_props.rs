//! Property tests of evaluation, derivative, tight AABB and monotonic split,
//! against kurbo's evaluation, finite differences and dense sampling.
//!
//! Tolerances: points within 1e-3 px of kurbo (f32 output at 1000 px has an
//! ulp of 6e-5); derivatives within 1e-3 · (1 + |B'|) of a central difference
//! with h = 1e-5 in f64; AABB sides within 1e-3 px of kurbo's extrema box and
//! containing every sample.

mod common;

use common::*;
use glam::{DVec2, Vec2};
use kurbo::ParamCurveExtrema;
use proptest::prelude::*;

proptest! {
    #![proptest_config(config())]

    #[test]
    fn point_matches_kurbo(t in terrain(), u in 0.0f32..=1.0) {
        let ours = t.point(u).as_dvec2();
        let theirs = eval(&t, u as f64);
        prop_assert!((ours - theirs).length() < 1e-3, "{ours} vs {theirs}");
    }

    #[test]
    fn derivative_matches_finite_difference(t in terrain(), u in 0.001f32..0.999) {
        let h = 1e-5;
        let u = u as f64;
        let fd = (eval(&t, u + h) - eval(&t, u - h)) / (2.0 * h);
        let ours = t.derivative(u as f32).as_dvec2();
        prop_assert!((ours - fd).length() < 1e-3 * (1.0 + fd.length()), "{ours} vs {fd}");
    }

    #[test]
    fn aabb_is_tight_against_kurbo_and_samples(t in terrain()) {
        let ours = t.aabb();
        let k = to_kurbo(&t).bounding_box();
        let close = |a: f32, b: f64| ((a as f64) - b).abs() < 1e-3;
        prop_assert!(close(ours.min.x, k.x0) && close(ours.min.y, k.y0), "{ours:?} vs {k:?}");
        prop_assert!(close(ours.max.x, k.x1) && close(ours.max.y, k.y1), "{ours:?} vs {k:?}");
        let (mut lo, mut hi) = (DVec2::splat(f64::MAX), DVec2::splat(f64::MIN));
        for (_, p) in samples(&t) {
            lo = lo.min(p);
            hi = hi.max(p);
        }
        prop_assert!(ours.min.as_dvec2().cmple(lo + 1e-3).all());
        prop_assert!(ours.max.as_dvec2().cmpge(hi - 1e-3).all());
        // Tight: the sampled extremes are within 0.01 px of the box.
        prop_assert!((ours.min.as_dvec2() - lo).abs().max_element() < 1e-2);
        prop_assert!((ours.max.as_dvec2() - hi).abs().max_element() < 1e-2);
    }

    #[test]
    fn monotonic_ranges_cover_and_are_monotonic(t in terrain()) {
        let ranges = t.monotonic_ranges();
        prop_assert_eq!(ranges[0].0, 0.0);
        prop_assert_eq!(ranges[ranges.len() - 1].1, 1.0);
        for w in ranges.windows(2) {
            prop_assert_eq!(w[0].1, w[1].0);
        }
        for (a, b) in ranges {
            prop_assert!(a < b);
            let n = 200;
            let pts: Vec<DVec2> = (0..=n)
                .map(|i| eval(&t, a as f64 + (b - a) as f64 * i as f64 / n as f64))
                .collect();
            for axis in 0..2 {
                let d: Vec<f64> = pts.windows(2).map(|w| (w[1] - w[0])[axis]).collect();
                let up = d.iter().all(|&x| x >= -1e-3);
                let down = d.iter().all(|&x| x <= 1e-3);
                prop_assert!(up || down, "axis {axis} not monotonic on [{a}, {b}]");
            }
        }
    }

    #[test]
    fn subcurve_reproduces_the_piece(t in terrain(), a in 0.0f32..1.0, b in 0.0f32..1.0) {
        let (a, b) = (a.min(b), a.max(b));
        prop_assume!(b - a > 1e-3);
        let sub = t.subcurve(a, b);
        for i in 0..=10 {
            let s = i as f32 / 10.0;
            let want = eval(&t, a as f64 + (b - a) as f64 * s as f64);
            prop_assert!((sub.point(s).as_dvec2() - want).length() < 1e-2);
        }
    }

    #[test]
    fn degenerate_pieces_evaluate_finitely(t in degenerate_terrain(), u in 0.0f32..=1.0) {
        prop_assert!(t.point(u).is_finite());
        prop_assert!(t.derivative(u).is_finite());
        let b = t.aabb();
        prop_assert!(b.min.is_finite() && b.max.is_finite());
        prop_assert!(!t.monotonic_ranges().is_empty());
        prop_assert!(t.split_monotonic().iter().all(|p| p.point(0.5).is_finite()));
    }
}

#[test]
fn aabb_of_symmetric_quad_is_exact() {
    use tangent_collision::prelude::{QuadBezier, Terrain};
    // Apex at t = 1/2: y = 50, well inside the control hull (which reaches 100).
    let q = Terrain::Quad(QuadBezier::new(
        Vec2::ZERO,
        Vec2::new(50.0, 100.0),
        Vec2::new(100.0, 0.0),
    ));
    let b = q.aabb();
    assert_eq!(b.min, Vec2::ZERO);
    assert_eq!(b.max, Vec2::new(100.0, 50.0));
}
