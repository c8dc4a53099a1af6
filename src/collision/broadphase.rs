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

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::math::{Rect, Vec2};

use super::shapes::Terrain;
use super::span::Span;
use super::tiles::{TileEdge, TileGrid, tile_edges};

/// One piece of terrain with its surface properties.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TerrainPiece {
    pub shape: Terrain,
    /// Multiplies the body's restitution: `e = e_body · e_terrain`.
    pub restitution: f32,
    /// Blocks only bodies coming from its left side (the side
    /// `perp(B'(t))` points to; "up" for a piece drawn left to right).
    pub one_way: bool,
}

impl TerrainPiece {
    /// A solid piece with restitution 1 (the body's own restitution applies).
    pub fn solid(shape: impl Into<Terrain>) -> Self {
        TerrainPiece {
            shape: shape.into(),
            restitution: 1.0,
            one_way: false,
        }
    }

    /// The piece for a tile edge.
    pub fn from_tile_edge(edge: &TileEdge) -> Self {
        TerrainPiece {
            shape: Terrain::Segment(edge.segment),
            restitution: 1.0,
            one_way: edge.one_way,
        }
    }
}

/// Largest coordinate accepted, in pixels: beyond it `f32` spacing exceeds 1 px.
pub const MAX_COORD: f32 = 1.0e7;

/// Why a set of terrain pieces was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum TerrainError {
    /// A control point is NaN or infinite.
    NonFinite { piece: usize, point: Vec2 },
    /// A control point lies farther than [`MAX_COORD`] from the origin.
    TooFar { piece: usize, point: Vec2 },
    /// Restitution is NaN, negative or infinite.
    BadRestitution { piece: usize, value: f32 },
}

impl fmt::Display for TerrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TerrainError::NonFinite { piece, point } => {
                write!(
                    f,
                    "terrain piece {piece}: control point {point} is not finite"
                )
            }
            TerrainError::TooFar { piece, point } => write!(
                f,
                "terrain piece {piece}: control point {point} is farther than {MAX_COORD} px from the origin"
            ),
            TerrainError::BadRestitution { piece, value } => write!(
                f,
                "terrain piece {piece}: restitution {value} must be finite and not negative"
            ),
        }
    }
}

impl std::error::Error for TerrainError {}

/// Closed-box overlap; unlike `Rect::intersect(..).is_empty()` it keeps
/// boxes of zero width or height (horizontal and vertical segments).
fn boxes_touch(a: &Rect, b: &Rect) -> bool {
    a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y
}

/// Largest width or height, in pixels, of the box of one span of a curve.
pub const SPAN_EXTENT: f32 = 32.0;

/// Most halvings of one monotonic part into spans.
const MAX_SPAN_DEPTH: u32 = 10;

/// A monotonic span of a piece: its box, the piece and the parameter range.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    piece: u32,
    t0: f32,
    t1: f32,
    aabb: Rect,
}

/// A piece near a query region and the parameter range `[t0, t1]` covering
/// all its spans that touch the region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NearPiece {
    pub piece: usize,
    pub t0: f32,
    pub t1: f32,
}

/// The box of the curve on `[t0, t1]`, a monotonic range: the box of its
/// ends, padded by an ulp-scale margin (the ends are rounded to `f32`).
fn span_box(shape: &Terrain, t0: f32, t1: f32) -> Rect {
    let (a, b) = (shape.point(t0), shape.point(t1));
    let pad = 1e-4 * (1.0 + a.abs().max(b.abs()).max_element() * 1e-3);
    Rect::from_corners(a, b).inflate(pad)
}

