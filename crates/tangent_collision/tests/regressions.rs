//! Named regression tests, one per numerical trap listed in DESIGN.md, each
//! with a closed-form answer.

use glam::Vec2;
use tangent_collision::prelude::{
    ActorShape, CubicBezier, QuadBezier, Segment, Terrain, bounce_normal, reflect,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// `y = 200t - 200t²`, `x = 100t`: apex (50, 50) at t = 1/2.
fn hill() -> Terrain {
    Terrain::Quad(QuadBezier::new(v(0.0, 0.0), v(50.0, 100.0), v(100.0, 0.0)))
}

fn seg(a: Vec2, b: Vec2) -> Segment {
    Segment::new(a, b)
}

fn close(a: &[f32], b: &[f32], tol: f32) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tol)
}

#[test]
fn vertical_segment_vs_quad_uses_projection_not_x() {
    // x(t) = 100t = 25 at t = 1/4, where y = 37.5.
    let through = hill().segment_hits(&seg(v(25.0, -10.0), v(25.0, 100.0)));
    assert!(close(&through, &[0.25], 1e-6), "{through:?}");
    // Same x, but the segment starts above the curve: no hit.
    assert!(
        hill()
            .segment_hits(&seg(v(25.0, 40.0), v(25.0, 100.0)))
            .is_empty()
    );
    // Reversed direction gives the same parameter.
    let rev = hill().segment_hits(&seg(v(25.0, 100.0), v(25.0, -10.0)));
    assert!(close(&rev, &[0.25], 1e-6));
}

#[test]
fn horizontal_segment_vs_cubic() {
    // Symmetric S-free arch: y(t) = 300 t (1-t) · ... crosses y = 30 twice, symmetric about 1/2.
    let c = Terrain::Cubic(CubicBezier::new(
        v(0.0, 0.0),
        v(0.0, 80.0),
        v(100.0, 80.0),
        v(100.0, 0.0),
    ));
    let hits = c.segment_hits(&seg(v(-10.0, 30.0), v(110.0, 30.0)));
    assert_eq!(hits.len(), 2, "{hits:?}");
    assert!(
        (hits[0] + hits[1] - 1.0).abs() < 1e-6,
        "not symmetric: {hits:?}"
    );
    for h in hits {
        assert!((c.point(h).y - 30.0).abs() < 1e-4);
    }
}

#[test]
fn straight_quad_with_collinear_control_points() {
    let q = Terrain::Quad(QuadBezier::new(v(0.0, 0.0), v(50.0, 50.0), v(100.0, 100.0)));
    let hits = q.segment_hits(&seg(v(0.0, 100.0), v(100.0, 0.0)));
    assert!(close(&hits, &[0.5], 1e-6), "{hits:?}");
    // A straight quad that overshoots and comes back: x(t) = 400t - 300t²,
    // reaching 133.3 at t = 2/3, crosses x = 120 twice.
    let back = Terrain::Quad(QuadBezier::new(v(0.0, 0.0), v(200.0, 0.0), v(100.0, 0.0)));
    let hits = back.segment_hits(&seg(v(120.0, -5.0), v(120.0, 5.0)));
    assert_eq!(hits.len(), 2, "{hits:?}");
    for h in hits {
        assert!((back.point(h).x - 120.0).abs() < 1e-3);
    }
    // The aabb sees the overshoot the control hull would also see, tightly.
    assert!((back.aabb().max.x - 400.0 / 3.0).abs() < 1e-3);
}

#[test]
fn segment_lying_along_a_straight_quad_gives_overlap_ends() {
    let q = Terrain::Quad(QuadBezier::new(v(0.0, 0.0), v(50.0, 0.0), v(100.0, 0.0)));
    let hits = q.segment_hits(&seg(v(25.0, 0.0), v(200.0, 0.0)));
    assert!(close(&hits, &[0.25, 1.0], 1e-6), "{hits:?}");
}

