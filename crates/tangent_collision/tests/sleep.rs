//! Sleeping bodies wake when something changes under them. Swept: columns
//! of 2–6 crates 6–32 px (friction 0.2–1, so a knocked one stops, gravity 300–6 000 px/s², anywhere
//! within ±8 000 px) fall asleep on a floor; then the bottom crate is
//! knocked out sideways (its velocity set, as game code would), or moved
//! away (its position set), or gravity turns sideways, or the floor drops
//! by a crate's height (new terrain, then `wake_all`). Every crate must
//! wake and fall: after five seconds none is left floating (each rests on
//! the floor or on a crate under it), none overlaps another by more than
//! the skin, and every one sleeps again. With gravity turned, every crate
//! must have moved.

mod common;

use common::bodies::deepest_overlap;
use common::rng::Rng;
use glam::Vec2;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{WorldScratch, step_bodies};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// What is done to the sleeping stack.
#[derive(Clone, Copy, Debug)]
enum Change {
    Knock,
    Move,
    Turn,
    Drop,
}

/// How far the crate's bottom is from resting on the floor at `floor_y` or
/// on another crate under it (0 when it rests on one).
fn unsupported(bodies: &[Body], k: usize, half: f32, floor_y: f32) -> f32 {
    let bottom = bodies[k].position.y - half;
    let on_floor = (bottom - floor_y).abs();
    bodies
        .iter()
        .enumerate()
        .filter(|&(j, b)| j != k && (b.position.x - bodies[k].position.x).abs() < 2.0 * half)
        .map(|(_, b)| (bottom - (b.position.y + half)).abs())
        .fold(on_floor, f32::min)
}

#[test]
fn sleeping_stacks_wake_when_their_base_goes() {
    let mut rng = Rng::new(0x5EE9_57AC);
    let (mut checked, mut worst_float, mut worst_overlap) = (0, 0.0f32, 0.0f32);
    for case in 0..120 {
        let change = [Change::Knock, Change::Move, Change::Turn, Change::Drop][case % 4];
        let n = 2 + rng.below(5);
        let half = rng.range(6.0, 32.0) as f32;
        let g = rng.log_range(300.0, 6000.0) as f32;
        let mu = rng.range(0.2, 1.0) as f32;
        let (x, y) = (
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let floor_at = |y: f32| {
            let floor = Segment::new(Vec2::new(x - 60.0 * half, y), Vec2::new(x + 60.0 * half, y));
            TerrainSet::new(vec![TerrainPiece::solid(floor)]).unwrap()
        };
        let mut set = floor_at(y);
        let mut floor_y = y;
        let mut bodies: Vec<Body> = (0..n)
            .map(|k| {
                let at = Vec2::new(x, y + half + SKIN + k as f32 * (2.0 * half + SKIN));
                let shape = ActorShape::Rect {
                    half_extents: Vec2::splat(half),
                };
                let mut b = Body::new(shape, at, Vec2::ZERO, 0.1);
                b.friction = mu;
                b
            })
            .collect();
        let mut scratch = WorldScratch::default();
        let mut gravity = Vec2::new(0.0, -g);
        for _ in 0..60 {
            step_bodies(&set, &mut bodies, &mut scratch, gravity, DT);
        }
        let what = || format!("case {case}: {change:?}, {n} crates of {half}, g {g}, μ {mu}");
        assert!(
            (0..n).all(|i| scratch.is_asleep(i)),
            "{}: not asleep",
            what()
        );
        let before = bodies.clone();
        let side = if rng.chance(0.5) { 1.0 } else { -1.0 };
        match change {
            Change::Knock => {
                // Fast enough to slide six sizes against friction.
                let speed = (2.0 * mu * g * 6.0 * half).sqrt() + 100.0;
                bodies[0].velocity = Vec2::new(side * speed, 0.0);
            }
            Change::Move => bodies[0].position.x += side * 10.0 * half,
            Change::Turn => gravity = Vec2::new(side * g, 0.0),
            Change::Drop => {
                floor_y = y - 2.0 * half;
                set = floor_at(floor_y);
                scratch.wake_all();
            }
        }
        let mut overlap = 0.0f32;
        for _ in 0..300 {
            step_bodies(&set, &mut bodies, &mut scratch, gravity, DT);
            overlap = overlap.max(deepest_overlap(&bodies));
        }
        assert!(overlap <= SKIN, "{}: overlap {overlap}", what());
        worst_overlap = worst_overlap.max(overlap);
        match change {
            Change::Turn => {
                for (k, (b, a)) in bodies.iter().zip(&before).enumerate() {
                    assert!(
                        (b.position.x - a.position.x).abs() > half,
                        "{}: crate {k} did not move: {b:?}",
                        what()
                    );
                }
            }
            _ => {
                for k in 0..n {
                    let float = unsupported(&bodies, k, half, floor_y);
                    worst_float = worst_float.max(float);
                    assert!(
                        float < 0.5,
                        "{}: crate {k} floats {float} px: {bodies:?}",
                        what()
                    );
                    assert!(scratch.is_asleep(k), "{}: crate {k} awake", what());
                }
            }
        }
        checked += 1;
    }
    println!(
        "{checked} sleeping stacks woken: worst gap under a crate {worst_float:.5} px, deepest overlap {worst_overlap:.5} px"
    );
}
