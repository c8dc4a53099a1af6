//! The level's movers (`movers: [...]`): each checked (what it carries,
//! its numbers, its speed within the limits), built into a collision
//! [`Mover`] (its tile block leaving the fixed tiles), and its whole
//! motion sampled: it must stay within range and never pass through the
//! spawn point. Every problem is an error at the mover's line.

use tangent_collision::prelude::{
    ActorShape, Mover, Pose, Terrain, TerrainPiece, TileGrid, TileKind, Vec2,
};

use super::curves::curve_piece;
use super::locate::{LevelError, Locator};
use super::numbers::finite2;
use super::places::shrunk;
use crate::format::LevelFile;
use crate::format::mover::{Easing, MoverDef, Repeat, Trigger, WhenBlocked};
use crate::format::mover_path::{FALL_FOR, path_offset, path_time, turn_at};
use crate::limits::{MAX_MOVER_SPEED, MAX_MOVER_SPIN, MAX_MOVER_WAIT, MAX_MOVERS};

const MAX_COORD: f32 = TerrainPiece::MAX_COORD;

/// What the game needs of a built mover besides its collision pieces:
/// where it turns, and the tile cells it carries (`(x, y)` as the grid's,
/// taken out of the fixed tiles), for drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct MoverParts {
    pub pivot: Vec2,
    pub cells: Vec<((usize, usize), TileKind)>,
}

/// A problem `m` of mover `i` (from 0) as an error at its line: the file's
/// first `own` movers are at their own line, the rest are its drawing's
/// (`svg`), named at the `svg` line.
pub(crate) fn mover_error(loc: &Locator, own: usize, i: usize, m: String) -> LevelError {
    if i < own {
        loc.err(loc.nth_item(loc.key("movers"), i), None, m)
    } else {
        let m = format!("svg: {m} (the drawing's mover {})", i - own + 1);
        loc.err(loc.key("svg"), None, m)
    }
}

/// The movers of `raw`, built, their tile cells taken out of `grid`; or the
/// first problem, at its mover's line (the first `own` are the file's, the
/// rest its drawing's: [`mover_error`]).
pub(crate) fn movers(
    raw: &LevelFile,
    own: usize,
    grid: &mut TileGrid,
    loc: &Locator,
) -> Result<(Vec<Mover>, Vec<MoverParts>), LevelError> {
    if raw.movers.len() > MAX_MOVERS {
        let m = format!("at most {MAX_MOVERS} movers");
        return Err(loc.err(loc.key("movers"), None, m));
    }
    let mut built = Vec::new();
    let mut parts = Vec::new();
    for (i, def) in raw.movers.iter().enumerate() {
        let at = |m: String| mover_error(loc, own, i, m);
        let name = format!("mover {}", i + 1);
        motion_problem(def).map_err(|m| at(format!("{name}: {m}")))?;
        let (mut pieces, cells) =
            tile_block(def, grid, raw.tile_restitution).map_err(|m| at(format!("{name}: {m}")))?;
        for (k, c) in def.curves.iter().enumerate() {
            let piece = curve_piece(c, &format!("{name} curve {}", k + 1)).map_err(&at)?;
            if let Some(p) = c
                .points
                .iter()
                .find(|p| p.0.abs().max(p.1.abs()) > MAX_COORD)
            {
                let m = format!(
                    "{name} curve {}: point ({}, {}) is farther than {MAX_COORD} px from the origin",
                    k + 1,
                    p.0,
                    p.1
                );
                return Err(at(m));
            }
            pieces.push(piece);
        }
        if pieces.is_empty() {
            return Err(at(format!(
                "{name} carries nothing: give it `tiles` (a block of solid or one-way tiles) or `curves`"
            )));
        }
        let pivot = match def.pivot {
            Some(p) if !finite2(p) || p.0.abs().max(p.1.abs()) > MAX_COORD => {
                return Err(at(format!(
                    "{name}: its pivot must be a finite point within {MAX_COORD} px of the origin"
                )));
            }
            Some(p) => Vec2::new(p.0, p.1),
            None => centre(&pieces),
        };
        let mut mover = Mover::around(pivot, pieces);
        if def.when_blocked != WhenBlocked::Crush {
            mover = mover.stops_when_blocked();
        }
        if def.turns_riders {
            mover = mover.turns_riders();
        }
        built.push(mover);
        parts.push(MoverParts { pivot, cells });
    }
    Ok((built, parts))
}

/// The middle of the box around `pieces`.
fn centre(pieces: &[TerrainPiece]) -> Vec2 {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for p in pieces.iter().flat_map(|p| p.shape.control_points()) {
        lo = lo.min(p);
        hi = hi.max(p);
    }
    (lo + hi) * 0.5
}

