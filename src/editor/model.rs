//! The level being edited, as the file says it ([`LevelFile`]), with every
//! edit ([`Edit`]) as one operation and undo/redo by snapshots (levels are
//! small: a snapshot is a few kilobytes). Pure data: no Bevy, tested
//! headless. What an edit does is in `apply`, growing the grid in `resize`.

use bevy::math::Vec2;

use super::edit::Edit;
use super::handle::Handle;
use tangent_level::format::LevelFile;

/// The edited level and its history.
#[derive(Clone, Debug)]
pub struct EditorModel {
    pub file: LevelFile,
    undo: Vec<LevelFile>,
    redo: Vec<LevelFile>,
    /// Where the loader put each mover's pivot in the last good preview
    /// (for movers whose file gives none: the middle of what it carries).
    pub pivots: Vec<Vec2>,
}

pub(super) fn round_pair(p: Vec2) -> (f32, f32) {
    // Hand-edited files read better without long fractions: 1/100 px.
    ((p.x * 100.0).round() / 100.0, (p.y * 100.0).round() / 100.0)
}

impl EditorModel {
    pub fn new(file: LevelFile) -> Self {
        EditorModel {
            file,
            undo: Vec::new(),
            redo: Vec::new(),
            pivots: Vec::new(),
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Applies an edit; `true` when it changed the level (and so can be undone).
    pub fn apply(&mut self, edit: Edit) -> bool {
        let before = self.file.clone();
        self.apply_inner(edit);
        if self.file == before {
            return false;
        }
        self.undo.push(before);
        self.redo.clear();
        true
    }

    /// Applies an edit that continues the last one (a drag): no new undo step.
    pub fn apply_continuing(&mut self, edit: Edit) {
        self.apply_inner(edit);
        self.redo.clear();
    }

    /// Applies an edit to the level as it was at the last checkpoint (a
    /// group drag: each frame moves the group from where the drag began).
    pub fn apply_from_checkpoint(&mut self, edit: Edit) {
        if let Some(start) = self.undo.last() {
            self.file = start.clone();
        }
        self.apply_inner(edit);
        self.redo.clear();
    }

    /// Starts an undo step without changing anything (before a drag).
    pub fn checkpoint(&mut self) {
        self.undo.push(self.file.clone());
        self.redo.clear();
    }

    /// Drops the last undo step if it equals the current level (a drag that
    /// did not move anything).
    pub fn drop_empty_checkpoint(&mut self) {
        if self.undo.last() == Some(&self.file) {
            self.undo.pop();
        }
    }

    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.file, prev));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.file, next));
        true
    }

    /// The text cell `(row, column)` under a world point, if inside the grid.
    pub fn cell_at(&self, p: Vec2) -> Option<(usize, usize)> {
        let ts = self.file.tile_size;
        let h = self.file.tiles.len();
        let w = self.file.tiles.first().map_or(0, |r| r.chars().count());
        let (cx, cy) = ((p.x / ts).floor(), (p.y / ts).floor());
        if cx < 0.0 || cy < 0.0 || cx as usize >= w || cy as usize >= h {
            return None;
        }
        Some((h - 1 - cy as usize, cx as usize))
    }

    /// The world position of a handle.
    pub fn handle_pos(&self, h: Handle) -> Option<Vec2> {
        let v = |p: (f32, f32)| Vec2::new(p.0, p.1);
        match h {
            Handle::CurvePoint(i, k) => self.file.curves.get(i)?.points.get(k).map(|p| v(*p)),
            Handle::Spawn => Some(v(self.file.spawn)),
            Handle::Goal => Some(v(self.file.goal.position)),
            Handle::Actor(i) => self.file.actors.get(i).map(|a| v(a.position)),
            Handle::Checkpoint(i) => self.file.checkpoints.get(i).map(|p| v(*p)),
            Handle::Crystal(i) => self.file.crystals.get(i).map(|p| v(*p)),
            Handle::Coin(i) => self.file.coins.get(i).map(|p| v(*p)),
            Handle::Pivot(g) => self.pivot(g),
            Handle::Waypoint(g, k) => Some(self.pivot(g)? + v(*self.file.movers[g].path.get(k)?)),
            Handle::MoverPoint(g, i, k) => {
                let c = self.file.movers.get(g)?.curves.get(i)?;
                c.points.get(k).map(|p| v(*p))
            }
        }
    }

    /// Where mover `g` turns: its file's pivot, else where the loader put
    /// it.
    pub fn pivot(&self, g: usize) -> Option<Vec2> {
        let m = self.file.movers.get(g)?;
        match m.pivot {
            Some(p) => Some(Vec2::new(p.0, p.1)),
            None => self.pivots.get(g).copied(),
        }
    }

    /// Every handle, for picking.
    pub fn handles(&self) -> Vec<Handle> {
        let mut out = vec![Handle::Spawn, Handle::Goal];
        for (i, c) in self.file.curves.iter().enumerate() {
            for k in 0..c.points.len() {
                out.push(Handle::CurvePoint(i, k));
            }
        }
        out.extend((0..self.file.actors.len()).map(Handle::Actor));
        out.extend((0..self.file.checkpoints.len()).map(Handle::Checkpoint));
        out.extend((0..self.file.crystals.len()).map(Handle::Crystal));
        out.extend((0..self.file.coins.len()).map(Handle::Coin));
        for (g, m) in self.file.movers.iter().enumerate() {
            out.push(Handle::Pivot(g));
            out.extend((0..m.path.len()).map(|k| Handle::Waypoint(g, k)));
            for (i, c) in m.curves.iter().enumerate() {
                out.extend((0..c.points.len()).map(|k| Handle::MoverPoint(g, i, k)));
            }
        }
        out
    }

    /// The handle nearest to `p` within `radius`.
    pub fn pick(&self, p: Vec2, radius: f32) -> Option<Handle> {
        self.handles()
            .into_iter()
            .filter_map(|h| self.handle_pos(h).map(|q| (h, q.distance(p))))
            .filter(|(_, d)| *d <= radius)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(h, _)| h)
    }
}

/// Snaps a point to the tile grid's corners and centres (half-tile steps).
pub fn snap(p: Vec2, tile_size: f32) -> Vec2 {
    let step = tile_size * 0.5;
    (p / step).round() * step
}
