//! The player's movement: run with acceleration and friction along the
//! ground's tangent (keeping a speed above the top one while the way it
//! goes is held, with gravity along the slope), air control, variable jump
//! height, coyote time, jump buffering, a gentler gravity near the apex
//! while jump is held, a capped fall, dropping through one-way platforms,
//! curling into a ball (`roll`), sliding down and jumping off walls
//! (`wall`), the dash (`dash`), and snapping to the ground so a runner
//! stays on convex curves instead of launching off every crest. On a
//! surface it runs as a circle (`surface`), it takes run input along the
//! surface, or a jump off it along its normal.
//! It runs each fixed step before the collision step and only sets the
//! player's velocity, gravity scale and drop-through flag (and, curling,
//! its shape and place); the collision plugin moves it, or `surface` does
//! after the step. Snapping runs after the collision step. The systems
//! are wired in the folder's plugin (`player/mod.rs`).

use bevy::prelude::*;

use crate::collision::{
    Actor, Contacts, Gravity, Grounded, PhysicsPosition, TerrainIndex, Velocity,
};
use crate::collision::{Contact, OnSurface, Touched};

use super::assist::Assist;
use super::dash::{dash_step, start_dash};
use super::input::PlayerInput;
use super::roll;
use super::state::{ControllerState, Player, PlayerTuning, in_steps};
use super::surface;
use super::wall::{self, find_wall, note_wall, wall_jump_velocity};

