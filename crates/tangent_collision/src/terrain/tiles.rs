//! Tile grid → boundary segments: only edges between solid and empty cells,
//! collinear neighbours merged, so no interior edge or seam ever exists.
//!
//! Cell `(x, y)` covers `origin + [x, x+1] × [y, y+1] · tile_size`, with
//! `y = 0` the bottom row (as bevy_ecs_tilemap). Outside the grid counts as
//! solid by default, so the level's outer walls come for free; an open grid
//! ([`TileGrid::outside`] set to [`TileKind::Empty`]) has no walls but its
//! own cells, for levels with bottomless pits. Every edge is oriented so
//! its outward normal (pointing from solid into empty) is on its left:
//! `normal = perp(b - a) / |b - a|`, `perp(x, y) = (-y, x)`. One-way cells are
//! empty for the solid boundary and add one merged top edge each run, facing up.

use glam::Vec2;

use crate::geometry::Segment;

/// What one tile cell is made of.
///
/// ```
/// use tangent_collision::prelude::*;
/// let mut grid = TileGrid::new(3, 3, 16.0, Vec2::ZERO);
/// assert_eq!(grid.get(1, 1), TileKind::Empty);
/// grid.set(1, 1, TileKind::OneWay);      // a platform: only its top holds
/// assert_eq!(grid.pieces().iter().filter(|p| p.one_way).count(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TileKind {
    #[default]
    Empty,
    Solid,
    /// Blocks only from above, through its top edge.
    OneWay,
}

/// A rectangular grid of tile cells; [`TileGrid::pieces`] turns it into terrain.
///
/// ```
/// use tangent_collision::prelude::*;
/// let mut grid = TileGrid::new(4, 4, 16.0, Vec2::ZERO);
/// for x in 0..4 {
///     grid.set(x, 0, TileKind::Solid);   // a floor row
/// }
/// grid.set(1, 2, TileKind::OneWay);
/// assert_eq!(grid.get(1, 0), TileKind::Solid);
/// assert_eq!(grid.get(-1, 0), TileKind::Solid);    // outside is solid: the level's walls
/// let pieces = grid.pieces();
/// // The floor's top is one merged edge, no seams; the one-way tile gives its top.
/// let top = |a: Vec2, b: Vec2| Terrain::Segment(Segment::new(a, b));
/// assert!(pieces.iter().any(|p| p.shape == top(Vec2::new(0.0, 16.0), Vec2::new(64.0, 16.0))
///     || p.shape == top(Vec2::new(64.0, 16.0), Vec2::new(0.0, 16.0))));
/// assert_eq!(pieces.iter().filter(|p| p.one_way).count(), 1);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TileGrid {
    pub width: usize,
    pub height: usize,
    /// Row-major from the bottom row: cell `(x, y)` is `cells[y * width + x]`.
    pub cells: Vec<TileKind>,
    pub tile_size: f32,
    /// World position of the bottom-left corner of cell `(0, 0)`.
    pub origin: Vec2,
    /// What every cell outside the grid is: [`TileKind::Solid`] (the
    /// default: the grid is a closed box) or [`TileKind::Empty`] (an open
    /// grid: a gap in its bottom row is a bottomless pit).
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let mut grid = TileGrid::new(3, 1, 16.0, Vec2::ZERO);
    /// grid.set(0, 0, TileKind::Solid);
    /// grid.set(2, 0, TileKind::Solid);
    /// assert_eq!(grid.get(1, -1), TileKind::Solid);
    /// grid.outside = TileKind::Empty;
    /// assert_eq!(grid.get(1, -1), TileKind::Empty);
    /// // Two islands, each with its four sides: nothing under the gap.
    /// assert_eq!(grid.pieces().len(), 8);
    /// ```
    pub outside: TileKind,
}

/// One boundary edge produced from a tile grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TileEdge {
    pub segment: Segment,
    /// Unit outward normal, from solid into empty (up for one-way tops).
    pub normal: Vec2,
    pub one_way: bool,
}

impl TileGrid {
    /// An all-empty grid.
    pub fn new(width: usize, height: usize, tile_size: f32, origin: Vec2) -> Self {
        TileGrid {
            width,
            height,
            cells: vec![TileKind::Empty; width * height],
            tile_size,
            origin,
            outside: TileKind::Solid,
        }
    }

