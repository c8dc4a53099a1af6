//! `CollisionPlugin` in a headless Bevy app (feature `bevy`): a ball dropped
//! on a floor entity lands, says so with a `HitMessage` naming the floor,
//! and rests grounded on it; two balls meeting send an `ActorHit`; a floor
//! despawned is taken out of the index and the ball falls; a ball set to
//! NaN by game code is put back instead of being refused every step.
#![cfg(feature = "bevy")]

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use tangent_collision::bevy::TerrainIndex;
use tangent_collision::prelude::*;

const RADIUS: f32 = 5.0;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((TimePlugin, CollisionPlugin))
        .insert_resource(Gravity(Vec2::new(0.0, -900.0)))
        .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app
}

fn floor(app: &mut App, y: f32) -> Entity {
    let seg = Segment::new(Vec2::new(-200.0, y), Vec2::new(200.0, y));
    app.world_mut().spawn(TerrainPiece::solid(seg)).id()
}

fn ball(app: &mut App, at: Vec2, velocity: Vec2) -> Entity {
    let shape = ActorShape::Circle { radius: RADIUS };
    app.world_mut()
        .spawn((
            Actor::new(shape, 0.0),
            PhysicsPosition(at),
            Velocity(velocity),
        ))
        .id()
}

fn state(app: &App, e: Entity) -> (Vec2, Vec2, bool) {
    let w = app.world();
    (
        w.get::<PhysicsPosition>(e).unwrap().0,
        w.get::<Velocity>(e).unwrap().0,
        w.get::<Grounded>(e).unwrap().0,
    )
}

/// Runs `n` fixed steps, returning the terrain hits and actor hits sent.
fn run(app: &mut App, n: usize) -> (Vec<HitMessage>, Vec<ActorHit>) {
    let (mut hits, mut actor_hits) = (Vec::new(), Vec::new());
    for _ in 0..n {
        app.update();
        let w = app.world_mut();
        hits.extend(w.resource_mut::<Messages<HitMessage>>().drain());
        actor_hits.extend(w.resource_mut::<Messages<ActorHit>>().drain());
    }
    (hits, actor_hits)
}

#[test]
fn a_dropped_ball_lands_on_the_floor_entity_and_rests_there() {
    let mut app = app();
    let ground = floor(&mut app, 0.0);
    let b = ball(&mut app, Vec2::new(0.0, 100.0), Vec2::ZERO);
    let (hits, _) = run(&mut app, 120);
    let (p, v, grounded) = state(&app, b);
    println!("rest at {p}, v {v}, {} hits", hits.len());
    assert!(grounded, "not grounded at {p}");
    assert!((p.y - RADIUS).abs() < 0.2, "rests at {p}");
    assert!(v.length() < 1.0, "still moving: {v}");
    let first = hits.first().expect("the landing is reported");
    assert_eq!((first.actor, first.terrain), (b, ground));
    assert!(first.normal.abs_diff_eq(Vec2::Y, 1e-4), "{}", first.normal);
    assert!(first.impact_speed > 300.0, "{}", first.impact_speed);
}

#[test]
fn two_balls_meeting_send_an_actor_hit() {
    let mut app = app();
    floor(&mut app, 0.0);
    let a = ball(&mut app, Vec2::new(-40.0, RADIUS), Vec2::new(600.0, 0.0));
    let b = ball(&mut app, Vec2::new(40.0, RADIUS), Vec2::new(-600.0, 0.0));
    let (_, actor_hits) = run(&mut app, 30);
    let hit = actor_hits.first().expect("the balls meet");
    assert!(
        (hit.actor, hit.other) == (a, b) || (hit.actor, hit.other) == (b, a),
        "{hit:?}"
    );
    assert!(hit.closing_speed > 600.0, "{hit:?}");
    let (pa, pb) = (state(&app, a).0, state(&app, b).0);
    assert!(pb.x - pa.x >= 2.0 * RADIUS - 0.05, "overlap: {pa} {pb}");
}

#[test]
fn a_despawned_floor_leaves_the_index_and_the_ball_falls() {
    let mut app = app();
    let ground = floor(&mut app, 0.0);
    floor(&mut app, -300.0);
    let b = ball(&mut app, Vec2::new(0.0, 50.0), Vec2::ZERO);
    run(&mut app, 90);
    assert!(state(&app, b).2);
    assert_eq!(app.world().resource::<TerrainIndex>().set.len(), 2);
    app.world_mut().despawn(ground);
    run(&mut app, 90);
    let (p, _, grounded) = state(&app, b);
    assert_eq!(app.world().resource::<TerrainIndex>().set.len(), 1);
    assert!(grounded && (p.y - (-300.0 + RADIUS)).abs() < 0.2, "at {p}");
}

#[test]
fn a_ball_set_to_nan_is_put_back_and_steps_on() {
    let mut app = app();
    floor(&mut app, 0.0);
    let b = ball(&mut app, Vec2::new(0.0, 30.0), Vec2::ZERO);
    run(&mut app, 5);
    let before = state(&app, b).0;
    app.world_mut().get_mut::<PhysicsPosition>(b).unwrap().0 = Vec2::NAN;
    app.world_mut().get_mut::<Velocity>(b).unwrap().0 = Vec2::new(f32::INFINITY, 0.0);
    run(&mut app, 60);
    let (p, v, grounded) = state(&app, b);
    assert!(p.is_finite() && v.is_finite());
    assert!((p.x - before.x).abs() < 1e-3 && grounded, "{before} -> {p}");
}

#[test]
fn an_actor_in_surface_mode_runs_its_surface_and_says_how() {
    use tangent_collision::bevy::{ActorMode, SurfaceRun};
    let mut app = app();
    floor(&mut app, 0.0);
    let at = Vec2::new(-100.0, RADIUS + 0.02);
    let runner = ball(&mut app, at, Vec2::ZERO);
    let on = OnSurface {
        position: at,
        normal: Vec2::Y,
        speed: 120.0,
        piece: 0,
    };
    app.world_mut().entity_mut(runner).insert((
        ActorMode(BodyMode::Surface { on, skip: vec![] }),
        SurfaceRun::default(),
    ));
    // A free ball beside it, for contrast: no run is said for it.
    let free = ball(&mut app, Vec2::new(100.0, RADIUS + 0.02), Vec2::ZERO);
    app.world_mut()
        .entity_mut(free)
        .insert(SurfaceRun::default());
    // The game keeps the mode; each fixed step runs 2 px (120 px/s).
    let mut steps = 0;
    for _ in 0..60 {
        run(&mut app, 1);
        let Some(said) = app.world().get::<SurfaceRun>(runner).unwrap().0 else {
            continue; // no fixed step in this update
        };
        let SurfaceStep::Held { on: next, .. } = said.step else {
            panic!("let go of a flat floor: {said:?}");
        };
        steps += 1;
        app.world_mut().get_mut::<ActorMode>(runner).unwrap().0 = BodyMode::Surface {
            on: next,
            skip: vec![],
        };
    }
    assert!(steps >= 55, "{steps} steps ran");
    let (p, v, _) = state(&app, runner);
    let expected = at.x + 2.0 * steps as f32;
    assert!(
        (p.x - expected).abs() < 0.01,
        "ran to {p}, {steps} steps say {expected}"
    );
    assert!((v - Vec2::new(120.0, 0.0)).length() < 1e-3, "{v}");
    assert_eq!(app.world().get::<SurfaceRun>(free).unwrap().0, None);
}
