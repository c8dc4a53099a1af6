//! The player's components, resources and system sets, shared by the
//! controller, the forgiving corners, the camera and the level that spawns
//! the player.

use crate::collision::{ActorMode, ActorShape, OnSurface, SurfaceRun};
use bevy::prelude::*;
use tangent_level::Tuning;

/// Marks the player; it comes with its [`ControllerState`].
#[derive(Component, Clone, Copy, Debug, Default)]
#[require(ControllerState, RanPieces, ActorMode, SurfaceRun)]
pub struct Player;

/// The pieces the player ran to their end since it got on a surface past
/// the max slope, each with the way it ran it (`true`: the way the piece's
/// parameter grows): it does not step onto them that way again until it
/// gets off, so a loop is run once (see `player::surface`). `on` is the
/// piece it runs now.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct RanPieces {
    pub ran: Vec<(usize, bool)>,
    pub on: Option<(usize, bool)>,
}

impl RanPieces {
    /// A new run: nothing ran yet.
    pub fn forget(&mut self) {
        self.ran.clear();
        self.on = None;
    }
}

/// The player's timers and memory between fixed steps.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct ControllerState {
    /// Steps left in which a jump is still allowed after leaving the ground.
    pub coyote: u32,
    /// Steps left in which a pressed jump waits for the ground.
    pub buffer: u32,
    /// Time left in which a held jump keeps the jump speed.
    pub hold: f32,
    /// Jump was held on the previous step (to see new presses).
    pub jump_held: bool,
    /// Was on the ground after the previous step.
    pub was_grounded: bool,
    /// Jumped this step (no snapping down).
    pub jumped: bool,
    /// Running a surface steeper than the max slope (a wall, a ceiling,
    /// the inside of a loop), held there by the normal force: the surface
    /// and the speed along it (see `player::surface`).
    pub surface: Option<OnSurface>,
    /// The shape it stands with, kept while it runs a surface as a circle
    /// or rolls.
    pub standing: Option<ActorShape>,
    /// Curled into a ball (see `player::roll`).
    pub rolling: bool,
    /// The velocity of the mover it last stood on, px/s, and the steps
    /// left in which a jump still takes it (Celeste's lift-boost grace,
    /// as long as coyote time): walking off a rising lift and jumping a
    /// moment later still jumps higher by the lift's speed.
    pub lift: (Vec2, u32),
    /// Jumps left in the air (the extra air jump assist gives one, back
    /// on touching the ground).
    pub air_jumps: u32,
    /// While a held jump keeps rising, the speed it keeps (the jump's own
    /// up speed: `jump_speed`, or a wall jump's).
    pub hold_speed: f32,
    /// The way it faces, −1 left or 1 right (0 at the start: right); a
    /// dash with no direction held goes this way.
    pub facing: f32,
    /// The wall last within reach (`player::wall`): its normal, and the
    /// steps left in which a wall jump still takes it (the wall's coyote
    /// time).
    pub wall: Option<(Vec2, u32)>,
    /// Sliding down a wall this step.
    pub sliding: bool,
    /// A wall jump's forced move: the way away (±1) and the steps left.
    pub forced: (f32, u32),
    /// Dashes left (one per time in the air; `player::dash`).
    pub dashes: u32,
    /// The dash under way.
    pub dash: Option<Dash>,
    /// Steps left before another dash may start.
    pub dash_cooldown: u32,
    /// Dash was held on the previous step (to see new presses).
    pub dash_held: bool,
}

impl ControllerState {
    /// No dash left and none under way (what a crystal refills, and what
    /// the player's tint shows).
    pub fn dash_spent(&self) -> bool {
        self.dashes == 0 && self.dash.is_none()
    }
}

/// A dash under way (`player::dash`): its unit direction and the fixed steps it has left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dash {
    pub dir: Vec2,
    pub steps: u32,
}

/// Seconds as whole fixed steps of `dt`, rounded: every timer of the
/// player's counts steps, so it is frame-exact.
///
/// ```
/// assert_eq!(tangent::player::state::in_steps(0.1, 1.0 / 60.0), 6);
/// ```
pub fn in_steps(secs: f32, dt: f32) -> u32 {
    (secs / dt).round() as u32
}

/// The feel numbers in use (from the level file).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerTuning(pub Tuning);

/// Systems of the player.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum PlayerSystems {
    /// Reads [`PlayerInput`](super::input::PlayerInput) and sets the player's velocity.
    Control,
    /// Snaps the player to the ground after the collision step.
    Snap,
}
