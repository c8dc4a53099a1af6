//! The terrain of a level as one validated set, with a uniform grid over the
//! tight boxes of short x/y-monotonic spans so queries only visit nearby
//! pieces, and only the parameter ranges of them that are near.
//!
//! Each curve is cut at the turning points of `x(t)` and `y(t)` (see
//! [`Terrain::monotonic_ranges`]), and each monotonic part is halved in `t`
//! until its box is at most [`SPAN_EXTENT`] px wide and tall. A monotonic
//! span's box is the box of its two ends, so a long curve occupies only the
//! cells it passes through, and a query learns which `[t0, t1]` of it lies
//! near ([`TerrainSet::query_spans`]). Segments are one span. The grid is
//! stored compressed (cell start offsets + one item array), built in two
//! passes: count, then fill.

use std::sync::atomic::{AtomicU64, Ordering};

use glam::Vec2;

use super::joints::find_joints;
use super::movers::{Mover, MoverState};
use super::piece::{TerrainError, TerrainPiece, check_piece};
use super::spans::PieceRange;
use super::spans::{BoxedRange, merge_by_piece, piece_spans};
use super::tiles::{TileGrid, tile_edges};
use crate::geometry::{Pose, Rect};
use crate::query::{EndJoint, JointEnds};

/// All terrain of a level, validated and indexed for queries: a uniform
/// grid over short monotonic spans of every piece.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::geometry::Rect;
/// let pieces: Vec<TerrainPiece> = (0..100)
///     .map(|i| {
///         let x = i as f32 * 100.0;
///         TerrainPiece::solid(Segment::new(Vec2::new(x, 0.0), Vec2::new(x + 50.0, 0.0)))
///     })
///     .collect();
/// let set = TerrainSet::new(pieces)?;
/// let mut near = Vec::new();
/// set.query(Rect::new(410.0, -5.0, 520.0, 5.0), &mut near);
/// assert_eq!(near, vec![4, 5]);
/// // Bad input is refused, naming the piece.
/// let bad = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::new(f32::NAN, 0.0)));
/// assert!(TerrainSet::new(vec![bad]).unwrap_err().to_string().contains("piece 0"));
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TerrainSet {
    /// Unique to this set's contents (a clone shares it): what a
    /// [`SpanCache`] checks it was gathered from.
    pub(crate) id: u64,
    pieces: Vec<TerrainPiece>,
    /// Per piece, what its two ends know of the pieces meeting them.
    joints: Vec<JointEnds>,
    origin: Vec2,
    cell: f32,
    cols: usize,
    rows: usize,
    /// `items[starts[c]..starts[c + 1]]` are the spans overlapping cell `c`,
    /// each with its index among all spans. A span is copied into every cell
    /// it overlaps, so a query reads each cell's spans in one run rather
    /// than chasing an index per span (a cache miss each on a big level).
    starts: Vec<u32>,
    items: Vec<(u32, BoxedRange)>,
    /// How many spans the grid holds: the index of the first mover span.
    static_spans: u32,
    /// The movers (kinematic groups), with their own spans: their broad
    /// phase is a box per mover, then a box per span. Their pieces follow
    /// the fixed ones in `pieces`, each mover's together, in order.
    movers: Vec<MoverState>,
    /// The movers' broad phase, sort and sweep on x: the movers by the left
    /// edge of their box, ascending (kept so as each one moves: a mover
    /// passes few others in one move), where each is in that order, and
    /// the widest any mover's box can be (twice its reach, plus a pixel for
    /// the spans' padding). A region meets only the movers whose left edge
    /// lies within that width to its left, up to its right edge.
    mover_order: Vec<u32>,
    mover_rank: Vec<u32>,
    mover_width: f32,
}