/// Pushes the spans of the monotonic range `[t0, t1]` of piece `i`: the
/// range itself when its box is small enough, else its two halves.
fn push_spans(parts: &mut Vec<Part>, i: usize, shape: &Terrain, t0: f32, t1: f32, depth: u32) {
    let aabb = span_box(shape, t0, t1);
    let mid = 0.5 * (t0 + t1);
    if aabb.size().max_element() <= SPAN_EXTENT || depth >= MAX_SPAN_DEPTH || mid <= t0 {
        parts.push(Part {
            piece: i as u32,
            t0,
            t1,
            aabb,
        });
        return;
    }
    push_spans(parts, i, shape, t0, mid, depth + 1);
    push_spans(parts, i, shape, mid, t1, depth + 1);
}

/// All terrain of a level, validated and indexed for queries.
#[derive(Clone, Debug)]
pub struct TerrainSet {
    /// Unique to this set's contents (a clone shares it): what a
    /// [`SpanCache`] checks it was gathered from.
    id: u64,
    pieces: Vec<TerrainPiece>,
    origin: Vec2,
    cell: f32,
    cols: usize,
    rows: usize,
    /// `items[starts[c]..starts[c + 1]]` are the spans overlapping cell `c`,
    /// each with its index among all spans. A span is copied into every cell
    /// it overlaps, so a query reads each cell's spans in one run rather
    /// than chasing an index per span (a cache miss each on a big level).
    starts: Vec<u32>,
    items: Vec<(u32, Part)>,
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
        for (i, p) in pieces.iter().enumerate() {
            for point in p.shape.control_points() {
                if !point.is_finite() {
                    return Err(TerrainError::NonFinite { piece: i, point });
                }
                if point.abs().max_element() > MAX_COORD {
                    return Err(TerrainError::TooFar { piece: i, point });
                }
            }
            if !p.restitution.is_finite() || p.restitution < 0.0 {
                return Err(TerrainError::BadRestitution {
                    piece: i,
                    value: p.restitution,
                });
            }
        }
        let mut parts = Vec::with_capacity(pieces.len());
        for (i, p) in pieces.iter().enumerate() {
            let Terrain::Segment(_) = p.shape else {
                for (t0, t1) in p.shape.monotonic_ranges() {
                    push_spans(&mut parts, i, &p.shape, t0, t1, 0);
                }
                continue;
            };
            parts.push(Part {
                piece: i as u32,
                t0: 0.0,
                t1: 1.0,
                aabb: p.shape.aabb(),
            });
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
        static NEXT_ID: AtomicU64 = AtomicU64::new(0);
        let mut set = TerrainSet {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            pieces,
            origin: bounds.min,
            cell,
            cols,
            rows,
            starts: Vec::new(),
            items: Vec::new(),
        };
        set.fill_grid(&parts);
        Ok(set)
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

    fn fill_grid(&mut self, parts: &[Part]) {
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
        let mut items = vec![(0, Part::default()); starts[n] as usize];
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

    /// Calls `visit` with the index and span of every span whose box
    /// overlaps `region` (a span spread over several cells more than once);
    /// nothing for an empty set or a non-finite region.
    fn for_each_part_touching(&self, region: Rect, mut visit: impl FnMut(u32, &Part)) {
        if self.items.is_empty() || !region.min.is_finite() || !region.max.is_finite() {
            return;
        }
        let (x0, y0, x1, y1) = self.cell_range(region);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let c = y * self.cols + x;
                for (i, part) in &self.items[self.starts[c] as usize..self.starts[c + 1] as usize] {
                    if boxes_touch(&part.aabb, &region) {
                        visit(*i, part);
                    }
                }
            }
        }
    }

    /// Indices of the pieces with a monotonic span whose box overlaps
    /// `region`, ascending and unique, written into `out` (cleared first).
    pub fn query(&self, region: Rect, out: &mut Vec<usize>) {
        out.clear();
        self.for_each_part_touching(region, |_, part| out.push(part.piece as usize));
        out.sort_unstable();
        out.dedup();
    }

