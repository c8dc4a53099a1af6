//! The player: input (keyboard or replay), the movement controller, and the
//! camera that follows it.

pub mod camera;
pub mod controller;
pub mod input;

pub use controller::{ControllerPlugin, ControllerState, Player, PlayerTuning};
pub use input::{PlayerInput, Replay};