/// A fresh set identity (see [`TerrainSet::id`]).
fn next_id() -> u64 {
    static NEXT_ID: AtomicU64 = AtomicU64::new(0);
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// Most grid cells along one axis; larger levels get larger cells.
const MAX_CELLS_PER_AXIS: usize = 2048;

/// Cell size when the pieces do not suggest one, in pixels.
const DEFAULT_CELL: f32 = 64.0;

impl TerrainSet {
    /// Validates and indexes `pieces`. Rejects non-finite or absurdly far
    /// control points and bad restitution, naming the piece.
    pub fn new(pieces: Vec<TerrainPiece>) -> Result<TerrainSet, TerrainError> {
        Self::with_cell_size(pieces, DEFAULT_CELL)
    }

    /// [`TerrainSet::new`] with a chosen grid cell size in pixels.
    pub fn with_cell_size(
        pieces: Vec<TerrainPiece>,
        cell: f32,
    ) -> Result<TerrainSet, TerrainError> {
        Self::build(pieces, Vec::new(), cell)
    }

    /// A set of fixed `pieces` and `movers` (see [`Mover`]), each mover at
    /// its pose. Mover `g`'s pieces follow the fixed ones, in order
    /// ([`TerrainSet::mover_pieces`]); errors name pieces by that index.
    pub fn with_movers(
        pieces: Vec<TerrainPiece>,
        movers: Vec<Mover>,
    ) -> Result<TerrainSet, TerrainError> {
        Self::build(pieces, movers, DEFAULT_CELL)
    }

    fn build(
        mut pieces: Vec<TerrainPiece>,
        movers: Vec<Mover>,
        cell: f32,
    ) -> Result<TerrainSet, TerrainError> {
        for (i, p) in pieces.iter().enumerate() {
            check_piece(i, p)?;
        }
        let mut parts = Vec::with_capacity(pieces.len());
        for (i, p) in pieces.iter().enumerate() {
            piece_spans(&mut parts, i, &p.shape);
        }
        let mut bounds = Rect::EMPTY;
        for part in &parts {
            bounds = bounds.union(part.aabb);
        }
        if parts.is_empty() {
            bounds = Rect::new(0.0, 0.0, 1.0, 1.0);
        }
        let size = bounds.size().max(Vec2::ONE);
        let cell = cell
            .max(size.x / MAX_CELLS_PER_AXIS as f32)
            .max(size.y / MAX_CELLS_PER_AXIS as f32)
            .max(1.0);
        let cols = ((size.x / cell).ceil() as usize).max(1);
        let rows = ((size.y / cell).ceil() as usize).max(1);
        let mut joints = find_joints(&pieces);
        let mut states = Vec::with_capacity(movers.len());
        for mover in movers {
            let first = pieces.len();
            for (k, p) in mover.pieces.iter().enumerate() {
                check_piece(first + k, p)?;
            }
            states.push(MoverState::new(first, &mover));
            joints.extend(std::iter::repeat_n([EndJoint::FREE; 2], mover.pieces.len()));
            pieces.extend(mover.pieces);
        }
        let mut set = TerrainSet {
            id: next_id(),
            joints,
            pieces,
            origin: bounds.min,
            cell,
            cols,
            rows,
            starts: Vec::new(),
            items: Vec::new(),
            static_spans: parts.len() as u32,
            mover_order: (0..states.len() as u32).collect(),
            mover_rank: (0..states.len() as u32).collect(),
            mover_width: states
                .iter()
                .map(|m| 2.0 * m.reach + 1.0)
                .fold(0.0, f32::max),
            movers: states,
        };
        set.fill_grid(&parts);
        for g in 0..set.movers.len() {
            let pose = set.movers[g].pose;
            set.set_mover_pose(g, pose)?;
        }
        Ok(set)
    }

    /// Puts mover `g` back in order after its box moved: swapped with its
    /// neighbours until their left edges are in order again.
    fn reorder_mover(&mut self, g: usize) {
        let left =
            |set: &TerrainSet, rank: usize| set.movers[set.mover_order[rank] as usize].aabb.min.x;
        let mut rank = self.mover_rank[g] as usize;
        while rank > 0 && left(self, rank - 1) > left(self, rank) {
            self.swap_ranks(rank - 1, rank);
            rank -= 1;
        }
        while rank + 1 < self.mover_order.len() && left(self, rank + 1) < left(self, rank) {
            self.swap_ranks(rank, rank + 1);
            rank += 1;
        }
    }

    fn swap_ranks(&mut self, a: usize, b: usize) {
        self.mover_order.swap(a, b);
        self.mover_rank[self.mover_order[a] as usize] = a as u32;
        self.mover_rank[self.mover_order[b] as usize] = b as u32;
    }

    /// The set of every tile edge of `grid`, plus `extra` pieces.
    pub fn from_tiles(grid: &TileGrid, extra: Vec<TerrainPiece>) -> Result<Self, TerrainError> {
        let mut pieces: Vec<TerrainPiece> = tile_edges(grid)
            .iter()
            .map(TerrainPiece::from_tile_edge)
            .collect();
        pieces.extend(extra);
        TerrainSet::new(pieces)
    }

    /// Inclusive cell index ranges covered by `r`, clamped to the grid.
    fn cell_range(&self, r: Rect) -> (usize, usize, usize, usize) {
        // Truncation is the floor for the non-negative values kept below.
        let lo = (r.min - self.origin) / self.cell;
        let hi = (r.max - self.origin) / self.cell;
        let cx = |v: f32| (v.max(0.0) as usize).min(self.cols - 1);
        let cy = |v: f32| (v.max(0.0) as usize).min(self.rows - 1);
        (cx(lo.x), cy(lo.y), cx(hi.x), cy(hi.y))
    }

    fn fill_grid(&mut self, parts: &[BoxedRange]) {
        let n = self.cols * self.rows;
        let mut counts = vec![0u32; n + 1];
        for part in parts {
            let (x0, y0, x1, y1) = self.cell_range(part.aabb);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    counts[y * self.cols + x] += 1;
                }
            }
        }
        let mut starts = vec![0u32; n + 1];
        for c in 0..n {
            starts[c + 1] = starts[c] + counts[c];
        }
        let mut cursor = starts.clone();
        let mut items = vec![(0, BoxedRange::default()); starts[n] as usize];
        for (i, part) in parts.iter().enumerate() {
            let (x0, y0, x1, y1) = self.cell_range(part.aabb);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = y * self.cols + x;
                    items[cursor[c] as usize] = (i as u32, *part);
                    cursor[c] += 1;
                }
            }
        }
        self.starts = starts;
        self.items = items;
    }

    /// The identity of this built set: a clone shares it, a set built
    /// anew (even from the same pieces) gets a new one. Caches use it to
    /// tell sets apart; a test can use it to see that a set was not rebuilt.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// What the ends of piece `i` know of the pieces meeting them
    /// (`[t = 0, t = 1]`; see the `query::joint` module).
    pub fn joint_ends(&self, i: usize) -> &JointEnds {
        &self.joints[i]
    }

    /// The pieces, in the order given.
    pub fn pieces(&self) -> &[TerrainPiece] {
        &self.pieces
    }

    /// Piece `i`.
    pub fn piece(&self, i: usize) -> &TerrainPiece {
        &self.pieces[i]
    }

    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Calls `visit` with an index and the span of every span whose box
    /// overlaps `region` (a span spread over several cells more than once,
    /// with the same index); nothing for an empty set or a non-finite
    /// region. Indices tell spans apart within one call.
    pub(crate) fn for_each_range_touching(
        &self,
        region: Rect,
        mut visit: impl FnMut(u32, &BoxedRange),
    ) {
        if !region.min.is_finite() || !region.max.is_finite() {
            return;
        }
        if !self.items.is_empty() {
            let (x0, y0, x1, y1) = self.cell_range(region);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let c = y * self.cols + x;
                    let cell = &self.items[self.starts[c] as usize..self.starts[c + 1] as usize];
                    for (i, part) in cell {
                        if part.aabb.touches(&region) {
                            visit(*i, part);
                        }
                    }
                }
            }
        }
        // Movers whose left edge is within the widest box to the left of
        // the region, up to its right edge. Their spans are numbered after
        // the grid's in the order visited: unique within one call, which is
        // all a caller may rely on.
        if self.movers.is_empty() {
            return;
        }
        let mut index = self.static_spans;
        let lo = region.min.x - self.mover_width;
        let first = self
            .mover_order
            .partition_point(|&g| self.movers[g as usize].aabb.min.x < lo);
        for &g in &self.mover_order[first..] {
            let mover = &self.movers[g as usize];
            if mover.aabb.min.x > region.max.x {
                break;
            }
            if mover.aabb.touches(&region) {
                for part in &mover.spans {
                    if part.aabb.touches(&region) {
                        visit(index, part);
                        index += 1;
                    }
                }
            }
        }
    }

    /// Indices of the pieces with a monotonic span whose box overlaps
    /// `region`, ascending and unique, written into `out` (cleared first).
    pub fn query(&self, region: Rect, out: &mut Vec<usize>) {
        out.clear();
        self.for_each_range_touching(region, |_, part| out.push(part.piece as usize));
        out.sort_unstable();
        out.dedup();
    }

    /// The pieces with a span whose box overlaps `region`, ascending and
    /// unique, each with the smallest parameter range covering those spans,
    /// written into `out` (cleared first). Every point of a piece inside
    /// `region` has its parameter in the range.
    pub fn query_spans(&self, region: Rect, out: &mut Vec<PieceRange>) {
        out.clear();
        self.for_each_range_touching(region, |_, part| out.push(part.near()));
        merge_by_piece(out);
    }
}

