//! Bodies lost to the level: an actor whose centre is outside the level's
//! tile grid (in an open level, below its bottom or past a side: above the
//! top is sky), or inside a solid tile after a step (sunk deeper than the
//! collision step pushes out, through a bug or an edit), is reported with a
//! [`FellOut`] message and a warning naming it, and put back: a ball or
//! crate where the level file starts it, with the file's velocity; the
//! player dies ([`Died`], counted) and comes back at its last checkpoint or
//! the spawn point. The level and its clock go on.

use bevy::prelude::*;

use super::hazard::respawn_point;
use super::state::{CurrentLevel, DeathCause, Died, FellOut, LevelActor, LevelStatus};
use crate::collision::TileKind;
use crate::collision::{Actor, PhysicsPosition, PreviousPhysicsPosition, Velocity};
use crate::player::Player;

type LostItem<'a> = (
    Entity,
    Option<&'a Name>,
    &'a mut PhysicsPosition,
    &'a mut PreviousPhysicsPosition,
    &'a mut Velocity,
    Option<&'a LevelActor>,
    Has<Player>,
);

/// Finds lost actors after each fixed step and puts them back.
pub fn put_back_lost_actors(
    level: Option<Res<CurrentLevel>>,
    mut actors: Query<LostItem, With<Actor>>,
    mut lost: MessageWriter<FellOut>,
    mut died: MessageWriter<Died>,
    status: Res<LevelStatus>,
) {
    let Some(level) = level else {
        return;
    };
    let grid = &level.level.grid;
    let file = &level.level.file;
    for (entity, name, mut pos, mut prev, mut vel, level_actor, is_player) in &mut actors {
        let (x, y) = grid.cell_of(pos.0);
        let sky = file.open && y >= grid.height as i64 && (0..grid.width as i64).contains(&x);
        let outside = (!grid.contains(x, y) && !sky) || !pos.0.is_finite();
        if !outside && grid.get(x, y) != TileKind::Solid {
            continue;
        }
        let (back_to, speed) = match (is_player, level_actor.and_then(|a| file.actors.get(a.0))) {
            (false, Some(def)) => (
                Vec2::new(def.position.0, def.position.1),
                Vec2::new(def.velocity.0, def.velocity.1),
            ),
            _ => (respawn_point(&level, &status), Vec2::ZERO),
        };
        let who = name.map_or_else(|| entity.to_string(), |n| n.to_string());
        let how = if outside {
            "left the level"
        } else {
            "is inside a solid tile"
        };
        warn!("{who} {how} at {}; put back at {back_to}", pos.0);
        lost.write(FellOut {
            entity,
            at: pos.0,
            back_to,
        });
        if is_player {
            // Put back, counted and reset by `hazard::respawn_player`.
            died.write(Died {
                at: pos.0,
                back_to,
                cause: DeathCause::FellOut,
            });
            continue;
        }
        pos.0 = back_to;
        prev.0 = back_to;
        vel.0 = speed;
    }
}
