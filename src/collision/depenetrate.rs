//! Pushing a body out of terrain it overlaps at the start of a step (after a
//! terrain edit, a spawn on a surface, or rounding), and restoring the skin.
//!
//! For each solid piece the bare shape overlaps, or comes within a quarter
//! skin of, the body is pushed along that piece's contact normal by the
//! smallest distance, found by bisection, that leaves the skin-grown shape
//! clear of the piece. One-way pieces never push: a body inside one is
//! passing through it.
//!
//! A push against gravity is paid for from kinetic energy
//! (`½|v'|² = ½|v|² - (-g · Δp)`, never below zero): otherwise restoring the
//! skin on a slope, step after step, would pump energy into a sliding body.

use bevy::math::Vec2;

use super::broadphase::TerrainSet;
use super::motion::{Body, CONTACT_MARGIN, SKIN};
use super::query::{circle_clear, shape_crossings};
use super::shapes::ActorShape;
use super::sweep::contact_normal;

/// Most pieces resolved in one call.
const MAX_PASSES: usize = 4;

fn size_of(shape: &ActorShape) -> f32 {
    match *shape {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents } => half_extents.max_element(),
    }
}

/// The pieces near `body` that depenetration and support look at: those
/// whose boxes come within the contact margin and skin of the body's box.
pub fn query_near(set: &TerrainSet, body: &Body, out: &mut Vec<usize>) {
    let reach = CONTACT_MARGIN + SKIN;
    set.query(body.shape.aabb(body.position).inflate(reach), out);
}

/// Pushes `body` out of overlapped pieces; returns the total distance moved.
/// `near` holds [`query_near`] for the body on entry and is kept so: it is
/// queried again after each push.
pub fn depenetrate(set: &TerrainSet, body: &mut Body, gravity: Vec2, near: &mut Vec<usize>) -> f32 {
    let mut moved = 0.0;
    for _ in 0..MAX_PASSES {
        let scratch = &*near;
        let mut pushed = false;
        for &i in scratch.iter() {
            let piece = set.piece(i);
            if piece.one_way {
                continue;
            }
            let pc = piece.shape.bernstein().power();
            let c = body.position.as_dvec2();
            let grow = SKIN as f64 * 0.25;
            if let ActorShape::Circle { radius } = body.shape
                && circle_clear(&pc, c, radius as f64 + grow)
            {
                continue;
            }
            let hits = shape_crossings(&pc, &body.shape, c, grow);
            if hits.is_empty() {
                continue;
            }
            let hits: Vec<f32> = hits.iter().map(|&t| t as f32).collect();
            let Some(n) = contact_normal(&piece.shape, &hits, &body.shape, body.position) else {
                continue;
            };
            let clear = |d: f32| {
                let p = (body.position + n * d).as_dvec2();
                shape_crossings(&pc, &body.shape, p, SKIN as f64).is_empty()
            };
            let (mut lo, mut hi) = (0.0f32, 2.0 * size_of(&body.shape) + 4.0 * SKIN);
            if !clear(hi) {
                lo = hi; // deeper than the body is wide: push as far as we may
            }
            while hi - lo > SKIN * 0.05 {
                let mid = 0.5 * (lo + hi);
                if clear(mid) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let push = hi;
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
            moved += push;
            pushed = true;
            break;
        }
        if !pushed {
            break;
        }
        query_near(set, body, near);
    }
    moved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{Segment, TerrainPiece};

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
        let mut near = Vec::new();
        query_near(&set, &body, &mut near);
        depenetrate(&set, &mut body, Vec2::new(0.0, -900.0), &mut near);
        assert!(
            body.position.y >= 5.0 + SKIN && body.position.y < 5.0 + 1.1 * SKIN,
            "{}",
            body.position
        );
    }
}
