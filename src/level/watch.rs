//! Live reload: the current level file, and the SVG drawing (`svg`) and
//! Tiled map or LDtk project (`art`, with the files and images it reads)
//! it names, are polled for changes (every [`POLL_SECONDS`], by modification
//! time and length, so it works for any path and any editor) and the level
//! is reloaded when any changes. A good save replaces the level, keeping
//! the player where it was if that spot is still free; a bad save keeps
//! the last good level (or art) running and shows the error (file, line,
//! problem) until a good save clears it.
//!
//! The file is read, parsed and checked on Bevy's async compute pool, not
//! in a frame: a large level takes tens of milliseconds (the fuzzer's
//! slowest accepted load took 62 ms), longer than a frame. A save that
//! lands while an older one is still loading replaces it, and a load that
//! ends after the player went to another level is dropped. A load is
//! looked at from the frame after it started.

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use tangent_level::import::art::art_file;

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
/// draws from: its drawing, its art map, the files that map reads (external
/// tilesets, separate level files) and its images.
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
    let mut paths: Vec<PathBuf> = file.svg.iter().map(|p| dir.join(p)).collect();
    paths.extend((file.art.iter()).map(|a| art_file(&current.path, a)));
    if let Some(art) = &current.level.art {
        paths.extend(art.sources.iter().cloned());
        paths.extend(art.tilesets.iter().filter_map(|t| t.image.clone()));
        paths.extend(art.images.iter().map(|i| i.image.clone()));
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
    let still_current = current.as_ref().is_some_and(|c| c.path == *path);
    watch.loading = None;
    let Some(running) = current.filter(|_| still_current) else {
        return;
    };
    match result {
        Ok(mut level) => {
            keep_good_art(&mut level, &running.level);
            commands.write(LevelCommand::Replace(Box::new(level)));
        }
        Err(e) => {
            error!("{e}");
            status.error = Some(e);
        }
    }
}

/// A reload whose art cannot be drawn (its map saved half-way, an image
/// gone or being written) keeps the art of the level running, where that
/// was drawn and the `art` names the same map: the warning on screen says
/// why, and the last good art stays drawn (its images too:
/// `map_art::ArtTextures`).
fn keep_good_art(level: &mut Level, running: &Level) {
    let drawable = |l: &Level| l.art.as_ref().is_some_and(|a| a.problems.is_empty());
    if !drawable(level) && drawable(running) && level.file.art == running.file.art {
        level.art = running.art.clone();
    }
}
