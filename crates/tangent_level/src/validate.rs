//! Parsing and checking a level file: every problem becomes a [`LevelError`]
//! naming the file, the line (and column where known) and what is wrong, and
//! a good file becomes a [`Level`] with its tile grid and terrain built.
//!
//! RON syntax and type errors carry ron's own position. Problems found after
//! parsing (ragged rows, unknown legend characters, non-finite numbers,
//! degenerate curves, spawns inside solid) are located by finding the field
//! in the text: the `n`-th row string after `tiles:`, the `n`-th `points`
//! after `curves:`, and so on, which is exact for files in the documented
//! layout (one row, curve or actor per line) and the field's line otherwise.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::limits::{Place, next_problem, out_of_range};

use tangent_collision::prelude::Vec2;

use crate::fill::{Body, bodies, fill_contains, flatten};
use crate::format::{ActorDef, CurveDef, CurveFill, LevelFile, ShapeDef, Side, TileDef};
use tangent_collision::prelude::{
    ActorShape, CubicBezier, QuadBezier, Terrain, TerrainPiece, TerrainSet, TileGrid, TileKind,
};

/// A problem with a level file: where, and what.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelError {
    pub file: String,
    /// 1-based line, 0 when the problem is the whole file.
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "{}:{}:{}: {}", self.file, self.line, c, self.message),
            None => write!(f, "{}:{}: {}", self.file, self.line, self.message),
        }
    }
}

impl std::error::Error for LevelError {}

/// A checked level, ready to play.
#[derive(Clone, Debug)]
pub struct Level {
    /// The file as written (kept for saving it back).
    pub file: LevelFile,
    /// Solid and one-way cells; decor cells are listed in `decor`.
    pub grid: TileGrid,
    /// Cells drawn as decoration, `(x, y)` with `y = 0` the bottom row.
    pub decor: Vec<(usize, usize)>,
    /// Spike cells, `(x, y)` as `decor`, and the way they point.
    pub spikes: BTreeMap<(usize, usize), Side>,
    /// The definitions of the curves: the file's in file order, then its
    /// drawing's (`svg`); the file's alone are in `file`, which is what is
    /// saved back. Their pieces are the last of `terrain`'s
    /// ([`Level::curves`]).
    pub curve_defs: Vec<CurveDef>,
    /// Tile edges and curves together, indexed for collision: built once
    /// when the level is checked and shared (the game's collision index
    /// holds this same set).
    pub terrain: Arc<TerrainSet>,
}

/// The largest drawing a level may name, bytes (16 MiB).
pub const MAX_DRAWING_BYTES: u64 = 16 << 20;

/// The curves of the level's drawing (`svg`, a path relative to the folder
/// of `file`), none without one. A drawing that cannot be read or imported
/// is an error at the `svg` line that names the drawing.
fn drawing_curves(raw: &LevelFile, text: &str, file: &str) -> Result<Vec<CurveDef>, LevelError> {
    let Some(name) = &raw.svg else {
        return Ok(Vec::new());
    };
    let err = |message: String| LevelError {
        file: file.to_string(),
        line: Locator::new(text).key("svg"),
        column: None,
        message,
    };
    let path = std::path::Path::new(file)
        .parent()
        .unwrap_or(std::path::Path::new(""))
        .join(name);
    // Only a plain file of reasonable size (not a device, a folder or a
    // runaway file that would hang the load).
    match std::fs::metadata(&path) {
        Ok(m) if !m.is_file() => {
            return Err(err(format!("svg: {} is not a file", path.display())));
        }
        Ok(m) if m.len() > MAX_DRAWING_BYTES => {
            return Err(err(format!(
                "svg: {} is {} bytes, more than the {MAX_DRAWING_BYTES} a drawing may have",
                path.display(),
                m.len()
            )));
        }
        _ => {}
    }
    let svg = std::fs::read_to_string(&path)
        .map_err(|e| err(format!("svg: cannot read {}: {e}", path.display())))?;
    let opts = crate::svg::SvgOptions {
        scale: raw.svg_scale,
    };
    let imported = crate::svg::import_svg(&svg, &path.display().to_string(), opts)
        .map_err(|e| err(format!("svg: {e}")))?;
    Ok(imported.curves)
}