#[test]
fn cubic_that_is_really_a_quad_gives_the_quads_hits() {
    // Degree elevation of the hill: P1 = P0 + 2/3 (Q1 - P0), P2 = Q2 + 2/3 (Q1 - Q2).
    // The cubic coefficient is zero up to f32 rounding of 2/3 · 100.
    let elevated = Terrain::Cubic(CubicBezier::new(
        v(0.0, 0.0),
        v(100.0 / 3.0, 200.0 / 3.0),
        v(200.0 / 3.0, 200.0 / 3.0),
        v(100.0, 0.0),
    ));
    for s in [
        seg(v(25.0, -10.0), v(25.0, 100.0)),
        seg(v(-10.0, 20.0), v(110.0, 20.0)),
        seg(v(0.0, 50.0), v(100.0, 0.0)),
    ] {
        let (a, b) = (hill().segment_hits(&s), elevated.segment_hits(&s));
        assert!(close(&a, &b, 1e-5), "{s:?}: quad {a:?} vs cubic {b:?}");
    }
}

#[test]
fn tangent_line_touches_once() {
    let hits = hill().segment_hits(&seg(v(0.0, 50.0), v(100.0, 50.0)));
    assert!(close(&hits, &[0.5], 1e-6), "{hits:?}");
    // A hair above: no touch.
    assert!(
        hill()
            .segment_hits(&seg(v(0.0, 50.001), v(100.0, 50.001)))
            .is_empty()
    );
}

#[test]
fn tangent_circle_touches_once() {
    // The hill's radius of curvature at its apex is 25; a circle of radius 10
    // resting on the apex touches at t = 1/2 only.
    let hits = hill().actor_hits(&ActorShape::Circle { radius: 10.0 }, v(50.0, 60.0));
    assert!(close(&hits, &[0.5], 1e-6), "{hits:?}");
    let n = bounce_normal(&hill(), &hits, v(50.0, 60.0)).unwrap();
    assert!((n - Vec2::Y).length() < 1e-6, "{n}");
}

#[test]
fn line_circle_intersections_zero_one_two() {
    let s = seg(v(-20.0, 0.0), v(20.0, 0.0));
    assert_eq!(s.circle_intersections(v(0.0, 5.0), 5.0), vec![v(0.0, 0.0)]);
    assert_eq!(
        s.circle_intersections(v(0.0, 3.0), 5.0),
        vec![v(-4.0, 0.0), v(4.0, 0.0)]
    );
    assert!(s.circle_intersections(v(0.0, 5.5), 5.0).is_empty());
    // The segment ends before the circle; the line does not.
    let short = seg(v(-20.0, 0.0), v(-10.0, 0.0));
    assert!(short.circle_intersections(v(0.0, 3.0), 5.0).is_empty());
    assert_eq!(short.line_circle_intersections(v(0.0, 3.0), 5.0).len(), 2);
}

#[test]
fn coincident_control_points_give_a_normal_not_nan() {
    // P0 = P1: B'(0) = 0. The tangent's limit at t = 0 is along P2 - P0 = +x.
    let c = Terrain::Cubic(CubicBezier::new(
        v(0.0, 0.0),
        v(0.0, 0.0),
        v(50.0, 0.0),
        v(100.0, 40.0),
    ));
    assert_eq!(c.derivative(0.0), Vec2::ZERO);
    let n = bounce_normal(&c, &[0.0], v(0.0, 10.0)).unwrap();
    assert!((n - Vec2::Y).length() < 1e-6, "{n}");
    // All control points equal: a point. The normal points from it to the actor.
    let dot = Terrain::Quad(QuadBezier::new(v(5.0, 5.0), v(5.0, 5.0), v(5.0, 5.0)));
    let hits = dot.actor_hits(&ActorShape::Circle { radius: 3.0 }, v(7.0, 5.0));
    assert_eq!(hits, vec![0.0, 1.0]);
    let n = bounce_normal(&dot, &hits, v(7.0, 5.0)).unwrap();
    assert!((n - Vec2::X).length() < 1e-6, "{n}");
    // Actor exactly on the point: straight up, by convention.
    assert_eq!(bounce_normal(&dot, &hits, v(5.0, 5.0)), Some(Vec2::Y));
    assert_eq!(dot.aabb().min, v(5.0, 5.0));
    assert_eq!(dot.aabb().max, v(5.0, 5.0));
}

