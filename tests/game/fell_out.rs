//! Sunk and lost bodies in a shipped level: the player placed with its
//! centre 3 px inside the tile floor stands on it after one step; a ball
//! sunk deeper than it can be pushed out, or thrown outside the level, is
//! reported and put back where the level file starts it; the player lost
//! the same way goes back to the spawn point.

use crate::common::{place, player_entity};
use bevy::prelude::*;
use tangent::collision::{Grounded, PhysicsPosition, Velocity};
use tangent::level::FellOut;
use tangent::level::{CurrentLevel, LevelActor};
use tangent::sim::headless::headless_app;

fn app() -> App {
    let level = crate::common::first_level();
    let mut app = headless_app(&level, None).unwrap();
    for _ in 0..30 {
        app.update();
    }
    app
}

fn ball(app: &mut App) -> Entity {
    let mut q = app.world_mut().query::<(Entity, &LevelActor)>();
    q.iter(app.world()).find(|(_, a)| a.0 == 0).unwrap().0
}

fn position(app: &App, e: Entity) -> Vec2 {
    app.world().get::<PhysicsPosition>(e).unwrap().0
}

fn reports(app: &App) -> Vec<FellOut> {
    let messages = app.world().resource::<Messages<FellOut>>();
    messages.iter_current_update_messages().cloned().collect()
}

#[test]
fn the_player_sunk_3_px_into_the_floor_stands_on_it_after_one_step() {
    let mut app = app();
    let p = player_entity(&mut app);
    // The floor's surface is at y = 32; the player is 28 px tall.
    for x in [150.0, 900.0, 1100.0] {
        place(&mut app, p, Vec2::new(x, 29.0), Vec2::new(0.0, -200.0));
        app.update();
        let at = position(&app, p);
        assert!(
            (at.y - (32.0 + 14.0)).abs() < 0.05,
            "at x {x}: {at} after one step"
        );
        assert!(app.world().get::<Grounded>(p).unwrap().0);
        assert!(reports(&app).is_empty());
    }
}

#[test]
fn a_ball_lost_in_solid_or_outside_is_reported_and_put_back() {
    for (at, why) in [
        (Vec2::new(400.0, 12.0), "deep in the floor"),
        (Vec2::new(-300.0, 200.0), "left of the level"),
        (Vec2::new(700.0, -5000.0), "below the level"),
    ] {
        let mut app = app();
        let b = ball(&mut app);
        let start = {
            let level = &app.world().resource::<CurrentLevel>().level.file;
            Vec2::new(level.actors[0].position.0, level.actors[0].position.1)
        };
        place(&mut app, b, at, Vec2::new(0.0, -100.0));
        app.update();
        let said = reports(&app);
        assert_eq!(said.len(), 1, "{why}: {said:?}");
        assert_eq!((said[0].entity, said[0].back_to), (b, start), "{why}");
        assert!((position(&app, b) - start).length() < 1e-3, "{why}");
        // Then it falls as usual, and is not reported again.
        for _ in 0..60 {
            app.update();
            assert!(reports(&app).is_empty(), "{why}");
        }
    }
}

#[test]
fn the_player_lost_goes_back_to_the_spawn_point() {
    let mut app = app();
    let p = player_entity(&mut app);
    let spawn = {
        let f = &app.world().resource::<CurrentLevel>().level.file;
        Vec2::new(f.spawn.0, f.spawn.1)
    };
    place(&mut app, p, Vec2::new(5000.0, 100.0), Vec2::new(900.0, 0.0));
    app.update();
    assert_eq!(reports(&app).len(), 1);
    assert!((position(&app, p) - spawn).length() < 1e-3);
    assert_eq!(app.world().get::<Velocity>(p).unwrap().0, Vec2::ZERO);
}
