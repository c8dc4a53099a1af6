//! The player past the max slope (`player::surface`): riding a half-pipe up
//! its steep walls, landing on slopes with the velocity's projection on
//! the tangent, jumping off a wall along its normal, and running a loop
//! drawn by `tangent_level::format::loops` once (or falling back inside it) at the
//! speed its closed form says.

use bevy::prelude::*;
use tangent::collision::{Contacts, Velocity};
use tangent::player::{ControllerState, Player, PlayerInput};
use tangent::sim::headless::headless_app;

use crate::common::{Rng, hold, player, steps, write_level};

pub fn controller(app: &mut App) -> ControllerState {
    *app.world_mut()
        .query_filtered::<&ControllerState, With<Player>>()
        .single(app.world())
        .unwrap()
}

pub fn set_velocity(app: &mut App, v: Vec2) {
    let mut q = app
        .world_mut()
        .query_filtered::<&mut Velocity, With<Player>>();
    q.single_mut(app.world_mut()).unwrap().0 = v;
}

/// A closed room of `rows` × 40 tiles of 32 px with `curves` (RON list
/// items) and the player spawned at `spawn`.
pub fn room(rows: usize, curves: &str, spawn: Vec2) -> String {
    room_tuned(rows, curves, spawn, "")
}

/// [`room`] with `tuning` (a RON tuning body, e.g. `roll_friction: 0`).
pub fn room_tuned(rows: usize, curves: &str, spawn: Vec2, tuning: &str) -> String {
    let wall = "#".repeat(40);
    let inside = format!("#{}#", ".".repeat(38));
    let mut tiles = vec![format!("\"{wall}\"")];
    tiles.extend((0..rows - 2).map(|_| format!("\"{inside}\"")));
    tiles.push(format!("\"{wall}\""));
    format!(
        "(name: \"Surface\", tile_size: 32, legend: {{ '#': Solid, '.': Empty }},\n\
         tiles: [{}],\n curves: [{curves}],\n spawn: ({}, {}),\n\
         player: Rect(half_extents: (10, 14)),\n goal: (position: (1200, 64)),\n\
         tuning: ({tuning}))",
        tiles.join(",\n"),
        spawn.x,
        spawn.y
    )
}

pub const RIGHT: PlayerInput = PlayerInput {
    left: false,
    right: true,
    jump: false,
    down: false,
    ..PlayerInput::NONE
};

#[test]
fn a_held_run_rides_a_half_pipe_up_its_steep_far_wall() {
    // Vertical lips at x = 200 and 1000 up to y = 700; bottom near y = 64.
    let curves = "(points: [(200, 700), (200, -115), (1000, -115), (1000, 700)])";
    let path = write_level("surface", "pipe", &room(26, curves, WALL_TOP));
    let mut app = headless_app(&path, None).unwrap();
    onto_the_wall(&mut app);
    let (mut top_right, mut steep_steps, mut steepest): (f32, usize, f32) = (0.0, 0, 1.0);
    press_right_and_watch(&mut app, 300, |p, st| {
        if p.x > 600.0 {
            top_right = top_right.max(p.y);
        }
        if let Some(on) = st.surface {
            steep_steps += 1;
            steepest = steepest.min(on.normal.y);
        }
        assert!(p.x > 200.0 && p.x < 1000.0, "left the pipe at {p}");
    });
    println!(
        "half-pipe: {steep_steps} steps past the max slope, steepest normal.y {steepest:.3}, \
         highest on the far side {top_right:.1}"
    );
    // Let down the near wall from y = 490, it climbs the far wall to
    // where it is 78° steep (50° was a wall before), back to about the
    // height it started from: the fast run through the bottom is exact.
    assert!(
        steep_steps >= 20 && steepest < 0.21,
        "never ran the steep walls"
    );
    assert!(
        top_right > 470.0,
        "rose only to {top_right} on the far side"
    );
}

