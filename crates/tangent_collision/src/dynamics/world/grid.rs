//! The broad phase of [`step_bodies`](crate::dynamics::step_bodies): a uniform grid
//! (cells sized from the bodies) of the boxes each body's own motion can
//! reach in the step, entered by cell (`cells`);
//! a body knocked out of its cells during the step is kept in a short list
//! searched in full.

use glam::Vec2;

use super::cells::{CellTable, cell_count};
use crate::dynamics::body::margins::{CONTACT_MARGIN, MAX_BODY_SPEED, SKIN, capped_speed};
use crate::dynamics::body::types::Body;
use crate::geometry::Rect;

/// The box a body's motion can reach in `time` seconds, with room for the
/// skin and contact margin: a square about its box as wide as its speed and
/// gravity can carry it (bounces turn the path, never lengthen it).
pub(in crate::dynamics) fn reach(body: &Body, gravity: Vec2, time: f32) -> Rect {
    let g = gravity.length() * body.gravity_scale.abs();
    let speed = capped_speed(body.velocity, MAX_BODY_SPEED).length();
    let travel = speed * time + 0.5 * g * time * time;
    body.shape
        .aabb(body.position)
        .inflate(travel + 2.0 * (SKIN + CONTACT_MARGIN) + 1.0)
}

/// The bodies' boxes on a uniform grid, entered by cell.
#[derive(Default)]
pub(in crate::dynamics) struct Grid {
    cell: f32,
    /// The bodies by the cells they can reach (strays in none).
    table: CellTable,
    entered: Vec<Option<[i32; 4]>>,
    /// Each body's cells: those its box can reach in the step.
    cells: Vec<[i32; 4]>,
    /// The cells of the step before (see [`Grid::build`]).
    last_cells: Vec<[i32; 4]>,
    /// Each body's box where it is now (kept up to date by [`Grid::moved`]),
    /// side by side for the queries' tests.
    boxes: Vec<Rect>,
    /// Bodies that left their cells during the step (knocked faster).
    strays: Vec<usize>,
    stray: Vec<bool>,
    /// The last query each body was found in (dedup).
    stamp: Vec<u32>,
    query_count: u32,
}

/// Cells past this many in a query are not looked up one by one: every
/// body is checked instead.
const MAX_QUERY_CELLS: i64 = 4096;

/// The cells `[x0, y0, x1, y1]` of a grid of `cell` px that box `r` covers.
pub(in crate::dynamics) fn cell_range(cell: f32, r: Rect) -> [i32; 4] {
    // floor(q) as an integer: `q as i32` rounds toward zero, so one less
    // where that rounded up (the same as `f32::floor`, without its call).
    let c = |v: f32| {
        let q = (v / cell).clamp(-1e9, 1e9);
        let t = q as i32;
        t - i32::from(t as f32 > q)
    };
    [c(r.min.x), c(r.min.y), c(r.max.x), c(r.max.y)]
}

impl Grid {
    fn range(&self, r: Rect) -> [i32; 4] {
        cell_range(self.cell, r)
    }

    pub(in crate::dynamics) fn build(&mut self, bodies: &[Body], gravity: Vec2, dt: f32) {
        let mean = bodies
            .iter()
            .map(|b| b.shape.aabb(Vec2::ZERO).half_size().max_element())
            .sum::<f32>()
            / bodies.len().max(1) as f32;
        let cell = (4.0 * mean).clamp(8.0, 1024.0);
        // Last step's cells, to keep its table if no body's cells
        // changed (sleepers, bodies at rest: a step of them lays out no table).
        let same_size = cell == self.cell && self.cells.len() == bodies.len();
        std::mem::swap(&mut self.cells, &mut self.last_cells);
        self.cell = cell;
        self.cells.clear();
        self.boxes.clear();
        self.boxes
            .extend(bodies.iter().map(|b| b.shape.aabb(b.position)));
        self.strays.clear();
        self.stray.clear();
        self.stray.resize(bodies.len(), false);
        self.stamp.clear();
        self.stamp.resize(bodies.len(), 0);
        self.query_count = 0;
        for (i, b) in bodies.iter().enumerate() {
            // Everywhere its own motion can take it this step: it stays in
            // these cells unless another body's knock speeds it up.
            let r = self.range(reach(b, gravity, dt));
            self.cells.push(r);
            if cell_count(r) > MAX_QUERY_CELLS {
                // A very fast body: searched in full by every query
                // rather than entered in every cell it can reach.
                self.stray[i] = true;
                self.strays.push(i);
            }
        }
        if same_size && self.cells == self.last_cells {
            // The same cells as last step: the same table, laid out and
            // indexed then (what a rebuild would make, bit for bit).
            return;
        }
        self.entered.clear();
        let entered = self.cells.iter().zip(&self.stray);
        self.entered
            .extend(entered.map(|(r, stray)| (!stray).then_some(*r)));
        self.table.fill(&self.entered);
    }