/// The ground a runner moving at `v` runs on, among its contacts within
/// the max slope: the one it runs into most (a ramp rising ahead of it
/// off the floor it is on), else the most upward. Its normal, the
/// velocity of what it touches (a crate or ball moves; terrain not: on a
/// mover the runner's velocity is already its own, relative to the
/// mover, which the collision step carries it with), and what it is.
fn ground_contact(
    contacts: &Contacts,
    v: Vec2,
    up: Vec2,
    max_slope: f32,
) -> Option<(Vec2, Vec2, Touched)> {
    let key = |n: Vec2| {
        let into = v.dot(n).min(0.0);
        (-(into * 1e3).round(), n.dot(up))
    };
    contacts
        .iter()
        .map(|c| {
            let carried = match c.with {
                Touched::Piece(_) => Vec2::ZERO,
                Touched::Body(_) => c.velocity,
            };
            (c.normal, carried, c.with)
        })
        .filter(|(n, _, _)| n.dot(up) >= max_slope.cos() - 1e-4)
        .max_by(|a, b| {
            key(a.0)
                .partial_cmp(&key(b.0))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
}

/// The speed along the surface after one step of run input `dir` (−1, 0,
/// 1): toward `dir · max_run` by `rate · dt`, except that a runner already
/// faster than the top speed and holding the way it goes keeps its speed
/// (momentum from a slope or a loop is not taken away by running on).
fn run_speed(speed: f32, dir: f32, max_run: f32, rate: f32) -> f32 {
    if dir != 0.0 && speed * dir > max_run {
        speed
    } else {
        approach(speed, dir * max_run, rate)
    }
}

/// Moves `value` toward `target` by at most `step`.
fn approach(value: f32, target: f32, step: f32) -> f32 {
    if value < target {
        (value + step).min(target)
    } else {
        (value - step).max(target)
    }
}

type ControlItem<'a> = (
    &'a mut PhysicsPosition,
    &'a mut Velocity,
    &'a mut ControllerState,
    &'a mut Actor,
    &'a Grounded,
    &'a Contacts,
);

/// Gives the player the level's slope limit and restitution: when it is
/// spawned and when the tuning changes (a level load, the editor's tuning
/// panel), and the restitution again when it curls or uncurls (a rolling
/// ball bounces by `roll_restitution`). The one place the tuning reaches
/// the player's body.
pub fn apply_tuning(
    tuning: Res<PlayerTuning>,
    mut players: Query<(Ref<Player>, &ControllerState, &mut Actor)>,
) {
    for (player, st, mut actor) in &mut players {
        let t = &tuning.0;
        if tuning.is_changed() || player.is_added() {
            actor.max_slope = t.max_slope_deg.to_radians();
        }
        let e = if st.rolling {
            t.roll_restitution
        } else {
            t.player_restitution
        };
        if actor.restitution != e {
            actor.restitution = e;
        }
    }
}

/// Coyote time (full while `on_ground`, else counting down) and the jump
/// buffer (full on a new press, else counting down), in whole fixed steps
/// so they are frame-exact.
fn jump_timers(
    st: &mut ControllerState,
    input: &PlayerInput,
    t: &tangent_level::Tuning,
    dt: f32,
    on_ground: bool,
) {
    st.coyote = if on_ground {
        in_steps(t.coyote_time, dt)
    } else {
        st.coyote.saturating_sub(1)
    };
    let pressed = input.jump && !st.jump_held;
    st.jump_held = input.jump;
    st.buffer = if pressed {
        in_steps(t.jump_buffer, dt)
    } else {
        st.buffer.saturating_sub(1)
    };
}

/// One fixed step of the controller on a surface past the max slope
/// (`player::surface`): run input along it, or a jump off it along its
/// normal. The crate's step then leaves the player where it is.
fn control_on_surface(
    mut on: OnSurface,
    input: &PlayerInput,
    t: &tangent_level::Tuning,
    dt: f32,
    (pos, vel, st, actor): (
        &mut PhysicsPosition,
        &mut Velocity,
        &mut ControllerState,
        &mut Actor,
    ),
) {
    jump_timers(st, input, t, dt, true);
    st.jumped = false;
    actor.drop_through = false;
    if st.buffer > 0 {
        vel.0 = on.velocity() + on.normal * t.jump_speed;
        // Holding jump keeps rising only off a surface that faces up.
        st.hold = if on.normal.y > 0.7 {
            t.variable_jump_time
        } else {
            0.0
        };
        st.hold_speed = t.jump_speed;
        (st.buffer, st.coyote, st.jumped) = (0, 0, true);
        actor.gravity_scale = 1.0;
        surface::off_surface(actor, st); // a ball jumps as a ball
        return;
    }
    let dir = input.run_axis();
    if !st.rolling && input.down && on.speed.abs() > t.roll_speed {
        on = roll::curl(actor, st, on);
        pos.0 = on.position;
    }
    if st.rolling {
        on.speed = roll::roll_speed(on.speed, dir, t, dt);
    } else if dir != 0.0 {
        let rate = if on.speed * dir >= 0.0 {
            t.surface_accel
        } else {
            t.run_decel
        };
        on.speed = run_speed(on.speed, dir, t.max_run, rate * dt);
    }
    st.surface = Some(on);
    vel.0 = Vec2::ZERO;
    actor.gravity_scale = 0.0;
}

/// One fixed step of the controller.
pub fn control(
    time: Res<Time<Fixed>>,
    assist: Res<Assist>,
    input: Res<PlayerInput>,
    tuning: Res<PlayerTuning>,
    gravity: Res<Gravity>,
    index: Res<TerrainIndex>,
    mut players: Query<ControlItem, With<Player>>,
) {
    let dt = time.delta_secs();
    let t = tuning.0;
    let up = Vec2::Y;
    for (mut pos, mut vel, mut st, mut actor, grounded, contacts) in &mut players {
        let dashing = start_dash(&input, &t, dt, assist.infinite_dashes, &mut st);
        if dashing && st.surface.is_some() {
            surface::off_surface(&mut actor, &mut st);
        }
        let body = (&mut *pos, &mut *vel, &mut *st, &mut *actor);
        if let Some(on) = body.2.surface {
            control_on_surface(on, &input, &t, dt, body);
            continue;
        }
        let ground = if grounded.0 {
            ground_contact(contacts, body.1.0, up, body.3.max_slope)
        } else {
            None
        };
        let on_ground = ground.is_some();
        let (pos, vel, st, actor) = body;
        jump_timers(st, &input, &t, dt, on_ground);
        if on_ground {
            st.air_jumps = assist.air_jump as u32;
            if st.dash.is_none() {
                st.dashes = st.dashes.max(1);
            }
        }
        note_lift(st, contacts, on_ground);
        if dash_step(st, vel, actor, &t, on_ground) {
            continue;
        }
        let wall = if on_ground {
            None
        } else {
            find_wall(&index.set, actor, pos.0, t.wall_reach)
        };
        note_wall(st, wall, &t, dt);
        // Running: along the ground's tangent on the ground, in x in the
        // air (away from a wall just jumped off, while its push is forced).
        let dir = match st.forced {
            (away, steps) if steps > 0 => away,
            _ => input.run_axis(),
        };
        st.forced.1 = st.forced.1.saturating_sub(1);
        let rate = if dir != 0.0 { t.run_accel } else { t.run_decel };
        if let Some(ground) = ground {
            let body = (&mut *pos, &mut *vel, &mut *st, &mut *actor);
            let curling = &|piece| index.set.mover_of(piece).is_none() && input.down;
            if run_on_ground(ground, dir, (rate, dt), gravity.0, curling, &t, body) {
                continue;
            }
        } else if !st.rolling {
            // (A ball in the air is not steered: the Sonic games lock the
            // air control after a rolling jump.)
            vel.0.x = run_speed(vel.0.x, dir, t.max_run, rate * t.air_control * dt);
        }
        jump(st, vel, &input, &t, dt, on_ground);
        let falling = (!on_ground || st.jumped, input.jump);
        fall(
            falling,
            wall.filter(|_| !st.jumped),
            dir,
            &t,
            (vel, st, actor),
        );
        actor.drop_through = input.down;
    }
}

/// Keeps the velocity of the mover the player stands on, for a jump's
/// lift boost within coyote time of leaving it (`ControllerState::lift`).
fn note_lift(st: &mut ControllerState, contacts: &Contacts, on_ground: bool) {
    let lift = contacts
        .iter()
        .find(|c| c.piece().is_some() && c.velocity != Vec2::ZERO)
        .map(|c| c.velocity);
    st.lift = match lift {
        Some(v) if on_ground => (v, st.coyote),
        _ => (st.lift.0, st.lift.1.saturating_sub(1)),
    };
}

/// The step's gravity and fall: none on walkable ground (the runner's
/// speed along it is the controller's: no slope pull, so standing still on
/// a slope within the max slope holds; steeper is not ground: it slides),
/// the apex's gentler gravity while jump is held near the top of a jump,
/// else all of it; the fall capped at `max_fall`, and held toward a `wall`
/// it touches (`dir`), at the slide speed (gravity off at the cap).
fn fall(
    (airborne, jump_held): (bool, bool),
    wall: Option<wall::Wall>,
    dir: f32,
    t: &tangent_level::Tuning,
    (vel, st, actor): (&mut Velocity, &mut ControllerState, &mut Actor),
) {
    actor.gravity_scale = if !airborne {
        0.0
    } else if jump_held && vel.0.y.abs() < t.apex_speed {
        t.apex_gravity
    } else {
        1.0
    };
    vel.0.y = vel.0.y.max(-t.max_fall);
    st.sliding = wall::slides(wall, dir, vel.0);
    if st.sliding && vel.0.y <= -t.wall_slide_speed {
        vel.0.y = -t.wall_slide_speed;
        actor.gravity_scale = 0.0;
    }
}

/// One step of running on walkable `ground` (its normal, the velocity of
/// what carries the runner, what it is) with run input `dir`, its speed
/// changing at `rate` over the step `dt`, under `gravity`. Down while running fast on terrain (`curling` says
/// whether a piece allows it: not a mover, down held) curls into a ball on
/// the surface instead: true then, and the step's control is over.
fn run_on_ground(
    (n, carried, with): (Vec2, Vec2, Touched),
    dir: f32,
    (rate, dt): (f32, f32),
    gravity: Vec2,
    curling: &dyn Fn(usize) -> bool,
    t: &tangent_level::Tuning,
    (pos, vel, st, actor): (
        &mut PhysicsPosition,
        &mut Velocity,
        &mut ControllerState,
        &mut Actor,
    ),
) -> bool {
    // Standing on an actor, run relative to it: it carries the runner
    // (terrain carries nothing, and the sums are skipped).
    let tangent = Vec2::new(n.y, -n.x); // rightward along the surface
    let moving = carried != Vec2::ZERO;
    let own = if moving { vel.0 - carried } else { vel.0 };
    // (Not on a mover: a ball runs its surface, and a mover's moves.)
    if let Touched::Piece(piece) = with
        && curling(piece)
        && !moving
        && own.dot(tangent).abs() > t.roll_speed
    {
        let on = OnSurface {
            position: pos.0,
            normal: n,
            speed: own.dot(tangent),
            piece,
        };
        let on = roll::curl(actor, st, on);
        pos.0 = on.position;
        st.surface = Some(on);
        (vel.0, actor.gravity_scale, actor.drop_through) = (Vec2::ZERO, 0.0, false);
        return true;
    }
    let mut speed = run_speed(own.dot(tangent), dir, t.max_run, rate * dt);
    // Gravity along the slope speeds a runner downhill and slows it
    // uphill. A player letting go of the keys at running speed brakes as
    // on flat ground, and so stops and stands on any slope within the max
    // slope, as it always did.
    if dir != 0.0 || speed.abs() > t.max_run {
        speed += gravity.dot(tangent) * dt;
    }
    vel.0 = if moving {
        carried + tangent * speed
    } else {
        tangent * speed
    };
    false
}

/// One step of jumping: a buffered press within coyote time jumps, off a
/// mover a moment ago with its lift; else, off the ground but within a
/// wall's reach or its coyote time, a wall jump (`player::wall`: along the
/// wall's normal, input toward the wall held off for the forced time when
/// a direction is held; none held, a neutral jump, which climbs a single
/// wall); else, with an air jump left (an assist), a jump. Holding jump
/// keeps the jump's up speed for the variable jump time.
fn jump(
    st: &mut ControllerState,
    vel: &mut Velocity,
    input: &PlayerInput,
    t: &tangent_level::Tuning,
    dt: f32,
    on_ground: bool,
) {
    st.jumped = false;
    let wall = st.wall.filter(|_| st.buffer > 0 && st.coyote == 0);
    // An extra jump in the air (an assist), once coyote time is over.
    let air_jump = st.buffer > 0 && st.coyote == 0 && st.air_jumps > 0 && wall.is_none();
    if let Some((n, _)) = wall {
        vel.0 = wall_jump_velocity(n, t);
        let held = input.run_axis();
        if held != 0.0 {
            let away = if n.x < 0.0 { -1.0 } else { 1.0 };
            st.forced = (away, in_steps(t.wall_jump_forced_time, dt));
        }
        st.hold_speed = vel.0.y;
        st.hold = if vel.0.y > 0.0 {
            t.variable_jump_time
        } else {
            0.0
        };
        (st.buffer, st.wall, st.jumped) = (0, None, true);
    } else if st.buffer > 0 && (st.coyote > 0 || air_jump) {
        vel.0.y = t.jump_speed;
        if air_jump {
            st.air_jumps -= 1;
        } else if !on_ground && st.lift.1 > 0 {
            // Off a mover a moment ago: its lift still boosts (on it, the
            // collision step adds the mover's velocity as it goes).
            vel.0.y += st.lift.0.y.max(0.0);
        }
        st.hold = t.variable_jump_time;
        st.hold_speed = t.jump_speed;
        st.buffer = 0;
        st.coyote = 0;
        st.jumped = true;
    } else if input.jump && st.hold > 0.0 {
        vel.0.y = vel.0.y.max(st.hold_speed);
        st.hold = (st.hold - dt).max(0.0);
    } else {
        st.hold = 0.0;
    }
}

type SnapItem<'a> = (
    &'a Actor,
    &'a mut PhysicsPosition,
    &'a mut Velocity,
    &'a mut Grounded,
    &'a mut Contacts,
    &'a mut ControllerState,
);

