//! The simulation shared by the window and headless runs: collision, level
//! logic and the player controller ([`SimPlugin`]), fed by the devices or a
//! replay ([`replay`]), optionally writing a trace ([`mod@trace`]); the one
//! way to build an app without a window ([`headless`]); and how forgiving a
//! level's replay is ([`leniency`]); replays made from plans ([`plan`]).

pub mod headless;
pub mod leniency;
pub mod plan;
pub mod replay;
pub mod trace;

use bevy::prelude::*;

use crate::collision::CollisionPlugin;
use crate::level::{LevelLogicPlugin, LevelSystems};
use crate::player::ControllerPlugin;

/// The simulation, without windows or rendering.
pub struct SimPlugin;

impl Plugin for SimPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((CollisionPlugin, LevelLogicPlugin, ControllerPlugin))
            .add_systems(FixedPreUpdate, replay::feed_replay)
            .add_systems(
                FixedPostUpdate,
                // The step's keys and trace row, under the step's own
                // frame, before the clock moves on and the level's rules
                // (deaths, respawns, the goal) act on what the step did.
                (replay::record, trace::write_trace)
                    .chain()
                    .before(LevelSystems::Clock),
            );
    }
}
