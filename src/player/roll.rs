//! (The method in full is on `curl`.)

use bevy::prelude::*;

use crate::collision::{Actor, ActorShape, OnSurface, TerrainSet};

use super::state::ControllerState;

/// The ball's radius for a player standing as `standing`.
pub fn roll_radius(standing: ActorShape) -> f32 {
    match standing {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents: h } => h.x.min(h.y),
    }
}

/// How far `shape` stands off a straight surface of unit normal `n`.
pub fn stand_off(shape: ActorShape, n: Vec2) -> f32 {
    match shape {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents: h } => h.x * n.x.abs() + h.y * n.y.abs(),
    }
}

/// Rolling: down while running faster than `roll_speed` curls the player
/// into a ball, a circle of its half width (10 px for the default box),
/// its feet kept where they were. A ball runs the surface as the player
/// does past the max slope (`player::surface`), at any angle and speed,
/// under the same physics (gravity along the surface, held while the
/// normal force is not negative), with three differences: run input does
/// not speed it up, pushing against its motion brakes it by `roll_decel`,
/// and it loses `roll_friction` (a quarter of Sonic's running friction)
/// every second. The Sonic games also give a rolling ball a stronger slope
/// factor; here the slope is gravity itself, rolling or not. It uncurls
/// when slower than half of `roll_speed`, or when down is let go on
/// ground within the max slope, where the box has room: under a low
/// curve it stays a ball until it is out. In the air it stays a ball,
/// and bounces off what it meets by `roll_restitution` (the crate's step
/// bounces it along the bounce normal, as any ball actor;
/// `controller::apply_tuning` gives the body that restitution while it is
/// curled).
///
/// Curls a player whose body is `actor` (its shape now: the box, or the
/// circle it runs a surface as) on the surface `on` into a ball: the
/// ball's centre moves toward the surface so its feet stay put.
pub fn curl(actor: &mut Actor, st: &mut ControllerState, mut on: OnSurface) -> OnSurface {
    let standing = st.standing.unwrap_or(actor.shape);
    let r = roll_radius(standing);
    on.position -= on.normal * (stand_off(actor.shape, on.normal) - r);
    actor.shape = ActorShape::Circle { radius: r };
    st.standing = Some(standing);
    st.rolling = true;
    on
}

/// One step of a ball's speed along the surface under `dir` (−1, 0, 1):
/// braking against its motion, then friction.
pub fn roll_speed(speed: f32, dir: f32, t: &tangent_level::Tuning, dt: f32) -> f32 {
    let mut v = speed;
    if dir != 0.0 && dir * v < 0.0 {
        v = approach_zero(v, t.roll_decel * dt);
    }
    approach_zero(v, t.roll_friction * dt)
}

fn approach_zero(v: f32, by: f32) -> f32 {
    if v > 0.0 {
        (v - by).max(0.0)
    } else {
        (v + by).min(0.0)
    }
}

/// Where a ball at `on` uncurls to `standing` (its centre moved out from
/// the surface so its feet stay put), if the standing shape has room
/// there (clear of every piece); `None` under a low ceiling or in a crease. Room is judged by sweeping the ball
/// out from the surface by as much as the standing shape reaches past it
/// (twice the lift: the centre moves by the lift, and the top by as much
/// again).
pub fn uncurled(
    set: &TerrainSet,
    actor: &Actor,
    standing: ActorShape,
    on: &OnSurface,
) -> Option<Vec2> {
    let lift = stand_off(standing, on.normal) - stand_off(actor.shape, on.normal);
    let body = actor.at(on.position, Vec2::ZERO);
    if lift > 0.0 && set.cast(&body, on.normal * (2.0 * lift)).is_some() {
        return None;
    }
    let at = on.position + on.normal * lift;
    fits(set, standing, at).then_some(at)
}

/// Whether `shape` at `at` meets no piece of `set` (touching one counts):
/// the exact crossings with the shape's outline of each piece the set's
/// own index finds near it.
pub fn fits(set: &TerrainSet, shape: ActorShape, at: Vec2) -> bool {
    let mut near = Vec::new();
    set.query(shape.aabb(at), &mut near);
    near.iter()
        .all(|&i| set.piece(i).shape.actor_hits(&shape, at).is_empty())
}
