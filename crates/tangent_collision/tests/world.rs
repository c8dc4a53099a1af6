//! The `World` handle: one `step` runs the movers, the bodies and the
//! surface runners. Its bodies' and movers' turns are the lower functions'
//! bit for bit (a random scene of a lift, a pusher and falling bodies);
//! a surface runner keeps to the closed forms: constant speed on a flat
//! floor, the height energy gives in a half-pipe, leaving a ledge with its
//! speed, and a perfectly inelastic impact with a crate that keeps momentum
//! along the normal.

mod common;

use common::rng::Rng;
use tangent_collision::dynamics::{WorldScratch, move_movers, step_bodies};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

fn floor(x0: f32, x1: f32) -> TerrainPiece {
    TerrainPiece::solid(Segment::new(Vec2::new(x0, 0.0), Vec2::new(x1, 0.0)))
}

fn circle(r: f32, at: Vec2, v: Vec2) -> Body {
    Body::new(ActorShape::Circle { radius: r }, at, v, 0.0)
}

#[test]
fn the_worlds_step_is_the_movers_and_bodies_turns_bit_for_bit() {
    let mut rng = Rng::new(58);
    let mut steps = 0;
    for scene in 0..20 {
        let lift = TerrainPiece::solid(Segment::new(
            Vec2::new(-60.0, 120.0),
            Vec2::new(60.0, 120.0),
        ));
        let set = TerrainSet::with_movers(
            vec![floor(-800.0, 800.0)],
            vec![Mover::around(Vec2::new(0.0, 120.0), vec![lift])],
        )
        .unwrap();
        let g = Vec2::new(0.0, -rng.range(300.0, 4000.0) as f32);
        let bodies: Vec<Body> = (0..8)
            .map(|_| {
                let at = Vec2::new(
                    rng.range(-200.0, 200.0) as f32,
                    rng.range(60.0, 400.0) as f32,
                );
                let v = Vec2::new(rng.range(-300.0, 300.0) as f32, 0.0);
                if rng.chance(0.5) {
                    circle(rng.range(4.0, 20.0) as f32, at, v)
                } else {
                    let h = Vec2::splat(rng.range(4.0, 20.0) as f32);
                    Body::new(ActorShape::Rect { half_extents: h }, at, v, 0.0)
                }
            })
            .collect();
        let mut world = World::new(set.clone(), g);
        for b in &bodies {
            world.add_body(*b);
        }
        let (mut set, mut bodies, mut scratch) = (set, bodies, WorldScratch::default());
        for k in 0..240 {
            let pose = [Pose::new(
                Vec2::new(0.0, 120.0 + 80.0 * (k as f32 * 0.05).sin()),
                0.0,
            )];
            move_movers(&mut set, &pose, &mut bodies, &mut scratch, g, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut scratch, g, DT);
            world.set_mover_targets(&pose);
            world.step(DT);
            let events = world.events();
            assert!(events.mover_error.is_none());
            for (i, b) in bodies.iter().enumerate() {
                let w = world.body(i);
                assert_eq!(
                    (
                        w.position.to_array().map(f32::to_bits),
                        w.velocity.to_array().map(f32::to_bits)
                    ),
                    (
                        b.position.to_array().map(f32::to_bits),
                        b.velocity.to_array().map(f32::to_bits)
                    ),
                    "scene {scene}, step {k}, body {i}"
                );
            }
            assert_eq!(events.reports, scratch.reports(), "scene {scene}, step {k}");
            assert_eq!(events.crushes, scratch.crushes());
            steps += 1;
        }
        assert_eq!(world.terrain().mover_pose(0), set.mover_pose(0));
    }
    println!("{steps} world steps, bit for bit the lower functions' (20 scenes of 8 bodies)");
}

/// A world of `pieces` with one circle of radius 10 running the surface
/// under it from `at` (normal up) at `speed`.
fn runner_world(pieces: Vec<TerrainPiece>, g: f32, at: Vec2, speed: f32) -> World {
    let mut world = World::new(TerrainSet::new(pieces).unwrap(), Vec2::new(0.0, -g));
    let i = world.add_body(circle(10.0, at, Vec2::ZERO));
    let on = OnSurface {
        position: at,
        normal: Vec2::Y,
        speed,
        piece: 0,
    };
    world.set_mode(i, BodyMode::Surface { on, skip: vec![] });
    world
}