    /// Notes where body `i` ended its turn.
    pub(in crate::dynamics) fn moved(&mut self, i: usize, body: &Body) {
        self.boxes[i] = body.shape.aabb(body.position);
        let [x0, y0, x1, y1] = self.range(self.boxes[i]);
        let [a0, b0, a1, b1] = self.cells[i];
        let inside = x0 >= a0 && y0 >= b0 && x1 <= a1 && y1 <= b1;
        if !inside && !self.stray[i] {
            self.stray[i] = true;
            self.strays.push(i);
        }
    }

    /// The bodies whose box (where they are now) meets `region`, ascending.
    pub(in crate::dynamics) fn query(&mut self, region: Rect, out: &mut Vec<usize>) {
        out.clear();
        self.query_count += 1;
        let stamp = self.query_count;
        let range = self.range(region);
        let cells = cell_count(range);
        let mut seen = std::mem::take(&mut self.stamp);
        let boxes = &self.boxes;
        let mut take = |j: usize, out: &mut Vec<usize>| {
            if seen[j] != stamp {
                seen[j] = stamp;
                if !boxes[j].intersect(region).is_empty() {
                    out.push(j);
                }
            }
        };
        if cells > MAX_QUERY_CELLS {
            for j in 0..boxes.len() {
                take(j, out);
            }
        } else {
            self.table.for_each_in_cells(range, |j| take(j, out));
            for &j in &self.strays {
                take(j, out);
            }
        }
        self.stamp = seen;
        out.sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::ActorShape;
    use crate::poly::testing::unit_rng;
    use glam::Vec2;

    /// The grid finds exactly the bodies whose box meets a region, as
    /// checking every body does: 200 layouts of 1–400 circles and rects
    /// 1–40 px, packed in a few hundred px or spread over ±16 000 px (both
    /// signs: the cells' keys must sort as the dense table lays them out),
    /// moving 0–3 000 px/s (one in ten layouts with a body at 1e30 px/s),
    /// 20 regions each, some after bodies have moved out of their cells.
    #[test]
    fn the_grid_finds_what_checking_every_body_finds() {
        let mut f = unit_rng(0x5851_F42D_4C95_7F2D);
        let (mut found, mut dense) = (0usize, 0usize);
        for layout in 0..200 {
            let n = 1 + (f() * 400.0) as usize;
            let spread = if layout % 2 == 0 { 300.0 } else { 16_000.0 };
            let at = |f: &mut dyn FnMut() -> f64| (2.0 * f() - 1.0) as f32 * spread;
            let mut bodies: Vec<Body> = (0..n)
                .map(|_| {
                    let size = 1.0 + 39.0 * f() as f32;
                    let shape = if f() < 0.5 {
                        ActorShape::Circle { radius: size }
                    } else {
                        ActorShape::Rect {
                            half_extents: Vec2::new(size, 0.5 * size + 1.0),
                        }
                    };
                    let p = Vec2::new(at(&mut f), at(&mut f));
                    let v = Vec2::new(at(&mut f), at(&mut f)).normalize_or_zero()
                        * (3000.0 * f() as f32);
                    Body::new(shape, p, v, 0.5)
                })
                .collect();
            if layout % 10 == 3 {
                // One body absurdly fast: too many cells to enter.
                bodies[0].velocity = Vec2::new(1e30, -1e30);
            }
            let mut grid = Grid::default();
            grid.build(&bodies, Vec2::new(0.0, -3600.0), 1.0 / 60.0);
            dense += usize::from(grid.table.is_dense());
            let mut out = Vec::new();
            for q in 0..20 {
                if q == 10 {
                    // Some bodies knocked far from their cells.
                    for i in (0..n).step_by(7) {
                        bodies[i].position += Vec2::new(at(&mut f), at(&mut f));
                        grid.moved(i, &bodies[i]);
                    }
                }
                let c = Vec2::new(at(&mut f), at(&mut f));
                let half = Vec2::new(spread * 0.3 * f() as f32, spread * 0.3 * f() as f32);
                let region = Rect::from_center_half_size(c, half);
                grid.query(region, &mut out);
                let every: Vec<usize> = (0..n)
                    .filter(|&j| {
                        let b = &bodies[j];
                        !b.shape.aabb(b.position).intersect(region).is_empty()
                    })
                    .collect();
                assert_eq!(out, every, "layout {layout}, query {q}");
                found += out.len();
            }
        }
        assert!(found > 10_000 && dense > 50, "{found} found, {dense} dense");
    }
}
