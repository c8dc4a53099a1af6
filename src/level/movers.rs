//! The level's movers in play: one entity per mover of the file (drawn
//! where the collision index's mover is, see
//! [`TerrainMover`]), each with its
//! [`MoverRun`]; every fixed step, before the collision step, each run
//! advances (with what the last step said: the player standing on it, the
//! mover stopped short) and its pose goes in the step's
//! [`MoverTargets`]. What a mover crushes comes back ([`put_back_crushed`]):
//! the player dies and respawns at its checkpoint, a ball or crate goes
//! back where the file starts it.

use std::f32::consts::{PI, TAU};

use bevy::prelude::*;

use super::hazard::respawn_point;
use super::state::{CurrentLevel, DeathCause, Died, LevelActor, LevelEntity, LevelStatus};
use crate::collision::{
    Actor, Contacts, Crushed, Gravity, MoverBlocked, MoverTargets, PhysicsPosition, Pose,
    PreviousPhysicsPosition, TerrainIndex, TerrainMover, Velocity,
};
use crate::player::Player;
use tangent_level::format::mover_path::{MoverRun, RunInput};

/// A mover of the level file, by its index in `movers` (the same as its
/// index among the collision index's movers), with its run.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct LevelMover {
    pub index: usize,
    pub run: MoverRun,
}

/// The entity of mover `index` at `pose`, with its run from the start.
pub fn mover(index: usize, pose: Pose, run: MoverRun) -> impl Bundle {
    (
        LevelEntity,
        Name::new(format!("mover {}", index + 1)),
        LevelMover { index, run },
        TerrainMover::new(index, pose),
        Transform::from_xyz(pose.translation.x, pose.translation.y, 0.2)
            .with_rotation(Quat::from_rotation_z(pose.angle)),
        Visibility::default(),
    )
}

/// `angle` moved by whole turns to within half a turn of `near`: the
/// runs give angles in `[0, 2π)`, and a mover turning past a whole turn
/// must not be sent back round.
fn unwrap_near(angle: f32, near: f32) -> f32 {
    near + (angle - near + PI).rem_euclid(TAU) - PI
}

type PlayerView<'a> = (&'a Actor, &'a PhysicsPosition, &'a Contacts);

/// Advances each mover's run and writes where it goes this step.
#[allow(clippy::too_many_arguments)]
pub fn drive_movers(
    time: Res<Time<Fixed>>,
    gravity: Res<Gravity>,
    level: Option<Res<CurrentLevel>>,
    mut index: ResMut<TerrainIndex>,
    mut targets: ResMut<MoverTargets>,
    mut blocked: MessageReader<MoverBlocked>,
    players: Query<PlayerView, With<Player>>,
    mut movers: Query<(&mut LevelMover, &mut TerrainMover, &mut Visibility)>,
) {
    let blocked: Vec<usize> = blocked.read().map(|b| b.mover).collect();
    targets.0.clear();
    let Some(level) = level else {
        return;
    };
    let level = &level.level;
    let set_movers = index.set.mover_count();
    if set_movers == 0 || level.mover_defs.len() != set_movers {
        return;
    }
    let up = -gravity.0.normalize_or(Vec2::NEG_Y);
    // What the player stands on (its contacts from the last step).
    let mut stood_on = vec![false; set_movers];
    let mut player_box = None;
    for (actor, pos, contacts) in &players {
        player_box = Some(actor.shape.aabb(pos.0));
        for c in contacts.iter() {
            if let Some(g) = c.piece().and_then(|p| index.set.mover_of(p))
                && c.normal.dot(up) >= actor.max_slope.cos() - 1e-4
            {
                stood_on[g] = true;
            }
        }
    }
    let mut runs: Vec<_> = movers.iter_mut().collect();
    runs.sort_by_key(|m| m.0.index);
    targets
        .0
        .extend((0..set_movers).map(|g| index.set.mover_pose(g)));
    for (mut lm, mut tm, mut shown) in runs {
        let g = lm.index;
        if g >= set_movers {
            continue;
        }
        let def = &level.mover_defs[g];
        // Where it is drawn: the level's own set holds the movers there.
        let home = level.terrain.mover_aabb(g);
        let input = RunInput {
            dt: time.delta_secs(),
            stood_on: stood_on[g],
            blocked: blocked.contains(&g),
            home_clear: player_box.is_none_or(|b| !b.touches(&home)),
            gravity: gravity.0,
        };
        let at = lm.run.advance(def, input);
        let mut now = index.set.mover_pose(g);
        if now.angle.abs() > TAU {
            // Whole turns taken off (the same place), so that a mover
            // spinning for an hour keeps a small, exact angle.
            let turns = (now.angle / TAU).trunc() * TAU;
            let wrapped = Pose::new(now.translation, now.angle - turns);
            let set = std::sync::Arc::make_mut(&mut index.bypass_change_detection().set);
            if set.set_mover_pose(g, wrapped).is_ok() {
                now = wrapped;
                tm.pose.angle -= turns;
                tm.previous.angle -= turns;
            }
        }
        let pose = Pose::new(
            level.movers[g].pivot + at.offset,
            unwrap_near(at.angle, now.angle),
        );
        if at.placed {
            // Back where it is drawn at once, not swept there.
            let set = std::sync::Arc::make_mut(&mut index.bypass_change_detection().set);
            if set.set_mover_pose(g, pose).is_ok() {
                (tm.pose, tm.previous) = (pose, pose);
            }
        }
        targets.0[g] = pose;
        let visibility = if at.shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        shown.set_if_neq(visibility);
    }
}

type CrushedItem<'a> = (
    &'a mut PhysicsPosition,
    &'a mut PreviousPhysicsPosition,
    &'a mut Velocity,
    Option<&'a LevelActor>,
    Has<Player>,
);

/// Takes away what the movers crushed: the player dies (and respawns at
/// its checkpoint), a ball or crate goes back where the level file starts
/// it, with the file's velocity.
pub fn put_back_crushed(
    mut crushed: MessageReader<Crushed>,
    level: Option<Res<CurrentLevel>>,
    status: Res<LevelStatus>,
    mut actors: Query<CrushedItem>,
    mut died: MessageWriter<Died>,
) {
    let Some(level) = level else {
        crushed.clear();
        return;
    };
    for c in crushed.read() {
        let Ok((mut pos, mut prev, mut vel, level_actor, is_player)) = actors.get_mut(c.actor)
        else {
            continue;
        };
        if is_player {
            died.write(Died {
                at: pos.0,
                back_to: respawn_point(&level, &status),
                cause: DeathCause::Crushed,
            });
            continue;
        }
        if let Some(def) = level_actor.and_then(|a| level.level.file.actors.get(a.0)) {
            let back = Vec2::new(def.position.0, def.position.1);
            info!(
                "{} crushed by mover {}; back at {back}",
                def.name,
                c.mover + 1
            );
            pos.0 = back;
            prev.0 = back;
            vel.0 = Vec2::new(def.velocity.0, def.velocity.1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_are_unwrapped_to_the_nearest_turn() {
        assert!((unwrap_near(0.1, TAU - 0.1) - (TAU + 0.1)).abs() < 1e-5);
        assert!((unwrap_near(TAU - 0.1, 0.1) - (-0.1)).abs() < 1e-5);
        assert!((unwrap_near(1.0, 1.2) - 1.0).abs() < 1e-6);
        assert!((unwrap_near(0.5, 40.0 * TAU) - (40.0 * TAU + 0.5)).abs() < 1e-3);
    }
}
