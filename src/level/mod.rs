//! The level in play: spawning and switching levels, hazards, falling out,
//! the clock, live reload and (windowed) their visuals. The level files
//! themselves (format, validation, SVG and Tiled import) are the
//! `tangent_level` crate.

pub mod clock;
pub mod fell_out;
pub mod hazard;
pub mod list;
pub mod loader;
pub mod movers;
pub mod play;
pub mod render;
pub mod state;
pub mod watch;

pub use state::{
    CurrentLevel, DeathCause, Died, FellOut, Goal, LevelActor, LevelCommand, LevelCurve,
    LevelEntity, LevelFinished, LevelSpawned, LevelStatus, LevelSystems, SimFrame,
};

use bevy::prelude::*;

use crate::collision::CollisionSystems;

/// Level switching and the goal check (no rendering).
pub struct LevelLogicPlugin;

impl Plugin for LevelLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LevelStatus>()
            .init_resource::<SimFrame>()
            .add_message::<LevelCommand>()
            .add_message::<LevelSpawned>()
            .add_message::<FellOut>()
            .add_message::<Died>()
            .add_message::<LevelFinished>()
            .add_systems(Update, play::apply_level_commands)
            .add_systems(
                FixedUpdate,
                movers::drive_movers.before(CollisionSystems::Step),
            )
            .configure_sets(
                FixedPostUpdate,
                (LevelSystems::Clock, LevelSystems::Rules).chain(),
            )
            .add_systems(
                FixedPostUpdate,
                play::advance_frame.in_set(LevelSystems::Clock),
            )
            .add_systems(
                FixedPostUpdate,
                (
                    movers::put_back_crushed,
                    fell_out::put_back_lost_actors,
                    hazard::touch_checkpoints,
                    hazard::hurt_player,
                    hazard::respawn_player,
                    play::reach_goal,
                )
                    .chain()
                    .in_set(LevelSystems::Rules),
            );
    }
}
