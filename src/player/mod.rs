//! The player: input (keyboard or replay), the feel numbers, the movement
//! controller, and the camera that follows it. It knows nothing of level
//! files: `level` spawns the player and hands it its tuning and the
//! camera's bounds.

pub mod bindings;
pub mod camera;
pub mod controller;
pub mod corners;
pub mod devices;
pub mod input;
pub mod keys;
pub mod tuning;

pub use controller::{ControllerPlugin, ControllerState, Player, PlayerTuning};
pub use input::{PlayerInput, Replay};
pub use tuning::Tuning;
