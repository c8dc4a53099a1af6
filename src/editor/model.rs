//! The level being edited, as the file says it ([`LevelFile`]), with every
//! edit as one operation and undo/redo by snapshots (levels are small: a
//! snapshot is a few kilobytes). Pure data: no Bevy, tested headless.

use bevy::math::Vec2;

use super::items::{self, Clipboard, Item};
use super::legend;
use tangent_level::format::{
    ActorDef, CurveDef, CurveFill, LevelFile, ShapeDef, TileDef, legend_char,
};
use tangent_level::loops::loop_curves;
use tangent_level::mover_def::{Easing, MoverDef, Repeat, Trigger};

/// What can be picked and dragged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    /// Point `k` of curve `i`.
    CurvePoint(usize, usize),
    Spawn,
    Goal,
    Actor(usize),
    Checkpoint(usize),
    /// The pivot of mover `g` (dragging it sets the pivot).
    Pivot(usize),
    /// Waypoint `k` of mover `g`'s path (drawn at the pivot plus its offset).
    Waypoint(usize, usize),
    /// Point `k` of curve `i` of mover `g`.
    MoverPoint(usize, usize, usize),
}

impl Handle {
    /// The whole thing a handle belongs to.
    pub fn item(self) -> Item {
        match self {
            Handle::CurvePoint(i, _) => Item::Curve(i),
            Handle::Spawn => Item::Spawn,
            Handle::Goal => Item::Goal,
            Handle::Actor(i) => Item::Actor(i),
            Handle::Checkpoint(i) => Item::Checkpoint(i),
            Handle::Pivot(g) | Handle::Waypoint(g, _) | Handle::MoverPoint(g, _, _) => {
                Item::Mover(g)
            }
        }
    }
}

/// One edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Set the tile under a world point to a kind (`Empty` erases).
    PaintTile(Vec2, TileDef),
    /// Move a handle to a world point.
    Move(Handle, Vec2),
    /// Add a quadratic (3) or cubic (4) curve centred on a point.
    AddCurve(usize, Vec2),
    /// A loop you can run, entered at the point (see `tangent_level::loops`).
    AddLoop(Vec2),
    DeleteCurve(usize),
    ToggleOneWay(usize),
    /// Set a curve's restitution (clamped to 0 or more).
    SetRestitution(usize, f32),
    /// Add a ball (circle) or a crate (rect) at a point.
    AddActor(bool, Vec2),
    DeleteActor(usize),
    /// Add (`n > 0`) or remove (`n < 0`) `|n|` rows or columns of tiles on a
    /// side of the grid (see [`EditorModel::resized`]).
    Resize(GridSide, i32),
    /// Set the tile under a world point to a legend character.
    PaintChar(Vec2, char),
    /// Add a checkpoint at a point.
    AddCheckpoint(Vec2),
    /// Set what a legend character stands for (adding it).
    SetLegend(char, TileDef),
    /// Rename a legend character, in the legend and every row.
    RenameLegend(char, char),
    /// Remove a legend character no tile uses.
    RemoveLegend(char),
    /// Set a tuning field by its file name.
    SetTuning(&'static str, f32),
    /// Set the level's gravity, px/s².
    SetGravity((f32, f32)),
    /// Set the player's shape.
    SetPlayer(ShapeDef),
    /// Replace a curve's definition (its materials and fill).
    SetCurve(usize, CurveDef),
    /// Replace an actor's definition (its shape and materials).
    SetActor(usize, ActorDef),
    /// Move whole things by an offset.
    Translate(Vec<Item>, Vec2),
    /// Delete curves, actors and checkpoints.
    DeleteItems(Vec<Item>),
    /// Add copies of the clipboard's things, moved by an offset.
    Paste(Clipboard, Vec2),
    /// Add a waypoint to a mover's path, at a world point.
    AddWaypoint(usize, Vec2),
    /// Remove a mover's last waypoint.
    RemoveWaypoint(usize),
    /// Replace a mover's motion (its pieces kept).
    SetMotion(usize, MoverDef),
    /// The selected curves become one new mover (going up 4 tiles and back).
    MakeMover(Vec<Item>),
}

/// A side of the tile grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridSide {
    Left,
    Right,
    Top,
    Bottom,
}

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

