//! Nothing tunnels: random circles and rects (2–64 px across) at up to
//! 20 000 px/s under gravity 0–6 000 px/s² in a closed room of tiles and
//! curves, placed at the origin or at the farthest corners the validator
//! accepts (±16 384 px), for thousands of steps each. After every step the
//! body must be in free space (no tile overlap, no curve touched by the
//! shape shrunk by 0.01 px, not inside a curve island), finite, and its
//! energy must not have grown (e ≤ 1).

mod common;

use common::levels::{ROOM_SIZE, Room, room_at};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::atomic::{AtomicUsize, Ordering};
use tangent_collision::dynamics::step_body;
use tangent_collision::prelude::{ActorShape, Body};

const BODIES: u32 = 96;
const STEPS: usize = 2_000;
const DT: f32 = 1.0 / 60.0;

fn shape() -> impl Strategy<Value = ActorShape> {
    prop_oneof![
        (1.0f32..32.0).prop_map(|radius| ActorShape::Circle { radius }),
        (1.0f32..32.0, 1.0f32..32.0).prop_map(|(x, y)| ActorShape::Rect {
            half_extents: Vec2::new(x, y)
        }),
    ]
}

/// Kinetic plus potential energy per unit mass, the height measured from
/// the room's corner (so `f32` keeps its precision far out).
fn energy(b: &Body, gravity: Vec2, origin: Vec2) -> f32 {
    0.5 * b.velocity.length_squared() - gravity.dot(b.position - origin)
}

fn run_body(
    room: &Room,
    mut body: Body,
    gravity: Vec2,
    ran: &AtomicUsize,
) -> Result<(), TestCaseError> {
    prop_assume!(room.penetration(&body.shape, body.position) == 0.0);
    let energy = |b: &Body| energy(b, gravity, room.origin);
    let e0 = energy(&body);
    for step in 0..STEPS {
        let before = body;
        let report = step_body(&room.set, &mut body, gravity, DT);
        prop_assert!(report.error.is_none(), "{:?}", report.error);
        prop_assert!(body.position.is_finite() && body.velocity.is_finite());
        let depth = room.penetration(&body.shape, body.position);
        prop_assert!(
            depth == 0.0,
            "step {step}: {:?} went {depth} px into solid: {before:?} -> {body:?}",
            body.shape
        );
        let e = energy(&body);
        prop_assert!(
            e <= e0 * 1.001 + 100.0,
            "step {step}: energy grew from {e0} to {e}"
        );
    }
    ran.fetch_add(1, Ordering::Relaxed);
    Ok(())
}

