//! Pushing a body out of terrain it overlaps at the start of a step (after a
//! terrain edit, a spawn on a surface, or rounding), and restoring the skin.
//!
//! For each solid piece the bare shape overlaps, or comes within a quarter
//! skin of, the body is pushed along that piece's contact normal by the
//! smallest distance that leaves the skin-grown shape clear of the piece:
//! for a circle by secant steps on its exact distance to the piece
//! (`circle_push`), for a rect (or a circle whose steps do not settle) by
//! bisection on the exact overlap test. A one-way piece pushes only a body
//! within its skin on its holding side, to restore the skin; a body that
//! overlaps one (or drops through it) is passing through it. A body whose centre is inside solid tiles goes out
//! through the nearest edge first (`inside`).
//!
//! (The method in full is on `depenetrate`.)

use glam::Vec2;

use super::inside::{first_clear, push_out, way_out};
use super::margins::SKIN;
use super::near::NearSpans;
use super::one_way;
use super::types::Body;
use crate::geometry::ActorShape;
use crate::geometry::PowerCurve;
use crate::query::{Hits, joined_contact};
use crate::query::{
    circle_box_clear, circle_clear_by, closest_with_critical, point_distance, shape_crossings,
    shape_crossings_given,
};
use crate::terrain::TerrainSet;

/// Most pieces resolved in one call.
const MAX_PASSES: usize = 4;

fn size_of(shape: &ActorShape) -> f32 {
    match *shape {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents } => half_extents.max_element(),
    }
}

/// A push against gravity is paid for from kinetic energy
/// (`½|v'|² = ½|v|² - (-g · Δp)`, never below zero): otherwise restoring the
/// skin on a slope, step after step, would pump energy into a sliding body.
///
/// Pushes `body` out of overlapped pieces; returns the total distance moved.
/// `near` holds [`NearSpans::query`] for the body on entry and is kept so: it
/// is queried again after each push.
pub(in crate::dynamics) fn depenetrate(
    set: &TerrainSet,
    body: &mut Body,
    gravity: Vec2,
    near: &mut NearSpans,
) -> f32 {
    let mut moved = 0.0;
    for _ in 0..MAX_PASSES {
        // Inside solid: out through the nearest boundary first.
        if let Some((piece, out, depth)) = way_out(set, &near.spans, body.position) {
            let push = push_out(set, body, piece, out, depth);
            moved += moved_along(body, out, push, gravity);
            near.query(set, body);
            continue;
        }
        let mut pushed = false;
        for near_span in &mut near.spans {
            let piece = set.piece(near_span.piece);
            if piece.one_way && body.drop_through {
                continue;
            }
            let span = &near_span.span;
            let c = body.position.as_dvec2();
            let grow = SKIN as f64 * 0.25;
            if let ActorShape::Circle { radius } = body.shape {
                // `circle_clear`, keeping the closest point for later.
                let r = radius as f64 + grow;
                let q = span.pc.translated(c);
                if circle_box_clear(&q, r) {
                    continue;
                }
                let (t, critical) = closest_with_critical(&q);
                let offset = q.eval(t);
                near_span.closest = Some(offset);
                near_span.critical = critical;
                if circle_clear_by(&q, r, offset) {
                    continue;
                }
            }
            let critical = near_span.critical.as_deref();
            let hits = shape_crossings_given(&span.pc, &body.shape, c, grow, critical);
            if hits.is_empty() {
                continue;
            }
            // A one-way piece the bare shape overlaps is being passed
            // through: it never pushes.
            if piece.one_way
                && !shape_crossings_given(&span.pc, &body.shape, c, 0.0, critical).is_empty()
            {
                continue;
            }
            let hits: Hits = hits.iter().map(|&s| span.piece_t(s) as f32).collect();
            // The push may move the body past the span's region: test the
            // whole piece while pushing.
            let pc = piece.shape.bernstein().power();
            let Some(contact) = joined_contact(
                &piece.shape,
                &hits,
                &body.shape,
                body.position,
                set.joint_ends(near_span.piece),
            ) else {
                continue;
            };
            if contact.covered {
                // The neighbour the body lies over holds it.
                continue;
            }
            let n = contact.normal.as_vec2();
            // Within the skin of a one-way piece from its holding side: the
            // skin is restored as from a solid one. Left closer, every chord
            // from there met it at once (a sweep keeps the skin), and a body
            // sliding down the inside of a one-way loop to the floor could
            // stop dead a thousandth of a pixel off it.
            if piece.one_way && !one_way::holds(piece, &hits, n, -n) {
                continue;
            }
            let clear = |d: f32| {
                let p = (body.position + n * d).as_dvec2();
                shape_crossings(&pc, &body.shape, p, SKIN as f64).is_empty()
            };
            let limit = 2.0 * size_of(&body.shape) + 4.0 * SKIN;
            let push = match body.shape {
                ActorShape::Circle { radius } => circle_push(&pc, body.position, n, radius, limit),
                ActorShape::Rect { .. } => None,
            }
            .unwrap_or_else(|| first_clear(0.0, limit, clear));
            moved += moved_along(body, n, push, gravity);
            pushed = true;
            break;
        }
        if !pushed {
            break;
        }
        near.query(set, body);
    }
    moved
}

