//! The ranges a level's numbers must lie in, checked before anything is
//! built from them, so that no accepted level can hang the loader, flood the
//! log or leave the range the collision promises are tested over.
//!
//! Coordinates stay within [`MAX_COORD`](tangent_collision::prelude::TerrainPiece::MAX_COORD) (16 384 px) of the origin: there
//! `f32` spacing is under a tenth of the collision skin. Sizes, speeds and
//! gravity stay within what the motion tests sweep, with room to spare.

use std::path::Path;

const MAX_COORD: f32 = tangent_collision::prelude::TerrainPiece::MAX_COORD;

use crate::files::level_exists;
use crate::format::{LevelFile, ShapeDef};

/// Largest actor or player size (radius or half-extent), in pixels.
pub const MAX_SIZE: f32 = 256.0;
/// Smallest actor or player size, in pixels.
pub const MIN_SIZE: f32 = 0.5;
/// Fastest starting speed of an actor, in px/s (the no-tunneling range).
pub const MAX_SPEED: f32 = 20_000.0;
/// Strongest gravity, in px/s².
pub const MAX_GRAVITY: f32 = 20_000.0;
/// Tile size range, in pixels.
pub const TILE_SIZE: (f32, f32) = (1.0, 512.0);
/// Most curves, and most actors, in one level.
pub const MAX_COUNT: usize = 10_000;
/// Largest restitution (curves, tiles, actors): springs, not explosions.
pub const MAX_RESTITUTION: f32 = 4.0;
/// Fastest a mover's pivot may move along its path, px/s (its peak speed:
/// 1.5 × the average with `Smooth` easing): the riders' tested range.
pub const MAX_MOVER_SPEED: f32 = 2_000.0;
/// Fastest a mover may turn, degrees per second (3 turns a second).
pub const MAX_MOVER_SPIN: f32 = 1_080.0;
/// Most movers in one level.
pub const MAX_MOVERS: usize = 1_000;
/// Longest wait or crumble delay, seconds.
pub const MAX_MOVER_WAIT: f32 = 3_600.0;
/// Largest tuning value (speeds, accelerations, times in the tuning).
pub const MAX_TUNING: f32 = 100_000.0;

/// Where in the file a problem is: a top-level key, or the n-th curve or
/// actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Key(&'static str),
    Curve(usize),
    Actor(usize),
}

/// A number out of range: where, and what is wrong.
pub type OutOfRange = (Place, String);

/// Within range, or not a number at all (which the checks after these
/// report in their own words).
fn point_ok(p: (f32, f32)) -> bool {
    let beyond = |x: f32| x.is_finite() && x.abs() > MAX_COORD;
    !(beyond(p.0) || beyond(p.1))
}

fn size_problem(s: &ShapeDef) -> Option<String> {
    let sizes: &[f32] = match s {
        ShapeDef::Circle { radius } => &[*radius],
        ShapeDef::Rect { half_extents } => &[half_extents.0, half_extents.1],
    };
    sizes
        .iter()
        .any(|&x| x > MAX_SIZE || (x > 0.0 && x < MIN_SIZE))
        .then(|| format!("sizes must be between {MIN_SIZE} and {MAX_SIZE} px, not {s:?}"))
}

fn far(what: &str, p: (f32, f32)) -> String {
    format!(
        "{what} ({}, {}) is farther than {MAX_COORD} px from the origin",
        p.0, p.1
    )
}

/// A list of points under `key` (each named `what N`): at most
/// [`MAX_COUNT`], each within range.
fn points_out_of_range(key: &'static str, what: &str, points: &[(f32, f32)]) -> Option<OutOfRange> {
    if points.len() > MAX_COUNT {
        return Some((Place::Key(key), format!("at most {MAX_COUNT} {key}")));
    }
    let (i, p) = points.iter().enumerate().find(|(_, p)| !point_ok(**p))?;
    Some((Place::Key(key), far(&format!("{what} {}", i + 1), *p)))
}

