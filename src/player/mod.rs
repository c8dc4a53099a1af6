//! The player: input (keyboard or replay), the feel numbers, the movement
//! controller, and the camera that follows it. It knows nothing of level
//! files: `level` spawns the player and hands it its tuning and the
//! camera's bounds.

pub mod assist;
pub mod bindings;
pub mod camera;
pub mod controller;
pub mod corners;
pub mod dash;
pub mod devices;
pub mod input;
pub mod keys;
pub mod roll;
pub mod state;
pub mod surface;
pub mod view;
pub mod wall;

pub use input::{PlayerInput, Replay};
pub use state::{ControllerState, Player, PlayerSystems, PlayerTuning};

use bevy::prelude::*;

use crate::collision::CollisionSystems;
use crate::mode::GameMode;

/// The player in the windowed game: the keyboard and gamepads, and the
/// camera that follows it.
pub struct PlayerViewPlugin;

impl Plugin for PlayerViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((InputDevicesPlugin, CameraPlugin));
    }
}

/// Reads the keyboard and gamepads into [`PlayerInput`] ([`devices`]); a
/// replay, when one plays, overrides it in the fixed step.
pub struct InputDevicesPlugin;

impl Plugin for InputDevicesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<devices::LatchedPresses>()
            .init_resource::<PlayerInput>()
            .init_resource::<bindings::Bindings>()
            .add_systems(
                RunFixedMainLoop,
                devices::read_devices.in_set(RunFixedMainLoopSystems::BeforeFixedMainLoop),
            )
            .add_systems(FixedPostUpdate, devices::consume_presses);
    }
}

/// The camera that follows the player, inside the level ([`camera`]).
pub struct CameraPlugin;

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<camera::CameraBounds>()
            .init_resource::<view::ViewHeight>()
            .init_resource::<view::Zoom>()
            .add_systems(Startup, (camera::spawn_camera, camera::spawn_bars))
            .add_systems(
                PostUpdate,
                (
                    camera::fit_view,
                    camera::follow
                        .before(TransformSystems::Propagate)
                        .run_if(not(in_state(GameMode::Editing))),
                ),
            );
    }
}

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
                    surface::set_mode,
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