/// What is wrong with a mover's numbers, if anything: not finite, out of
/// range, faster than the limits, or no motion at all.
fn motion_problem(def: &MoverDef) -> Result<(), String> {
    let numbers = [def.speed, def.leg_time, def.wait, def.spin];
    if numbers.iter().any(|x| !x.is_finite()) || !def.path.iter().all(|p| finite2(*p)) {
        return Err("speed, leg_time, wait, spin and the path must be finite numbers".into());
    }
    if def.speed < 0.0 || def.leg_time < 0.0 || def.wait < 0.0 {
        return Err("speed, leg_time and wait must not be negative".into());
    }
    if def.wait > MAX_MOVER_WAIT {
        return Err(format!("wait is at most {MAX_MOVER_WAIT} s"));
    }
    let far = def
        .path
        .iter()
        .any(|p| p.0.abs().max(p.1.abs()) > MAX_COORD);
    if far {
        return Err(format!("path offsets must be within {MAX_COORD} px"));
    }
    let longest = longest_leg(def);
    if longest > 0.0 && def.speed == 0.0 && def.leg_time == 0.0 {
        return Err("it has a path but no `speed` or `leg_time`".into());
    }
    let speed = peak_speed(def);
    if longest > 0.0 && speed > MAX_MOVER_SPEED {
        return Err(format!(
            "its fastest speed along the path is {speed:.0} px/s; at most {MAX_MOVER_SPEED} (slow it down or lengthen leg_time)"
        ));
    }
    if let Some(s) = def.swing
        && !(s.angle.is_finite() && s.period.is_finite() && s.period > 0.0)
    {
        return Err("a swing needs a finite angle and a period above 0 s".into());
    }
    let turn_rate = turn_rate(def);
    if turn_rate > MAX_MOVER_SPIN {
        return Err(format!(
            "it turns at up to {turn_rate:.0}°/s; at most {MAX_MOVER_SPIN}°/s (3 turns a second)"
        ));
    }
    match def.trigger {
        Trigger::Crumble(d) if !(d.is_finite() && (0.0..=MAX_MOVER_WAIT).contains(&d)) => {
            return Err(format!(
                "Crumble's delay must be between 0 and {MAX_MOVER_WAIT} s"
            ));
        }
        _ => {}
    }
    let moves = longest > 0.0 || turn_rate > 0.0 || matches!(def.trigger, Trigger::Crumble(_));
    if !moves {
        return Err(
            "it does not move: give it a `path` (with `speed` or `leg_time`), a `spin`, a `swing` or `trigger: Crumble(seconds)`"
                .into(),
        );
    }
    Ok(())
}

/// The longest leg of a mover's path, px (a loop's leg back to the start
/// included).
fn longest_leg(def: &MoverDef) -> f32 {
    let legs = std::iter::once((0.0, 0.0)).chain(def.path.iter().copied());
    let mut longest = legs
        .zip(def.path.iter())
        .map(|(a, b)| (b.0 - a.0).hypot(b.1 - a.1))
        .fold(0.0f32, f32::max);
    if def.repeat == Repeat::Loop
        && let Some(last) = def.path.last()
    {
        // The leg back from the last waypoint to the first.
        longest = longest.max(last.0.hypot(last.1));
    }
    longest
}

/// The fastest a mover's pivot goes along its path, px/s: the longest
/// leg's average speed, 1.5 times that at the middle of a `Smooth` leg.
fn peak_speed(def: &MoverDef) -> f32 {
    let longest = longest_leg(def);
    if longest == 0.0 {
        return 0.0;
    }
    let peak = match def.easing {
        Easing::Linear => 1.0,
        Easing::Smooth => 1.5,
    };
    let average = if def.leg_time > 0.0 {
        longest / def.leg_time
    } else {
        def.speed
    };
    average * peak
}

/// The fastest a mover turns, degrees per second: its spin and its
/// swing's peak (`angle · 2π / period`) together.
fn turn_rate(def: &MoverDef) -> f32 {
    def.spin.abs()
        + def
            .swing
            .map_or(0.0, |s| s.angle.abs() * std::f32::consts::TAU / s.period)
}

/// The edges of a mover's tile block and its cells, taken out of `grid`.
type Block = (Vec<TerrainPiece>, Vec<((usize, usize), TileKind)>);