/// Beside the half-pipe's near wall, high up: the wall is at x ≈ 222 at
/// y = 480 and leans in below.
const WALL_TOP: Vec2 = Vec2::new(240.0, 490.0);

/// Lets the player fall, with no input, until it meets the steep wall and
/// runs it (at most a second).
fn onto_the_wall(app: &mut App) {
    for _ in 0..60 {
        app.update();
        if controller(app).surface.is_some() {
            return;
        }
    }
    panic!("never got onto the steep wall");
}

fn press_right_and_watch(app: &mut App, n: usize, mut see: impl FnMut(Vec2, ControllerState)) {
    *app.world_mut().resource_mut::<PlayerInput>() = RIGHT;
    for _ in 0..n {
        app.update();
        let (p, _, _) = player(app);
        let st = controller(app);
        see(p, st);
    }
}

#[test]
fn landing_on_a_slope_keeps_the_velocitys_projection_on_it() {
    let mut rng = Rng::new(41);
    let cases = 80;
    let (mut judged, mut steep, mut missed, mut worst) = (0, 0, 0, 0.0f32);
    for case in 0..cases {
        // A straight slope (a quadratic with its middle point midway), up
        // to the right or to the left, 10°–80°, 600 px long.
        let alpha = rng.range(10.0, 80.0).to_radians();
        let rising = rng.below(2) == 0;
        let (cx, cy) = (640.0, 340.0);
        let d = Vec2::new(alpha.cos(), if rising { alpha.sin() } else { -alpha.sin() }) * 300.0;
        let (a, b) = (Vec2::new(cx, cy) - d, Vec2::new(cx, cy) + d);
        let curves = format!(
            "(points: [({}, {}), ({}, {}), ({}, {})])",
            a.x, a.y, cx, cy, b.x, b.y
        );
        let n = Vec2::new(-d.y, d.x).normalize();
        let n = if n.y < 0.0 { -n } else { n };
        let tangent = Vec2::new(n.y, -n.x);
        // A point on the slope to fall onto, from `drop` px above it,
        // either straight down (no input) or moving sideways at 360–900
        // px/s with that way held (air control then leaves the speed as
        // it is). The fall takes √(2 drop / g) up to the 640 px/s fall cap
        // (reached after 56.9 px), then goes on at the cap.
        let target = Vec2::new(cx, cy) + d * rng.range(-0.6, 0.6);
        let drop = rng.range(40.0, 300.0);
        let capped = 640.0f32 * 640.0 / (2.0 * 3600.0);
        let fall = if drop <= capped {
            (2.0 * drop / 3600.0).sqrt()
        } else {
            640.0 / 3600.0 + (drop - capped) / 640.0
        };
        let mut vx = rng.range(360.0, 900.0) * if rng.below(2) == 0 { 1.0 } else { -1.0 };
        let line_y = |x: f32| cy + (x - cx) * d.y / d.x;
        let mut spawn = target + Vec2::new(-vx * fall, 30.0 + drop);
        if rng.below(3) == 0 || spawn.y < line_y(spawn.x) + 40.0 || spawn.x.abs() > 1200.0 {
            vx = 0.0;
            spawn = target + Vec2::new(0.0, 30.0 + drop);
        }
        let path = write_level("surface", &format!("land{case}"), &room(32, &curves, spawn));
        let mut app = headless_app(&path, None).unwrap();
        steps(&mut app, 1);
        set_velocity(&mut app, Vec2::new(vx, 0.0));
        let keys = PlayerInput {
            right: vx > 0.0,
            left: vx < 0.0,
            ..default()
        };
        *app.world_mut().resource_mut::<PlayerInput>() = keys;
        let mut before = None;
        for _ in 0..200 {
            let (_, v_prev, _) = player(&mut app);
            app.update();
            let (_, v, grounded) = player(&mut app);
            if grounded {
                before = Some((v_prev, v));
                break;
            }
        }
        let (v_prev, v) = before.unwrap_or_else(|| panic!("case {case}: never landed"));
        let on_slope = app
            .world_mut()
            .query_filtered::<&Contacts, With<Player>>()
            .single(app.world())
            .unwrap()
            .iter()
            .any(|c| c.normal.dot(n) > 0.9999);
        if !on_slope {
            missed += 1;
            continue;
        }
        // The step integrates gravity (3 600 px/s², no jump held), then
        // meets the slope: the velocity it lands with.
        // The controller first caps the fall at 640 px/s.
        let impact = Vec2::new(v_prev.x, v_prev.y.max(-640.0) - 3600.0 / 60.0);
        let expected = impact.dot(tangent);
        let err = (v.dot(tangent) - expected).abs() / impact.length();
        worst = worst.max(err);
        assert!(
            err < 0.01 && v.dot(n).abs() < 0.01 * impact.length(),
            "case {case} (α = {:.1}°, rising {rising}, vx {vx:.0}): landed at {:?} with {v}, \
             the projection of {impact} is {expected:.2}",
            alpha.to_degrees(),
            player(&mut app).0
        );
        if controller(&mut app).surface.is_some() {
            steep += 1;
        }
        judged += 1;
    }
    println!(
        "landing: {judged} of {cases} landed on the slope ({steep} past the max slope, run as a \
         surface; {missed} missed it); worst error {:.3}% of the impact speed",
        100.0 * worst
    );
    assert!(judged >= 60 && steep >= 15 && judged - steep >= 15);
}

