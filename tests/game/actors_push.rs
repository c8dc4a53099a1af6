//! The player among actors, in the headless game: walking into a crate of
//! the player's mass moves it at a steady speed below the run speed (a
//! heavier one slower), a crate against a wall stops the player, and the
//! player stands on a moving crate (grounded, carried with it, able to
//! jump off it).

use crate::common::{hold, player};
use std::path::PathBuf;

use bevy::prelude::*;
use tangent::collision::{PhysicsPosition, Velocity};
use tangent::level::LevelActor;
use tangent::player::PlayerInput;
use tangent::sim::headless::headless_app;
use tangent_level::Tuning;

/// The player's mass: its area (20 × 28 px, density 1).
const PLAYER_MASS: f32 = 560.0;

/// A flat room 40 tiles wide (floor at y = 32, right wall at x = 1248) with
/// the player at `spawn` and one crate.
fn room(name: &str, spawn: (f32, f32), crate_: &str) -> PathBuf {
    let row = |c: char| format!("\"#{}#\",", c.to_string().repeat(38));
    let mut rows = vec![format!("\"{}\",", "#".repeat(40))];
    rows.extend((0..10).map(|_| row('.')));
    rows.push(format!("\"{}\",", "#".repeat(40)));
    let text = format!(
        "(name: \"{name}\", legend: {{ '#': Solid, '.': Empty }}, tiles: [{}], spawn: ({}, {}),\n\
         player: Rect(half_extents: (10, 14)), actors: [{crate_}], goal: (position: (64, 300)))",
        rows.join(""),
        spawn.0,
        spawn.1
    );
    crate::common::write_level("push", name, &text)
}

fn crate_def(x: f32, mass: f32, velocity: f32, friction: f32) -> String {
    format!(
        "(name: \"crate\", shape: Rect(half_extents: (16, 16)), position: ({x}, 48.02), \
         velocity: ({velocity}, 0), restitution: 0, friction: {friction}, mass: {mass})"
    )
}

fn crate_(app: &mut App) -> (Vec2, Vec2) {
    let mut q = app
        .world_mut()
        .query_filtered::<(&PhysicsPosition, &Velocity), With<LevelActor>>();
    let (p, v) = q.single(app.world()).unwrap();
    (p.0, v.0)
}

const RIGHT: PlayerInput = PlayerInput {
    left: false,
    right: true,
    jump: false,
    down: false,
    ..PlayerInput::NONE
};

/// Pushes a crate of `mass` from standing: its speeds over the second half
/// second to the full second of pushing (min, max).
fn push_speed(mass: f32) -> (f32, f32) {
    let level = room(
        &format!("push-{mass}"),
        (100.0, 46.02),
        &crate_def(200.0, mass, 0.0, 0.3),
    );
    let mut app = headless_app(&level, None).unwrap();
    hold(&mut app, RIGHT, 30);
    let (mut lo, mut hi) = (f32::MAX, 0.0f32);
    for _ in 0..30 {
        let before = crate_(&mut app).0.x;
        hold(&mut app, RIGHT, 1);
        let speed = (crate_(&mut app).0.x - before) * 60.0;
        lo = lo.min(speed);
        hi = hi.max(speed);
    }
    (lo, hi)
}

#[test]
fn pushing_a_crate_moves_it_steadily_below_run_speed_and_heavier_slower() {
    let run = Tuning::default().max_run;
    let (lo, hi) = push_speed(PLAYER_MASS);
    println!("crate of the player's mass: {lo:.1}–{hi:.1} px/s (run speed {run})");
    assert!(hi < run && lo > 0.5 * run, "{lo}–{hi}");
    assert!(hi - lo < 0.02 * hi, "not steady: {lo}–{hi}");
    let (heavy_lo, heavy_hi) = push_speed(4.0 * PLAYER_MASS);
    println!("four times heavier: {heavy_lo:.1}–{heavy_hi:.1} px/s");
    assert!(
        heavy_hi < lo && heavy_lo > 0.0,
        "{heavy_lo}–{heavy_hi} vs {lo}"
    );
}

#[test]
fn a_crate_against_a_wall_stops_the_player() {
    let level = room(
        "wall",
        (1100.0, 46.02),
        &crate_def(1231.9, PLAYER_MASS, 0.0, 0.3),
    );
    let mut app = headless_app(&level, None).unwrap();
    hold(&mut app, RIGHT, 60);
    let (at, _, _) = player(&mut app);
    let crate_at = crate_(&mut app).0;
    hold(&mut app, RIGHT, 60);
    let (p, v, grounded) = player(&mut app);
    println!(
        "player held at {p} (moved {:.4} px in a second), crate at {}",
        p.x - at.x,
        crate_(&mut app).0
    );
    assert!(
        (p.x - at.x).abs() < 0.01 && v.x.abs() < 1.0 && grounded,
        "{at} -> {p}, v {v}"
    );
    assert!((crate_(&mut app).0 - crate_at).length() < 0.01);
    assert!(crate_at.x + 16.0 <= 1248.0 + 1e-3 && p.x + 10.0 <= crate_at.x - 16.0 + 1e-3);
}

#[test]
fn the_player_rides_a_sliding_crate_and_jumps_off_it() {
    // A frictionless crate sliding at 120 px/s, the player standing on it.
    let level = room(
        "ride",
        (300.0, 78.05),
        &crate_def(300.0, 4.0 * PLAYER_MASS, 120.0, 0.0),
    );
    let mut app = headless_app(&level, None).unwrap();
    hold(&mut app, PlayerInput::default(), 5);
    let (p0, c0) = (player(&mut app).0, crate_(&mut app).0);
    let mut airborne = 0;
    for _ in 0..60 {
        hold(&mut app, PlayerInput::default(), 1);
        airborne += usize::from(!player(&mut app).2);
    }
    let (p1, c1) = (player(&mut app).0, crate_(&mut app).0);
    println!(
        "crate moved {:.2} px, player {:.2} px, airborne {airborne} steps",
        c1.x - c0.x,
        p1.x - p0.x
    );
    assert!(c1.x - c0.x > 100.0, "the crate did not slide");
    // The player keeps its place on the crate to 0.01 px (measured 0.00).
    assert!(((p1.x - p0.x) - (c1.x - c0.x)).abs() < 0.01 && airborne == 0);
    let jump = PlayerInput {
        jump: true,
        ..default()
    };
    hold(&mut app, jump, 2);
    let (_, v, grounded) = player(&mut app);
    assert!(v.y > 300.0 && !grounded, "no jump from the crate: v {v}");
}