fn tile_block(def: &MoverDef, grid: &mut TileGrid, restitution: f32) -> Result<Block, String> {
    let Some(r) = def.tiles else {
        return Ok((Vec::new(), Vec::new()));
    };
    if r.width == 0 || r.height == 0 || r.x + r.width > grid.width || r.y + r.height > grid.height {
        return Err(format!(
            "its tiles (x: {}, y: {}, width: {}, height: {}) are not within the {} × {} tiles (x from the left, y from the bottom row, from 0)",
            r.x, r.y, r.width, r.height, grid.width, grid.height
        ));
    }
    let ts = grid.tile_size;
    // A ring of empty cells round the block: outside a grid counts as
    // solid, which would hide the block's outer edges.
    let origin = (Vec2::new(r.x as f32, r.y as f32) - Vec2::ONE) * ts;
    let mut block = TileGrid::new(r.width + 2, r.height + 2, ts, origin);
    let mut cells = Vec::new();
    for y in r.y..r.y + r.height {
        for x in r.x..r.x + r.width {
            let kind = grid.get(x as i64, y as i64);
            if kind != TileKind::Empty {
                block.set(x - r.x + 1, y - r.y + 1, kind);
                grid.set(x, y, TileKind::Empty);
                cells.push(((x, y), kind));
            }
        }
    }
    if cells.is_empty() {
        return Err(format!(
            "its tiles (x: {}, y: {}, width: {}, height: {}) hold no solid or one-way tile (or another mover took them)",
            r.x, r.y, r.width, r.height
        ));
    }
    // The padded grid's own border (its outside is solid) is no part of
    // the block: its edges along the border lines are dropped.
    let hi = origin + Vec2::new((r.width + 2) as f32, (r.height + 2) as f32) * ts;
    let on_border = |p: Vec2| p.x == origin.x || p.y == origin.y || p.x == hi.x || p.y == hi.y;
    let mut pieces: Vec<TerrainPiece> = block
        .pieces()
        .into_iter()
        .filter(|p| match p.shape {
            Terrain::Segment(s) => !(on_border(s.a) && on_border(s.b)),
            _ => true,
        })
        .collect();
    for p in &mut pieces {
        p.restitution = restitution;
    }
    Ok((pieces, cells))
}

/// The poses a mover takes, sampled over its motion (a cycle of its path
/// and turn, and a crumbling mover's fall), finely enough that it moves
/// less than `spacing` px between samples: as offsets and angles.
fn sampled_motion(def: &MoverDef, reach: f32, spacing: f32, gravity: Vec2) -> Vec<(Vec2, f32)> {
    let mut span = path_time(def);
    if def.spin != 0.0 {
        span = span.max(360.0 / def.spin.abs() as f64);
    }
    if let Some(s) = def.swing {
        span = span.max(s.period as f64);
    }
    // Its fastest point: the pivot's peak speed and the turn at its reach.
    let rate = peak_speed(def) as f64 + (turn_rate(def) as f64).to_radians() * reach as f64;
    let n = ((span * rate / spacing.max(0.5) as f64).ceil() as usize).clamp(64, 20_000);
    let mut out: Vec<(Vec2, f32)> = (0..=n)
        .map(|k| {
            let t = span * k as f64 / n as f64;
            (path_offset(def, t), turn_at(def, t))
        })
        .collect();
    if matches!(def.trigger, Trigger::Crumble(_)) {
        let steps = 64;
        out.extend((1..=steps).map(|k| {
            let t = FALL_FOR * k as f32 / steps as f32;
            (0.5 * gravity * t * t, 0.0)
        }));
    }
    out
}

/// The first mover whose motion takes it past the coordinate limit or
/// through `shape` at `spawn` (tiles of `tile_size` px), and what is wrong: `(mover, message)`.
pub(crate) fn motion_conflict(
    defs: &[MoverDef],
    movers: &[Mover],
    parts: &[MoverParts],
    shape: &ActorShape,
    spawn: Vec2,
    gravity: Vec2,
    tile_size: f32,
) -> Option<(usize, String)> {
    // As the spawn's own check: touching, or overlapping by under 0.5 px,
    // is not in the way.
    let shrunk = shrunk(shape, 0.5);
    let size = match *shape {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents } => half_extents.min_element(),
    };
    for (g, ((def, mover), part)) in defs.iter().zip(movers).zip(parts).enumerate() {
        let reach = mover.reach();
        for (offset, angle) in sampled_motion(def, reach, size, gravity) {
            let pose = Pose::new(part.pivot + offset, angle);
            let c = pose.translation;
            if c.x.abs().max(c.y.abs()) + reach > MAX_COORD {
                return Some((
                    g,
                    format!(
                        "mover {}: its motion takes it past {MAX_COORD} px from the origin (its pivot to ({:.0}, {:.0}))",
                        g + 1,
                        c.x,
                        c.y
                    ),
                ));
            }
            let crosses = mover
                .pieces
                .iter()
                .any(|p| !p.shape.posed(&pose).actor_hits(&shrunk, spawn).is_empty());
            let local = pose.unapply(spawn) + part.pivot;
            let inside = part.cells.iter().any(|((x, y), kind)| {
                let lo = Vec2::new(*x as f32, *y as f32) * tile_size;
                *kind == TileKind::Solid
                    && local.cmpge(lo).all()
                    && local.cmple(lo + Vec2::splat(tile_size)).all()
            });
            if crosses || inside {
                return Some((
                    g,
                    format!(
                        "mover {}: its motion passes through the spawn point ({}, {}) (it is there with its pivot at ({:.0}, {:.0})); move the spawn or the mover's path",
                        g + 1,
                        spawn.x,
                        spawn.y,
                        c.x,
                        c.y
                    ),
                ));
            }
        }
    }
    None
}
