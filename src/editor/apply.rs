//! What each edit does to the level ([`EditorModel`]'s `apply_inner`, one
//! arm an edit, the longer ones in a method of their own).

use bevy::math::Vec2;

use super::edit::Edit;
use super::handle::Handle;
use super::items::{self, Item};
use super::legend;
use super::model::{EditorModel, round_pair};
use tangent_level::format::loops::loop_curves;
use tangent_level::format::mover::MoverDef;
use tangent_level::format::{ActorDef, CurveDef, CurveFill, ShapeDef, legend_char};

impl EditorModel {
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

    /// Does what `edit` says to the file (nothing where it does not apply:
    /// an index past the end, a point off the grid).
    pub(super) fn apply_inner(&mut self, edit: Edit) {
        match edit {
            Edit::PaintTile(p, kind) => {
                if self.cell_at(p).is_some() {
                    let c = legend_char(&mut self.file.legend, kind);
                    self.set_cell(p, c);
                }
            }
            Edit::Move(h, p) => self.move_handle(h, p),
            Edit::AddCurve(n, at) => self.add_curve(n, at),
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
            Edit::AddActor(ball, at) => self.add_actor(ball, at),
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
            Edit::AddCrystal(p) => self.file.crystals.push(round_pair(p)),
            Edit::AddCoin(p) => self.file.coins.push(round_pair(p)),
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
            Edit::MakeMover(list) => self.make_mover(&list),
        }
    }

    /// Moves a handle's point to `p` (on the editor's 1/100 px grid).
    fn move_handle(&mut self, h: Handle, p: Vec2) {
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
            Handle::Crystal(i) => {
                if let Some(c) = self.file.crystals.get_mut(i) {
                    *c = q;
                }
            }
            Handle::Coin(i) => {
                if let Some(c) = self.file.coins.get_mut(i) {
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

    /// A quadratic (`n = 3`) or cubic (`n = 4`) arch three tiles each side of `at`.
    fn add_curve(&mut self, n: usize, at: Vec2) {
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

    /// A ball (bouncy, frictionless) or a crate (dull, rough) at `at`.
    fn add_actor(&mut self, ball: bool, at: Vec2) {
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

    /// The listed curves become one new mover, going up 4 tiles and back.
    fn make_mover(&mut self, list: &[Item]) {
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
