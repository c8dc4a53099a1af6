//! The level clock starts with the level (windowed game). A level starts in
//! `Update` after its file was read and checked, which can take a while (a
//! big level, a slow disk, the first frames of the app); the next frame's
//! clock would then catch up on that time with a burst of fixed steps, so
//! the level would have run, and its timer counted, before it was ever on
//! screen. So the virtual clock is held for [`HOLD_FRAMES`] frames after a
//! level starts: the wait is not simulated and not timed.
//!
//! Headless runs step a fixed step per update and do not use this.

use bevy::prelude::*;

use super::state::LevelSpawned;
use crate::mode::GameMode;

/// Frames the clock is held after a level starts: the frame that loaded it
/// and the one that first draws it.
pub const HOLD_FRAMES: u32 = 2;

/// Frames left to hold the clock, and whether this plugin paused it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LevelClockHold {
    pub frames_left: u32,
    paused_here: bool,
}

/// After a level starts, pauses the clock (unless something else, the
/// pause screen or the editor, already has).
pub(crate) fn hold_clock(
    mut spawned: MessageReader<LevelSpawned>,
    mut hold: ResMut<LevelClockHold>,
    mut time: ResMut<Time<Virtual>>,
) {
    if !spawned.read().any(|s| s.started) {
        return;
    }
    hold.frames_left = HOLD_FRAMES;
    if !time.is_paused() {
        time.pause();
        hold.paused_here = true;
    }
}

/// Counts the held frames down (the clock has already read this frame's
/// time, as zero) and restarts the clock it paused when they are over.
/// Left paused when the game is no longer playing (paused or editing
/// meanwhile): leaving that mode starts the clock.
pub(crate) fn release_clock(
    mut hold: ResMut<LevelClockHold>,
    mut time: ResMut<Time<Virtual>>,
    mode: Option<Res<State<GameMode>>>,
) {
    if hold.frames_left == 0 {
        return;
    }
    hold.frames_left -= 1;
    if hold.frames_left == 0 && hold.paused_here {
        hold.paused_here = false;
        if mode.is_none_or(|m| *m.get() == GameMode::Playing) {
            time.unpause();
        }
    }
}