#[test]
fn zero_length_segments() {
    // As the query: a point on the curve hits once, off the curve never.
    let on = hill().segment_hits(&seg(v(50.0, 50.0), v(50.0, 50.0)));
    assert!(close(&on, &[0.5], 1e-6), "{on:?}");
    assert!(
        hill()
            .segment_hits(&seg(v(50.0, 51.0), v(50.0, 51.0)))
            .is_empty()
    );
    // As the terrain: inside a circle it is wholly inside; its normal is defined.
    let p = Terrain::Segment(seg(v(1.0, 1.0), v(1.0, 1.0)));
    let hits = p.actor_hits(&ActorShape::Circle { radius: 2.0 }, v(0.0, 0.0));
    assert_eq!(hits, vec![0.0, 1.0]);
    assert!(bounce_normal(&p, &hits, v(0.0, 0.0)).unwrap().is_finite());
    assert_eq!(p.closest_t(v(9.0, 9.0)), 0.0);
    assert!(
        p.actor_hits(&ActorShape::Circle { radius: 1.0 }, v(5.0, 5.0))
            .is_empty()
    );
}

#[test]
fn curve_inside_rect_is_zero_and_one() {
    let rect = ActorShape::Rect {
        half_extents: v(100.0, 100.0),
    };
    assert_eq!(hill().actor_hits(&rect, v(50.0, 20.0)), vec![0.0, 1.0]);
}

#[test]
fn curve_through_rect_with_no_end_inside() {
    // A 10 x 10 box around the apex: the hill enters through the left side
    // (x = 45, t = 0.45) and leaves through the right (x = 55, t = 0.55),
    // both ends far outside.
    let rect = ActorShape::Rect {
        half_extents: v(5.0, 5.0),
    };
    let hits = hill().actor_hits(&rect, v(50.0, 48.0));
    assert!(close(&hits, &[0.45, 0.55], 1e-6), "{hits:?}");
    // The box's centre (50, 48) is below the apex (50, 50), so the normal
    // that faces the actor points down. A t error of 1e-6 tilts B'(t̄) by
    // up to 4e-6 rad here.
    let n = bounce_normal(&hill(), &hits, v(50.0, 48.0)).unwrap();
    assert!((n - Vec2::NEG_Y).length() < 1e-5, "{n}");
}

#[test]
fn rect_resting_on_a_floor_segment() {
    let floor = Terrain::Segment(seg(v(0.0, 0.0), v(100.0, 0.0)));
    let rect = ActorShape::Rect {
        half_extents: v(10.0, 10.0),
    };
    // Bottom side lies along the floor: the contact runs from x = 20 to x = 40.
    let hits = floor.actor_hits(&rect, v(30.0, 10.0));
    assert!(close(&hits, &[0.2, 0.4], 1e-6), "{hits:?}");
    let n = bounce_normal(&floor, &hits, v(30.0, 10.0)).unwrap();
    assert_eq!(n, Vec2::Y);
    assert_eq!(reflect(v(3.0, -4.0), n, 1.0), v(3.0, 4.0));
    assert_eq!(reflect(v(3.0, -4.0), n, 0.0), v(3.0, 0.0));
}

#[test]
fn coordinates_near_100_000_px() {
    let o = v(100_000.0, 100_000.0);
    let far = Terrain::Quad(QuadBezier::new(o, o + v(50.0, 100.0), o + v(100.0, 0.0)));
    let hits = far.segment_hits(&seg(o + v(25.0, -10.0), o + v(25.0, 100.0)));
    assert!(close(&hits, &[0.25], 1e-6), "{hits:?}");
    let touch = far.segment_hits(&seg(o + v(0.0, 50.0), o + v(100.0, 50.0)));
    assert!(close(&touch, &[0.5], 1e-6), "{touch:?}");
    let circ = far.actor_hits(&ActorShape::Circle { radius: 10.0 }, o + v(50.0, 60.0));
    assert!(close(&circ, &[0.5], 1e-6), "{circ:?}");
    assert!((far.closest_t(o + v(50.0, 70.0)) - 0.5).abs() < 1e-6);
    let b = far.aabb();
    assert_eq!(b.max, o + v(100.0, 50.0));
}

#[test]
fn hits_at_a_joint_are_found_once_per_piece() {
    // Two pieces meeting at (100, 0); a vertical segment through the joint.
    let left = hill();
    let right = Terrain::Quad(QuadBezier::new(
        v(100.0, 0.0),
        v(150.0, -100.0),
        v(200.0, 0.0),
    ));
    let s = seg(v(100.0, -20.0), v(100.0, 20.0));
    assert_eq!(left.segment_hits(&s), vec![1.0]);
    assert_eq!(right.segment_hits(&s), vec![0.0]);
}