fn round_pair(p: Vec2) -> (f32, f32) {
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

    /// Sets the cell under a world point (if inside the grid) to `c`.
    fn set_cell(&mut self, p: Vec2, c: char) {
        let Some((row, col)) = self.cell_at(p) else {
            return;
        };
        let mut line: Vec<char> = self.file.tiles[row].chars().collect();
        if line[col] != c {
            line[col] = c;
            self.file.tiles[row] = line.into_iter().collect();
        }
    }

    fn apply_inner(&mut self, edit: Edit) {
        match edit {
            Edit::PaintTile(p, kind) => {
                if self.cell_at(p).is_some() {
                    let c = legend_char(&mut self.file.legend, kind);
                    self.set_cell(p, c);
                }
            }
            Edit::Move(h, p) => {
                let q = round_pair(p);
                match h {
                    Handle::CurvePoint(i, k) => {
                        if let Some(pt) = self
                            .file
                            .curves
                            .get_mut(i)
                            .and_then(|c| c.points.get_mut(k))
                        {
                            *pt = q;
                        }
                    }
                    Handle::Spawn => self.file.spawn = q,
                    Handle::Goal => self.file.goal.position = q,
                    Handle::Actor(i) => {
                        if let Some(a) = self.file.actors.get_mut(i) {
                            a.position = q;
                        }
                    }
                    Handle::Checkpoint(i) => {
                        if let Some(c) = self.file.checkpoints.get_mut(i) {
                            *c = q;
                        }
                    }
                    Handle::Pivot(g) => {
                        if let Some(m) = self.file.movers.get_mut(g) {
                            m.pivot = Some(q);
                        }
                    }
                    Handle::Waypoint(g, k) => {
                        let Some(pivot) = self.pivot(g) else {
                            return;
                        };
                        if let Some(w) = self.file.movers[g].path.get_mut(k) {
                            *w = round_pair(p - pivot);
                        }
                    }
                    Handle::MoverPoint(g, i, k) => {
                        let m = self.file.movers.get_mut(g);
                        let c = m.and_then(|m| m.curves.get_mut(i));
                        if let Some(pt) = c.and_then(|c| c.points.get_mut(k)) {
                            *pt = q;
                        }
                    }
                }
            }
            Edit::AddCurve(n, at) => {
                let w = 3.0 * self.file.tile_size;
                let points: Vec<(f32, f32)> = if n == 4 {
                    vec![(-w, 0.0), (-w / 3.0, w), (w / 3.0, w), (w, 0.0)]
                } else {
                    vec![(-w, 0.0), (0.0, w), (w, 0.0)]
                }
                .into_iter()
                .map(|(x, y)| round_pair(at + Vec2::new(x, y)))
                .collect();
                self.file.curves.push(CurveDef {
                    points,
                    restitution: 1.0,
                    one_way: false,
                    fill: CurveFill::Line,
                    hazard: false,
                });
            }
            Edit::AddLoop(at) => {
                let tile = self.file.tile_size;
                let entry = round_pair(at);
                self.file
                    .curves
                    .extend(loop_curves(entry, 4.0 * tile, 2.0 * tile));
            }
            Edit::DeleteCurve(i) => {
                if i < self.file.curves.len() {
                    self.file.curves.remove(i);
                }
            }
            Edit::ToggleOneWay(i) => {
                if let Some(c) = self.file.curves.get_mut(i) {
                    c.one_way = !c.one_way;
                }
            }
            Edit::SetRestitution(i, e) => {
                if let Some(c) = self.file.curves.get_mut(i) {
                    c.restitution = (e.max(0.0) * 100.0).round() / 100.0;
                }
            }
            Edit::AddActor(ball, at) => {
                let n = self.file.actors.len() + 1;
                let (name, shape, restitution, friction) = if ball {
                    (
                        format!("ball-{n}"),
                        ShapeDef::Circle { radius: 12.0 },
                        0.8,
                        0.0,
                    )
                } else {
                    (
                        format!("crate-{n}"),
                        ShapeDef::Rect {
                            half_extents: (16.0, 16.0),
                        },
                        0.1,
                        1.0,
                    )
                };
                self.file.actors.push(ActorDef {
                    name,
                    shape,
                    position: round_pair(at),
                    velocity: (0.0, 0.0),
                    restitution,
                    friction,
                    mass: 0.0,
                    layer: 1,
                    mask: u32::MAX,
                });
            }
            Edit::DeleteActor(i) => {
                if i < self.file.actors.len() {
                    self.file.actors.remove(i);
                }
            }
            Edit::Resize(side, n) => {
                if let Some(file) = self.resized(side, n) {
                    self.file = file;
                }
            }
            Edit::PaintChar(p, c) => {
                if self.file.legend.contains_key(&c) {
                    self.set_cell(p, c);
                }
            }
            Edit::AddCheckpoint(p) => self.file.checkpoints.push(round_pair(p)),
            // A refused legend edit changes nothing (the editor says why
            // before applying it).
            Edit::SetLegend(c, kind) => drop(legend::set(&mut self.file, c, kind)),
            Edit::RenameLegend(old, new) => drop(legend::rename(&mut self.file, old, new)),
            Edit::RemoveLegend(c) => drop(legend::remove(&mut self.file, c)),
            Edit::SetTuning(name, v) => {
                self.file.tuning.set(name, (v * 1000.0).round() / 1000.0);
            }
            Edit::SetGravity(g) => self.file.gravity = g,
            Edit::SetPlayer(shape) => self.file.player = shape,
            Edit::SetCurve(i, c) => {
                if let Some(old) = self.file.curves.get_mut(i)
                    && old.points.len() == c.points.len()
                {
                    *old = c;
                }
            }
            Edit::SetActor(i, a) => {
                if let Some(old) = self.file.actors.get_mut(i) {
                    *old = a;
                }
            }
            Edit::Translate(list, d) => items::translate(&mut self.file, &list, d),
            Edit::DeleteItems(list) => items::delete(&mut self.file, &list),
            Edit::Paste(clip, d) => drop(items::paste(&mut self.file, &clip, d)),
            Edit::AddWaypoint(g, p) => {
                if let Some(pivot) = self.pivot(g) {
                    self.file.movers[g].path.push(round_pair(p - pivot));
                }
            }
            Edit::RemoveWaypoint(g) => {
                if let Some(m) = self.file.movers.get_mut(g) {
                    m.path.pop();
                }
            }
            Edit::SetMotion(g, def) => {
                if let Some(m) = self.file.movers.get_mut(g) {
                    *m = MoverDef {
                        tiles: m.tiles,
                        curves: std::mem::take(&mut m.curves),
                        ..def
                    };
                }
            }
            Edit::MakeMover(list) => {
                let mut curves: Vec<usize> = list
                    .iter()
                    .filter_map(|item| match item {
                        Item::Curve(i) if *i < self.file.curves.len() => Some(*i),
                        _ => None,
                    })
                    .collect();
                curves.sort_unstable();
                curves.dedup();
                if curves.is_empty() {
                    return;
                }
                let carried = curves
                    .iter()
                    .map(|&i| self.file.curves[i].clone())
                    .collect();
                let gone: Vec<Item> = curves.into_iter().map(Item::Curve).collect();
                items::delete(&mut self.file, &gone);
                self.file.movers.push(MoverDef {
                    curves: carried,
                    path: vec![(0.0, 4.0 * self.file.tile_size)],
                    speed: 120.0,
                    ..MoverDef::default()
                });
            }
        }
    }

    /// The level with `n` rows or columns of empty tiles added on `side`
    /// (`n < 0`: `-n` removed), everything else kept where it is in the
    /// level: the file's origin is the grid's bottom-left corner, so growing
    /// (or shrinking) on the left or at the bottom moves every coordinate
    /// (curves, actors, spawn, goal, checkpoints, movers) by the tiles added (or
    /// removed; numbers on the editor's 1/100 px grid stay on it). `None` when
    /// nothing would change, when the grid would lose its last row or
    /// column, or when a point (other than a curve's inner control points)
    /// would end up outside it.
    pub fn resized(&self, side: GridSide, n: i32) -> Option<LevelFile> {
        let mut f = self.file.clone();
        let ts = f.tile_size;
        let h = f.tiles.len() as i64;
        let w = f.tiles.first().map_or(0, |r| r.chars().count()) as i64;
        let horizontal = matches!(side, GridSide::Left | GridSide::Right);
        let (new_w, new_h) = if horizontal {
            (w + n as i64, h)
        } else {
            (w, h + n as i64)
        };
        if n == 0 || new_w < 1 || new_h < 1 {
            return None;
        }
        let shift = match side {
            GridSide::Left => Vec2::new(n as f32 * ts, 0.0),
            GridSide::Bottom => Vec2::new(0.0, n as f32 * ts),
            _ => Vec2::ZERO,
        };
        let size = Vec2::new(new_w as f32, new_h as f32) * ts;
        // Every point moves; all but a curve's inner control points (which
        // may lie outside, as under a half-pipe) must stay in the grid.
        let mut points: Vec<(&mut (f32, f32), bool)> =
            vec![(&mut f.spawn, true), (&mut f.goal.position, true)];
        points.extend(f.checkpoints.iter_mut().map(|p| (p, true)));
        points.extend(f.actors.iter_mut().map(|a| (&mut a.position, true)));
        for c in f.curves.iter_mut() {
            let last = c.points.len() - 1;
            points.extend(
                c.points
                    .iter_mut()
                    .enumerate()
                    .map(move |(k, p)| (p, k == 0 || k == last)),
            );
        }
        // Movers: their curves and pivots move with everything else (they
        // may lie outside), their tile blocks by the cells added, and must
        // stay in the grid.
        let cells = (shift / ts).round();
        for m in f.movers.iter_mut() {
            if let Some(r) = &mut m.tiles {
                let x = r.x as i64 + cells.x as i64;
                let y = r.y as i64 + cells.y as i64;
                if x < 0 || y < 0 || x + r.width as i64 > new_w || y + r.height as i64 > new_h {
                    return None;
                }
                (r.x, r.y) = (x as usize, y as usize);
            }
            points.extend(m.pivot.iter_mut().map(|p| (p, false)));
            for c in m.curves.iter_mut() {
                points.extend(c.points.iter_mut().map(|p| (p, false)));
            }
        }
        for (p, inside) in points {
            let q = Vec2::new(p.0, p.1) + shift;
            if inside && (q.x < 0.0 || q.y < 0.0 || q.x > size.x || q.y > size.y) {
                return None;
            }
            // Numbers on the editor's 1/100 px grid stay on it (so growing
            // then shrinking gives them back exactly); others (an imported
            // drawing's) keep their precision, to an f32 step.
            *p = if round_pair(Vec2::new(p.0, p.1)) == *p {
                round_pair(q)
            } else {
                (q.x, q.y)
            };
        }
        let empty = legend_char(&mut f.legend, TileDef::Empty);
        let k = n.unsigned_abs() as usize;
        let blank_row: String = std::iter::repeat_n(empty, new_w as usize).collect();
        let pad: String = std::iter::repeat_n(empty, k).collect();
        match (side, n > 0) {
            (GridSide::Left, true) => f.tiles.iter_mut().for_each(|r| r.insert_str(0, &pad)),
            (GridSide::Right, true) => f.tiles.iter_mut().for_each(|r| r.push_str(&pad)),
            (GridSide::Left, false) => f
                .tiles
                .iter_mut()
                .for_each(|r| *r = r.chars().skip(k).collect()),
            (GridSide::Right, false) => f
                .tiles
                .iter_mut()
                .for_each(|r| *r = r.chars().take(new_w as usize).collect()),
            (GridSide::Top, true) => f.tiles.splice(0..0, vec![blank_row; k]).for_each(drop),
            (GridSide::Bottom, true) => f.tiles.extend(vec![blank_row; k]),
            (GridSide::Top, false) => f.tiles.drain(0..k).for_each(drop),
            (GridSide::Bottom, false) => f.tiles.truncate(new_h as usize),
        }
        Some(f)
    }
}

