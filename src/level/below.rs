//! The ground the view shows around a level, where the camera goes below
//! its bottom (and past its sides when it is narrower than the view): a
//! closed level's surrounding rock, or under an open level the columns of
//! ground beneath its bottom row's solid cells, the pits left empty.

use bevy::prelude::*;

use crate::collision::TileKind;
use tangent_level::Level;

/// How far the ground reaches past the level, px (more than any view).
const REACH: f32 = 8000.0;

/// Triangles of the ground around `level`.
///
/// ```
/// use tangent::level::below::ground_around;
/// use tangent_level::format::starter::starter_level;
/// let level = tangent_level::Level::parse(&starter_level("x"), "x.level.ron").unwrap();
/// // A closed level: rock below and on both sides, two triangles each.
/// assert_eq!(ground_around(&level).len(), 6);
/// ```
pub fn ground_around(level: &Level) -> Vec<[Vec2; 3]> {
    let g = &level.grid;
    let ts = g.tile_size;
    let (w, h) = (g.width as f32 * ts, g.height as f32 * ts);
    let mut rects = Vec::new();
    if g.outside == TileKind::Solid {
        rects.push(Rect::new(-REACH, -REACH, w + REACH, 0.0));
        rects.push(Rect::new(-REACH, 0.0, 0.0, h));
        rects.push(Rect::new(w, 0.0, w + REACH, h));
    } else {
        let mut x = 0;
        while x < g.width {
            if g.cells[x] != TileKind::Solid {
                x += 1;
                continue;
            }
            let start = x;
            while x < g.width && g.cells[x] == TileKind::Solid {
                x += 1;
            }
            rects.push(Rect::new(start as f32 * ts, -REACH, x as f32 * ts, 0.0));
        }
    }
    rects
        .iter()
        .flat_map(|r| {
            let (a, b) = (r.min, r.max);
            let (c, d) = (Vec2::new(b.x, a.y), Vec2::new(a.x, b.y));
            [[a, c, b], [a, b, d]]
        })
        .collect()
}
