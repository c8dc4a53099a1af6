//! The earliest impact of a body's straight motion over the pieces near it,
//! keeping the skin; one-way pieces; [`cast`] for probes.

use glam::{DVec2, Vec2};

use super::margins::{CONTACT_MARGIN, SKIN, TOUCHING};
use super::near::NearSpan;
use super::one_way;
use super::support::gap_to;
use super::types::Body;
use crate::geometry::{ActorShape, Rect};
use crate::query::{Target, Toi, closest_offset, px_tol, sweep_span};
use crate::terrain::{SpanCache, TerrainSet};

/// The box of the body moving by `motion`, grown by `margin`.
pub(in crate::dynamics) fn swept_box(body: &Body, motion: Vec2, margin: f32) -> Rect {
    let a = body.shape.aabb(body.position);
    let b = body.shape.aabb(body.position + motion);
    a.union(b).inflate(margin)
}

/// The earliest impact of `body` moving by `motion`, over every nearby piece.
///
/// A piece already within the skin blocks at fraction 0 only if the motion
/// goes into it (more than a graze: [`grazes`]), or the body is within
/// [`TOUCHING`] of it. Otherwise the body may move along it: the piece is
/// swept again with a shell of half the body's current gap, so a body
/// sliding along a concave surface meets it again before it can enter, each
/// such impact at most halving the gap.
///
/// `known` holds the pieces near the body whose closest point to it is
/// already known ([`NearSpans`] at the body's position, or nothing).
pub(in crate::dynamics) fn first_impact(
    set: &TerrainSet,
    body: &Body,
    motion: Vec2,
    cache: &mut SpanCache,
    known: &[NearSpan],
) -> Option<(usize, Toi)> {
    first_impact_among(set, body, motion, cache, known, |_| true)
}

/// [`first_impact`] over only the pieces `keep` accepts (a mover's pieces,
/// or all but a mover's).
pub(in crate::dynamics) fn first_impact_among(
    set: &TerrainSet,
    body: &Body,
    motion: Vec2,
    cache: &mut SpanCache,
    known: &[NearSpan],
    keep: impl Fn(usize) -> bool,
) -> Option<(usize, Toi)> {
    let len = motion.length();
    if len == 0.0 {
        return None;
    }
    let found = cache
        .query_spans(set, swept_box(body, motion, SKIN + CONTACT_MARGIN))
        .len();
    let mut best: Option<(usize, Toi)> = None;
    for k in 0..found {
        let near_piece = cache.found()[k];
        let i = near_piece.piece;
        if !keep(i) {
            continue;
        }
        let piece = set.piece(i);
        if piece.one_way && one_way::passes(piece, body) {
            continue;
        }
        let span = cache.span(set, &near_piece);
        let closest = known.iter().find(|n| n.piece == i).and_then(|n| n.closest);
        let target = Target {
            terrain: &piece.shape,
            span: &span,
            ends: set.joint_ends(i),
        };
        let Some(mut toi) = sweep_keeping_skin(target, body, motion, closest) else {
            continue;
        };
        if piece.one_way {
            let held = |toi: &Toi| one_way::holds(piece, &toi.hits, toi.normal, motion);
            if !held(&toi) {
                // Touching it at the start but not held there (moving along
                // or away from it, or under it): what the motion may meet
                // is farther along the piece (a dip rising ahead), found
                // with a shell of half the bare gap and judged there.
                if toi.fraction > 0.0 {
                    continue;
                }
                let gap = gap_to(&span, body, SKIN);
                let ahead = (gap > 0.0)
                    .then(|| {
                        sweep_span(target, &body.shape, body.position, motion, 0.5 * gap, true)
                    })
                    .flatten();
                match ahead {
                    Some(ahead) if ahead.fraction > 0.0 && held(&ahead) => toi = ahead,
                    _ => continue,
                }
            }
        }
        if best.as_ref().is_none_or(|(_, b)| toi.fraction < b.fraction) {
            best = Some((i, toi));
        }
    }
    best
}