    /// The pieces with a span whose box overlaps `region`, ascending and
    /// unique, each with the smallest parameter range covering those spans,
    /// written into `out` (cleared first). Every point of a piece inside
    /// `region` has its parameter in the range.
    pub fn query_spans(&self, region: Rect, out: &mut Vec<NearPiece>) {
        out.clear();
        self.for_each_part_touching(region, |_, part| out.push(part.near()));
        merge_by_piece(out);
    }
}

impl Part {
    fn near(&self) -> NearPiece {
        NearPiece {
            piece: self.piece as usize,
            t0: self.t0,
            t1: self.t1,
        }
    }
}

/// Sorts `out` by piece and merges the entries of one piece into the
/// smallest range covering them.
fn merge_by_piece(out: &mut Vec<NearPiece>) {
    out.sort_unstable_by_key(|n| n.piece);
    out.dedup_by(|next, kept| {
        let same = next.piece == kept.piece;
        if same {
            kept.t0 = kept.t0.min(next.t0);
            kept.t1 = kept.t1.max(next.t1);
        }
        same
    });
}

/// The spans of one small neighbourhood copied out of the grid, so that the
/// several queries one body makes in one step (its surroundings, each sweep,
/// each bend) do not each go back to the grid.
///
/// On a big level the grid does not stay in the cache: a query costs three
/// dependent misses per cell (the cell's start, its items, their spans), and
/// those were a third of a step. [`SpanCache::gather`] walks the grid once
/// for a region that should hold the step; [`SpanCache::query_spans`]
/// answers from the copy when the region asked for lies inside that one,
/// and gathers again (around the new region) when it does not, or when it
/// is asked about another set than it gathered from. Either way
/// the answer is exactly [`TerrainSet::query_spans`]': every span touching
/// a region inside the gathered one was gathered.
#[derive(Clone, Debug, Default)]
pub struct SpanCache {
    /// The set and region gathered; `None` before the first gather.
    covered: Option<(u64, Rect)>,
    /// `(index in the set, span)` of every span touching `covered`, unique.
    parts: Vec<(u32, Part)>,
    /// The last answer.
    found: Vec<NearPiece>,
    /// The sub-curves cut lately, with the set and range each was cut for
    /// (see [`SpanCache::span`]), and the slot the next one goes to.
    cut: [Option<(u64, NearPiece, Span)>; CUT_SLOTS],
    next_cut: usize,
}

/// Sub-curves a [`SpanCache`] keeps: enough for the few pieces around one
/// body (a curve and the tile edges beside it).
const CUT_SLOTS: usize = 4;

/// Pixels added around a region gathered because a query fell outside the
/// gathered one.
const REGATHER_MARGIN: f32 = 8.0;

impl SpanCache {
    /// Copies every span of `set` whose box touches `region`.
    pub fn gather(&mut self, set: &TerrainSet, region: Rect) {
        self.parts.clear();
        self.covered = Some((set.id, region));
        set.for_each_part_touching(region, |i, part| self.parts.push((i, *part)));
        self.parts.sort_unstable_by_key(|&(i, _)| i);
        self.parts.dedup_by_key(|&mut (i, _)| i);
    }

    /// [`TerrainSet::query_spans`] for `region`, from the gathered copy when
    /// it covers `region`.
    pub fn query_spans(&mut self, set: &TerrainSet, region: Rect) -> &[NearPiece] {
        let inside = self.covered.is_some_and(|(id, c)| {
            id == set.id && c.contains(region.min) && c.contains(region.max)
        });
        if !inside {
            self.gather(set, region.inflate(REGATHER_MARGIN));
        }
        self.found.clear();
        for (_, part) in &self.parts {
            if boxes_touch(&part.aabb, &region) {
                self.found.push(part.near());
            }
        }
        merge_by_piece(&mut self.found);
        &self.found
    }

    /// The last answer of [`SpanCache::query_spans`].
    pub(crate) fn found(&self) -> &[NearPiece] {
        &self.found
    }

