//! An actor whose velocity or position game code sets to NaN or infinity is
//! put right once (velocity to zero, position back to the last good one) and
//! then moves on like any other body, instead of being refused, and warned
//! about, every step. An absurd finite velocity is capped at
//! `MAX_BODY_SPEED` and the body stays inside the level.

use bevy::prelude::*;
const MAX_BODY_SPEED: f32 = tangent::collision::Body::MAX_SPEED;
use tangent::collision::{PhysicsPosition, Velocity};
use tangent::level::{CurrentLevel, LevelActor};
use tangent::sim::headless::headless_app;

fn shipped_app() -> App {
    let level = crate::common::first_level();
    headless_app(&level, None).unwrap()
}

/// The level file's first actor (Rolling Hills' ball, resting on a one-way
/// platform after 90 steps): its entity, position and velocity.
fn actor(app: &mut App) -> (Entity, Vec2, Vec2) {
    let mut q = app
        .world_mut()
        .query::<(Entity, &LevelActor, &PhysicsPosition, &Velocity)>();
    let (e, _, p, v) = q.iter(app.world()).find(|(_, a, ..)| a.0 == 0).unwrap();
    (e, p.0, v.0)
}

#[test]
fn a_non_finite_velocity_is_reset_and_the_body_moves_on() {
    let bad = [
        Vec2::new(f32::NAN, 0.0),
        Vec2::new(0.0, f32::INFINITY),
        Vec2::new(f32::NEG_INFINITY, f32::NAN),
    ];
    for v in bad {
        let mut app = shipped_app();
        for _ in 0..90 {
            app.update();
        }
        let (e, start, _) = actor(&mut app);
        app.world_mut().get_mut::<Velocity>(e).unwrap().0 = v;
        app.update();
        let (_, p, after) = actor(&mut app);
        assert!(after.is_finite() && p.is_finite(), "{v}: {p} {after}");
        // Reset to zero: the step went exactly as one from a velocity of
        // zero does (the same app, the same steps, zero set instead).
        let mut twin = shipped_app();
        for _ in 0..90 {
            twin.update();
        }
        let (te, _, _) = actor(&mut twin);
        twin.world_mut().get_mut::<Velocity>(te).unwrap().0 = Vec2::ZERO;
        twin.update();
        let (_, tp, tv) = actor(&mut twin);
        assert_eq!(
            (p, after),
            (tp, tv),
            "{v}: not as a step from zero velocity"
        );
        // It then moves as a body does: it can be pushed again.
        app.world_mut().get_mut::<Velocity>(e).unwrap().0 = Vec2::new(0.0, 300.0);
        for _ in 0..120 {
            app.update();
            let (_, p, v) = actor(&mut app);
            assert!(p.is_finite() && v.is_finite());
        }
        let (_, end, _) = actor(&mut app);
        assert!((end - start).length() < 200.0, "{v}: from {start} to {end}");
    }
}

#[test]
fn an_absurd_finite_velocity_is_capped_and_the_body_stays_in_the_level() {
    for v in [
        Vec2::new(1e30, -1e30),
        Vec2::new(f32::MAX, 0.0),
        Vec2::new(-3e6, 2e6),
    ] {
        let mut app = shipped_app();
        let grid = &app.world().resource::<CurrentLevel>().level.grid;
        let size = Vec2::new(grid.width as f32, grid.height as f32) * grid.tile_size;
        let e = actor(&mut app).0;
        app.world_mut().get_mut::<Velocity>(e).unwrap().0 = v;
        for _ in 0..240 {
            app.update();
            let (_, p, v) = actor(&mut app);
            assert!(p.is_finite() && v.is_finite(), "{p} {v}");
            assert!(v.length() <= MAX_BODY_SPEED * 1.001, "{v}");
            // Inside the level's walls.
            assert!(
                p.x > 0.0 && p.x < size.x && p.y > 0.0 && p.y < size.y,
                "left the level ({size}): {p}"
            );
        }
    }
}

#[test]
fn a_non_finite_position_goes_back_to_the_last_good_one() {
    let mut app = shipped_app();
    for _ in 0..90 {
        app.update();
    }
    let (e, start, _) = actor(&mut app);
    app.world_mut().get_mut::<PhysicsPosition>(e).unwrap().0 = Vec2::new(f32::NAN, 5.0);
    app.update();
    let (_, p, v) = actor(&mut app);
    assert!(p.is_finite() && v.is_finite());
    assert!((p - start).length() < 1.0, "{start} -> {p}");
}
