//! Nothing tunnels: random circles and rects (2–40 px) at up to 20 000 px/s in
//! a closed room of tiles and curves, for thousands of steps each. After every
//! step the body must be in free space (no tile overlap, no curve touched by
//! the shape shrunk by 0.01 px, not inside a curve island), finite, and its
//! energy must not have grown (e ≤ 1).

mod common;

use common::levels::{Room, room};
use glam::Vec2;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use tangent_collision::prelude::{ActorShape, Body, step_body};

const BODIES: u32 = 64;
const STEPS: usize = 2_000;
const DT: f32 = 1.0 / 60.0;
const GRAVITY: Vec2 = Vec2::new(0.0, -900.0);

fn shape() -> impl Strategy<Value = ActorShape> {
    prop_oneof![
        (2.0f32..40.0).prop_map(|radius| ActorShape::Circle { radius }),
        (2.0f32..40.0, 2.0f32..40.0).prop_map(|(x, y)| ActorShape::Rect {
            half_extents: Vec2::new(x, y)
        }),
    ]
}

/// Kinetic plus potential energy per unit mass.
fn energy(b: &Body) -> f32 {
    0.5 * b.velocity.length_squared() - GRAVITY.dot(b.position)
}

fn run_body(room: &Room, mut body: Body) -> Result<(), TestCaseError> {
    prop_assume!(room.penetration(&body.shape, body.position) == 0.0);
    let e0 = energy(&body);
    for step in 0..STEPS {
        let before = body;
        let report = step_body(&room.set, &mut body, GRAVITY, DT);
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
    Ok(())
}

#[test]
fn no_tunneling_in_128k_body_steps_at_up_to_20000_px_per_s() {
    let room = room(1.0);
    let strategy = (
        shape(),
        (60.0f32..1080.0, 60.0f32..700.0),
        (0.0f32..20_000.0, 0.0f32..std::f32::consts::TAU),
        0.0f32..=1.0,
    );
    let mut runner = TestRunner::new(Config {
        cases: BODIES,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&strategy, |(shape, (x, y), (speed, angle), e)| {
        let body = Body::new(shape, Vec2::new(x, y), Vec2::from_angle(angle) * speed, e);
        run_body(&room, body)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    println!("tried {} body-steps: 0 tunneled", BODIES as usize * STEPS);
}
