//! Forgiving corners, as Celeste's: just before the collision step, a
//! rising player whose head would clip a ceiling's corner is moved sideways
//! by up to [`Tuning::corner_correction`](tangent_level::Tuning::corner_correction)
//! px past it, so a clip of less than that (the body keeps its skin) gets by (the smaller
//! way first, in half-pixel steps), and a player in the air running into a
//! ledge whose top its feet miss by up to [`Tuning::ledge_lift`](tangent_level::Tuning::ledge_lift) px is
//! lifted onto it (a runner on the ground, over a step of up to
//! [`SEAM_STEP`]: where a mover meets fixed ground). Both are exact casts against the whole terrain (tiles
//! and curves), and only move the player where it is free to be.

use bevy::prelude::*;

use crate::collision::{Actor, Grounded, PhysicsPosition, TerrainIndex, Velocity};
use crate::collision::{Body, TerrainSet};

use super::state::{Player, PlayerTuning};

/// The highest step a runner on the ground is lifted over, px: a seam
/// between a mover and fixed ground, not a ledge.
pub const SEAM_STEP: f32 = 1.0;

/// Half-pixel steps from 0.5 px up to `limit` px.
fn steps(limit: f32) -> impl Iterator<Item = f32> {
    (1..=(2.0 * limit.max(0.0)).floor() as u32).map(|k| 0.5 * k as f32)
}

/// Whether `body` can move by `motion` without meeting terrain.
fn free(set: &TerrainSet, body: &Body, motion: Vec2) -> bool {
    set.cast(body, motion).is_none()
}

/// The body moved by `by`.
fn shifted(body: &Body, by: Vec2) -> Body {
    let mut b = *body;
    b.position += by;
    b
}

/// The sideways shift (±, smallest first, the way the player is moving
/// first among equals) that lets `body` rise by `rise` clear of the
/// ceiling it would meet, within `limit` px; `None` when there is none.
pub fn corner_nudge(set: &TerrainSet, body: &Body, rise: f32, limit: f32) -> Option<f32> {
    let up = Vec2::new(0.0, rise);
    let (_, toi) = set.cast(body, up)?;
    if toi.normal.y > -0.7 {
        return None; // not a ceiling
    }
    let first = if body.velocity.x < 0.0 { -1.0 } else { 1.0 };
    steps(limit).find_map(|d| {
        [first * d, -first * d].into_iter().find(|&dx| {
            let side = Vec2::new(dx, 0.0);
            free(set, body, side) && free(set, &shifted(body, side), up)
        })
    })
}

/// The lift (within `limit` px) that lets `body`, moving `run` px
/// sideways, clear the top of the wall it would run into; `None` when
/// there is none or what it meets is not a wall.
pub fn ledge_lift(set: &TerrainSet, body: &Body, run: f32, limit: f32) -> Option<f32> {
    let side = Vec2::new(run, 0.0);
    let (_, toi) = set.cast(body, side)?;
    if toi.normal.x.abs() < 0.7 {
        return None; // not a wall
    }
    steps(limit).find(|&dy| {
        let lift = Vec2::new(0.0, dy);
        free(set, body, lift) && free(set, &shifted(body, lift), side)
    })
}

type CornerItem<'a> = (
    &'a Actor,
    &'a mut PhysicsPosition,
    &'a Velocity,
    &'a Grounded,
);

