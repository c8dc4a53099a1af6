//! Danger and retries: spikes, hazard curves, checkpoints and the player's
//! deaths.
//!
//! - **Spikes** (`Spikes(Up)` and the other sides in the legend) are not
//!   solid. Their teeth fill half the cell, on the side they stand on; the
//!   player dies touching them unless it moves the way they point (so a
//!   jump up through upward spikes is safe, landing on them is not, as in
//!   Celeste). The side columns of the cell (a tenth of it each) are safe.
//! - **Hazard curves** (`hazard: true`) stay solid; the player dies on any
//!   contact with one.
//! - **Falling out** of the level kills the same way ([`super::fell_out`]).
//! - **Checkpoints**: touching one (a box a tile wide and two high around
//!   the point) makes it where the player comes back; before any, the spawn.
//!
//! (The method in full is on `spike_hurts`.)

use bevy::prelude::*;

use super::state::{CurrentLevel, DeathCause, Died, LevelCurve, LevelStatus};
use crate::collision::{
    Actor, Contacts, PhysicsPosition, PreviousPhysicsPosition, TerrainIndex, Velocity,
};
use crate::player::{ControllerState, Player};
use tangent_level::format::Side;

/// The part of a spike cell (lower-left corner `lo`, size `ts`) its teeth
/// fill: the half on the side they stand on, less a tenth at each end.
pub fn spike_box(lo: Vec2, ts: f32, side: Side) -> Rect {
    let (a, b) = (0.1 * ts, 0.9 * ts);
    let h = 0.5 * ts;
    let (min, max) = match side {
        Side::Up => (Vec2::new(a, 0.0), Vec2::new(b, h)),
        Side::Down => (Vec2::new(a, h), Vec2::new(b, ts)),
        Side::Left => (Vec2::new(h, a), Vec2::new(ts, b)),
        Side::Right => (Vec2::new(0.0, a), Vec2::new(h, b)),
    };
    Rect::from_corners(lo + min, lo + max)
}

/// A death sends [`Died`], puts the player back with no speed and a fresh
/// controller, and counts one more in [`LevelStatus::deaths`] (a level's
/// start resets the count and the checkpoint).
///
/// Whether spikes in the cell at `lo` pointing to `side` hurt a player
/// whose box is `player`, moving at `velocity`: it overlaps the teeth and
/// does not move the way they point.
///
/// ```
/// use bevy::math::{Rect, Vec2};
/// use tangent_level::format::Side;
/// use tangent::level::hazard::spike_hurts;
/// let on_top = Rect::from_center_half_size(Vec2::new(16.0, 20.0), Vec2::new(10.0, 14.0));
/// assert!(spike_hurts(Vec2::ZERO, 32.0, Side::Up, on_top, Vec2::new(0.0, -50.0)));
/// assert!(!spike_hurts(Vec2::ZERO, 32.0, Side::Up, on_top, Vec2::new(0.0, 300.0)));
/// let beside = Rect::from_center_half_size(Vec2::new(-8.0, 14.0), Vec2::new(10.0, 14.0));
/// assert!(!spike_hurts(Vec2::ZERO, 32.0, Side::Up, beside, Vec2::ZERO));
/// ```
pub fn spike_hurts(lo: Vec2, ts: f32, side: Side, player: Rect, velocity: Vec2) -> bool {
    let teeth = spike_box(lo, ts, side).intersect(player);
    let (dx, dy) = side.direction();
    let overlaps = teeth.width() > 1e-3 && teeth.height() > 1e-3;
    overlaps && velocity.dot(Vec2::new(dx, dy)) <= 0.0
}

/// Where the player comes back: the last checkpoint touched, or the spawn.
pub fn respawn_point(level: &CurrentLevel, status: &LevelStatus) -> Vec2 {
    let file = &level.level.file;
    let p = status
        .checkpoint
        .and_then(|k| file.checkpoints.get(k))
        .copied()
        .unwrap_or(file.spawn);
    Vec2::new(p.0, p.1)
}

/// The box around checkpoint `at` that the player touches it in.
pub fn checkpoint_box(at: Vec2, ts: f32) -> Rect {
    Rect::from_center_half_size(at, Vec2::new(0.5 * ts, ts))
}