/// Finds lines of fields in the level text for error messages.
struct Locator<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Locator<'a> {
    fn new(text: &'a str) -> Self {
        Locator {
            lines: text.lines().collect(),
        }
    }

    /// The code part of a line: everything before a `//` comment.
    fn code(line: &str) -> &str {
        line.find("//").map_or(line, |i| &line[..i])
    }

    /// 1-based line of the first `key:` outside comments, or 0.
    fn key(&self, key: &str) -> usize {
        let pat = format!("{key}:");
        self.lines
            .iter()
            .position(|l| {
                let c = Self::code(l).trim_start();
                c.starts_with(&pat)
            })
            .map_or(0, |i| i + 1)
    }

    /// 1-based line of the `n`-th line (0-based) after `after` whose code
    /// contains `pat`, or `after` itself when there is none.
    fn nth_after(&self, after: usize, pat: &str, n: usize) -> usize {
        self.lines
            .iter()
            .enumerate()
            .skip(after.saturating_sub(1))
            .filter(|(_, l)| Self::code(l).contains(pat))
            .nth(n)
            .map_or(after, |(i, _)| i + 1)
    }
}

fn finite2(p: (f32, f32)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

fn v(p: (f32, f32)) -> Vec2 {
    Vec2::new(p.0, p.1)
}

/// The actor shape for a shape definition.
pub fn actor_shape(s: &ShapeDef) -> ActorShape {
    match *s {
        ShapeDef::Circle { radius } => ActorShape::Circle { radius },
        ShapeDef::Rect { half_extents } => ActorShape::Rect {
            half_extents: v(half_extents),
        },
    }
}

fn shape_ok(s: &ShapeDef) -> bool {
    match *s {
        ShapeDef::Circle { radius } => radius.is_finite() && radius > 0.0,
        ShapeDef::Rect { half_extents } => {
            finite2(half_extents) && half_extents.0 > 0.0 && half_extents.1 > 0.0
        }
    }
}

impl Level {
    /// Parses and checks a level. `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Level, LevelError> {
        let raw: LevelFile = ron::from_str(text).map_err(|e| LevelError {
            file: file.to_string(),
            line: e.span.start.line,
            column: Some(e.span.start.col),
            message: e.code.to_string(),
        })?;
        let own = raw.curves.len();
        let drawn = drawing_curves(&raw, text, file)?;
        if drawn.is_empty() {
            return Level::check(raw, text, file);
        }
        let mut all = raw;
        all.curves.extend(drawn);
        let mut level = Level::check(all, text, file)?;
        level.file.curves.truncate(own);
        Ok(level)
    }

    /// Checks an already parsed level; `text` is used to find lines.
    pub fn check(raw: LevelFile, text: &str, file: &str) -> Result<Level, LevelError> {
        let loc = Locator::new(text);
        let err = |line: usize, column: Option<usize>, message: String| LevelError {
            file: file.to_string(),
            line,
            column,
            message,
        };
        if raw.name.trim().is_empty() {
            return Err(err(loc.key("name"), None, "the level needs a name".into()));
        }
        if !raw.tile_size.is_finite() || raw.tile_size <= 0.0 {
            return Err(err(
                loc.key("tile_size"),
                None,
                format!("tile_size must be a positive number, not {}", raw.tile_size),
            ));
        }
        if !finite2(raw.gravity) {
            return Err(err(
                loc.key("gravity"),
                None,
                "gravity must be finite".into(),
            ));
        }
        if let Some((place, message)) = out_of_range(&raw) {
            let line = match place {
                Place::Key(k) => loc.key(k),
                Place::Curve(i) => loc.nth_after(loc.key("curves"), "points", i),
                Place::Actor(i) => loc.nth_after(loc.key("actors"), "name", i),
            };
            return Err(err(line, None, message));
        }
        let (grid, decor, spikes) = tiles(&raw, &loc, file)?;
        let mut curves = Vec::new();
        let curves_line = loc.key("curves");
        for (i, c) in raw.curves.iter().enumerate() {
            let line = loc.nth_after(curves_line, "points", i);
            let problem = if !(3..=4).contains(&c.points.len()) {
                Some(format!(
                    "curve {} has {} points; a quadratic has 3, a cubic 4",
                    i + 1,
                    c.points.len()
                ))
            } else if !c.points.iter().all(|p| finite2(*p)) {
                Some(format!(
                    "curve {} has a point that is not a finite number",
                    i + 1
                ))
            } else if !c.restitution.is_finite() || c.restitution < 0.0 {
                Some(format!("curve {} restitution must be 0 or more", i + 1))
            } else {
                None
            };
            if let Some(m) = problem {
                return Err(err(line, None, m));
            }
            let p: Vec<Vec2> = c.points.iter().map(|p| v(*p)).collect();
            let shape = if p.len() == 3 {
                Terrain::Quad(QuadBezier::new(p[0], p[1], p[2]))
            } else {
                Terrain::Cubic(CubicBezier::new(p[0], p[1], p[2], p[3]))
            };
            let b = shape.aabb();
            if b.size().max_element() < 1.0 {
                return Err(err(
                    line,
                    None,
                    format!(
                        "curve {} is degenerate: all its points are within 1 px",
                        i + 1
                    ),
                ));
            }
            curves.push(TerrainPiece {
                shape,
                restitution: c.restitution,
                one_way: c.one_way,
                solid_behind: false,
            });
        }
        if !raw.tile_restitution.is_finite() || raw.tile_restitution < 0.0 {
            return Err(err(
                loc.key("tile_restitution"),
                None,
                "tile_restitution must be 0 or more".into(),
            ));
        }
        let mut pieces: Vec<TerrainPiece> = grid.pieces();
        for p in &mut pieces {
            p.restitution = raw.tile_restitution;
        }
        pieces.extend(curves.iter().copied());
        let terrain = TerrainSet::new(pieces).map_err(|e| err(curves_line, None, e.to_string()))?;
        // Spawn, actors and goal.
        if !finite2(raw.spawn) {
            return Err(err(loc.key("spawn"), None, "spawn must be finite".into()));
        }
        if !shape_ok(&raw.player) {
            return Err(err(
                loc.key("player"),
                None,
                "player shape needs a positive size".into(),
            ));
        }
        let fills = curve_fills(&raw.curves, &curves);
        if let Some(m) = inside_solid(
            &terrain,
            &grid,
            &fills,
            &actor_shape(&raw.player),
            v(raw.spawn),
        ) {
            return Err(err(
                loc.key("spawn"),
                None,
                format!("the spawn point is {m}"),
            ));
        }
        let checkpoints_line = loc.key("checkpoints");
        for (i, &c) in raw.checkpoints.iter().enumerate() {
            let problem = if finite2(c) {
                inside_solid(&terrain, &grid, &fills, &actor_shape(&raw.player), v(c))
            } else {
                Some("not a finite point".into())
            };
            if let Some(m) = problem {
                let m = format!("checkpoint {} is {m}", i + 1);
                return Err(err(checkpoints_line, None, m));
            }
        }
        let actors_line = loc.key("actors");
        for (i, a) in raw.actors.iter().enumerate() {
            let line = loc.nth_after(actors_line, "name", i);
            if let Some(m) = actor_problem(a, &terrain, &grid, &fills) {
                return Err(err(line, None, format!("actor \"{}\": {m}", a.name)));
            }
        }
        let g = raw.goal;
        if !finite2(g.position) || !finite2(g.size) || g.size.0 <= 0.0 || g.size.1 <= 0.0 {
            return Err(err(
                loc.key("goal"),
                None,
                "goal needs a finite position and a positive size".into(),
            ));
        }
        let t = &raw.tuning;
        if t.fields().iter().any(|(_, x)| !x.is_finite() || *x < 0.0) || t.max_slope_deg >= 90.0 {
            return Err(err(
                loc.key("tuning"),
                None,
                "tuning values must be finite and not negative (max_slope_deg below 90)".into(),
            ));
        }
        if let Some(m) = raw.next.as_deref().and_then(|n| next_problem(n, file)) {
            return Err(err(loc.key("next"), None, m));
        }
        Ok(Level {
            curve_defs: raw.curves.clone(),
            file: raw,
            grid,
            decor,
            spikes,
            terrain: Arc::new(terrain),
        })
    }
}