#[test]
fn a_jump_off_a_steep_wall_leaves_along_its_normal() {
    let curves = "(points: [(200, 700), (200, -115), (1000, -115), (1000, 700)])";
    let path = write_level("surface", "walljump", &room(26, curves, WALL_TOP));
    let mut app = headless_app(&path, None).unwrap();
    onto_the_wall(&mut app);
    // Ride down and up until on the far wall past the max slope, rising.
    let mut on_wall = None;
    *app.world_mut().resource_mut::<PlayerInput>() = RIGHT;
    for _ in 0..300 {
        app.update();
        let st = controller(&mut app);
        if let Some(on) = st.surface
            && on.normal.x < -0.9
            && on.speed > 200.0
        {
            on_wall = Some(on);
            break;
        }
    }
    let on = on_wall.expect("never ran up the far wall");
    let jump = PlayerInput {
        jump: true,
        ..RIGHT
    };
    hold(&mut app, jump, 1);
    let (_, v, grounded) = player(&mut app);
    let st = controller(&mut app);
    assert!(!grounded && st.surface.is_none(), "still on the wall");
    // One step of flight: the jump's 420 px/s out along the normal, the
    // surface speed along the wall, then a step of gravity.
    let off = v.dot(on.normal);
    let expected = 420.0 + Vec2::new(0.0, -3600.0 / 60.0).dot(on.normal);
    assert!(
        (off - expected).abs() < 1.0,
        "left the wall at {off} px/s along its normal, not {expected} ({v})"
    );
}

/// What a player running into a loop at `v0` px/s (right held) did within
/// `n` steps: the highest it rose, the farthest right it got on the
/// floor past the loop, and whether it was ever past the loop's right
/// side below half its height without having been over the top first.
pub fn run_into_loop(v0: f32, n: usize, rolling: bool) -> (f32, f32, bool) {
    let entry = Vec2::new(700.0, 32.0);
    let curves = loop_ron(entry);
    let path = write_level(
        "surface",
        &format!("loop-{}{}", if rolling { "roll" } else { "run" }, v0 as u32),
        &room_tuned(
            24,
            &curves,
            Vec2::new(200.0, 46.02),
            if rolling { "roll_friction: 0" } else { "" },
        ),
    );
    let mut app = headless_app(&path, None).unwrap();
    steps(&mut app, 2);
    set_velocity(&mut app, Vec2::new(v0, 0.0));
    // Rolling: curled by down (held), then no input speeds it up.
    *app.world_mut().resource_mut::<PlayerInput>() = PlayerInput {
        down: rolling,
        ..RIGHT
    };
    let (mut top, mut farthest, mut through, mut over) = (0.0f32, 0.0f32, false, false);
    for _ in 0..n {
        app.update();
        let (p, _, _) = player(&mut app);
        top = top.max(p.y);
        over |= p.y > entry.y + 200.0;
        if p.x > entry.x + 150.0 + 30.0 && p.y < entry.y + 150.0 {
            through |= !over;
            farthest = farthest.max(p.x);
        }
    }
    (top, farthest, through)
}