    /// [`Span::of`] the range `near` of its piece in `set`. Support, the
    /// bend and the sweep of one step often ask for the same range of the
    /// same piece (the parts near the body, where it is and where it
    /// goes); each range is cut once and kept in one of a few slots. The
    /// span is the one `Span::of` gives, bit for bit.
    pub(crate) fn span(&mut self, set: &TerrainSet, near: &NearPiece) -> Span {
        for (id, kept, span) in self.cut.iter().flatten() {
            if *id == set.id && kept == near {
                return *span;
            }
        }
        let span = Span::of(&set.piece(near.piece).shape, near.t0 as f64, near.t1 as f64);
        self.cut[self.next_cut] = Some((set.id, *near, span));
        self.next_cut = (self.next_cut + 1) % CUT_SLOTS;
        span
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::shapes::random_curve;
    use crate::collision::{CubicBezier, QuadBezier, Segment};

    #[test]
    fn rejects_non_finite_input_naming_the_piece() {
        let good = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::X));
        let bad = TerrainPiece::solid(QuadBezier::new(
            Vec2::ZERO,
            Vec2::new(f32::NAN, 0.0),
            Vec2::X,
        ));
        let err = TerrainSet::new(vec![good, bad]).unwrap_err();
        assert!(matches!(err, TerrainError::NonFinite { piece: 1, .. }));
        assert!(err.to_string().contains("terrain piece 1"));
    }

    /// Every sampled point of a piece inside a query box has its piece in
    /// the answer and its parameter inside the piece's range, for random
    /// quadratics and cubics (loops and cusps included) and random boxes
    /// of 1 to 100 px; and the ranges do shrink (most are not `[0, 1]`).
    #[test]
    fn query_spans_cover_every_point_inside_the_region() {
        let mut f = crate::collision::roots::unit_rng(0x243F_6A88_85A3_08D3);
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

    /// The cache answers exactly as the grid does, for regions inside the
    /// gathered one and outside it (which gathers again), over random
    /// curves and segments; and it does answer from its copy.
    #[test]
    fn span_cache_answers_as_the_grid() {
        let mut f = crate::collision::roots::unit_rng(0x9E37_79B9_7F4A_7C15);
        let mut from_copy = 0;
        for case in 0..200 {
            let pieces: Vec<TerrainPiece> = (0..40)
                .map(|k| {
                    if k % 3 == 0 {
                        let a = Vec2::new(f() as f32 * 1000.0, f() as f32 * 1000.0);
                        let b = a + Vec2::new(f() as f32 * 300.0, 0.0);
                        TerrainPiece::solid(Segment::new(a, b))
                    } else {
                        TerrainPiece::solid(random_curve(&mut f, k, 1000.0))
                    }
                })
                .collect();
            let set = TerrainSet::with_cell_size(pieces, 16.0 + 100.0 * f() as f32).unwrap();
            let mut cache = SpanCache::default();
            let mut expected = Vec::new();
            // The region last gathered on purpose, and the one gathered now.
            let (mut anchor, mut gathered) = (Rect::EMPTY, Rect::EMPTY);
            for q in 0..30 {
                let c = Vec2::new(f() as f32 * 1000.0, f() as f32 * 1000.0);
                if q % 10 == 0 {
                    anchor = Rect::from_center_half_size(c, Vec2::splat(60.0));
                    gathered = anchor;
                    cache.gather(&set, gathered);
                }
                // Half the regions near the one gathered on purpose (inside
                // it or straddling its edge), before the others (which may
                // gather elsewhere).
                let centre = if q % 10 < 5 {
                    anchor.center() + (Vec2::new(f() as f32, f() as f32) - 0.5) * 160.0
                } else {
                    c
                };
                let half = Vec2::new(0.5 + 20.0 * f() as f32, 0.5 + 20.0 * f() as f32);
                let region = Rect::from_center_half_size(centre, half);
                let inside = gathered.contains(region.min) && gathered.contains(region.max);
                from_copy += usize::from(inside);
                set.query_spans(region, &mut expected);
                let got = cache.query_spans(&set, region);
                assert_eq!(got, &expected[..], "case {case}, query {q}: {region:?}");
                if !inside {
                    // It gathered around that region: the grid is the same.
                    gathered = region.inflate(REGATHER_MARGIN);
                }
            }
        }
        assert!(from_copy > 250, "only {from_copy} answered from the copy");
    }

    /// Every sub-curve the cache hands out is `Span::of` that range of that
    /// piece, bit for bit, including when two sets alternate whose pieces
    /// share indices and ranges (the second is the first moved by 0.5 px,
    /// so the same region finds the same ranges of other curves).
    #[test]
    fn span_cache_cuts_each_range_as_span_of() {
        let mut f = crate::collision::roots::unit_rng(0x3C6E_F372_FE94_F82B);
        let same = |a: &Span, b: &Span| {
            a.pc.n == b.pc.n && a.pc.c == b.pc.c && (a.t0, a.t1) == (b.t0, b.t1)
        };
        let mut shared = 0;
        for case in 0..100 {
            let pieces: Vec<TerrainPiece> = (0..12)
                .map(|k| TerrainPiece::solid(random_curve(&mut f, k, 300.0)))
                .collect();
            let shift = Vec2::splat(0.5);
            let moved: Vec<TerrainPiece> = pieces
                .iter()
                .map(|p| {
                    let shape = match p.shape {
                        Terrain::Quad(q) => {
                            Terrain::Quad(QuadBezier::new(q.p0 + shift, q.p1 + shift, q.p2 + shift))
                        }
                        Terrain::Cubic(c) => Terrain::Cubic(CubicBezier::new(
                            c.p0 + shift,
                            c.p1 + shift,
                            c.p2 + shift,
                            c.p3 + shift,
                        )),
                        Terrain::Segment(s) => {
                            Terrain::Segment(Segment::new(s.a + shift, s.b + shift))
                        }
                    };
                    TerrainPiece::solid(shape)
                })
                .collect();
            let sets = [
                TerrainSet::new(pieces).unwrap(),
                TerrainSet::new(moved).unwrap(),
            ];
            let mut cache = SpanCache::default();
            for q in 0..40 {
                let c = Vec2::new(f() as f32 * 300.0, f() as f32 * 300.0);
                let region = Rect::from_center_half_size(c, Vec2::splat(2.0 + 30.0 * f() as f32));
                let mut answers = Vec::new();
                for set in &sets {
                    let found: Vec<NearPiece> = cache.query_spans(set, region).to_vec();
                    for near in &found {
                        let got = cache.span(set, near);
                        let want =
                            Span::of(&set.piece(near.piece).shape, near.t0 as f64, near.t1 as f64);
                        assert!(same(&got, &want), "case {case}, query {q}, {near:?}");
                    }
                    answers.push(found);
                }
                shared += answers[0].iter().filter(|n| answers[1].contains(n)).count();
            }
        }
        assert!(shared > 200, "only {shared} ranges asked of both sets");
    }

    /// A cache gathered from one set and asked about another (even one
    /// built where the first was dropped) answers for the one asked.
    #[test]
    fn span_cache_follows_the_set_asked() {
        let floor = |y: f32| {
            let seg = Segment::new(Vec2::new(0.0, y), Vec2::new(100.0, y));
            TerrainSet::new(vec![TerrainPiece::solid(seg); 2]).unwrap()
        };
        let region = Rect::new(10.0, -5.0, 20.0, 5.0);
        let mut cache = SpanCache::default();
        cache.gather(&floor(0.0), region.inflate(10.0));
        let (a, b) = (floor(0.0), floor(50.0));
        assert_eq!(cache.query_spans(&a, region).len(), 2);
        assert!(cache.query_spans(&b, region).is_empty());
        assert_eq!(cache.query_spans(&a.clone(), region).len(), 2);
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
