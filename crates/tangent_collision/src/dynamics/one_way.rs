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
    let d = piece.shape.derivative(t);
    let left = if d.length_squared() > 0.0 {
        d.perp()
    } else {
        Vec2::Y
    };
    (body.position - piece.shape.point(t)).dot(left) > 0.0 && motion.dot(left) < 0.0
}
