//! The keyboard and gamepads as [`PlayerInput`] (windowed game): read once
//! per frame, before the fixed steps, while the game is playing. A jump or
//! drop **pressed** since the last fixed step is latched until a fixed step
//! has seen it; without the latch a tap that starts and ends between two
//! fixed steps (a fast display, a quick finger) would never reach the
//! controller. Replays record the resulting [`PlayerInput`], whichever
//! device it came from.
//!
//! Keys come from the player's [`Bindings`] (the settings). Gamepads (any
//! connected, through Bevy's `gilrs` backend): the left stick past
//! [`STICK_DEAD_ZONE`] or the D-pad runs; South (A, Cross) jumps, held for
//! height; East (B, Circle), D-pad down or the stick pushed down past
//! [`STICK_DROP`] drops through one-way platforms; the stick pushed up as
//! far, or D-pad up, aims up; West (X, Square) or the right shoulder
//! dashes. Start pauses ([`crate::mode`]).

use bevy::prelude::*;

use super::bindings::Bindings;
use super::input::PlayerInput;
use crate::mode::GameMode;

/// How far the stick must lean sideways to run (a worn stick rests up to
/// about 0.2 off centre).
pub const STICK_DEAD_ZONE: f32 = 0.35;
/// How far down the stick must be pushed to drop through (further than the
/// dead zone, so running on a diagonal does not drop).
pub const STICK_DROP: f32 = 0.6;
/// The gamepad's jump button.
pub const PAD_JUMP: GamepadButton = GamepadButton::South;
/// The gamepad's drop-through buttons.
pub const PAD_DOWN: [GamepadButton; 2] = [GamepadButton::East, GamepadButton::DPadDown];

/// The gamepad's dash buttons.
pub const PAD_DASH: [GamepadButton; 2] = [GamepadButton::West, GamepadButton::RightTrigger];

/// Presses not yet seen by a fixed step.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LatchedPresses {
    pub jump: bool,
    pub down: bool,
    pub dash: bool,
}

/// What the keys held on `keys` ask for, with `bindings`.
pub fn from_keys(keys: &ButtonInput<KeyCode>, bindings: &Bindings) -> PlayerInput {
    PlayerInput {
        left: keys.any_pressed(bindings.left.iter().copied()),
        right: keys.any_pressed(bindings.right.iter().copied()),
        jump: keys.any_pressed(bindings.jump.iter().copied()),
        down: keys.any_pressed(bindings.down.iter().copied()),
        up: keys.any_pressed(bindings.up.iter().copied()),
        dash: keys.any_pressed(bindings.dash.iter().copied()),
    }
}

/// What a gamepad's stick and buttons ask for.
pub fn from_gamepad(pad: &Gamepad) -> PlayerInput {
    let stick = pad.left_stick();
    PlayerInput {
        left: stick.x < -STICK_DEAD_ZONE || pad.pressed(GamepadButton::DPadLeft),
        right: stick.x > STICK_DEAD_ZONE || pad.pressed(GamepadButton::DPadRight),
        jump: pad.pressed(PAD_JUMP),
        down: stick.y < -STICK_DROP || pad.any_pressed(PAD_DOWN),
        up: stick.y > STICK_DROP || pad.pressed(GamepadButton::DPadUp),
        dash: pad.any_pressed(PAD_DASH),
    }
}

/// Both sources together: a key or a button held on any of them.
fn held(keys: &ButtonInput<KeyCode>, bindings: &Bindings, pads: &Query<&Gamepad>) -> PlayerInput {
    let mut input = from_keys(keys, bindings);
    for pad in pads {
        let p = from_gamepad(pad);
        input.left |= p.left;
        input.right |= p.right;
        input.jump |= p.jump;
        input.down |= p.down;
        input.up |= p.up;
        input.dash |= p.dash;
    }
    input
}

/// Once per frame while playing: the held keys and buttons, plus any
/// latched press. In a menu, nothing is held or latched (the Space that
/// confirms a menu item is not a jump).
pub(crate) fn read_devices(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    pads: Query<&Gamepad>,
    mode: Option<Res<State<GameMode>>>,
    mut latched: ResMut<LatchedPresses>,
    mut input: ResMut<PlayerInput>,
) {
    if mode.is_some_and(|m| *m.get() != GameMode::Playing) {
        *latched = LatchedPresses::default();
        *input = PlayerInput::default();
        return;
    }
    latched.jump |= keys.any_just_pressed(bindings.jump.iter().copied())
        || pads.iter().any(|p| p.just_pressed(PAD_JUMP));
    latched.down |= keys.any_just_pressed(bindings.down.iter().copied())
        || pads.iter().any(|p| p.any_just_pressed(PAD_DOWN));
    latched.dash |= keys.any_just_pressed(bindings.dash.iter().copied())
        || pads.iter().any(|p| p.any_just_pressed(PAD_DASH));
    *input = held(&keys, &bindings, &pads);
    input.jump |= latched.jump;
    input.down |= latched.down;
    input.dash |= latched.dash;
}

/// After a fixed step: the latched presses were seen; later steps of the
/// same frame get the keys and buttons as held.
pub(crate) fn consume_presses(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    pads: Query<&Gamepad>,
    mut latched: ResMut<LatchedPresses>,
    mut input: ResMut<PlayerInput>,
) {
    if latched.jump || latched.down || latched.dash {
        *latched = LatchedPresses::default();
        *input = held(&keys, &bindings, &pads);
    }
}
