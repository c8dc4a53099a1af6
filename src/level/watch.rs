//! Live reload: the current level file is polled for changes (every
//! [`POLL_SECONDS`], by modification time and length, so it works for any
//! path and any editor) and reloaded when it changes. A good save replaces
//! the level at once, keeping the player where it was if that spot is still
//! free; a bad save keeps the last good level running and shows the error
//! (file, line, problem) until a good save clears it.

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;

use super::spawn::{CurrentLevel, LevelCommand};

/// How often the file is checked, in seconds of real time.
pub const POLL_SECONDS: f32 = 0.25;

/// What the watcher last saw of the current level's file.
#[derive(Resource, Debug, Default)]
pub struct LevelWatch {
    path: Option<PathBuf>,
    stamp: Option<(SystemTime, u64)>,
    since_poll: f32,
}

pub struct LevelWatchPlugin;

impl Plugin for LevelWatchPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LevelWatch>()
            .add_systems(Update, watch_level_file);
    }
}

fn stamp_of(path: &PathBuf) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

fn watch_level_file(
    time: Res<Time<Real>>,
    current: Option<Res<CurrentLevel>>,
    mut watch: ResMut<LevelWatch>,
    mut commands: MessageWriter<LevelCommand>,
) {
    let Some(current) = current else {
        return;
    };
    if watch.path.as_ref() != Some(&current.path) {
        // A new level: remember its file as it is now.
        watch.path = Some(current.path.clone());
        watch.stamp = stamp_of(&current.path);
        watch.since_poll = 0.0;
        return;
    }
    watch.since_poll += time.delta_secs();
    if watch.since_poll < POLL_SECONDS {
        return;
    }
    watch.since_poll = 0.0;
    let now = stamp_of(&current.path);
    if now.is_some() && now != watch.stamp {
        watch.stamp = now;
        commands.write(LevelCommand::Reload);
    }
}
