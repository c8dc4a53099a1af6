//! The `tangent` command line, declared with clap's derive: one subcommand
//! per job (play, headless, record, new-level and the importers), each with
//! its own generated `--help`. The flags of the old hand-parsed form
//! (`--headless`, `--new-level`, `--record`) still work: [`modernize`]
//! turns them into their subcommand before clap reads the line.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

/// Tangent: a 2D platformer on exact Bézier terrain.
///
/// With no command it plays the shipped levels from the title screen (from
/// any folder: the levels are built in).
#[derive(Parser, Debug, PartialEq)]
#[command(name = "tangent", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// With no command: play (the same options as `tangent play`).
    #[command(flatten)]
    pub play: PlayArgs,
}

/// What the command line asks for.
#[derive(Subcommand, Debug, PartialEq)]
pub enum Command {
    /// Play in a window (the default when no command is given).
    Play(PlayArgs),
    /// Run N fixed steps with no window, optionally from a replay, writing a trace.
    Headless(HeadlessArgs),
    /// Play in a window, recording the keys to a replay file.
    Record(RecordArgs),
    /// Render a level at a given step to a PNG, with no window (software
    /// Vulkan where there is no GPU).
    Screenshot(ScreenshotArgs),
    /// How forgiving each level is: its shipped replay played again with
    /// every key change moved at random, and whether holding Right (or
    /// mashing Jump, or Left) wins it; by world.
    Leniency {
        /// A level of the campaign to report (the levels beside it, by world).
        #[arg(long, value_name = "PATH")]
        level: Option<PathBuf>,
        /// Perturbed runs a level (seeds 1 to N).
        #[arg(long, default_value_t = 200)]
        runs: u64,
        /// The most steps a key change is moved, either way.
        #[arg(long, default_value_t = 3)]
        width: u64,
        /// Report the level given by `--level` alone.
        #[arg(long, requires = "level")]
        only: bool,
    },
    /// Play a plan (`assets/plans/NAME.plan`: keys held for N steps or
    /// until the player gets somewhere) on a level and write the replay it
    /// makes; an error names the plan line where the player died or got
    /// stuck.
    Plan {
        /// The level.
        level: PathBuf,
        /// The plan.
        plan: PathBuf,
        /// Where to write the replay (default: print the log only).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Also log where the player is every N steps.
        #[arg(long, value_name = "N", default_value_t = 0)]
        every: u64,
    },
    /// Write a small starter level to edit (never overwrites a file).
    NewLevel {
        /// Where to write the level (`NAME.level.ron`).
        path: PathBuf,
    },
    /// Replace a level's curves with a drawing's paths, exactly.
    ImportSvg {
        /// The SVG drawing.
        drawing: PathBuf,
        /// The level file to write the curves into.
        #[arg(long)]
        into: PathBuf,
        /// Level pixels per SVG unit.
        #[arg(long, default_value_t = 1.0)]
        scale: f32,
    },
    /// Make a level of a Tiled map (tiles, spawn, goal, checkpoints, actors,
    /// lines); a `.world` makes a level of each of its maps in turn.
    ImportTmx {
        /// The Tiled map (`.tmx`) or world (`.world`).
        map: PathBuf,
        /// The level to write (made if new).
        #[arg(long)]
        into: PathBuf,
    },
    /// Make a level of each of an LDtk project's levels (the first into
    /// LEVEL, the rest beside it), or of one named level.
    ImportLdtk {
        /// The LDtk project (`.ldtk`).
        project: PathBuf,
        /// Only the level of this name.
        #[arg(long)]
        level: Option<String>,
        /// The level to write (made if new).
        #[arg(long)]
        into: PathBuf,
    },
    /// Write a level as a Tiled map, its tileset image beside it.
    ExportTmx {
        /// The level file.
        level: PathBuf,
        /// The map to write (`.tmx`).
        #[arg(long)]
        out: PathBuf,
    },
}

