//! Spans: short monotonic parameter ranges of a piece, each with the box
//! of its two ends, which the grid and the movers' broad phase index; and
//! the merge of the ranges a query found into one per piece.

use crate::geometry::{Rect, Terrain};

/// Largest width or height, in pixels, of the box of one span of a curve.
pub(super) const SPAN_EXTENT: f32 = 32.0;

/// Most halvings of one monotonic part into spans.
const MAX_SPAN_DEPTH: u32 = 10;

/// A monotonic span of a piece: its box, the piece and the parameter range.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BoxedRange {
    pub piece: u32,
    pub t0: f32,
    pub t1: f32,
    pub aabb: Rect,
}

/// A piece near a query region and the parameter range `[t0, t1]` covering
/// all its spans that touch the region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceRange {
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
fn push_spans(
    parts: &mut Vec<BoxedRange>,
    i: usize,
    shape: &Terrain,
    t0: f32,
    t1: f32,
    depth: u32,
) {
    let aabb = span_box(shape, t0, t1);
    let mid = 0.5 * (t0 + t1);
    if aabb.size().max_element() <= SPAN_EXTENT || depth >= MAX_SPAN_DEPTH || mid <= t0 {
        parts.push(BoxedRange {
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

/// Pushes the spans of piece `i` (index in its set) onto `parts`: a segment
/// is one span, a curve its monotonic parts halved to [`SPAN_EXTENT`].
pub(super) fn piece_spans(parts: &mut Vec<BoxedRange>, i: usize, shape: &Terrain) {
    let Terrain::Segment(_) = shape else {
        for (t0, t1) in shape.monotonic_ranges() {
            push_spans(parts, i, shape, t0, t1, 0);
        }
        return;
    };
    parts.push(BoxedRange {
        piece: i as u32,
        t0: 0.0,
        t1: 1.0,
        aabb: shape.aabb(),
    });
}

impl BoxedRange {
    pub(crate) fn near(&self) -> PieceRange {
        PieceRange {
            piece: self.piece as usize,
            t0: self.t0,
            t1: self.t1,
        }
    }
}

/// Sorts `out` by piece and merges the entries of one piece into the
/// smallest range covering them.
pub(super) fn merge_by_piece(out: &mut Vec<PieceRange>) {
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