#[test]
fn no_tunneling_in_192k_body_steps_at_up_to_20000_px_per_s_anywhere() {
    // At the origin, and with the far corner of the room at each corner of
    // the range the validator accepts.
    let far = 16_384.0 - 1.0;
    let rooms = [
        room_at(1.0, Vec2::ZERO),
        room_at(1.0, Vec2::splat(far) - ROOM_SIZE),
        // (the bowl's control point lies 100 px under the room)
        room_at(1.0, Vec2::new(-far, -far + 100.0)),
        room_at(1.0, Vec2::new(far - ROOM_SIZE.x, -far + 100.0)),
    ];
    let strategy = (
        shape(),
        (60.0f32..1080.0, 60.0f32..700.0),
        (0.0f32..20_000.0, 0.0f32..std::f32::consts::TAU),
        0.0f32..=1.0,
        (0usize..4, 0.0f32..6000.0),
    );
    let mut runner = TestRunner::new(Config {
        cases: BODIES,
        failure_persistence: None,
        ..Config::default()
    });
    // Bodies run to the end, per room (proptest draws again for a body
    // placed in solid).
    let ran: [AtomicUsize; 4] = Default::default();
    let result = runner.run(&strategy, |(shape, (x, y), (speed, angle), e, (k, g))| {
        let room = &rooms[k];
        let at = room.origin + Vec2::new(x, y);
        let body = Body::new(shape, at, Vec2::from_angle(angle) * speed, e);
        run_body(room, body, Vec2::new(0.0, -g), &ran[k])
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let ran = ran.map(|n| n.into_inner());
    let total: usize = ran.iter().sum();
    println!(
        "tunneling: {total} bodies ({ran:?} per room: origin, far +/+, far -/-, far +/-), \
         {} body-steps: 0 tunneled",
        total * STEPS
    );
    assert!(total >= BODIES as usize, "only {total} bodies ran");
    assert!(
        ran.iter().all(|&n| n >= 10),
        "a room had too few bodies: {ran:?}"
    );
}

/// The oracle above can fail: it sees a body in a solid tile, across an
/// island's curve (by kurbo's nearest point, or a rect's sides crossing
/// it), and inside an island (kurbo's ray crossings), and a body in the
/// open as free.
#[test]
fn the_solid_oracle_sees_bodies_in_solid() {
    let room = room_at(1.0, Vec2::new(-3000.0, 2000.0));
    let ball = ActorShape::Circle { radius: 4.0 };
    let crate_ = ActorShape::Rect {
        half_extents: Vec2::splat(4.0),
    };
    let tile = common::levels::TILE;
    // The room's border tiles are solid.
    let in_wall = room.origin + Vec2::splat(tile / 2.0);
    assert!(room.penetration(&ball, in_wall) > 1.0);
    assert!(room.penetration(&crate_, in_wall) > 1.0);
    // Centred on a point of an island's boundary: across the curve.
    let piece = room.islands[0][0];
    let on_curve = piece.point(0.5);
    assert!(room.penetration(&ball, on_curve) > 0.0);
    assert!(room.penetration(&crate_, on_curve) > 0.0);
    // Inside the island, well off its boundary: the island's middle.
    let samples: Vec<Vec2> = room.islands[0]
        .iter()
        .flat_map(|t| (0..20).map(move |k| t.point(k as f32 / 20.0)))
        .collect();
    let middle = samples.iter().copied().sum::<Vec2>() / samples.len() as f32;
    let tiny = ActorShape::Circle { radius: 0.5 };
    assert!(room.penetration(&tiny, middle) >= 1.0, "{middle}");
    // Over a grid of points across the room, both answers occur.
    let free = (0..100)
        .filter(|k| {
            let at = room.origin
                + ROOM_SIZE * Vec2::new((k % 10) as f32 + 0.5, (k / 10) as f32 + 0.5) / 10.0;
            room.penetration(&tiny, at) == 0.0
        })
        .count();
    println!("{free} of 100 points across the room free");
    assert!(free > 30 && free < 100, "{free} of 100 free");
}

/// The island test counts ray crossings, which a ray grazing the boundary
/// or passing through a joint miscounts. At the far corners a body's `f32`
/// position often lands on the room's whole coordinates exactly: one ray
/// to the right from a ball level with the lens's lowest point (the state
/// below, drawn by seed 1027, 1 run in about 22 with fresh seeds) read it
/// as inside the lens, and "went 1 px into solid" was the oracle's. Level
/// with every tangency and joint of both islands, points beside an island
/// are outside and points within it inside.
#[test]
fn the_island_test_is_not_fooled_by_a_grazing_ray() {
    let far = 16_384.0 - 1.0;
    let room = room_at(1.0, Vec2::new(-far, -far + 100.0));
    let ball = ActorShape::Circle { radius: 11.889436 };
    let mut body = Body::new(
        ball,
        Vec2::new(-15952.57, -15932.909),
        Vec2::new(-48.26189, -4.5919633),
        0.9240976,
    );
    step_body(&room.set, &mut body, Vec2::new(0.0, -100.012215), DT);
    // The state the bug needed, from the room's geometry: the ball level
    // with the lens's lowest point (its lower arch's vertex, B(1/2)) and
    // beside the lens (left of its leftmost point, x = 500), so a ray to
    // the right from its centre grazes that point.
    let at = body.position - room.origin;
    let lowest = room
        .islands
        .iter()
        .flatten()
        .map(|t| t.point(0.5) - room.origin)
        .filter(|p| p.x > 500.0 && p.x < 700.0)
        .min_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap();
    assert_eq!(lowest, Vec2::new(600.0, 350.0), "the lens moved");
    assert_eq!(
        at.y, lowest.y,
        "the ball is not level with the lens's lowest point"
    );
    assert!(
        at.x + 11.889436 < 500.0,
        "the ball is not beside the lens: {at}"
    );
    assert_eq!(room.penetration(&ball, body.position), 0.0);
    let tiny = ActorShape::Circle { radius: 0.5 };
    let depth = |x: f32, y: f32| room.penetration(&tiny, room.origin + Vec2::new(x, y));
    // Level with the lens's lowest point (350), joints (400) and highest
    // point (460), and the dome's base (500, along a segment) and top (605).
    for (y, beside, within) in [
        (350.0, [400.0, 800.0], None),
        (400.0, [400.0, 800.0], Some(600.0)),
        (460.0, [400.0, 800.0], None),
        (500.0, [100.0, 450.0], None),
        (605.0, [100.0, 450.0], None),
        (550.0, [100.0, 450.0], Some(250.0)),
    ] {
        for x in beside {
            assert_eq!(depth(x, y), 0.0, "({x}, {y}) is beside an island");
        }
        if let Some(x) = within {
            assert!(depth(x, y) >= 1.0, "({x}, {y}) is within an island");
        }
    }
}