#[test]
fn a_runner_keeps_its_speed_on_a_flat_floor_and_leaves_a_ledge_with_it() {
    let mut world = runner_world(
        vec![floor(-100.0, 600.0)],
        900.0,
        Vec2::new(0.0, 10.02),
        240.0,
    );
    // 2 s at 240 px/s: 480 px along the floor, speed unchanged.
    for _ in 0..120 {
        world.step(DT);
        assert!(matches!(world.mode(0), BodyMode::Surface { .. }));
    }
    let b = world.body(0);
    assert!((b.position.x - 480.0).abs() < 0.01, "{b:?}");
    assert!(
        (b.velocity - Vec2::new(240.0, 0.0)).length() < 1e-3,
        "{b:?}"
    );
    // On past the end at x = 600: the surface lets it go, flying at its speed.
    let mut left = None;
    for k in 0..60 {
        world.step(DT);
        if let Some((_, run)) = world.events().runs.first()
            && let SurfaceStep::Left { velocity, .. } = run.step
        {
            left = Some((k, velocity));
            break;
        }
    }
    let (k, v) = left.expect("never left the ledge");
    assert_eq!(*world.mode(0), BodyMode::Free);
    assert!((v.x - 240.0).abs() < 1.0, "left at {v} after {k} steps");
    // Free now: it falls under gravity.
    let y = world.body(0).position.y;
    for _ in 0..10 {
        world.step(DT);
    }
    assert!(world.body(0).position.y < y - 10.0);
}

#[test]
fn a_runner_in_a_half_pipe_rises_to_the_height_energy_gives() {
    // A half-pipe of radius 300 (two cubic quarters), the bottom at 0.
    let k = 0.552_284_8 * 300.0;
    let quarter = |s: f32| {
        TerrainPiece::solid(CubicBezier::new(
            Vec2::new(0.0, 0.0),
            Vec2::new(s * k, 0.0),
            Vec2::new(s * 300.0, 300.0 - k),
            Vec2::new(s * 300.0, 300.0),
        ))
    };
    let mut worst = 0.0f32;
    let mut cases = 0;
    for (g, v0) in [
        (900.0f32, 400.0f32),
        (900.0, 600.0),
        (3600.0, 900.0),
        (3600.0, 1200.0),
    ] {
        let mut world = runner_world(
            vec![quarter(1.0), quarter(-1.0)],
            g,
            Vec2::new(0.0, 10.02),
            v0,
        );
        let start = world.body(0).position.y;
        let mut top = start;
        for _ in 0..240 {
            world.step(DT);
            top = top.max(world.body(0).position.y);
        }
        let rise = top - start;
        let expected = v0 * v0 / (2.0 * g);
        worst = worst.max((rise - expected).abs() / expected);
        cases += 1;
        assert!(
            (rise - expected).abs() < 0.01 * expected,
            "g {g}, v0 {v0}: rose {rise} px, energy says {expected}"
        );
    }
    println!(
        "half-pipe: {cases} runs, rise within {:.3} % of v0²/2g",
        100.0 * worst
    );
}

#[test]
fn a_runner_meeting_a_crate_shares_its_momentum() {
    let mut world = runner_world(
        vec![floor(-100.0, 2000.0)],
        900.0,
        Vec2::new(0.0, 10.02),
        600.0,
    );
    let crate_ = Body::new(
        ActorShape::Rect {
            half_extents: Vec2::splat(10.0),
        },
        Vec2::new(200.0, 10.02),
        Vec2::ZERO,
        0.0,
    );
    let c = world.add_body(crate_);
    let (m_runner, m_crate) = (
        1.0 / world.body(0).inverse_mass,
        1.0 / world.body(c).inverse_mass,
    );
    let mut met = None;
    for _ in 0..60 {
        world.step(DT);
        if let Some((_, run)) = world.events().runs.first()
            && run.met.is_some()
        {
            met = Some(world.body(c).velocity.x);
            break;
        }
    }
    // Perfectly inelastic (both restitutions 0): the crate leaves with the
    // common speed, m v / (m + M).
    let got = met.expect("never met the crate");
    let expected = m_runner * 600.0 / (m_runner + m_crate);
    println!("crate pushed to {got} px/s, momentum says {expected}");
    assert!(
        (got - expected).abs() < 0.01 * expected,
        "{got} vs {expected}"
    );
}
