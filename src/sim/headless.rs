//! Running the simulation with no window: the same fixed-step systems as the
//! game, one fixed step per `App::update`, fed by a replay, optionally
//! writing a CSV trace. Same level + same replay gives a byte-identical trace.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::SimPlugin;
use super::replay::ReplayInput;
use super::trace::{TRACE_HEADER, TraceWriter};
use crate::collision::{Parallel, StepWorkers};
use crate::level::play::load_level_file;
use crate::level::{LevelCommand, LevelStatus};
use crate::player::Replay;

/// What `tangent --headless` was asked to do.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HeadlessOptions {
    pub level: PathBuf,
    pub frames: u64,
    pub replay: Option<PathBuf>,
    pub trace: Option<PathBuf>,
}

/// What a headless run did.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadlessSummary {
    pub frames: u64,
    pub goals: u32,
    /// The level being played at the end.
    pub level: String,
    pub won_all: bool,
    /// The first level's warnings (see `tangent_level::Level::warnings`).
    pub warnings: Vec<String>,
}

/// A headless app with `level` loaded, ready to step: each `update()` runs
/// exactly one fixed step. The level is read and checked once, first; a bad
/// file is an error.
pub fn headless_app(level: &Path, replay: Option<Replay>) -> Result<App, String> {
    headless_app_with(level, replay, |_| {})
}

/// [`headless_app`] with more of the game: `extra` adds it (menus, art,
/// input devices, a profile folder, a starting mode) after the simulation
/// and before the level opens. The one way an app without a window is
/// built, by the CLI and by every test that runs the simulation.
pub fn headless_app_with(
    level: &Path,
    replay: Option<Replay>,
    extra: impl FnOnce(&mut App),
) -> Result<App, String> {
    stepped_app(level, replay, |app| {
        app.add_plugins(MinimalPlugins).add_plugins(SimPlugin);
        extra(app);
    })
}

/// An app that `base` builds (its plugins, the simulation among them),
/// with `level` loaded, stepped one fixed step per `App::update` and fed
/// by `replay`: [`headless_app_with`]'s, or the screenshot command's with
/// rendering.
pub fn stepped_app(
    level: &Path,
    replay: Option<Replay>,
    base: impl FnOnce(&mut App),
) -> Result<App, String> {
    let checked = load_level_file(level)?;
    let mut app = App::new();
    base(&mut app);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        1.0 / crate::collision::CollisionPlugin::FIXED_HZ,
    )));
    single_threaded(&mut app);
    if let Some(r) = replay {
        app.insert_resource(ReplayInput(r));
    }
    app.world_mut().write_message(LevelCommand::Open {
        path: level.to_path_buf(),
        level: Box::new(checked),
    });
    // The first update starts the clock and loads the level (no fixed step).
    app.update();
    app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    Ok(app)
}

/// Runs every schedule the app has on one thread. A headless step is a
/// few microseconds of work per system, so handing systems to a thread
/// pool costs more than it saves (wake-ups measured at a third of a test
/// run's time); the systems' order is fixed by their sets either way.
fn single_threaded(app: &mut App) {
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    }
}

/// The replay at `path` (a file, or a shipped replay by name), if any.
pub fn read_replay(path: Option<&Path>) -> Result<Option<Replay>, String> {
    let Some(p) = path else {
        return Ok(None);
    };
    let text = tangent_level::files::read_replay_text(p)?;
    Replay::parse(&text)
        .map(Some)
        .map_err(|e| format!("{}: {e}", p.display()))
}

/// Runs `opts.frames` fixed steps and reports what happened.
pub fn run_headless(opts: &HeadlessOptions) -> Result<HeadlessSummary, String> {
    let replay = read_replay(opts.replay.as_deref())?;
    run_app(opts, headless_app(&opts.level, replay)?)
}

/// [`run_headless`] with the collision step's islands on `parallel`
/// (see [`StepWorkers`]): the same run, bit for bit, on any workers.
pub fn run_headless_on(
    opts: &HeadlessOptions,
    parallel: Parallel,
) -> Result<HeadlessSummary, String> {
    let replay = read_replay(opts.replay.as_deref())?;
    let mut app = headless_app(&opts.level, replay)?;
    app.insert_resource(StepWorkers(parallel));
    run_app(opts, app)
}

/// Runs `app` as `opts` say (its frames, its trace).
fn run_app(opts: &HeadlessOptions, mut app: App) -> Result<HeadlessSummary, String> {
    let warnings = app
        .world()
        .resource::<LevelStatus>()
        .warning
        .iter()
        .flat_map(|w| w.lines().map(str::to_string))
        .collect();
    if let Some(path) = &opts.trace {
        let mut f = BufWriter::new(
            File::create(path)
                .map_err(|e| format!("{}: cannot create trace: {e}", path.display()))?,
        );
        f.write_all(TRACE_HEADER.as_bytes())
            .map_err(|e| e.to_string())?;
        app.insert_resource(TraceWriter(f));
    }
    for _ in 0..opts.frames {
        app.update();
    }
    if let Some(mut t) = app.world_mut().remove_resource::<TraceWriter>() {
        t.0.flush()
            .map_err(|e| format!("cannot write trace: {e}"))?;
    }
    let world = app.world();
    let status = world.resource::<LevelStatus>();
    let level = world
        .get_resource::<crate::level::CurrentLevel>()
        .map_or(String::new(), |c| c.level.file.name.clone());
    Ok(HeadlessSummary {
        frames: opts.frames,
        goals: status.goals,
        level,
        won_all: status.won_all,
        warnings,
    })
}