#[test]
fn a_loop_drawn_by_the_level_crate_is_run_once_or_fallen_back_from() {
    // The closed form for this loop (radius R = 150, drift w = 60, entered
    // at 10°): at its top the curve `(R sin θ − wθ/2π, R(1 − cos θ))` bends
    // with radius (R + w/2π)² / R = 169.7 px, so the runner's centre (the
    // default circle, r = 16.6 px) moves on 153.1 px there and needs
    // v_top² ≥ g · 153.1; it rises 263.3 px to get there and keeps cos 10°
    // of its speed at the way in. So it goes round iff
    // v₀ ≥ √(g (153.1 + 2 · 263.3)) / cos 10° = 1 588 px/s.
    let g = 3600.0f32;
    let critical = (g * (153.1 + 2.0 * 263.3)).sqrt() / 10f32.to_radians().cos();
    let mut rng = Rng::new(42);
    // Spread over 300–2 400 px/s: one random speed in each twentieth.
    let speeds: Vec<f32> = (0..20)
        .map(|k| 300.0 + 2100.0 * (k as f32 + rng.range(0.0, 1.0)) / 20.0)
        .collect();
    let (round, back, near) = judge_loop_runs(&speeds, false, critical, (1.08, 0.97));
    println!(
        "loop: {round} went round and on, {back} fell back inside, {near} within 8 % of the closed form's {critical:.0} px/s (not judged)"
    );
    assert!(round >= 5 && back >= 10);
}

/// Runs the player into the loop at each of `speeds` (rolling or running)
/// and judges each against the closed form's `critical` speed: none goes
/// through; faster than `bands.0 · critical` it goes round and on past the
/// loop, slower than `bands.1 · critical` it never gets past it. Returns
/// how many went round, fell back, and were too near to judge.
pub fn judge_loop_runs(
    speeds: &[f32],
    rolling: bool,
    critical: f32,
    bands: (f32, f32),
) -> (usize, usize, usize) {
    let (mut round, mut back, mut near) = (0, 0, 0);
    for &v0 in speeds {
        let (top, farthest, through) = run_into_loop(v0, 240, rolling);
        assert!(!through, "v0 {v0}: went through the loop");
        if v0 > bands.0 * critical {
            assert!(
                top > 300.0 && farthest > 1000.0,
                "v0 {v0:.0} (critical {critical:.0}): rose to {top:.1}, got to {farthest:.1}"
            );
            round += 1;
        } else if v0 < bands.1 * critical {
            assert!(
                farthest == 0.0,
                "v0 {v0:.0} (critical {critical:.0}): got past the loop to {farthest:.1}"
            );
            back += 1;
        } else {
            near += 1;
        }
    }
    (round, back, near)
}

/// The loop `tangent_level::format::loops` draws at `entry` (radius 150, offset
/// 60), as the `curves` items of a level file.
pub fn loop_ron(entry: Vec2) -> String {
    tangent_level::format::loops::loop_curves((entry.x, entry.y), 150.0, 60.0)
        .iter()
        .map(|c| {
            let pts: Vec<String> = c
                .points
                .iter()
                .map(|(x, y)| format!("({x}, {y})"))
                .collect();
            format!(
                "(points: [{}], one_way: {}, fill: Line)",
                pts.join(", "),
                c.one_way
            )
        })
        .collect::<Vec<_>>()
        .join(",\n")
}
