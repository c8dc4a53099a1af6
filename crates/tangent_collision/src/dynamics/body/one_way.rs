//! The one-way rule: a one-way piece holds a body only from its left
//! (normal) side, moving against that normal, and never one already
//! overlapping it (which is passing through) or dropping through.
//!
//! Both are judged where the body meets the piece: the contact's parameter
//! `t` and normal (facing the body). The body is on the holding side when
//! that normal leans the way of the piece's left there, `n · B'(t)⊥ > 0`,
//! and moves against it when `motion · B'(t)⊥ < 0`. Judged at the point of
//! the piece nearest the body's centre instead, a box meeting a tight dip
//! with one corner was judged by another part of the curve, whose normal
//! had turned away from the motion, and passed into it.

use glam::Vec2;

use super::types::Body;
use crate::query::{mean_hit, shape_crossings};
use crate::terrain::TerrainPiece;

/// `true` when `body` passes through a one-way piece whatever its motion:
/// it is dropping through, or its bare shape already overlaps the piece.
/// (A cheap test made before sweeping the piece.)
pub(in crate::dynamics) fn passes(piece: &TerrainPiece, body: &Body) -> bool {
    if body.drop_through {
        return true;
    }
    let pc = piece.shape.bernstein().power();
    !shape_crossings(&pc, &body.shape, body.position.as_dvec2(), 0.0).is_empty()
}

/// `true` when a one-way piece holds a body that does not [`passes`] it,
/// touching it at the parameters `hits` (read at their mean, as the
/// contact is) with contact normal `normal` (facing the body) and moving by
/// `motion`: the normal is on the piece's left there, and the motion goes
/// against it. With `motion = -normal` it says only whether the body is on
/// the holding side. `false` for no hits.
pub(in crate::dynamics) fn holds(
    piece: &TerrainPiece,
    hits: &[f32],
    normal: Vec2,
    motion: Vec2,
) -> bool {
    mean_hit(hits).is_some_and(|t| {
        let left = piece.holding_side(t as f32);
        normal.dot(left) > 0.0 && motion.dot(left) < 0.0
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{ActorShape, QuadBezier, Segment};

    fn ball(at: Vec2) -> Body {
        Body::new(ActorShape::Circle { radius: 5.0 }, at, Vec2::ZERO, 0.0)
    }

    /// A platform drawn right to left holds from below: its left side (the
    /// perpendicular of its direction) faces down, not up. Both conditions,
    /// not either: above moving up, below moving down, and above moving
    /// along it are not held.
    #[test]
    fn the_side_that_holds_is_the_left_of_the_pieces_direction() {
        let reversed = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(Segment::new(Vec2::new(100.0, 0.0), Vec2::new(-100.0, 0.0)))
        };
        let down = Vec2::new(0.0, -10.0);
        // From above (normal up) moving down: not held; from below: held.
        assert!(!holds(&reversed, &[0.5], Vec2::Y, down));
        assert!(holds(&reversed, &[0.5], -Vec2::Y, -down));
        let forward = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)))
        };
        assert!(holds(&forward, &[0.5], Vec2::Y, down));
        assert!(!holds(&forward, &[0.5], -Vec2::Y, -down));
        assert!(!holds(&forward, &[0.5], Vec2::Y, -down));
        assert!(!holds(&forward, &[0.5], -Vec2::Y, down));
        assert!(!holds(&forward, &[0.5], Vec2::Y, Vec2::X));
        // A normal along the piece (a body beside its end) is on neither side.
        assert!(!holds(&forward, &[1.0], Vec2::X, down));
        // No hits: no contact to hold at.
        assert!(!holds(&forward, &[], Vec2::Y, down));
    }

    /// A body overlapping the piece, or dropping through, passes it; one
    /// clear of it does not, nor does a point body on the line itself
    /// (it overlaps nothing: the side decides, at the contact).
    #[test]
    fn overlapping_or_dropping_bodies_pass() {
        let forward = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)))
        };
        assert!(passes(&forward, &ball(Vec2::new(0.0, 3.0))));
        assert!(!passes(&forward, &ball(Vec2::new(0.0, 5.5))));
        let mut dropping = ball(Vec2::new(0.0, 20.0));
        dropping.drop_through = true;
        assert!(passes(&forward, &dropping));
    }

    /// Where the piece's derivative vanishes (coincident control points at
    /// the end nearest the body) the side that holds is up.
    #[test]
    fn a_vanishing_derivative_holds_from_above() {
        let a = Vec2::new(-100.0, 0.0);
        let piece = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(QuadBezier::new(a, a, Vec2::new(100.0, 0.0)))
        };
        assert!(holds(
            &piece,
            &[0.0],
            Vec2::new(-0.6, 0.8),
            Vec2::new(0.0, -10.0)
        ));
        assert!(!holds(
            &piece,
            &[0.0],
            Vec2::new(-0.6, 0.8),
            Vec2::new(0.0, 10.0)
        ));
    }
}