/// Makes the last checkpoint the player touches its way back.
pub fn touch_checkpoints(
    level: Option<Res<CurrentLevel>>,
    mut status: ResMut<LevelStatus>,
    players: Query<(&Actor, &PhysicsPosition), With<Player>>,
) {
    let Some(level) = level else {
        return;
    };
    let ts = level.level.grid.tile_size;
    for (actor, pos) in &players {
        let me: Rect = actor.shape.aabb(pos.0).into();
        let touched = level
            .level
            .file
            .checkpoints
            .iter()
            .position(|&(x, y)| !checkpoint_box(Vec2::new(x, y), ts).intersect(me).is_empty());
        if touched.is_some() && touched != status.checkpoint {
            status.checkpoint = touched;
        }
    }
}

/// The curve definition of terrain piece `piece`: a level curve (by its
/// entity), or a mover's curve (a mover's curves are its last pieces).
fn hazard_def<'a>(
    level: &'a CurrentLevel,
    index: &TerrainIndex,
    curves: &Query<&LevelCurve>,
    piece: usize,
) -> Option<&'a tangent_level::format::CurveDef> {
    if let Some(g) = index.set.mover_of(piece) {
        let own = &level.level.mover_defs.get(g)?.curves;
        let k = (piece + own.len()).checked_sub(index.set.mover_pieces(g).end)?;
        return own.get(k);
    }
    let e = index.entities.get(piece)?;
    let LevelCurve(i) = curves.get(*e).ok()?;
    level.level.curve_defs.get(*i)
}

type PlayerItem<'a> = (&'a Actor, &'a PhysicsPosition, &'a Velocity, &'a Contacts);

/// Kills the player touching spikes or a hazard curve (not while the
/// invincibility assist is on).
pub fn hurt_player(
    assist: Option<Res<crate::player::assist::Assist>>,
    level: Option<Res<CurrentLevel>>,
    status: Res<LevelStatus>,
    index: Res<TerrainIndex>,
    curves: Query<&LevelCurve>,
    players: Query<PlayerItem, With<Player>>,
    mut died: MessageWriter<Died>,
) {
    let Some(level) = level.filter(|_| !assist.is_some_and(|a| a.invincible)) else {
        return;
    };
    let grid = &level.level.grid;
    let ts = grid.tile_size;
    for (actor, pos, vel, contacts) in &players {
        let me: Rect = actor.shape.aabb(pos.0).into();
        let (x0, y0) = grid.cell_of(me.min);
        let (x1, y1) = grid.cell_of(me.max);
        let on_spikes = (y0.max(0)..=y1).any(|y| {
            (x0.max(0)..=x1).any(|x| {
                level
                    .level
                    .spikes
                    .get(&(x as usize, y as usize))
                    .is_some_and(|&side| {
                        let lo = Vec2::new(x as f32, y as f32) * ts;
                        spike_hurts(lo, ts, side, me, vel.0)
                    })
            })
        });
        let on_hazard = contacts.iter().any(|c| {
            c.piece()
                .and_then(|piece| hazard_def(&level, &index, &curves, piece))
                .is_some_and(|def| def.hazard)
        });
        let cause = if on_spikes {
            DeathCause::Spikes
        } else if on_hazard {
            DeathCause::HazardCurve
        } else {
            continue;
        };
        died.write(Died {
            at: pos.0,
            back_to: respawn_point(&level, &status),
            cause,
        });
    }
}

type RespawnItem<'a> = (
    &'a mut PhysicsPosition,
    &'a mut PreviousPhysicsPosition,
    &'a mut Velocity,
    &'a mut ControllerState,
);

/// Puts the player back after a death and counts it.
pub fn respawn_player(
    mut died: MessageReader<Died>,
    mut status: ResMut<LevelStatus>,
    mut players: Query<RespawnItem, With<Player>>,
) {
    for d in died.read() {
        status.deaths += 1;
        info!("died ({:?}) at {}; back at {}", d.cause, d.at, d.back_to);
        for (mut pos, mut prev, mut vel, mut state) in &mut players {
            pos.0 = d.back_to;
            prev.0 = d.back_to;
            vel.0 = Vec2::ZERO;
            *state = ControllerState::default();
        }
    }
}