/// Nudges the player past ceiling corners and onto ledges it nearly makes
/// (runs after the controller, before the collision step).
pub fn forgive_corners(
    time: Res<Time<Fixed>>,
    tuning: Res<PlayerTuning>,
    index: Res<TerrainIndex>,
    mut players: Query<CornerItem, With<Player>>,
) {
    let dt = time.delta_secs();
    let t = tuning.0;
    for (actor, mut pos, vel, grounded) in &mut players {
        let mut body = actor.at(pos.0, vel.0);
        if vel.0.y > 0.0
            && let Some(dx) = corner_nudge(&index.set, &body, vel.0.y * dt, t.corner_correction)
        {
            pos.0.x += dx;
            body.position.x += dx;
        }
        // On the ground only a seam's step: where a mover's top meets
        // fixed ground at the same height the fixed piece's corner is no
        // joint of the mover's (see the collision crate's movers), and
        // would stop a runner without this.
        let limit = if grounded.0 { SEAM_STEP } else { t.ledge_lift };
        if vel.0.x != 0.0
            && let Some(dy) = ledge_lift(&index.set, &body, vel.0.x * dt, limit)
        {
            pos.0.y += dy;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{ActorShape, TileGrid, TileKind};

    /// A 32 px tile at cell (5, 5) of an empty grid: its lower-left corner
    /// at (160, 160).
    fn block() -> TerrainSet {
        let mut grid = TileGrid::new(12, 12, 32.0, Vec2::ZERO);
        grid.set(5, 5, TileKind::Solid);
        TerrainSet::from_tiles(&grid, Vec::new()).unwrap()
    }

    fn player(at: Vec2, velocity: Vec2) -> Body {
        let shape = ActorShape::Rect {
            half_extents: Vec2::new(10.0, 14.0),
        };
        Body::new(shape, at, velocity, 0.0)
    }

    /// A head under the block's left or right corner, overlapping it by
    /// `overlap` px (0.25–8 px, both corners, both ways of moving), rising
    /// 7 px into it: nudged past within 4 px, blocked beyond; the nudge is
    /// the smallest that clears (within the half-pixel step), away from
    /// the block, and leaves the way up free.
    #[test]
    fn a_head_clipping_a_corner_by_up_to_the_limit_is_nudged_past() {
        let set = block();
        let (mut nudged, mut blocked) = (0, 0);
        for k in 1..=32 {
            let overlap = 0.25 * k as f32;
            for (left, vx) in [
                (true, 100.0),
                (true, -100.0),
                (false, 100.0),
                (false, -100.0),
            ] {
                // Head 2 px below the block's bottom (y = 160).
                let x = if left {
                    160.0 - 10.0 + overlap
                } else {
                    192.0 + 10.0 - overlap
                };
                let body = player(Vec2::new(x, 160.0 - 14.0 - 2.0), Vec2::new(vx, 420.0));
                let got = corner_nudge(&set, &body, 7.0, 4.0);
                if overlap <= 3.5 {
                    let dx = got.unwrap_or_else(|| panic!("{overlap} px, left {left}: none"));
                    assert!(
                        dx.abs() >= overlap && dx.abs() <= overlap + 0.5 + 1e-3,
                        "{dx}"
                    );
                    assert_eq!(dx < 0.0, left, "away from the block");
                    let moved = shifted(&body, Vec2::new(dx, 0.0));
                    assert!(free(&set, &moved, Vec2::new(0.0, 7.0)));
                    nudged += 1;
                } else if overlap > 4.0 {
                    assert_eq!(got, None, "{overlap} px, left {left}");
                    blocked += 1;
                }
            }
        }
        println!("corner nudges: {nudged} nudged, {blocked} blocked");
        assert!(nudged >= 50 && blocked >= 60);
    }

    /// Feet under the block's top by `miss` px, moving into its side: lifted
    /// within 4 px, not beyond, and only onto a free spot.
    #[test]
    fn feet_missing_a_ledge_by_a_few_pixels_are_lifted_onto_it() {
        let set = block();
        let (mut lifted, mut left_alone) = (0, 0);
        for k in 1..=32 {
            let miss = 0.25 * k as f32;
            for from_left in [true, false] {
                let (x, vx) = if from_left {
                    (160.0 - 10.0 - 1.0, 300.0)
                } else {
                    (192.0 + 10.0 + 1.0, -300.0)
                };
                let body = player(Vec2::new(x, 192.0 + 14.0 - miss), Vec2::new(vx, -50.0));
                let got = ledge_lift(&set, &body, vx / 60.0, 4.0);
                if miss <= 3.5 {
                    let dy = got.unwrap_or_else(|| panic!("{miss} px: none"));
                    assert!(dy >= miss && dy <= miss + 0.5 + 1e-3, "{dy}");
                    lifted += 1;
                } else if miss > 4.0 {
                    assert_eq!(got, None, "{miss} px");
                    left_alone += 1;
                }
            }
        }
        assert!(lifted >= 25 && left_alone >= 30, "{lifted} {left_alone}");
    }
}