/// Moves `body` by `push` along `n`, removes its velocity into `n`, and
/// pays a lift against gravity from its kinetic energy; returns `push`.
fn moved_along(body: &mut Body, n: Vec2, push: f32, gravity: Vec2) -> f32 {
    body.position += n * push;
    let vn = body.velocity.dot(n);
    if vn < 0.0 {
        body.velocity -= vn * n;
    }
    let lift = -gravity.dot(n * push);
    let speed2 = body.velocity.length_squared();
    if lift > 0.0 && speed2 > 0.0 {
        let scale = ((speed2 - 2.0 * lift).max(0.0) / speed2).sqrt();
        body.velocity *= scale;
    }
    push
}

/// The push along `n` that leaves a circle at `center` clear of `pc` by
/// the skin: a `d` in `[0, limit]` where the gap to the closest point,
/// `D(d) = |c + n d - B| - r - SKIN`, lies in `(0, SKIN / 20]`, by secant steps
/// from `d = 0` (`D` is 1-Lipschitz in `d` and has slope 1 along the normal
/// of a flat piece, so one or two steps land). Gaps are measured at the
/// `f32` position the push produces. `None` when the steps do not settle:
/// the caller bisects.
fn circle_push(pc: &PowerCurve, center: Vec2, n: Vec2, radius: f32, limit: f32) -> Option<f32> {
    let reach = radius as f64 + SKIN as f64;
    // Measured at the f32 position the push will produce.
    let gap = |d: f64| point_distance(pc, (center + n * d as f32).as_dvec2()) - reach;
    let (aim, band) = (0.025 * SKIN as f64, 0.05 * SKIN as f64);
    let (mut d0, mut f0) = (0.0, gap(0.0));
    let mut d1 = (aim - f0).clamp(0.0, limit as f64);
    for _ in 0..6 {
        let f1 = gap(d1);
        if f1 > 0.0 && f1 <= band {
            return Some(d1 as f32).filter(|d| d.is_finite());
        }
        let slope = (f1 - f0) / (d1 - d0);
        if slope.is_nan() || slope <= 0.1 {
            return None;
        }
        (d0, f0) = (d1, f1);
        d1 = (d1 + (aim - f1) / slope).clamp(0.0, limit as f64);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::random_curve;
    use crate::poly::testing::unit_rng;
    use crate::prelude::{Segment, TerrainPiece};
    use crate::query::closest_offset;

    /// The secant push against bisection on the exact closest-point test,
    /// for circles sunk 0.001 px to half their radius into random
    /// quadratics and cubics along the normal (where that point stays the
    /// closest one: no other branch of the curve nearer): where the secant settles it
    /// leaves the circle clear of the skin by at most `SKIN / 20` (its
    /// promise), with a push no more than one skin past the bisection's
    /// (they differ by `SKIN / 20` over the slope of the gap along the
    /// normal, which a concave curve makes shallow; where the ray leaves the
    /// curve and meets it again the bisection may settle on the later
    /// boundary, the secant on the first); it settles in nearly every case.
    #[test]
    fn circle_push_agrees_with_bisection() {
        let mut f = unit_rng(0xD1B5_4A32_D192_ED03);
        let (mut settled, mut cases) = (0, 0);
        for i in 0..3000 {
            let shape = random_curve(&mut f, i, 400.0);
            let pc = shape.bernstein().power();
            let (t, r) = (0.1 + 0.8 * f(), 2.0 + 10.0 * f());
            let normal = pc.deriv(t).perp().normalize_or_zero().as_vec2();
            let depth = 10f64.powf(-3.0 + f() * ((0.5 * r).log10() + 3.0));
            let center = (pc.eval(t) + normal.as_dvec2() * (r - depth)).as_vec2();
            let r = r as f32;
            let reach = r as f64 + SKIN as f64;
            let clear = |d: f32| point_distance(&pc, (center + normal * d).as_dvec2()) > reach;
            if point_distance(&pc, center.as_dvec2()) > reach {
                continue; // the curve bends away faster than the depth
            }
            let foot = closest_offset(&pc, center.as_dvec2()) + center.as_dvec2();
            if (foot - pc.eval(t)).length() > 1.0 {
                continue; // another branch of the curve is nearer: normal meaningless
            }
            let limit = 2.0 * r + 4.0 * SKIN;
            let (mut lo, mut hi) = (0.0f32, limit);
            if !clear(hi) {
                continue; // deeper than the body is wide along this ray
            }
            cases += 1;
            while hi - lo > SKIN * 0.01 {
                let mid = 0.5 * (lo + hi);
                if clear(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let Some(d) = circle_push(&pc, center, normal, r, limit) else {
                continue;
            };
            settled += 1;
            let gap = point_distance(&pc, (center + normal * d).as_dvec2()) - reach;
            assert!(
                gap > 0.0 && gap <= 0.05 * SKIN as f64,
                "case {i}: push {d} leaves a gap of {gap} beyond the skin"
            );
            assert!(d <= hi + SKIN, "case {i}: secant {d}, bisection {hi}");
        }
        assert!(cases > 1500, "only {cases} cases");
        assert!(settled * 100 >= cases * 99, "{settled} of {cases} settled");
    }

    #[test]
    fn a_sunk_circle_is_pushed_to_the_skin() {
        let floor = TerrainPiece::solid(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)));
        let set = TerrainSet::new(vec![floor]).unwrap();
        let mut body = Body::new(
            ActorShape::Circle { radius: 5.0 },
            Vec2::new(0.0, 3.0),
            Vec2::ZERO,
            0.0,
        );
        let mut near = NearSpans::default();
        near.query(&set, &body);
        depenetrate(&set, &mut body, Vec2::new(0.0, -900.0), &mut near);
        assert!(
            body.position.y >= 5.0 + SKIN && body.position.y < 5.0 + 1.1 * SKIN,
            "{}",
            body.position
        );
    }
}