impl Level {
    /// The curves as terrain pieces, in the order of `curve_defs`.
    pub fn curves(&self) -> &[TerrainPiece] {
        let pieces = self.terrain.pieces();
        &pieces[pieces.len() - self.curve_defs.len()..]
    }

    /// Why `shape` at `center` would not be in free space in this level
    /// (inside a solid tile, across a curve, inside a curve's ground), or
    /// `None` when it is free. Touching a surface counts as free.
    pub fn blocked(&self, shape: &ActorShape, center: Vec2) -> Option<String> {
        let fills = curve_fills(&self.curve_defs, self.curves());
        inside_solid(&self.terrain, &self.grid, &fills, shape, center)
    }
}

/// The tile grid, the decor cells and the spike cells.
type Cells = (
    TileGrid,
    Vec<(usize, usize)>,
    BTreeMap<(usize, usize), Side>,
);

/// The tile grid from the rows and legend, or the first bad row or character.
fn tiles(raw: &LevelFile, loc: &Locator, file: &str) -> Result<Cells, LevelError> {
    let tiles_line = loc.key("tiles");
    let err = |line: usize, column: Option<usize>, message: String| LevelError {
        file: file.to_string(),
        line,
        column,
        message,
    };
    let height = raw.tiles.len();
    let width = raw.tiles.first().map_or(0, |r| r.chars().count());
    if height == 0 || width == 0 {
        return Err(err(
            tiles_line,
            None,
            "tiles must have at least one row and column".into(),
        ));
    }
    let mut grid = TileGrid::new(width, height, raw.tile_size, Vec2::ZERO);
    let mut decor = Vec::new();
    let mut spikes = BTreeMap::new();
    for (row_index, row) in raw.tiles.iter().enumerate() {
        let line = loc.nth_after(tiles_line, "\"", row_index);
        let n = row.chars().count();
        if n != width {
            return Err(err(
                line,
                None,
                format!(
                    "row {} has {n} tiles but the first row has {width}: rows must all be the same length",
                    row_index + 1
                ),
            ));
        }
        let y = height - 1 - row_index;
        for (x, ch) in row.chars().enumerate() {
            let Some(kind) = raw.legend.get(&ch) else {
                let col = loc
                    .lines
                    .get(line.saturating_sub(1))
                    .and_then(|l| l.find('"'))
                    .map(|q| q + 2 + x);
                return Err(err(
                    line,
                    col,
                    format!("'{ch}' in row {} is not in the legend", row_index + 1),
                ));
            };
            match kind {
                TileDef::Empty => {}
                TileDef::Solid => grid.set(x, y, TileKind::Solid),
                TileDef::OneWay => grid.set(x, y, TileKind::OneWay),
                TileDef::Decor => decor.push((x, y)),
                TileDef::Spikes(side) => {
                    spikes.insert((x, y), *side);
                }
            }
        }
    }
    Ok((grid, decor, spikes))
}

