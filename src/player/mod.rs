//! The player: input (keyboard or replay), the feel numbers, the movement
//! controller, and the camera that follows it. It knows nothing of level
//! files: `level` spawns the player and hands it its tuning and the
//! camera's bounds.

pub mod assist;
pub mod bindings;
pub mod camera;
pub mod controller;
pub mod corners;
pub mod devices;
pub mod input;
pub mod keys;
pub mod roll;
pub mod state;
pub mod surface;

pub use input::{PlayerInput, Replay};
pub use state::{ControllerState, Player, PlayerSystems, PlayerTuning};

use bevy::prelude::*;

use crate::collision::CollisionSystems;

/// The player's movement: [`controller::apply_tuning`],
/// [`controller::control`] and [`corners::forgive_corners`] before the
/// collision step,
/// [`surface::run_surface`] and [`controller::snap_to_ground`] after it.
pub struct ControllerPlugin;

impl Plugin for ControllerPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PlayerInput>()
            .init_resource::<PlayerTuning>()
            .init_resource::<assist::Assist>()
            .configure_sets(
                FixedUpdate,
                (
                    PlayerSystems::Control.before(CollisionSystems::Step),
                    PlayerSystems::Snap.after(CollisionSystems::Step),
                ),
            )
            .add_systems(
                FixedUpdate,
                (
                    controller::apply_tuning,
                    controller::control,
                    corners::forgive_corners,
                )
                    .chain()
                    .in_set(PlayerSystems::Control),
            )
            .add_systems(
                FixedUpdate,
                (surface::run_surface, controller::snap_to_ground)
                    .chain()
                    .in_set(PlayerSystems::Snap),
            );
    }
}
