//! Replays and recording: the player's keys read from a replay each step
//! instead of the devices, or written to a replay file as they change.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::level::SimFrame;
use crate::player::{PlayerInput, Replay};

/// Replaying: the player's keys come from this replay, not the keyboard.
#[derive(Resource, Clone, Debug, Default)]
pub struct ReplayInput(pub Replay);

/// Recording the player's keys to a replay file.
#[derive(Resource, Debug)]
pub struct Recorder {
    pub path: PathBuf,
    pub replay: Replay,
}

pub(crate) fn feed_replay(
    frame: Res<SimFrame>,
    replay: Option<Res<ReplayInput>>,
    mut input: ResMut<PlayerInput>,
) {
    if let Some(r) = replay {
        *input = r.0.keys_at(frame.0);
    }
}

pub(crate) fn record(
    frame: Res<SimFrame>,
    input: Res<PlayerInput>,
    recorder: Option<ResMut<Recorder>>,
) {
    let Some(mut rec) = recorder else {
        return;
    };
    let before = rec.replay.changes.len();
    rec.replay.record(frame.0, *input);
    if rec.replay.changes.len() != before
        && let Err(e) = std::fs::write(&rec.path, rec.replay.to_text())
    {
        error!("cannot write replay {}: {e}", rec.path.display());
    }
}
