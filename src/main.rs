//! The `tangent` binary: reads the command line ([`tangent::cli`]) and runs
//! the command; `tangent --help` lists them.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use tangent::cli::{Cli, Command, HeadlessArgs};
use tangent::game::GamePlugin;
use tangent::level::LevelCommand;
use tangent::level::list::LevelList;
use tangent::level::play::load_level_file;
use tangent::mode::GameMode;
use tangent::player::Replay;
use tangent::sim::headless::{HeadlessOptions, run_headless};
use tangent::sim::replay::Recorder;
use tangent_level::files::{default_level, user_level_dir};

/// Said at the end of `tangent --help`: where edited shipped levels go.
fn after_help() -> String {
    format!(
        "Shipped levels edited in the game (Tab, then Ctrl+S) are saved as your own\n\
         copies in the user level folder, here: {}",
        user_level_dir().display()
    )
}

/// Writes a starter level to `path`; never overwrites an existing file.
fn new_level(path: &std::path::Path) -> Result<(), String> {
    if path.exists() {
        return Err(format!(
            "{} already exists; not overwriting it",
            path.display()
        ));
    }
    let name = tangent_level::files::level_stem(path).unwrap_or_else(|| "New Level".into());
    let text = tangent_level::format::starter::starter_level(&name);
    tangent_level::files::save::save(path, &text)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// Prints a command's line (or its error) and gives its exit code.
fn report(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tangent: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::parse_from_with(std::env::args_os(), &after_help()) {
        Ok(cli) => cli,
        // --help and --version print and exit 0; a bad line prints the
        // usage and exits 2.
        Err(e) => e.exit(),
    };
    match cli.into_command() {
        Command::Play(play) => play_in_window(play.level, play.record),
        Command::Record(rec) => play_in_window(rec.level, Some(rec.file)),
        Command::Headless(h) => headless(h),
        Command::Leniency {
            level,
            runs,
            width,
            only,
        } => {
            let first = level.unwrap_or_else(default_level);
            report(tangent::sim::leniency::campaign_report(
                &first, runs, width, only,
            ))
        }
        Command::Plan {
            level,
            plan,
            out,
            every,
        } => report(tangent::sim::plan::plan_file(
            &level,
            &plan,
            out.as_deref(),
            every,
        )),
        Command::Screenshot(s) => report(tangent::screenshot::screenshot(
            &tangent::screenshot::ShotOptions {
                level: s.level.unwrap_or_else(default_level),
                replay: s.replay,
                frame: s.frame,
                size: UVec2::new(s.size.0, s.size.1),
                press: s.press,
                title: s.title,
            },
            &s.out,
        )),
        Command::NewLevel { path } => match new_level(&path) {
            Ok(()) => report(Ok(format!(
                "wrote {}; play and edit it with: tangent play --level {}",
                path.display(),
                path.display()
            ))),
            Err(e) => report(Err(e)),
        },
        Command::ImportSvg {
            drawing,
            into,
            scale,
        } => report(tangent_level::import::import_svg_into(
            &drawing,
            &into,
            tangent_level::svg::SvgOptions { scale },
        )),
        Command::ImportTmx { map, into } => {
            report(tangent_level::import::import_tmx_into(&map, &into))
        }
        Command::ImportLdtk {
            project,
            level,
            into,
        } => report(tangent_level::import::import_ldtk_into(
            &project,
            level.as_deref(),
            &into,
        )),
        Command::ExportTmx { level, out } => report(tangent_level::import::export_tmx(
            &level,
            &out,
            tangent::assets::TILES_PNG.1,
        )),
    }
}

/// `tangent headless`: runs the steps and prints what happened.
fn headless(h: HeadlessArgs) -> ExitCode {
    let opts = HeadlessOptions {
        level: h.level.unwrap_or_else(default_level),
        frames: h.frames,
        replay: h.replay,
        trace: h.trace,
    };
    let s = match run_headless(&opts) {
        Ok(s) => s,
        Err(e) => return report(Err(e)),
    };
    for w in &s.warnings {
        eprintln!("warning: {w}");
    }
    let all = if s.won_all {
        " (all levels finished)"
    } else {
        ""
    };
    report(Ok(format!(
        "ran {} frames; goals reached: {}; level at the end: {}{all}",
        s.frames, s.goals, s.level
    )))
}

/// `tangent play` and `tangent record`: the game in a window. A level given
/// (or recording) starts straight into it; otherwise the title screen shows
/// over the first level, standing still.
fn play_in_window(chosen: Option<PathBuf>, record: Option<PathBuf>) -> ExitCode {
    let level = chosen.clone().unwrap_or_else(default_level);
    let checked = match load_level_file(&level) {
        Ok(checked) => checked,
        Err(e) => return report(Err(e)),
    };
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Tangent".into(),
                    resolution: (1280, 720).into(),
                    ..default()
                }),
                ..default()
            })
            // The art and sounds are built in (tangent::assets): nothing
            // is loaded from an asset folder, so none is watched.
            .set(AssetPlugin {
                watch_for_changes_override: Some(false),
                ..default()
            }),
    )
    .add_plugins(GamePlugin)
    .insert_resource(LevelList::around(&level));
    if chosen.is_none() && record.is_none() {
        app.insert_state(GameMode::Title);
    }
    if let Some(path) = record {
        app.insert_resource(Recorder {
            path,
            replay: Replay::default(),
        });
    }
    app.world_mut().write_message(LevelCommand::Open {
        path: level,
        level: Box::new(checked),
    });
    app.run();
    ExitCode::SUCCESS
}
