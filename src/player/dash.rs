//! The dash: one per time in the air (refilled on landing, or by a
//! crystal), in 8 directions (the held one, or the way the player faces),
//! at `dash_speed` for `dash_time` with gravity off, then `dash_end_speed`
//! the same way. For the collision step a dash is a motion like any
//! other: continuous, sliding along what it meets, passing one-way
//! surfaces from behind.

use bevy::prelude::*;

use super::input::PlayerInput;
use super::state::{ControllerState, Dash, in_steps};
use crate::collision::{Actor, Velocity};
use tangent_level::Tuning;

/// The dash's direction for `input`: the held direction among the 8, or
/// `facing` (±1) when none is held.
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::player::{PlayerInput, dash::dash_direction};
/// let up_right = PlayerInput { right: true, up: true, ..PlayerInput::NONE };
/// assert!((dash_direction(&up_right, 1.0) - Vec2::new(1.0, 1.0).normalize()).length() < 1e-6);
/// assert_eq!(dash_direction(&PlayerInput::NONE, -1.0), Vec2::new(-1.0, 0.0));
/// ```
pub fn dash_direction(input: &PlayerInput, facing: f32) -> Vec2 {
    let held = Vec2::new(
        input.run_axis(),
        (input.up as i32 - input.down as i32) as f32,
    );
    if held == Vec2::ZERO {
        Vec2::new(if facing < 0.0 { -1.0 } else { 1.0 }, 0.0)
    } else {
        held.normalize()
    }
}

/// A dash's length in fixed steps of `dt`.
pub fn dash_steps(t: &Tuning, dt: f32) -> u32 {
    in_steps(t.dash_time, dt).max(1)
}

/// The distance a dash covers through free space: `dash_speed` for its
/// whole steps (gravity off), the closed form the tests hold it to.
pub fn dash_distance(t: &Tuning, dt: f32) -> f32 {
    t.dash_speed * dash_steps(t, dt) as f32 * dt
}

/// A new press of dash with a dash left and the cooldown over starts a
/// dash (`player::dash`): in the held direction, else the way the player
/// faces (which any held run input sets). True if one started.
pub fn start_dash(
    input: &PlayerInput,
    t: &Tuning,
    dt: f32,
    infinite: bool,
    st: &mut ControllerState,
) -> bool {
    let pressed = input.dash && !st.dash_held;
    st.dash_held = input.dash;
    st.dash_cooldown = st.dash_cooldown.saturating_sub(1);
    let run = input.run_axis();
    if run != 0.0 {
        st.facing = run;
    }
    if !pressed || (st.dashes == 0 && !infinite) || st.dash_cooldown > 0 {
        return false;
    }
    st.dash = Some(Dash {
        dir: dash_direction(input, st.facing),
        steps: dash_steps(t, dt),
    });
    st.dashes = st.dashes.saturating_sub(1);
    st.dash_cooldown = in_steps(t.dash_cooldown, dt);
    st.forced.1 = 0;
    st.sliding = false;
    true
}

/// One step of a dash under way: its speed, gravity off, and nothing else
/// of the controller (true). A jump buffered on the ground ends it at
/// once, keeping its speed (a super jump: the run and the jump go on from
/// it). On its last step it leaves at the end speed and the controller
/// goes on (false).
pub fn dash_step(
    st: &mut ControllerState,
    vel: &mut Velocity,
    actor: &mut Actor,
    t: &Tuning,
    on_ground: bool,
) -> bool {
    let Some(dash) = st.dash else {
        return false;
    };
    if st.buffer > 0 && st.coyote > 0 && on_ground {
        st.dash = None;
        return false;
    }
    if dash.steps == 0 {
        vel.0 = dash.dir * t.dash_end_speed;
        st.dash = None;
        return false;
    }
    vel.0 = dash.dir * t.dash_speed;
    actor.gravity_scale = 0.0;
    actor.drop_through = false;
    st.jumped = false;
    st.sliding = false;
    st.dash = Some(Dash {
        steps: dash.steps - 1,
        ..dash
    });
    true
}
