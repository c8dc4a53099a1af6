//! Growing and shrinking the tile grid on a side, everything else kept
//! where it is in the level ([`EditorModel::resized`]).

use bevy::math::Vec2;

use super::edit::GridSide;
use super::model::{EditorModel, round_pair};
use tangent_level::format::{LevelFile, TileDef, legend_char};

impl EditorModel {
    /// The level with `n` rows or columns of empty tiles added on `side`
    /// (`n < 0`: `-n` removed), everything else kept where it is in the
    /// level: the file's origin is the grid's bottom-left corner, so growing
    /// (or shrinking) on the left or at the bottom moves every coordinate
    /// (curves, actors, spawn, goal, checkpoints, crystals, movers) by the tiles added (or
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
        points.extend(f.crystals.iter_mut().map(|p| (p, true)));
        points.extend(f.coins.iter_mut().map(|p| (p, true)));
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