/// The first contact of `body` moving by `motion` with one piece's span,
/// keeping the skin (see [`first_impact`]).
///
/// A circle first asks the exact closest point how far the piece is: clear
/// of the skin, or within it but moving along or away from it (judged by
/// the direction to the closest point), it is swept from a start known to
/// be clear, with the skin or with the half-gap shell. Only a circle
/// touching, or moving into a piece within its skin, and a rect take the
/// general path, which finds the start contact by its hits.
///
/// `closest` is the vector from the circle's centre to the piece's closest
/// point when the caller has it, found on the span of the pieces near the
/// body rather than on this one: both spans hold every point of the piece
/// within the contact margin and skin of the circle, so where the closest
/// point matters (a gap under the skin) it is the same point, to rounding;
/// where that span's closest point is farther, so is this one's, and
/// either way the circle is clear of the skin.
///
/// A contact met part-way whose normal does not oppose the motion (a
/// *graze*: a body gliding under the skin along a chain comes within the
/// skin of each next piece's end, and the joint rule gives that end the
/// surface's normal) is not an impact: the piece is swept again with a shell
/// of half the body's gap to it there, as for a piece already within the
/// skin, so a body gliding past a joint spends none of its step's impacts on
/// it.
pub(in crate::dynamics) fn sweep_keeping_skin(
    target: Target,
    body: &Body,
    motion: Vec2,
    closest: Option<DVec2>,
) -> Option<Toi> {
    let toi = sweep_with_skin(target, body, motion, closest)?;
    if toi.fraction == 0.0 || !grazes(motion, toi.normal) {
        return Some(toi);
    }
    let mut there = *body;
    there.position += motion * toi.fraction;
    let gap = gap_to(target.span, &there, SKIN);
    if gap <= TOUCHING {
        return Some(toi);
    }
    match sweep_span(target, &body.shape, body.position, motion, 0.5 * gap, false) {
        Some(shell) if shell.fraction == 0.0 => Some(toi),
        other => other,
    }
}

/// Whether `motion` grazes a surface of unit normal `n` (facing the body)
/// rather than going into it: `motion · n ≥ -GRAZE |motion|`, within 0.006°
/// of running along it. A contact met part-way that grazes is not an impact
/// (see [`sweep_keeping_skin`]); a piece within the skin that the motion
/// grazes is swept again with the half-gap shell (see [`first_impact`]).
fn grazes(motion: Vec2, n: Vec2) -> bool {
    const GRAZE: f32 = 1e-4;
    motion.dot(n) >= -GRAZE * motion.length()
}

/// [`sweep_keeping_skin`] before the graze check.
fn sweep_with_skin(
    target: Target,
    body: &Body,
    motion: Vec2,
    closest: Option<DVec2>,
) -> Option<Toi> {
    let (shape, position, span) = (&body.shape, body.position, target.span);
    if let ActorShape::Circle { radius } = *shape {
        let skin_reach = radius as f64 + SKIN as f64;
        let q = span.pc.translated(position.as_dvec2());
        if q.hull_box_distance() > skin_reach + 2.0 * px_tol(q.scale() + skin_reach) {
            return sweep_span(target, shape, position, motion, SKIN, true);
        }
        let offset = closest.unwrap_or_else(|| closest_offset(&span.pc, position.as_dvec2()));
        let dist = offset.length();
        let gap = dist - radius as f64;
        let tol = 2.0 * px_tol(span.pc.scale() + dist);
        if gap > SKIN as f64 + tol {
            return sweep_span(target, shape, position, motion, SKIN, true);
        }
        let away = -offset / dist;
        if gap > (TOUCHING as f64) && motion.as_dvec2().dot(away) >= 0.0 {
            let shell = 0.5 * gap as f32;
            return sweep_span(target, shape, position, motion, shell, true);
        }
    }
    let mut toi = sweep_span(target, shape, position, motion, SKIN, false)?;
    if toi.fraction == 0.0 && grazes(motion, toi.normal) {
        let gap = gap_to(span, body, SKIN);
        if gap > TOUCHING {
            toi = sweep_span(target, shape, position, motion, 0.5 * gap, true)?;
        }
    }
    Some(toi)
}

impl TerrainSet {
    /// The first contact of `body` moving by `motion` through `set`, keeping the
    /// skin, as `(piece index, contact)`; `None` when the motion is free. Used
    /// for probes such as snapping a runner to the ground.
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
    /// let set = TerrainSet::new(vec![floor])?;
    /// let runner = Body::new(ActorShape::Rect { half_extents: Vec2::new(5.0, 7.0) }, Vec2::new(0.0, 10.0), Vec2::ZERO, 0.0);
    /// let (piece, toi) = set.cast(&runner, Vec2::new(0.0, -8.0)).unwrap();
    /// assert_eq!(piece, 0);
    /// assert!((runner.position.y - 8.0 * toi.fraction - 7.0 - 0.02).abs() < 1e-3); // stops a skin above
    /// # Ok::<(), TerrainError>(())
    /// ```
    pub fn cast(&self, body: &Body, motion: Vec2) -> Option<(usize, Toi)> {
        first_impact(self, body, motion, &mut SpanCache::default(), &[])
    }
}
