//! parry2d's own ray-cast tests, run through Tangent's `ray_cast` with
//! their expected values as they are. Source: dimforge/parry commit
//! 3a41ac2, `crates/parry2d/tests/geometry/ray_cast.rs`.
//!
//! parry's rays are infinite (`max_time_of_impact = f32::MAX`) along a unit
//! direction, and report a time of impact in units of that direction;
//! Tangent's rays are a finite motion, so each ray here reaches `REACH` px
//! and its time of impact is `fraction · REACH`. parry's solid shapes
//! (triangle, convex polygon) are their edges as terrain pieces.
//!
//! Not mapped, and why: `raycast_starting_inside_of_triangle` (parry's
//! solid triangle stops a ray from inside at once; Tangent's triangle is its
//! edges, and a ray from inside meets the far one); and
//! `ball_ball_toi.rs` (a body against a body is a step of `step_bodies`,
//! which keeps a skin between them, not a query with an exact time).

use tangent_collision::prelude::*;

/// How far each ray reaches, px: far past every shape here.
const REACH: f32 = 1000.0;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// parry's `cast_ray(…, f32::MAX, true)` on a segment: the time of impact.
fn cast(seg: Segment, origin: Vec2, dir: Vec2) -> Option<f32> {
    Terrain::Segment(seg)
        .ray_cast(origin, dir * REACH)
        .map(|hit| hit.fraction * REACH)
}

/// The same against a closed polygon given by its vertices, as its edges.
fn cast_polygon(vertices: &[Vec2], origin: Vec2, dir: Vec2) -> Option<f32> {
    let edges = (0..vertices.len())
        .map(|k| {
            TerrainPiece::solid(Segment::new(
                vertices[k],
                vertices[(k + 1) % vertices.len()],
            ))
        })
        .collect();
    let set = TerrainSet::new(edges).unwrap();
    set.ray_cast(origin, dir * REACH)
        .map(|(_, hit)| hit.fraction * REACH)
}

#[test]
fn issue_178_parallel_raycast() {
    let seg = Segment::new(v(2.0, 1.0), v(2.0, 0.0));
    assert!(cast(seg, v(0.0, 0.0), v(0.0, 1.0)).is_none());
}

#[test]
fn parallel_raycast() {
    let seg = Segment::new(v(2.0, 1.0), v(2.0, -1.0));
    assert!(cast(seg, v(0.0, 0.0), v(0.0, 1.0)).is_none());
}

#[test]
fn collinear_raycast_starting_on_segment() {
    let seg = Segment::new(v(0.0, 1.0), v(0.0, -1.0));
    assert_eq!(cast(seg, v(0.0, 0.0), v(0.0, 1.0)), Some(0.0));
}

#[test]
fn collinear_raycast_starting_below_segment() {
    let seg = Segment::new(v(0.0, 1.0), v(0.0, -1.0));
    assert_eq!(cast(seg, v(0.0, -2.0), v(0.0, 1.0)), Some(1.0));
}

#[test]
fn collinear_raycast_starting_above_segment() {
    let seg = Segment::new(v(0.0, 1.0), v(0.0, -1.0));
    assert_eq!(cast(seg, v(0.0, 2.0), v(0.0, 1.0)), None);
}

#[test]
fn perpendicular_raycast_starting_behind_segment() {
    let seg = Segment::new(v(0.0, -10.0), v(0.0, 10.0));
    assert!(cast(seg, v(-1.0, 0.0), v(1.0, 0.0)).is_some());
}

#[test]
fn perpendicular_raycast_starting_in_front_of_segment() {
    let seg = Segment::new(v(0.0, -10.0), v(0.0, 10.0));
    assert!(cast(seg, v(1.0, 0.0), v(1.0, 0.0)).is_none());
}

#[test]
fn perpendicular_raycast_starting_on_segment() {
    let seg = Segment::new(v(0.0, -10.0), v(0.0, 10.0));
    assert_eq!(cast(seg, v(0.0, 3.0), v(1.0, 0.0)), Some(0.0));
}

#[test]
fn perpendicular_raycast_starting_above_segment() {
    let seg = Segment::new(v(0.0, -10.0), v(0.0, 10.0));
    assert!(cast(seg, v(0.0, 11.0), v(1.0, 0.0)).is_none());
}

#[test]
fn perpendicular_raycast_starting_below_segment() {
    let seg = Segment::new(v(0.0, -10.0), v(0.0, 10.0));
    assert!(cast(seg, v(0.0, -11.0), v(1.0, 0.0)).is_none());
}

const TRIANGLE: [Vec2; 3] = [
    Vec2::new(0.0, -10.0),
    Vec2::new(0.0, 10.0),
    Vec2::new(10.0, 0.0),
];

#[test]
fn raycast_starting_outside_of_triangle() {
    let toi = cast_polygon(&TRIANGLE, v(-10.0, 0.0), v(1.0, 0.0)).expect("No intersection");
    assert_ne!(toi, 0.0);
}

#[test]
fn raycast_starting_on_edge_of_triangle() {
    let toi = cast_polygon(&TRIANGLE, v(0.0, 0.0), v(1.0, 0.0)).expect("No intersection");
    assert_eq!(toi, 0.0);
}

/// parry's `convexpoly_raycast_fuzz`: 10 000 rays from (3, 1 + i · 1e-4)
/// toward (0, 2) at the square [1, 2] × [1, 2] hit its front face, at a
/// distance in [1 - 1e-5, √2).
#[test]
fn convexpoly_raycast_fuzz() {
    let square = [v(2.0, 1.0), v(2.0, 2.0), v(1.0, 2.0), v(1.0, 1.0)];
    for i in 0..10_000 {
        let origin = v(3.0, 1.0 + i as f32 * 0.0001);
        let dir = (v(0.0, 2.0) - origin).normalize();
        let eps = 1.0e-5;
        match cast_polygon(&square, origin, dir) {
            Some(distance) if distance >= 1.0 - eps && distance < 2f32.sqrt() => (),
            Some(distance) if distance >= 2.0 => {
                panic!("Collided with back face instead of front face. Distance: {distance}")
            }
            Some(distance) => panic!("Invalid collision distance: {distance}"),
            None => panic!("Failed to collide with any face"),
        }
    }
}