/// Movers: see the `movers` module.
impl TerrainSet {
    /// How many movers the set has.
    pub fn mover_count(&self) -> usize {
        self.movers.len()
    }

    /// The indices of mover `g`'s pieces in the set.
    pub fn mover_pieces(&self, g: usize) -> std::ops::Range<usize> {
        let m = &self.movers[g];
        m.first..m.first + m.local.len()
    }

    /// The mover piece `i` belongs to, if any (the fixed pieces come before
    /// every mover's).
    pub fn mover_of(&self, i: usize) -> Option<usize> {
        if i < self.movers.first()?.first {
            return None; // a fixed piece: most contacts are with one
        }
        let g = self
            .movers
            .partition_point(|m| m.first <= i)
            .checked_sub(1)?;
        (i < self.movers[g].first + self.movers[g].local.len()).then_some(g)
    }

    /// The movers as they are now (their pieces about their pivots, where
    /// they are): what [`TerrainSet::with_movers`] would build this set's
    /// movers from again.
    pub fn movers(&self) -> Vec<Mover> {
        self.movers
            .iter()
            .enumerate()
            .map(|(g, m)| Mover {
                pieces: m
                    .local
                    .iter()
                    .zip(&self.pieces[self.mover_pieces(g)])
                    .map(|(&shape, p)| TerrainPiece { shape, ..*p })
                    .collect(),
                pose: m.pose,
                stops_when_blocked: m.stops_when_blocked,
                turns_riders: m.turns_riders,
            })
            .collect()
    }