/// Snaps a point to the tile grid's corners and centres (half-tile steps).
pub fn snap(p: Vec2, tile_size: f32) -> Vec2 {
    let step = tile_size * 0.5;
    (p / step).round() * step
}

/// A mover's motion with one thing changed by a key: its speed (or its
/// leg time, when it has no speed) by `faster` steps of 10 px/s (0.1 s),
/// its wait by `longer` steps of 0.1 s, its spin by `spin` steps of
/// 15°/s; `easing`, `repeat` and `trigger` each step to the next choice
/// (the trigger through `Always`, `StoodOn`, `StoodOn` returning and
/// `Crumble(0.5)`). Never below zero.
pub fn stepped_motion(
    m: &MoverDef,
    faster: f32,
    longer: f32,
    spin: f32,
    (easing, repeat, trigger): (bool, bool, bool),
) -> MoverDef {
    let round = |x: f32| (x.max(0.0) * 100.0).round() / 100.0;
    let mut m = m.clone();
    if m.speed > 0.0 || m.leg_time == 0.0 {
        m.speed = round(m.speed + 10.0 * faster);
    } else {
        m.leg_time = round(m.leg_time - 0.1 * faster);
    }
    m.wait = round(m.wait + 0.1 * longer);
    m.spin = ((m.spin + 15.0 * spin) * 100.0).round() / 100.0;
    if easing {
        m.easing = match m.easing {
            Easing::Smooth => Easing::Linear,
            Easing::Linear => Easing::Smooth,
        };
    }
    if repeat {
        m.repeat = match m.repeat {
            Repeat::PingPong => Repeat::Loop,
            Repeat::Loop => Repeat::Once,
            Repeat::Once => Repeat::PingPong,
        };
    }
    if trigger {
        (m.trigger, m.returns) = match (m.trigger, m.returns) {
            (Trigger::Always, _) => (Trigger::StoodOn, false),
            (Trigger::StoodOn, false) => (Trigger::StoodOn, true),
            (Trigger::StoodOn, true) => (Trigger::Crumble(0.5), false),
            (Trigger::Crumble(_), _) => (Trigger::Always, false),
        };
    }
    m
}
