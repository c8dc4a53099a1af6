//! Bodies found inside solid: pushed out the nearest way, never deeper.
//!
//! Pieces marked [`solid_behind`](crate::terrain::TerrainPiece::solid_behind)
//! (the edges of solid tiles) bound solid on their right. A body's centre is
//! inside solid when, of all such segments near it, the nearest one has the
//! centre behind it, its closest point strictly between its ends: with the
//! segments closing the solid, the nearest boundary point decides inside
//! from outside, and that point is the nearest way out. (At a corner the
//! nearest point is an end, shared by two edges, and a side test on either
//! one alone could be wrong: those cases are left to the ordinary push, as
//! is everything two-sided.)
//!
//! (The method in full is on `way_out`.)

use glam::Vec2;

use super::margins::SKIN;
use super::near::NearSpan;
use super::types::Body;
use crate::geometry::Terrain;
use crate::query::shape_crossings;
use crate::terrain::TerrainSet;

/// Below this parameter distance from an end, the closest point is the end.
const END_T: f32 = 1e-4;

/// The body then moves along that segment's outward normal, first to the
/// line (depth `-s`, with `s` the centre's signed distance), then on by
/// bisection until the skin-grown shape is clear of it. The ordinary push
/// would instead have taken the normal facing the centre, which points into
/// the solid once the centre has crossed the edge, and driven it deeper.
///
/// The way out when the body's centre is inside solid: the nearest
/// solid-behind segment's outward normal and the centre's depth behind it.
pub(in crate::dynamics) fn way_out(
    set: &TerrainSet,
    spans: &[NearSpan],
    center: Vec2,
) -> Option<(usize, Vec2, f32)> {
    let mut nearest: Option<(f32, usize, f32, Vec2, f32)> = None;
    for near in spans {
        let piece = set.piece(near.piece);
        let Terrain::Segment(seg) = piece.shape else {
            continue;
        };
        if !piece.solid_behind || piece.one_way {
            continue;
        }
        let d = seg.b - seg.a;
        let len2 = d.length_squared();
        if len2 == 0.0 {
            continue;
        }
        let t = ((center - seg.a).dot(d) / len2).clamp(0.0, 1.0);
        let distance = center.distance(seg.a + d * t);
        let out = d.perp() / len2.sqrt();
        let s = (center - seg.a).dot(out);
        if nearest.is_none_or(|n| distance < n.0) {
            nearest = Some((distance, near.piece, t, out, s));
        }
    }
    let (_, piece, t, out, s) = nearest?;
    (s < 0.0 && t > END_T && t < 1.0 - END_T).then_some((piece, out, -s))
}

/// Pushes `body` out through `piece` along `out`, from `depth` (the centre
/// on the line) on until the skin-grown shape clears it; returns the push.
pub(in crate::dynamics) fn push_out(
    set: &TerrainSet,
    body: &Body,
    piece: usize,
    out: Vec2,
    depth: f32,
) -> f32 {
    let pc = set.piece(piece).shape.bernstein().power();
    let clear = |d: f32| {
        let p = (body.position + out * d).as_dvec2();
        shape_crossings(&pc, &body.shape, p, SKIN as f64).is_empty()
    };
    let extent = match body.shape {
        crate::geometry::ActorShape::Circle { radius } => radius,
        crate::geometry::ActorShape::Rect { half_extents } => {
            half_extents.x * out.x.abs() + half_extents.y * out.y.abs()
        }
    };
    first_clear(depth, depth + extent + 4.0 * SKIN, clear)
}

/// The least push in `[lo, hi]`, to a twentieth of the skin, at which
/// `clear` holds, by bisection (`clear` is false at `lo` and true from some
/// push on); `hi` when it does not hold even there (deeper than the body
/// is wide: push as far as we may).
pub(in crate::dynamics) fn first_clear(
    mut lo: f32,
    mut hi: f32,
    clear: impl Fn(f32) -> bool,
) -> f32 {
    if !clear(hi) {
        return hi;
    }
    while hi - lo > SKIN * 0.05 {
        let mid = 0.5 * (lo + hi);
        if clear(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}
