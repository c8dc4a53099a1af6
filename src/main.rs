//! The `tangent` binary: `tangent --help` lists its commands ([`HELP`]).

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use tangent::game::{GamePlugin, Recorder};
use tangent::headless::{HeadlessOptions, run_headless};
use tangent::level::LevelCommand;
use tangent::level::list::LevelList;
use tangent::level::play::load_level_file;
use tangent::mode::GameMode;
use tangent::player::Replay;
use tangent_level::files::{default_level, user_level_dir};

/// `tangent --help`: every command, one line each.
const HELP: &str = "Tangent: a 2D platformer on exact Bezier terrain.

usage:
  tangent                        play the shipped levels (from any folder)
  tangent --level PATH           play a level file (keys 1-9: the levels beside it)
  tangent --record FILE          play, recording the keys to a replay file
  tangent --new-level PATH       write a small starter level to edit
  tangent import-svg DRAWING.svg --into LEVEL [--scale S]
                                 the level's curves become the drawing's paths,
                                 exactly (S level px per SVG unit, default 1)
  tangent import-tmx MAP.tmx --into LEVEL
                                 the level's tiles, spawn, goal, checkpoints, actors
                                 and lines from a Tiled map (a new LEVEL is made);
                                 a WORLD.world makes a level of each map in turn
  tangent import-ldtk PROJECT.ldtk [--level NAME] --into LEVEL
                                 a level of each of an LDtk project's levels (or of
                                 NAME), the first into LEVEL, the rest beside it in turn
  tangent export-tmx LEVEL --out MAP.tmx
                                 the level as a Tiled map, its tileset image beside it
  tangent --headless --frames N [--level PATH] [--replay FILE] [--trace FILE.csv]
                                 run N fixed steps with no window (a replay may be a
                                 shipped one by name, e.g. 1-1-hills.replay)
  tangent --help                 this list
  tangent --version              the version

Shipped levels edited in the game (Tab, then Ctrl+S) are saved as your own
copies in the user level folder, here: ";

#[derive(Default)]
struct Args {
    headless: bool,
    level: Option<PathBuf>,
    frames: Option<u64>,
    replay: Option<PathBuf>,
    trace: Option<PathBuf>,
    record: Option<PathBuf>,
    new_level: Option<PathBuf>,
    import_svg: Option<PathBuf>,
    import_tmx: Option<PathBuf>,
    import_ldtk: Option<PathBuf>,
    export_tmx: Option<PathBuf>,
    out: Option<PathBuf>,
    into: Option<PathBuf>,
    scale: Option<f32>,
    help: bool,
    version: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args::default();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--headless" => a.headless = true,
            "--level" => a.level = Some(value("--level")?.into()),
            "--frames" => {
                let v = value("--frames")?;
                a.frames = Some(
                    v.parse()
                        .map_err(|_| format!("--frames: `{v}` is not a number"))?,
                );
            }
            "--replay" => a.replay = Some(value("--replay")?.into()),
            "--trace" => a.trace = Some(value("--trace")?.into()),
            "--record" => a.record = Some(value("--record")?.into()),
            "--new-level" => a.new_level = Some(value("--new-level")?.into()),
            "import-svg" => a.import_svg = Some(value("import-svg")?.into()),
            "import-tmx" => a.import_tmx = Some(value("import-tmx")?.into()),
            "import-ldtk" => a.import_ldtk = Some(value("import-ldtk")?.into()),
            "export-tmx" => a.export_tmx = Some(value("export-tmx")?.into()),
            "--out" => a.out = Some(value("--out")?.into()),
            "--into" => a.into = Some(value("--into")?.into()),
            "--scale" => {
                let v = value("--scale")?;
                a.scale = Some(
                    v.parse()
                        .map_err(|_| format!("--scale: `{v}` is not a number"))?,
                );
            }
            "-h" | "--help" => a.help = true,
            "-V" | "--version" => a.version = true,
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(a)
}

/// The help text, ending with where edited shipped levels are saved.
fn help() -> String {
    format!("{HELP}{}", user_level_dir().display())
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
    let text = tangent_level::starter::starter_level(&name);
    tangent_level::save::save(path, &text)
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
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tangent: {e}\n\n{}", help());
            return ExitCode::from(2);
        }
    };
    if args.help {
        println!("{}", help());
        return ExitCode::SUCCESS;
    }
    if args.version {
        println!("tangent {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    if let Some(drawing) = &args.import_svg {
        let Some(level) = &args.into else {
            eprintln!("tangent: import-svg needs --into LEVEL\n\n{}", help());
            return ExitCode::from(2);
        };
        let opts = tangent_level::svg::SvgOptions {
            scale: args.scale.unwrap_or(1.0),
        };
        return report(tangent_level::import::import_svg_into(drawing, level, opts));
    }
    if let Some(map) = &args.import_tmx {
        let Some(level) = &args.into else {
            eprintln!("tangent: import-tmx needs --into LEVEL\n\n{}", help());
            return ExitCode::from(2);
        };
        return report(tangent_level::import::import_tmx_into(map, level));
    }
    if let Some(project) = &args.import_ldtk {
        let Some(level) = &args.into else {
            eprintln!("tangent: import-ldtk needs --into LEVEL\n\n{}", help());
            return ExitCode::from(2);
        };
        let only = args.level.as_ref().map(|l| l.to_string_lossy().to_string());
        return report(tangent_level::import::import_ldtk_into(
            project,
            only.as_deref(),
            level,
        ));
    }
    if let Some(level) = &args.export_tmx {
        let Some(out) = &args.out else {
            eprintln!("tangent: export-tmx needs --out MAP.tmx\n\n{}", help());
            return ExitCode::from(2);
        };
        return report(tangent_level::import::export_tmx(
            level,
            out,
            tangent::assets::TILES_PNG.1,
        ));
    }
    if let Some(path) = &args.new_level {
        return match new_level(path) {
            Ok(()) => {
                println!(
                    "wrote {}; play and edit it with: tangent --level {}",
                    path.display(),
                    path.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("tangent: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let level = args.level.clone().unwrap_or_else(default_level);
    if args.headless {
        let Some(frames) = args.frames else {
            eprintln!("tangent: --headless needs --frames N\n\n{}", help());
            return ExitCode::from(2);
        };
        let opts = HeadlessOptions {
            level,
            frames,
            replay: args.replay,
            trace: args.trace,
        };
        return match run_headless(&opts) {
            Ok(s) => {
                for w in &s.warnings {
                    eprintln!("warning: {w}");
                }
                println!(
                    "ran {} frames; goals reached: {}; level at the end: {}{}",
                    s.frames,
                    s.goals,
                    s.level,
                    if s.won_all {
                        " (all levels finished)"
                    } else {
                        ""
                    }
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("tangent: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let checked = match load_level_file(&level) {
        Ok(checked) => checked,
        Err(e) => {
            eprintln!("tangent: {e}");
            return ExitCode::FAILURE;
        }
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
    // `--level` (or recording) starts straight into the level; otherwise
    // the title screen shows over the first level, standing still.
    if args.level.is_none() && args.record.is_none() {
        app.insert_state(GameMode::Title);
    }
    if let Some(path) = args.record {
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
