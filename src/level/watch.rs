//! Live reload: the current level file, and the SVG drawing (`svg`) and
//! Tiled map (`art`, with its tileset images) it names, are polled for changes (every [`POLL_SECONDS`], by modification
//! time and length, so it works for any path and any editor) and the level
//! is reloaded when any changes. A good save replaces
//! the level, keeping the player where it was if that spot is still free; a
//! bad save keeps the last good level running and shows the error (file,
//! line, problem) until a good save clears it.
//!
//! The file is read, parsed and checked on Bevy's async compute pool, not
//! in a frame: a large level takes tens of milliseconds (the fuzzer's
//! slowest accepted load took 62 ms), longer than a frame, and the game
//! keeps running meanwhile. A save that lands while an older one is still
//! loading replaces it (the older load is dropped), and a load that ends
//! after the player went to another level is dropped too. A load is
//! looked at from the frame after it started.

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use super::play::load_level_file;
use super::state::{CurrentLevel, LevelCommand, LevelStatus};
use tangent_level::validate::Level;

/// How often the file is checked, in seconds of real time.
pub const POLL_SECONDS: f32 = 0.25;

/// What the watcher last saw of the current level's file, and the load of
/// its latest save while that runs.
#[derive(Resource, Default)]
pub struct LevelWatch {
    path: Option<PathBuf>,
    stamp: Option<Stamp>,
    since_poll: f32,
    loading: Option<(PathBuf, Task<Result<Level, String>>)>,
}

impl LevelWatch {
    /// Whether a changed file is being read and checked off the main thread.
    pub fn is_loading(&self) -> bool {
        self.loading.is_some()
    }
}

/// Modification time and length of the level file, and of each file it
/// draws from: its drawing, its art map and that map's tileset images.
type Stamp = ((SystemTime, u64), Vec<Option<(SystemTime, u64)>>);

fn file_stamp(path: &std::path::Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// The stamp of the current level's file and the files it draws from
/// (`None` while the level file cannot be read).
fn stamp_of(current: &CurrentLevel) -> Option<Stamp> {
    let level = file_stamp(&current.path)?;
    let dir = current.path.parent().unwrap_or(std::path::Path::new(""));
    let file = &current.level.file;
    let mut paths: Vec<PathBuf> = file
        .svg
        .iter()
        .chain(&file.art)
        .map(|p| dir.join(p))
        .collect();
    if let Some(art) = &current.level.art {
        paths.extend(art.tilesets.iter().filter_map(|t| t.image.clone()));
    }
    Some((level, paths.iter().map(|p| file_stamp(p)).collect()))
}

pub(crate) fn watch_level_file(
    time: Res<Time<Real>>,
    current: Option<Res<CurrentLevel>>,
    mut watch: ResMut<LevelWatch>,
) {
    let Some(current) = current else {
        return;
    };
    if watch.path.as_ref() != Some(&current.path) {
        // A new level: remember its file as it is now.
        watch.path = Some(current.path.clone());
        watch.stamp = stamp_of(&current);
        watch.since_poll = 0.0;
        return;
    }
    watch.since_poll += time.delta_secs();
    if watch.since_poll < POLL_SECONDS {
        return;
    }
    watch.since_poll = 0.0;
    let now = stamp_of(&current);
    if now.is_some() && now != watch.stamp {
        watch.stamp = now;
        let path = current.path.clone();
        let task = AsyncComputeTaskPool::get_or_init(Default::default)
            .spawn(async move { load_level_file(&path) });
        watch.loading = Some((current.path.clone(), task));
    }
}

/// Hands a finished load to the level: a good one replaces the running
/// level, a bad one sets the error shown until a good save clears it.
pub(crate) fn finish_reload(
    current: Option<Res<CurrentLevel>>,
    mut watch: ResMut<LevelWatch>,
    mut status: ResMut<LevelStatus>,
    mut commands: MessageWriter<LevelCommand>,
) {
    let Some((path, task)) = watch.loading.as_mut() else {
        return;
    };
    let Some(result) = check_ready(task) else {
        return;
    };
    let still_current = current.is_some_and(|c| c.path == *path);
    watch.loading = None;
    if !still_current {
        return;
    }
    match result {
        Ok(level) => {
            commands.write(LevelCommand::Replace(Box::new(level)));
        }
        Err(e) => {
            error!("{e}");
            status.error = Some(e);
        }
    }
}
