//! Property tests of `closest_t`, `bounce_normal` and `reflect`, against dense
//! sampling, kurbo's `nearest`, kurbo's derivatives and closed forms.
//!
//! Tolerances: our closest distance is never more than 1e-4 px above the best
//! of 4 000 samples, and within 1e-3 px of kurbo's `nearest` (accuracy 1e-9).
//! Normals are unit within 1e-5, perpendicular to `B'(t̄)` within 1e-4 (as a
//! cosine), and face the actor.

mod common;

use common::*;
use glam::Vec2;
use kurbo::{ParamCurveNearest, Point};
use proptest::prelude::*;
use tangent_collision::prelude::{ActorShape, bounce_normal, reflect};

proptest! {
    #![proptest_config(config())]

    #[test]
    fn closest_t_beats_sampling_and_matches_kurbo(t in terrain(), p in point()) {
        let pd = p.as_dvec2();
        let ours = (eval(&t, t.closest_t(p) as f64) - pd).length();
        let sampled = samples(&t)
            .iter()
            .map(|(_, q)| (*q - pd).length())
            .fold(f64::MAX, f64::min);
        prop_assert!(ours <= sampled + 1e-4, "ours {ours} vs sampled {sampled}");
        let k = to_kurbo(&t).nearest(Point::new(pd.x, pd.y), 1e-9);
        prop_assert!((ours - k.distance_sq.sqrt()).abs() < 1e-3, "ours {ours} vs kurbo {}", k.distance_sq.sqrt());
        prop_assert!((t.distance(p) as f64 - ours).abs() < 1e-3);
    }

    #[test]
    fn bounce_normal_is_unit_perpendicular_and_faces_actor(
        t in terrain(), u in 0.0f32..=1.0, a in 0.0f32..6.3, k in 0.0f32..0.95, r in 5.0f32..300.0,
    ) {
        // An actor whose centre is within its radius of the point B(u).
        let c = t.point(u) + Vec2::from_angle(a) * k * r;
        let hits = t.actor_hits(&ActorShape::Circle { radius: r }, c);
        prop_assert!(!hits.is_empty(), "circle overlapping B({u}) has no hits");
        let n = bounce_normal(&t, &hits, c).expect("hits give a normal");
        prop_assert!((n.length() - 1.0).abs() < 1e-5);
        // The oracle: kurbo's B and B' at the mean hit, in f64.
        let m = hits.iter().map(|&h| h as f64).sum::<f64>() / hits.len() as f64;
        let d = deriv(&t, m);
        let n64 = n.as_dvec2();
        // Near a cusp B' is tiny and its direction turns fast with t, so the
        // mean here and the one inside differ in direction by up to
        // |B''| δt / |B'|, with δt ≈ 1e-6 (a few f32 ulps of t).
        let h = 1e-3;
        let second = (eval(&t, (m + h).min(1.0)) - 2.0 * eval(&t, m) + eval(&t, (m - h).max(0.0))) / (h * h);
        if d.length() > 1e-3 {
            let tol = 1e-4 + 1e-6 * second.length() / d.length();
            prop_assert!((n64.dot(d) / d.length()).abs() < tol, "n {n} not perpendicular to kurbo's B' {d} (tol {tol})");
        }
        // Facing the actor: on the side of the tangent line at B(mean) where
        // the centre is.
        prop_assert!(n64.dot(c.as_dvec2() - eval(&t, m)) >= -1e-3, "n {n} faces away from the actor");
    }

    #[test]
    fn degenerate_pieces_never_give_nan(t in degenerate_terrain(), c in point(), r in 1.0f32..600.0) {
        for shape in [ActorShape::Circle { radius: r }, ActorShape::Rect { half_extents: Vec2::splat(r) }] {
            let hits = t.actor_hits(&shape, c);
            prop_assert!(hits.iter().all(|h| h.is_finite()));
            if let Some(n) = bounce_normal(&t, &hits, c) {
                prop_assert!(n.is_finite() && (n.length() - 1.0).abs() < 1e-5);
            }
        }
        prop_assert!(t.closest_t(c).is_finite());
        prop_assert!(t.distance(c).is_finite());
        for s in [tangent_collision::prelude::Segment::new(c, c + Vec2::new(r, 0.0)), tangent_collision::prelude::Segment::new(c, c)] {
            prop_assert!(t.segment_hits(&s).iter().all(|h| h.is_finite()));
        }
    }

    #[test]
    fn reflect_matches_closed_form(vx in -1e3f32..1e3, vy in -1e3f32..1e3, a in 0.0f32..6.3, e in 0.0f32..=1.0) {
        let (v, n) = (Vec2::new(vx, vy), Vec2::from_angle(a));
        let out = reflect(v, n, e);
        let (vn, vt) = (v.dot(n), v.perp_dot(n));
        prop_assert!((out.dot(n) + e * vn).abs() < 1e-2, "normal part not scaled by -e");
        prop_assert!((out.perp_dot(n) - vt).abs() < 1e-2, "tangential part changed");
        prop_assert!(out.length() <= v.length() + 1e-2, "energy grew");
    }
}

#[test]
fn segment_closest_point_is_the_clamped_foot() {
    use tangent_collision::prelude::Segment;
    let s = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0));
    assert_eq!(s.closest_point(Vec2::new(3.0, 4.0)), Vec2::new(3.0, 0.0));
    assert_eq!(s.closest_point(Vec2::new(-3.0, 4.0)), Vec2::ZERO);
    assert_eq!(s.distance(Vec2::new(13.0, 4.0)), 5.0);
    assert!(s.overlaps_circle(Vec2::new(5.0, 2.0), 2.0));
    assert!(!s.overlaps_circle(Vec2::new(5.0, 2.5), 2.0));
}