    /// Where mover `g` is.
    pub fn mover_pose(&self, g: usize) -> Pose {
        self.movers[g].pose
    }

    /// The farthest any point of mover `g` lies from its pivot, px.
    pub fn mover_reach(&self, g: usize) -> f32 {
        self.movers[g].reach
    }

    /// Whether mover `g` stops short rather than crush a body.
    pub fn mover_stops_when_blocked(&self, g: usize) -> bool {
        self.movers[g].stops_when_blocked
    }

    /// Whether mover `g` turns its riders' own velocities as it turns.
    pub fn mover_turns_riders(&self, g: usize) -> bool {
        self.movers[g].turns_riders
    }

    /// The box around mover `g` where it is.
    pub fn mover_aabb(&self, g: usize) -> Rect {
        self.movers[g].aabb
    }

    /// Moves mover `g` to `pose`: its pieces, their spans and the joints
    /// between them. The set gets a new [`id`](TerrainSet::id) (what was
    /// cached about it is stale). A non-finite pose, or one that takes a
    /// control point past [`TerrainPiece::MAX_COORD`], is refused and the
    /// mover stays where it was.
    pub fn set_mover_pose(&mut self, g: usize, pose: Pose) -> Result<(), TerrainError> {
        let range = self.mover_pieces(g);
        let (pieces, joints) = (&mut self.pieces[range.clone()], &mut self.joints[range]);
        self.movers[g].place(g, pose, pieces, joints)?;
        self.reorder_mover(g);
        self.id = next_id();
        Ok(())
    }