/// The first number of `raw` out of range, if any.
pub fn out_of_range(raw: &LevelFile) -> Option<OutOfRange> {
    let key = |k: &'static str, m: String| Some((Place::Key(k), m));
    let (lo, hi) = TILE_SIZE;
    if raw.tile_size < lo || raw.tile_size > hi {
        return key(
            "tile_size",
            format!("tile_size must be between {lo} and {hi} px"),
        );
    }
    let rows = raw.tiles.len() as f32;
    let cols = raw
        .tiles
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0) as f32;
    if rows * raw.tile_size > MAX_COORD || cols * raw.tile_size > MAX_COORD {
        return key(
            "tiles",
            format!(
                "the tiles span {cols} × {rows} tiles of {} px: more than {MAX_COORD} px",
                raw.tile_size
            ),
        );
    }
    let pull = raw.gravity.0.hypot(raw.gravity.1);
    if pull.is_finite() && pull > MAX_GRAVITY {
        return key(
            "gravity",
            format!("gravity must be at most {MAX_GRAVITY} px/s²"),
        );
    }
    if raw.curves.len() > MAX_COUNT || raw.actors.len() > MAX_COUNT {
        return key(
            "curves",
            format!("at most {MAX_COUNT} curves and {MAX_COUNT} actors"),
        );
    }
    if raw.tile_restitution > MAX_RESTITUTION {
        return key(
            "tile_restitution",
            format!("restitution is at most {MAX_RESTITUTION}"),
        );
    }
    for (i, c) in raw.curves.iter().enumerate() {
        if let Some(p) = c.points.iter().find(|p| !point_ok(**p)) {
            return Some((Place::Curve(i), far(&format!("curve {} point", i + 1), *p)));
        }
        if c.restitution > MAX_RESTITUTION {
            let m = format!("curve {} restitution is at most {MAX_RESTITUTION}", i + 1);
            return Some((Place::Curve(i), m));
        }
    }
    if !point_ok(raw.spawn) {
        return key("spawn", far("the spawn", raw.spawn));
    }
    if let Some(m) = size_problem(&raw.player) {
        return key("player", format!("player: {m}"));
    }
    for (i, a) in raw.actors.iter().enumerate() {
        let speed = a.velocity.0.hypot(a.velocity.1);
        let problem = if !point_ok(a.position) {
            Some(far("its position", a.position))
        } else if let Some(m) = size_problem(&a.shape) {
            Some(m)
        } else if speed.is_finite() && speed > MAX_SPEED {
            Some(format!("its speed must be at most {MAX_SPEED} px/s"))
        } else if a.restitution > MAX_RESTITUTION || a.friction > 100.0 {
            Some(format!(
                "restitution is at most {MAX_RESTITUTION} and friction at most 100"
            ))
        } else {
            None
        };
        if let Some(m) = problem {
            return Some((Place::Actor(i), format!("actor \"{}\": {m}", a.name)));
        }
    }
    if !point_ok(raw.goal.position) || raw.goal.size.0 > MAX_COORD || raw.goal.size.1 > MAX_COORD {
        return key("goal", far("the goal", raw.goal.position));
    }
    let points = [
        ("checkpoints", "checkpoint", &raw.checkpoints),
        ("crystals", "crystal", &raw.crystals),
        ("coins", "coin", &raw.coins),
    ];
    if let Some(problem) = points
        .iter()
        .find_map(|(k, what, ps)| points_out_of_range(k, what, ps))
    {
        return Some(problem);
    }
    if raw.tuning.fields().iter().any(|(_, x)| *x > MAX_TUNING) {
        return key(
            "tuning",
            format!("tuning values must be at most {MAX_TUNING}"),
        );
    }
    None
}

/// Why `next` cannot be the level after any: not a plain file name ending
/// in `.level.ron` (no folders, no `..`: a level never leads out of its
/// folder). Checked after everything else in the level, so a level's own
/// mistakes are reported first.
pub fn next_problem(next: &str) -> Option<String> {
    let plain = !next.is_empty()
        && !next.contains(['/', '\\'])
        && next != ".."
        && next.ends_with(".level.ron");
    (!plain).then(|| format!("next must name a .level.ron file in the same folder, not \"{next}\""))
}

/// A warning, not an error, when `file` is a level that can be read (on
/// disk or shipped, see [`crate::files`]) and the level its plain `next`
/// names is not beside it: a level copied to a folder of one's own still
/// plays, and its goal ends the run.
pub fn next_missing(next: &str, file: &str) -> Option<String> {
    let here = Path::new(file);
    let path = here.parent()?.join(next);
    (level_exists(here) && !level_exists(&path)).then(|| {
        format!(
            "next names \"{next}\", which is not in {}: the goal ends the run here",
            path.parent()
                .map_or(String::new(), |d| d.display().to_string())
        )
    })
}
