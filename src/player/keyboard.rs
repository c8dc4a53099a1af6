//! The keyboard as [`PlayerInput`] (windowed game): keys are read once per
//! frame, before the fixed steps, and a jump or drop **pressed** since the
//! last fixed step is latched until a fixed step has seen it. Without the
//! latch a tap that starts and ends between two fixed steps (a fast
//! display, a quick finger) would never reach the controller.

use bevy::prelude::*;

use super::input::PlayerInput;

/// The jump keys: Space, W, Up.
pub const JUMP_KEYS: [KeyCode; 3] = [KeyCode::Space, KeyCode::KeyW, KeyCode::ArrowUp];
/// The drop-through keys: Down, S.
pub const DOWN_KEYS: [KeyCode; 2] = [KeyCode::ArrowDown, KeyCode::KeyS];

/// Presses not yet seen by a fixed step.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LatchedPresses {
    pub jump: bool,
    pub down: bool,
}

/// Marks the input as coming from the keyboard (not a replay); added by the
/// game when no replay plays.
pub struct KeyboardPlugin;

impl Plugin for KeyboardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LatchedPresses>()
            .init_resource::<PlayerInput>()
            .add_systems(
                RunFixedMainLoop,
                read_keyboard.in_set(RunFixedMainLoopSystems::BeforeFixedMainLoop),
            )
            .add_systems(FixedPostUpdate, consume_presses);
    }
}

/// Once per frame: the held keys, plus any latched press.
fn read_keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    mut latched: ResMut<LatchedPresses>,
    mut input: ResMut<PlayerInput>,
) {
    latched.jump |= keys.any_just_pressed(JUMP_KEYS);
    latched.down |= keys.any_just_pressed(DOWN_KEYS);
    *input = PlayerInput::from_keyboard(&keys);
    input.jump |= latched.jump;
    input.down |= latched.down;
}

/// After a fixed step: the latched presses were seen; later steps of the
/// same frame get the keys as held.
fn consume_presses(
    keys: Res<ButtonInput<KeyCode>>,
    mut latched: ResMut<LatchedPresses>,
    mut input: ResMut<PlayerInput>,
) {
    if latched.jump || latched.down {
        *latched = LatchedPresses::default();
        *input = PlayerInput::from_keyboard(&keys);
    }
}
