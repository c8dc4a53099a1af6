//! Parsing and checking a level file: every problem becomes a
//! [`LevelError`] naming the file, the line (and column where known) and
//! what is wrong, and a good file becomes a [`Level`] with its tile grid
//! and terrain built. The checks are split by what they check: the numbers'
//! ranges (`crate::limits`), the tiles (`tiles`), the curves (`curves`),
//! the movers (`movers`) and where bodies may be put (`places`); `locate`
//! finds a problem's line.

mod curves;
mod locate;
mod movers;
mod numbers;
mod places;
mod tiles;

use std::collections::BTreeMap;
use std::sync::Arc;

use tangent_collision::prelude::{
    ActorShape, Mover, TerrainError, TerrainPiece, TerrainSet, TileGrid, Vec2,
};

use crate::format::mover::MoverDef;
use crate::format::{CurveDef, LevelFile, Side};
use crate::limits::{Place, next_missing, next_problem, out_of_range};
use curves::{curve_fills, curve_pieces, drawing};
pub use locate::LevelError;
pub(crate) use locate::Locator;
pub use movers::MoverParts;
use movers::{motion_conflict, mover_error, movers};
use numbers::{finite2, v};
pub use places::actor_shape;
use places::{actor_problem, inside_solid, shape_ok};
use tiles::tiles;

/// The longest par time a level may state, seconds (an hour).
pub const MAX_PAR: f32 = 3600.0;

