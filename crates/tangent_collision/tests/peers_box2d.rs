//! Box2D v3's own ray-cast tests, run through Tangent's `ray_cast` with
//! their expected values and tolerances (`FLT_EPSILON`) as they are.
//! Sources, at erincatto/box2d commit 617d32ab:
//!
//! - `test/test_collision.c`, `AABBRayCastTest`: Box2D casts at a solid box;
//!   Tangent's terrain has no solids, so the box is its four edges as solid
//!   segments (how a level's tiles become terrain).
//! - `test/test_shape.c`, `RayCastShapeTest`: the segment case, and the box
//!   case (a `b2MakeBox(1, 1)` polygon, here as its four edges).
//! - `test/test_distance.c`, `ShapeCastTest` and `TimeOfImpactTest`: a box
//!   and a segment closing on each other, as Tangent's rect actor swept at
//!   a terrain segment (the same relative motion).
//!
//! Not mapped, and why: `AABBRayCastTest` 7 (a ray starting inside the box:
//! Box2D reports no hit from inside a solid; Tangent's box is its edges and
//! a ray from inside meets the far one); 8 (a ray into a corner: Box2D takes
//! either face's normal; at a real corner Tangent's contact normal is the
//! corner's own, between the faces, by the ghost-vertex rule) and 10 (a ray
//! along a face: Box2D's slab test hits the box's side face; Tangent's ray
//! lies along the top edge, which it meets over its whole length); the
//! circle case of `RayCastShapeTest` (a circle is an actor shape in Tangent,
//! not terrain); `test_distance.c`'s `SegmentDistanceTest`,
//! `ShapeDistanceTest` and the two short-edge tests (Tangent has no
//! segment–segment or shape–shape distance query: its distance is a
//! point's to a piece).

use tangent_collision::prelude::*;
use tangent_collision::query::Toi;

const FLT_EPSILON: f32 = f32::EPSILON;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A box from `lo` to `hi` as its four edges, counter-clockwise.
fn boxed(lo: Vec2, hi: Vec2) -> TerrainSet {
    let corners = [lo, v(hi.x, lo.y), hi, v(lo.x, hi.y)];
    let edges = (0..4)
        .map(|k| TerrainPiece::solid(Segment::new(corners[k], corners[(k + 1) % 4])))
        .collect();
    TerrainSet::new(edges).unwrap()
}

/// Box2D's `b2AABB_RayCast(aabb, p1, p2)`: the hit of the ray from `p1` to `p2`.
fn cast(set: &TerrainSet, p1: Vec2, p2: Vec2) -> Option<Toi> {
    set.ray_cast(p1, p2 - p1).map(|(_, toi)| toi)
}

fn ensure_small(x: f32, what: &str) {
    assert!(x.abs() < FLT_EPSILON, "{what}: {x}");
}

#[test]
fn box2d_aabb_ray_cast_test() {
    let aabb = boxed(v(-1.0, -1.0), v(1.0, 1.0));
    // Tests 1-4: from each side, 1/3 of the way, normal out of that face.
    for (p1, p2, n, p) in [
        (v(-3.0, 0.0), v(3.0, 0.0), v(-1.0, 0.0), v(-1.0, 0.0)),
        (v(3.0, 0.0), v(-3.0, 0.0), v(1.0, 0.0), v(1.0, 0.0)),
        (v(0.0, -3.0), v(0.0, 3.0), v(0.0, -1.0), v(0.0, -1.0)),
        (v(0.0, 3.0), v(0.0, -3.0), v(0.0, 1.0), v(0.0, 1.0)),
    ] {
        let out = cast(&aabb, p1, p2).expect("hit");
        ensure_small(out.fraction - 1.0 / 3.0, "fraction");
        ensure_small(out.normal.x - n.x, "normal.x");
        ensure_small(out.normal.y - n.y, "normal.y");
        ensure_small(out.point.x - p.x, "point.x");
        ensure_small(out.point.y - p.y, "point.y");
    }
    // Tests 5, 6, 9: parallel to the box, outside it.
    assert!(cast(&aabb, v(-3.0, 2.0), v(3.0, 2.0)).is_none());
    assert!(cast(&aabb, v(2.0, -3.0), v(2.0, 3.0)).is_none());
    assert!(cast(&aabb, v(-2.0, 1.5), v(2.0, 1.5)).is_none());
    // Test 11: a short ray that does not reach it.
    assert!(cast(&aabb, v(-3.0, 0.0), v(-2.5, 0.0)).is_none());
    // Test 12: a zero-length ray (inside the box, touching nothing).
    assert!(cast(&aabb, v(0.0, 0.0), v(0.0, 0.0)).is_none());
    // Test 13: the ray ends exactly on the face (fraction 1).
    let out = cast(&aabb, v(-2.0, 0.0), v(-1.0, 0.0)).expect("hit at t = 1");
    ensure_small(out.fraction - 1.0, "fraction");
    ensure_small(out.normal.x + 1.0, "normal.x");
    ensure_small(out.normal.y, "normal.y");
    // Test 14: a box away from the origin.
    let offset = boxed(v(2.0, 3.0), v(4.0, 5.0));
    let out = cast(&offset, v(0.0, 4.0), v(6.0, 4.0)).expect("hit");
    ensure_small(out.fraction - 1.0 / 3.0, "fraction");
    ensure_small(out.normal.x + 1.0, "normal.x");
    ensure_small(out.normal.y, "normal.y");
    ensure_small(out.point.x - 2.0, "point.x");
    ensure_small(out.point.y - 4.0, "point.y");
}

#[test]
fn box2d_ray_cast_shape_test() {
    // b2RayCastInput input = { { -4, 0 }, { 8, 0 }, 1 }: origin, translation.
    let (origin, translation) = (v(-4.0, 0.0), v(8.0, 0.0));
    // The polygon b2MakeBox(1, 1): 3/8 of the way, normal -x.
    let bx = boxed(v(-1.0, -1.0), v(1.0, 1.0));
    let (_, out) = bx.ray_cast(origin, translation).expect("box hit");
    ensure_small(out.normal.x + 1.0, "box normal.x");
    ensure_small(out.normal.y, "box normal.y");
    ensure_small(out.fraction - 3.0 / 8.0, "box fraction");
    // The segment { (0, 1), (0, -1) }: half way, normal -x.
    let segment = Terrain::Segment(Segment::new(v(0.0, 1.0), v(0.0, -1.0)));
    let out = segment.ray_cast(origin, translation).expect("segment hit");
    ensure_small(out.normal.x + 1.0, "segment normal.x");
    ensure_small(out.normal.y, "segment normal.y");
    ensure_small(out.fraction - 0.5, "segment fraction");
}

/// `ShapeCastTest` and `TimeOfImpactTest`: the box [-1, 1]² and the segment
/// (2, -1)–(2, 1) moving by (-2, 0) meet half way (Box2D allows 0.005).
#[test]
fn box2d_shape_cast_and_time_of_impact_tests() {
    let segment = Terrain::Segment(Segment::new(v(2.0, -1.0), v(2.0, 1.0)));
    let bx = ActorShape::Rect {
        half_extents: v(1.0, 1.0),
    };
    // The segment moving by (-2, 0) toward the box is the box moving by
    // (2, 0) toward the segment.
    let out = segment
        .sweep(&bx, Vec2::ZERO, v(2.0, 0.0), 0.0)
        .expect("hit");
    assert!((out.fraction - 0.5).abs() < 0.005, "{}", out.fraction);
}
