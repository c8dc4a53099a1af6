//! The one-way rule: a one-way piece holds a body only from its left
//! (normal) side, moving against that normal, and never one already
//! overlapping it (which is passing through) or dropping through.

use glam::Vec2;

use super::body::Body;
use crate::query::shape_crossings;
use crate::terrain::TerrainPiece;

/// `true` when a one-way piece blocks `body` about to move by `motion`: the
/// body is not dropping through, does not overlap the piece, is on its left
/// (normal) side, and moves against that normal.
pub(super) fn one_way_blocks(piece: &TerrainPiece, body: &Body, motion: Vec2) -> bool {
    if body.drop_through {
        return false;
    }
    let pc = piece.shape.bernstein().power();
    let c = body.position.as_dvec2();
    if !shape_crossings(&pc, &body.shape, c, 0.0).is_empty() {
        return false;
    }
    let t = piece.shape.closest_t(body.position);
    let left = piece.holding_side(t);
    (body.position - piece.shape.point(t)).dot(left) > 0.0 && motion.dot(left) < 0.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{ActorShape, QuadBezier, Segment};

    fn ball(at: Vec2) -> Body {
        Body::new(ActorShape::Circle { radius: 5.0 }, at, Vec2::ZERO, 0.0)
    }

    /// A platform drawn right to left holds from below: its left side (the
    /// perpendicular of its direction) faces down, not up.
    #[test]
    fn the_side_that_holds_is_the_left_of_the_pieces_direction() {
        let reversed = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(Segment::new(Vec2::new(100.0, 0.0), Vec2::new(-100.0, 0.0)))
        };
        let down = Vec2::new(0.0, -10.0);
        assert!(!one_way_blocks(
            &reversed,
            &ball(Vec2::new(0.0, 20.0)),
            down
        ));
        assert!(one_way_blocks(
            &reversed,
            &ball(Vec2::new(0.0, -20.0)),
            -down
        ));
        let forward = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)))
        };
        assert!(one_way_blocks(&forward, &ball(Vec2::new(0.0, 20.0)), down));
        assert!(!one_way_blocks(
            &forward,
            &ball(Vec2::new(0.0, -20.0)),
            -down
        ));
        // Both conditions, not either: above moving up, below moving down,
        // and above moving along it are not held.
        assert!(!one_way_blocks(
            &forward,
            &ball(Vec2::new(0.0, 20.0)),
            -down
        ));
        assert!(!one_way_blocks(
            &forward,
            &ball(Vec2::new(0.0, -20.0)),
            down
        ));
        assert!(!one_way_blocks(
            &forward,
            &ball(Vec2::new(0.0, 20.0)),
            Vec2::X
        ));
        // A point body on the line itself is on neither side: passing.
        let point = Body::new(
            ActorShape::Circle { radius: 0.0 },
            Vec2::ZERO,
            Vec2::ZERO,
            0.0,
        );
        assert!(!one_way_blocks(&forward, &point, down));
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
        let beyond_the_end = ball(Vec2::new(-103.0, 8.0));
        assert_eq!(piece.shape.closest_t(beyond_the_end.position), 0.0);
        assert!(one_way_blocks(
            &piece,
            &beyond_the_end,
            Vec2::new(0.0, -10.0)
        ));
        assert!(!one_way_blocks(
            &piece,
            &beyond_the_end,
            Vec2::new(0.0, 10.0)
        ));
    }
}