/// Options of `tangent play` (and of `tangent` with no command).
#[derive(Args, Debug, Default, PartialEq)]
pub struct PlayArgs {
    /// Play this level file straight away (keys 1-9: the levels beside it).
    #[arg(long, value_name = "PATH")]
    pub level: Option<PathBuf>,
    /// Record the keys to this replay file while playing.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Options of `tangent headless`.
#[derive(Args, Debug, PartialEq)]
pub struct HeadlessArgs {
    /// How many fixed steps (1/60 s each) to run.
    #[arg(long, value_name = "N")]
    pub frames: u64,
    /// The level to start in (default: the first shipped level).
    #[arg(long, value_name = "PATH")]
    pub level: Option<PathBuf>,
    /// Keys from this replay file (or a shipped one by name, e.g. `1-1-hills.replay`).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Write one CSV row per actor and mover per step to this file.
    #[arg(long, value_name = "FILE.csv")]
    pub trace: Option<PathBuf>,
}

/// Options of `tangent screenshot`.
#[derive(Args, Debug, PartialEq)]
pub struct ScreenshotArgs {
    /// The level to draw (default: the first shipped level).
    #[arg(long, value_name = "PATH")]
    pub level: Option<PathBuf>,
    /// Keys from this replay file (or a shipped one by name).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// The fixed step (1/60 s each) to draw.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub frame: u64,
    /// The PNG to write.
    #[arg(long, value_name = "FILE.png")]
    pub out: PathBuf,
    /// The picture's width and height in pixels.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Keys to tap at that step, in order, before the picture (e.g.
    /// `--press Escape` for the pause menu, `--press Tab` for the editor,
    /// `--press F1` for the collision overlay): a letter, a digit, F1-F12,
    /// Tab, Escape, Enter, Space, Up, Down, Left, Right.
    #[arg(long, value_name = "KEY")]
    pub press: Vec<String>,
    /// Start on the title screen (over the level standing still).
    #[arg(long)]
    pub title: bool,
}

/// Reads `WIDTHxHEIGHT` (each 16 to 8192).
///
/// ```
/// use tangent::cli::parse_size;
/// assert_eq!(parse_size("640x360"), Ok((640, 360)));
/// assert!(parse_size("640").is_err());
/// assert!(parse_size("0x360").is_err());
/// ```
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{s}`: want WIDTHxHEIGHT, each 16 to 8192, e.g. 1280x720");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(16..=8192).contains(&w) || !(16..=8192).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// Options of `tangent record`.
#[derive(Args, Debug, PartialEq)]
pub struct RecordArgs {
    /// The replay file to write.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The level to play (default: the title screen's first level).
    #[arg(long, value_name = "PATH")]
    pub level: Option<PathBuf>,
}

/// The old hand-parsed flags in their subcommand form: `--headless …`
/// becomes `headless …`, `--new-level PATH` becomes `new-level PATH`
/// (`--level` and `--record` with no command are the play options as they
/// were). Anything else is left as it is.
///
/// ```
/// use tangent::cli::modernize;
/// let old = ["tangent", "--headless", "--frames", "9"].map(Into::into);
/// let new: Vec<std::ffi::OsString> = ["tangent", "headless", "--frames", "9"].map(Into::into).into();
/// assert_eq!(modernize(old.to_vec()), new);
/// ```
pub fn modernize(args: Vec<OsString>) -> Vec<OsString> {
    let mut it = args.into_iter();
    let Some(program) = it.next() else {
        return Vec::new();
    };
    let rest: Vec<OsString> = it.collect();
    let renamed = [("--headless", "headless"), ("--new-level", "new-level")];
    for (old, new) in renamed {
        if let Some(i) = rest.iter().position(|a| a == old) {
            let mut out = vec![program, new.into()];
            out.extend(rest[..i].iter().cloned());
            out.extend(rest[i + 1..].iter().cloned());
            return out;
        }
    }
    std::iter::once(program).chain(rest).collect()
}

impl Cli {
    /// Parses a command line (the program's name first), accepting the old
    /// flags ([`modernize`]); `--help` ends with `after_help`.
    ///
    /// ```
    /// use tangent::cli::{Cli, Command};
    /// let cli = Cli::parse_from_with(["tangent", "headless", "--frames", "60"], "").unwrap();
    /// assert!(matches!(cli.command, Some(Command::Headless(h)) if h.frames == 60));
    /// ```
    pub fn parse_from_with<I, T>(args: I, after_help: &str) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString>,
    {
        let args = modernize(args.into_iter().map(Into::into).collect());
        let matches = Cli::command()
            .after_help(after_help.to_string())
            .try_get_matches_from(args)?;
        Cli::from_arg_matches(&matches)
    }

    /// The command to run: `play` when none was given.
    pub fn into_command(self) -> Command {
        self.command.unwrap_or(Command::Play(self.play))
    }
}
