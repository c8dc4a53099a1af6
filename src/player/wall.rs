//! Walls in the air: sliding down a wall held toward, and jumping off it.
//! A wall is any surface steeper than the max slope found within the
//! tuned reach to either side (a tile face, or a curve at any angle up to
//! 130° from the floor); sliding needs one steeper than 75.5° (a gentler
//! one the player lands on and runs) and no steeper than vertical. The wall jump leaves along the wall's own normal: on a
//! tile face straight out, on a curve ⟂B'(t) at the contact.

use bevy::prelude::*;

use super::state::{ControllerState, in_steps};
use super::surface::LANDS_FROM_THE_AIR;
use crate::collision::{Actor, TerrainSet};
use tangent_level::Tuning;

/// The steepest surface that is still a wall to jump off, as the `y` of
/// its normal: 130° from the floor (an overhang leaning 40° out).
pub const STEEPEST_WALL: f32 = -0.642_787_6;

/// A wall leaning out by less than this (the `y` of its normal) is still
/// one to slide down: about 3° past vertical, for rounding.
const SLIDE_OVERHANG: f32 = -0.05;

/// A wall this near (px, past the skin the body keeps) is touched.
pub const TOUCHING: f32 = 1.0;

/// A wall beside a body: its normal (facing the body) and the gap to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wall {
    pub normal: Vec2,
    pub gap: f32,
}

/// The nearer wall within `reach` of the body at `pos` to the left or
/// right: the first surface a cast of its shape sideways meets whose
/// normal is steeper than the max slope and no steeper than
/// [`STEEPEST_WALL`].
pub fn find_wall(set: &TerrainSet, actor: &Actor, pos: Vec2, reach: f32) -> Option<Wall> {
    let body = actor.at(pos, Vec2::ZERO);
    let steep = actor.max_slope.cos() - 1e-4;
    [-1.0f32, 1.0]
        .into_iter()
        .filter_map(|side| {
            let (piece, toi) = set.cast(&body, Vec2::new(side * reach, 0.0))?;
            let n = normal_at(set, piece, toi.point, toi.normal);
            (n.y < steep && n.y >= STEEPEST_WALL && n.x * side < 0.0).then_some(Wall {
                normal: n,
                gap: toi.fraction * reach,
            })
        })
        .min_by(|a, b| a.gap.total_cmp(&b.gap))
}

/// The surface's normal at the contact `point` on `piece`: ⟂B'(t) at the
/// contact's parameter, facing as the cast's `normal` does (a contact at
/// a piece's end, a corner, keeps the cast's).
fn normal_at(set: &TerrainSet, piece: usize, point: Vec2, normal: Vec2) -> Vec2 {
    let shape = &set.piece(piece).shape;
    let t = shape.closest_t(point);
    if !(1e-3..=1.0 - 1e-3).contains(&t) {
        return normal;
    }
    let d = shape.derivative(t);
    let n = d.perp().normalize_or_zero();
    match n.dot(normal) {
        x if x > 0.0 => n,
        x if x < 0.0 => -n,
        _ => normal,
    }
}

/// The velocity a wall jump leaves a wall of unit normal `n` with: the
/// tuned speeds along the normal and along the wall's rising tangent,
/// `v = away · n + up · t` with `t ⟂ n`, `t_y ≥ 0`. On a vertical wall
/// that is `(±away, up)`.
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::player::wall::wall_jump_velocity;
/// let t = tangent_level::Tuning::default();
/// let v = wall_jump_velocity(Vec2::new(-1.0, 0.0), &t);
/// assert_eq!(v, Vec2::new(-t.wall_jump_away, t.wall_jump_up));
/// ```
pub fn wall_jump_velocity(n: Vec2, t: &Tuning) -> Vec2 {
    let mut up = n.perp();
    if up.y < 0.0 || (up.y == 0.0 && up.x < 0.0) {
        up = -up;
    }
    n * t.wall_jump_away + up * t.wall_jump_up
}

/// Whether a body falling at `vel` with run input `dir` slides down
/// `wall`: touching it, held toward it, steeper than a curve the player
/// lands on from the air and runs ([`LANDS_FROM_THE_AIR`]: that one it
/// runs, at its own speed), and not leaning out.
pub fn slides(wall: Option<Wall>, dir: f32, vel: Vec2) -> bool {
    wall.is_some_and(|w| {
        let n = w.normal;
        w.gap <= TOUCHING
            && dir * n.x < 0.0
            && (SLIDE_OVERHANG..LANDS_FROM_THE_AIR).contains(&n.y)
            && vel.y < 0.0
    })
}

/// Keeps the wall within reach (full wall coyote time while there is
/// one, then counting down to none), for a wall jump.
pub fn note_wall(st: &mut ControllerState, wall: Option<Wall>, t: &Tuning, dt: f32) {
    st.wall = match (wall, st.wall) {
        (Some(w), _) => Some((w.normal, in_steps(t.wall_coyote_time, dt))),
        (None, Some((n, k))) if k > 1 => Some((n, k - 1)),
        _ => None,
    };
}