    /// Whether the cell `(x, y)` lies inside the grid.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y)
    }

    /// The cell at `(x, y)`; outside the grid is [`TileGrid::outside`].
    pub fn get(&self, x: i64, y: i64) -> TileKind {
        if !self.contains(x, y) {
            return self.outside;
        }
        self.cells[y as usize * self.width + x as usize]
    }

    /// The cell holding `point`, `(column, row)` from the bottom left; it may
    /// lie outside the grid (see [`TileGrid::get`]).
    pub fn cell_of(&self, point: Vec2) -> (i64, i64) {
        let cell = ((point - self.origin) / self.tile_size).floor();
        (cell.x as i64, cell.y as i64)
    }

    pub fn set(&mut self, x: usize, y: usize, kind: TileKind) {
        self.cells[y * self.width + x] = kind;
    }

    fn solid(&self, x: i64, y: i64) -> bool {
        self.get(x, y) == TileKind::Solid
    }

    fn corner(&self, x: i64, y: i64) -> Vec2 {
        self.origin + Vec2::new(x as f32, y as f32) * self.tile_size
    }
}

/// Collects runs of consecutive `true` flags along one grid line into edges.
/// `flag(i)` says whether the unit edge `i` exists; `ends(i0, i1)` turns the
/// run `[i0, i1)` into world end points already oriented.
fn runs(
    len: i64,
    flag: impl Fn(i64) -> bool,
    ends: impl Fn(i64, i64) -> (Vec2, Vec2),
    normal: Vec2,
    one_way: bool,
    out: &mut Vec<TileEdge>,
) {
    let mut start = None;
    for i in 0..=len {
        let on = i < len && flag(i);
        match (on, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                let (a, b) = ends(s, i);
                out.push(TileEdge {
                    segment: Segment::new(a, b),
                    normal,
                    one_way,
                });
                start = None;
            }
            _ => {}
        }
    }
}

/// The boundary of the solid region of `grid`, with collinear unit edges
/// merged into maximal segments, plus merged one-way top edges.
pub(crate) fn tile_edges(grid: &TileGrid) -> Vec<TileEdge> {
    let (w, h) = (grid.width as i64, grid.height as i64);
    let mut out = Vec::new();
    // Horizontal lines y = j, between row j-1 (below) and row j (above).
    for j in 0..=h {
        // Floor: solid below, open above; normal up, runs left to right.
        runs(
            w,
            |x| grid.solid(x, j - 1) && !grid.solid(x, j),
            |x0, x1| (grid.corner(x0, j), grid.corner(x1, j)),
            Vec2::Y,
            false,
            &mut out,
        );
        // Ceiling: open below, solid above; normal down, runs right to left.
        runs(
            w,
            |x| !grid.solid(x, j - 1) && grid.solid(x, j),
            |x0, x1| (grid.corner(x1, j), grid.corner(x0, j)),
            Vec2::NEG_Y,
            false,
            &mut out,
        );
        // One-way tops: a one-way cell below, nothing solid or one-way above.
        if j > 0 {
            runs(
                w,
                |x| grid.get(x, j - 1) == TileKind::OneWay && grid.get(x, j) == TileKind::Empty,
                |x0, x1| (grid.corner(x0, j), grid.corner(x1, j)),
                Vec2::Y,
                true,
                &mut out,
            );
        }
    }
    // Vertical lines x = i, between column i-1 (left) and column i (right).
    for i in 0..=w {
        // Solid on the left, open on the right: normal +x, runs top to bottom.
        runs(
            h,
            |y| grid.solid(i - 1, y) && !grid.solid(i, y),
            |y0, y1| (grid.corner(i, y1), grid.corner(i, y0)),
            Vec2::X,
            false,
            &mut out,
        );
        // Open on the left, solid on the right: normal -x, runs bottom to top.
        runs(
            h,
            |y| !grid.solid(i - 1, y) && grid.solid(i, y),
            |y0, y1| (grid.corner(i, y0), grid.corner(i, y1)),
            Vec2::NEG_X,
            false,
            &mut out,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_have_their_normal_on_the_left() {
        let mut g = TileGrid::new(4, 3, 10.0, Vec2::ZERO);
        g.set(1, 0, TileKind::Solid);
        g.set(2, 1, TileKind::OneWay);
        for e in tile_edges(&g) {
            let d = e.segment.b - e.segment.a;
            assert!((d.perp().normalize() - e.normal).length() < 1e-6, "{e:?}");
        }
    }

    #[test]
    fn a_closed_empty_room_is_four_walls() {
        let g = TileGrid::new(5, 4, 8.0, Vec2::ZERO);
        let edges = tile_edges(&g);
        assert_eq!(edges.len(), 4);
        let floor = edges.iter().find(|e| e.normal == Vec2::Y).unwrap();
        assert_eq!(
            floor.segment,
            Segment::new(Vec2::ZERO, Vec2::new(40.0, 0.0))
        );
    }
}