/// A checked level, ready to play.
#[derive(Clone, Debug)]
pub struct Level {
    /// The file as written (kept for saving it back).
    pub file: LevelFile,
    /// Solid and one-way cells; decor cells are listed in `decor`.
    pub grid: TileGrid,
    /// Cells drawn as decoration, `(x, y)` with `y = 0` the bottom row.
    pub decor: Vec<(usize, usize)>,
    /// Cells drawn as decoration in front of the player (`FrontDecor`).
    pub front_decor: Vec<(usize, usize)>,
    /// Spike cells, `(x, y)` as `decor`, and the way they point.
    pub spikes: BTreeMap<(usize, usize), Side>,
    /// The definitions of the curves: the file's in file order, then its
    /// drawing's (`svg`); the file's alone are in `file`, which is what is
    /// saved back. Their pieces are the last of `terrain`'s
    /// ([`Level::curves`]).
    pub curve_defs: Vec<CurveDef>,
    /// The definitions of the movers: the file's, then its drawing's, as
    /// `curve_defs` (in the order of `movers` and of the set's movers).
    pub mover_defs: Vec<MoverDef>,
    /// The refill crystals: the file's, then its drawing's, as `curve_defs`.
    pub crystals: Vec<(f32, f32)>,
    /// What plays but is not as the file says, each `file:line: ...`: a
    /// `next` level that is not beside this one (the goal ends the run),
    /// art that cannot be drawn.
    pub warnings: Vec<String>,
    /// The drawn tiles of its `art` map where it can be read (drawn only
    /// where it has no problems; each is in `warnings` too): filled by
    /// `import::art::with_art` (a level is checked without its art).
    pub art: Option<crate::format::art::MapArt>,
    /// The movers' pivots and tile cells, in the order of `mover_defs`
    /// (their cells are not in `grid`).
    pub movers: Vec<MoverParts>,
    /// Tile edges, curves and movers' pieces, in that order, indexed for
    /// collision: built once when the level is checked and shared (the
    /// game's collision index starts from this same set).
    pub terrain: Arc<TerrainSet>,
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
        let own_curves = raw.curves.len();
        let (own_movers, own_crystals) = (raw.movers.len(), raw.crystals.len());
        let drawn = drawing(&raw, text, file)?;
        let mut all = raw;
        all.curves.extend(drawn.curves);
        all.movers.extend(drawn.movers);
        all.crystals.extend(drawn.crystals);
        let mut level = Level::check_with(all, own_movers, text, file)?;
        level.file.curves.truncate(own_curves);
        level.file.movers.truncate(own_movers);
        level.file.crystals.truncate(own_crystals);
        Ok(level)
    }

    /// Checks an already parsed level; `text` is used to find lines.
    pub fn check(raw: LevelFile, text: &str, file: &str) -> Result<Level, LevelError> {
        let own = raw.movers.len();
        Level::check_with(raw, own, text, file)
    }

    /// [`Level::check`], where only the first `own_movers` movers are the
    /// file's (the rest its drawing's, named at its `svg` line).
    fn check_with(
        raw: LevelFile,
        own_movers: usize,
        text: &str,
        file: &str,
    ) -> Result<Level, LevelError> {
        let loc = Locator::new(text, file);
        let err = |line, column, message| loc.err(line, column, message);
        check_numbers(&raw, &loc)?;
        let (mut grid, decor, front_decor, spikes) = tiles(&raw, &loc)?;
        let curves = curve_pieces(&raw, &loc)?;
        let (built_movers, mover_parts) = movers(&raw, own_movers, &mut grid, &loc)?;
        let curves_line = loc.key("curves");
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
        let movers_line = loc.key("movers");
        let terrain = TerrainSet::with_movers(pieces, built_movers.clone()).map_err(|e| {
            // A mover's pose is the movers' fault; a piece's, the curves'.
            let line = match e {
                TerrainError::BadPose { .. } => movers_line,
                _ => curves_line,
            };
            err(line, None, e.to_string())
        })?;
        let built = (&built_movers[..], &mover_parts[..]);
        check_places(&raw, &loc, own_movers, &terrain, &grid, &curves, built)?;
        let t = &raw.tuning;
        if t.fields().iter().any(|(_, x)| !x.is_finite() || *x < 0.0) || t.max_slope_deg >= 90.0 {
            return Err(err(
                loc.key("tuning"),
                None,
                "tuning values must be finite and not negative (max_slope_deg below 90)".into(),
            ));
        }
        if let Some(h) = raw
            .view_height
            .filter(|h| !crate::format::VIEW_HEIGHTS.contains(h))
        {
            let (lo, hi) = (
                crate::format::VIEW_HEIGHTS.start(),
                crate::format::VIEW_HEIGHTS.end(),
            );
            return Err(err(
                loc.key("view_height"),
                None,
                format!("view_height must be from {lo} to {hi} px, not {h}"),
            ));
        }
        if let Some(t) = raw
            .theme
            .as_deref()
            .filter(|t| !crate::format::THEMES.contains(t))
        {
            return Err(err(
                loc.key("theme"),
                None,
                format!(
                    "unknown theme {t:?}: use one of {}, or leave `theme` out for the world's",
                    crate::format::THEMES.join(", ")
                ),
            ));
        }
        if let Some(m) = raw.next.as_deref().and_then(next_problem) {
            return Err(err(loc.key("next"), None, m));
        }
        let warnings: Vec<String> = raw
            .next
            .as_deref()
            .and_then(|n| next_missing(n, file))
            .map(|m| format!("{file}:{}: {m}", loc.key("next")))
            .into_iter()
            .collect();
        Ok(Level {
            warnings,
            art: None,
            curve_defs: raw.curves.clone(),
            mover_defs: raw.movers.clone(),
            crystals: raw.crystals.clone(),
            file: raw,
            grid,
            decor,
            front_decor,
            spikes,
            movers: mover_parts,
            terrain: Arc::new(terrain),
        })
    }
}