/// Why `shape` at `center` is not in free space, if it is not. Touching a
/// surface is fine (an actor may be placed standing on the floor); reaching
/// more than half a pixel into a solid tile or across a curve is not.
fn inside_solid(
    set: &TerrainSet,
    grid: &TileGrid,
    fills: &[Body],
    shape: &ActorShape,
    center: Vec2,
) -> Option<String> {
    const SLACK: f32 = 0.5;
    let bb = shape.aabb(center);
    let ts = grid.tile_size;
    let (x0, y0) = grid.cell_of(bb.min);
    let (x1, y1) = grid.cell_of(bb.max);
    for y in y0..=y1 {
        for x in x0..=x1 {
            if grid.get(x, y) != TileKind::Solid {
                continue;
            }
            let lo = Vec2::new(x as f32, y as f32) * ts;
            let hi = lo + Vec2::splat(ts);
            let depth = match *shape {
                ActorShape::Circle { radius } => radius - (center - center.clamp(lo, hi)).length(),
                ActorShape::Rect { .. } => (bb.max.x.min(hi.x) - bb.min.x.max(lo.x))
                    .min(bb.max.y.min(hi.y) - bb.min.y.max(lo.y)),
            };
            if depth > SLACK {
                return Some(format!(
                    "inside solid tile ({x}, {y}) (columns from the left, rows from the bottom, from 0)"
                ));
            }
        }
    }
    let shrunk = match *shape {
        ActorShape::Circle { radius } => ActorShape::Circle {
            radius: (radius - SLACK).max(0.0),
        },
        ActorShape::Rect { half_extents } => ActorShape::Rect {
            half_extents: (half_extents - Vec2::splat(SLACK)).max(Vec2::ZERO),
        },
    };
    for p in set.pieces() {
        let is_curve = !matches!(p.shape, Terrain::Segment(_));
        if is_curve && !p.one_way && !p.shape.actor_hits(&shrunk, center).is_empty() {
            let at = p.shape.closest_point(center);
            return Some(format!(
                "overlapping the curve through ({:.0}, {:.0})",
                at.x, at.y
            ));
        }
    }
    for body in fills {
        if fill_contains(body.fill, &body.line, center, SLACK) {
            return Some(format!("inside the ground of curve {}", body.curve + 1));
        }
    }
    None
}

/// Each curve's fill and flattened line, for inside tests.
fn curve_fills(defs: &[CurveDef], curves: &[TerrainPiece]) -> Vec<Body> {
    let fills: Vec<CurveFill> = defs.iter().map(|d| d.fill).collect();
    let lines: Vec<Vec<Vec2>> = curves.iter().map(|p| flatten(&p.shape)).collect();
    bodies(&fills, &lines)
}

fn actor_problem(
    a: &ActorDef,
    set: &TerrainSet,
    grid: &TileGrid,
    fills: &[Body],
) -> Option<String> {
    if !finite2(a.position) || !finite2(a.velocity) {
        return Some("position and velocity must be finite".into());
    }
    if !shape_ok(&a.shape) {
        return Some("shape needs a positive size".into());
    }
    if !a.restitution.is_finite()
        || a.restitution < 0.0
        || !a.friction.is_finite()
        || a.friction < 0.0
    {
        return Some("restitution and friction must be 0 or more".into());
    }
    if a.mass.is_nan() || a.mass < 0.0 {
        return Some("mass must be 0 (from its area) or more (inf: immovable)".into());
    }
    inside_solid(set, grid, fills, &actor_shape(&a.shape), v(a.position))
        .map(|m| format!("it is {m}"))
}