    /// Whether mover `g` may stand at `pose` (what
    /// [`TerrainSet::set_mover_pose`] refuses), the set unchanged.
    pub(crate) fn check_mover_pose(&self, g: usize, pose: Pose) -> Result<(), TerrainError> {
        self.movers[g].check(g, pose)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::random_curve;
    use crate::prelude::*;

    /// Every sampled point of a piece inside a query box has its piece in
    /// the answer and its parameter inside the piece's range, for random
    /// quadratics and cubics (loops and cusps included) and random boxes
    /// of 1 to 100 px; and the ranges do shrink (most are not `[0, 1]`).
    #[test]
    fn query_spans_cover_every_point_inside_the_region() {
        let mut f = crate::poly::testing::unit_rng(0x243F_6A88_85A3_08D3);
        let mut narrowed = 0;
        let mut checked = 0;
        for case in 0..100 {
            let pieces: Vec<TerrainPiece> = (0..8)
                .map(|k| TerrainPiece::solid(random_curve(&mut f, k, 1000.0)))
                .collect();
            let set = TerrainSet::new(pieces).unwrap();
            let mut out = Vec::new();
            for _ in 0..20 {
                let c = Vec2::new(f() as f32 * 1000.0, f() as f32 * 1000.0);
                let half = Vec2::new(0.5 + 50.0 * f() as f32, 0.5 + 50.0 * f() as f32);
                let region = Rect::from_center_half_size(c, half);
                set.query_spans(region, &mut out);
                narrowed += out.iter().filter(|n| n.t1 - n.t0 < 0.5).count();
                for (i, piece) in set.pieces().iter().enumerate() {
                    for k in 0..=2000 {
                        let t = k as f32 / 2000.0;
                        if !region.contains(piece.shape.point(t)) {
                            continue;
                        }
                        checked += 1;
                        let near = out.iter().find(|n| n.piece == i);
                        assert!(
                            near.is_some_and(|n| n.t0 <= t && t <= n.t1),
                            "case {case}: piece {i} at t = {t} is inside {region:?}, answer {near:?}"
                        );
                    }
                }
            }
        }
        assert!(
            checked > 10_000 && narrowed > 300,
            "{checked} points, {narrowed} narrowed"
        );
    }

    /// The movers' sort-and-sweep finds what a look at every mover finds:
    /// 60 movers of random curves (0.5–400 px across, so the widest box
    /// matters) moved 40 times each to random poses, one at a time, and
    /// after each move a random box asked: every mover piece with a sampled
    /// point inside it is in the answer, and every mover piece answered has
    /// a control-point box (which holds the curve) touching it.
    #[test]
    fn the_movers_broad_phase_finds_every_mover_piece_in_a_region() {
        let mut f = crate::poly::testing::unit_rng(0x1319_8A2E_0370_7344);
        let movers: Vec<Mover> = (0..60)
            .map(|k| {
                let size = if k % 3 == 0 {
                    400.0
                } else {
                    0.5 + 40.0 * f() as f32
                };
                let at = Vec2::new(f() as f32 * 2000.0, f() as f32 * 2000.0);
                let pieces = (0..1 + k % 3)
                    .map(|j| {
                        let c = random_curve(&mut f, j, size);
                        TerrainPiece::solid(c.posed(&Pose::new(at, 0.0)))
                    })
                    .collect();
                Mover::around(at, pieces)
            })
            .collect();
        let mut set = TerrainSet::with_movers(vec![], movers).unwrap();
        let (mut sampled, mut answered) = (0, 0);
        let mut out = Vec::new();
        for round in 0..40 * 60 {
            let g = round % 60;
            let at = Vec2::new(f() as f32 * 2000.0, f() as f32 * 2000.0);
            set.set_mover_pose(g, Pose::new(at, f() as f32 * 7.0))
                .unwrap();
            let c = Vec2::new(f() as f32 * 2000.0, f() as f32 * 2000.0);
            let half = Vec2::new(1.0 + 200.0 * f() as f32, 1.0 + 200.0 * f() as f32);
            let region = Rect::from_center_half_size(c, half);
            set.query(region, &mut out);
            answered += out.len();
            for (i, piece) in set.pieces().iter().enumerate() {
                let hull = piece
                    .shape
                    .control_points()
                    .iter()
                    .fold(Rect::EMPTY, |r, p| r.union(Rect::new(p.x, p.y, p.x, p.y)));
                if out.contains(&i) {
                    assert!(
                        hull.inflate(0.01).touches(&region),
                        "round {round}: piece {i}"
                    );
                }
                let inside = (0..=200)
                    .map(|k| piece.shape.point(k as f32 / 200.0))
                    .any(|p| region.contains(p));
                if inside {
                    sampled += 1;
                    assert!(
                        out.contains(&i),
                        "round {round}: piece {i} is inside {region:?}"
                    );
                }
            }
        }
        println!("{sampled} mover pieces inside the region found; {answered} answered");
        assert!(sampled > 1_000, "{sampled} pieces inside");
    }

    #[test]
    fn query_finds_only_nearby_pieces() {
        let pieces = (0..100)
            .map(|i| {
                let x = i as f32 * 100.0;
                TerrainPiece::solid(Segment::new(Vec2::new(x, 0.0), Vec2::new(x + 50.0, 0.0)))
            })
            .collect();
        let set = TerrainSet::new(pieces).unwrap();
        let mut out = Vec::new();
        set.query(Rect::new(410.0, -5.0, 520.0, 5.0), &mut out);
        assert_eq!(out, vec![4, 5]);
    }
}