/// The level's plain numbers and names: a name, a positive tile size, a
/// par in range, a finite gravity, every value within the limits.
fn check_numbers(raw: &LevelFile, loc: &Locator) -> Result<(), LevelError> {
    let err = |line, column, message| loc.err(line, column, message);
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
    for (key, time) in [("par", raw.par), ("dev_time", raw.dev_time)] {
        if let Some(t) = time
            && !(t.is_finite() && t > 0.0 && t <= MAX_PAR)
        {
            return Err(err(
                loc.key(key),
                None,
                format!("{key} must be a number of seconds between 0 and {MAX_PAR}, not {t}"),
            ));
        }
    }
    if !finite2(raw.gravity) {
        return Err(err(
            loc.key("gravity"),
            None,
            "gravity must be finite".into(),
        ));
    }
    if let Some((place, message)) = out_of_range(raw) {
        let line = match place {
            Place::Key(k) => loc.key(k),
            Place::Curve(i) => loc.nth_after(loc.key("curves"), "points", i),
            Place::Actor(i) => loc.nth_after(loc.key("actors"), "name", i),
        };
        return Err(err(line, None, message));
    }
    Ok(())
}

/// Where things are: the spawn (a finite point, the player's shape of a
/// positive size, not inside solid ground, clear of the movers' paths),
/// each checkpoint, each actor, and the goal.
fn check_places(
    raw: &LevelFile,
    loc: &Locator,
    own_movers: usize,
    terrain: &TerrainSet,
    grid: &TileGrid,
    curves: &[TerrainPiece],
    (built_movers, mover_parts): (&[Mover], &[MoverParts]),
) -> Result<(), LevelError> {
    let err = |line, column, message| loc.err(line, column, message);
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
    let fills = curve_fills(&raw.curves, curves);
    if let Some(m) = inside_solid(
        terrain,
        grid,
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
    if let Some((g, m)) = motion_conflict(
        &raw.movers,
        built_movers,
        mover_parts,
        &actor_shape(&raw.player),
        v(raw.spawn),
        v(raw.gravity),
        raw.tile_size,
    ) {
        return Err(mover_error(loc, own_movers, g, m));
    }
    let checkpoints_line = loc.key("checkpoints");
    for (i, &c) in raw.checkpoints.iter().enumerate() {
        let problem = if finite2(c) {
            inside_solid(terrain, grid, &fills, &actor_shape(&raw.player), v(c))
        } else {
            Some("not a finite point".into())
        };
        if let Some(m) = problem {
            let m = format!("checkpoint {} is {m}", i + 1);
            return Err(err(checkpoints_line, None, m));
        }
    }
    // (Crystals' range and count were checked by `limits`.)
    if let Some(i) = raw.crystals.iter().position(|&c| !finite2(c)) {
        let m = format!("crystal {} is not a finite point", i + 1);
        return Err(err(loc.key("crystals"), None, m));
    }
    if let Some(i) = raw.coins.iter().position(|&c| !finite2(c)) {
        let m = format!("coin {} is not a finite point", i + 1);
        return Err(err(loc.key("coins"), None, m));
    }
    let actors_line = loc.key("actors");
    for (i, a) in raw.actors.iter().enumerate() {
        let line = loc.nth_after(actors_line, "name", i);
        if let Some(m) = actor_problem(a, terrain, grid, &fills) {
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
    Ok(())
}

impl Level {
    /// The curves as terrain pieces, in the order of `curve_defs`.
    pub fn curves(&self) -> &[TerrainPiece] {
        &self.terrain.pieces()[self.curve_range()]
    }

    /// Where the curves are in `terrain`: after the tile edges, before the
    /// movers' pieces.
    pub fn curve_range(&self) -> std::ops::Range<usize> {
        let end = if self.terrain.mover_count() > 0 {
            self.terrain.mover_pieces(0).start
        } else {
            self.terrain.len()
        };
        end - self.curve_defs.len()..end
    }

    /// Why `shape` at `center` would not be in free space in this level
    /// (inside a solid tile, across a curve, inside a curve's ground), or
    /// `None` when it is free. Touching a surface counts as free.
    pub fn blocked(&self, shape: &ActorShape, center: Vec2) -> Option<String> {
        let fills = curve_fills(&self.curve_defs, self.curves());
        inside_solid(&self.terrain, &self.grid, &fills, shape, center)
    }
}