/// Keeps a runner on the ground over convex curves and down slopes: when
/// the player was grounded before this step, did not jump and is now in the
/// air but moving no faster upward than the slope allows, it is cast down
/// by up to `4 px + |v| dt · tan(max_slope)` and, on landing on ground, put
/// there with its velocity turned along the surface (speed kept), grounded,
/// with the ground it was put on as its one contact (what the next step's
/// controller reads).
pub fn snap_to_ground(
    time: Res<Time<Fixed>>,
    index: Res<TerrainIndex>,
    mut players: Query<SnapItem, With<Player>>,
) {
    let dt = time.delta_secs();
    for (actor, mut pos, mut vel, mut grounded, mut contacts, mut st) in &mut players {
        let was = st.was_grounded;
        st.was_grounded = grounded.0;
        if grounded.0 || !was || st.jumped || actor.drop_through || st.dash.is_some() {
            continue;
        }
        let speed = vel.0.length();
        if vel.0.y > speed * actor.max_slope.sin() + 1.0 {
            continue; // really leaving the ground (a bounce, a launch)
        }
        let reach = 4.0 + speed * dt * actor.max_slope.tan();
        let body = actor.at(pos.0, vel.0);
        let Some((piece, toi)) = index.set.cast(&body, Vec2::new(0.0, -reach)) else {
            continue;
        };
        if toi.normal.y < actor.max_slope.cos() - 1e-4 {
            continue;
        }
        pos.0.y -= reach * toi.fraction;
        let tangent = Vec2::new(toi.normal.y, -toi.normal.x);
        let sign = if vel.0.dot(tangent) >= 0.0 { 1.0 } else { -1.0 };
        vel.0 = tangent * speed * sign;
        grounded.0 = true;
        contacts.0.clear();
        contacts.0.push(Contact {
            point: toi.point,
            normal: toi.normal,
            with: Touched::Piece(piece),
            velocity: Vec2::ZERO,
            hits: toi.hits,
            impact_speed: 0.0,
            bounced: false,
        });
        st.was_grounded = true;
    }
}
