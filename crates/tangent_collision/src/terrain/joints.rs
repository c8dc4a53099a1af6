//! Finding the joints of a set of pieces: which ends lie within
//! [`JOINT_TOLERANCE`] of other pieces' ends, and in which direction each of
//! those neighbours leaves the joint (see [`query::joint`](crate::query) for
//! how contacts use them).
//!
//! The ends are sorted by `x`, so each end looks only at the ends whose `x`
//! is within the tolerance: `O(n log n)` for `n` pieces.

use glam::Vec2;

use super::piece::TerrainPiece;
use crate::query::{EndJoint, JOINT_TOLERANCE, JointEnds};

/// The unit direction in which a piece leaves its end `e` (0 or 1), into
/// the piece; `None` for a piece that is a point.
fn leaving(piece: &TerrainPiece, e: usize) -> Option<Vec2> {
    let into = piece.shape.bernstein().power().end_direction(e == 1)?;
    let unit = into.normalize_or_zero().as_vec2();
    (unit != Vec2::ZERO).then_some(unit)
}

/// The lists [`find_joints_into`] keeps between calls: the pieces' ends
/// and their leaving directions once worked out.
#[derive(Clone, Debug, Default)]
pub(super) struct JointScratch {
    ends: Vec<(Vec2, usize, usize)>,
    directions: Vec<[Option<Option<Vec2>>; 2]>,
}

/// For each piece, its two ends' joints: every other piece end within
/// [`JOINT_TOLERANCE`], as the direction that piece leaves the joint in.
/// A piece's two ends meet each other only through a closed piece (a loop).
pub(super) fn find_joints(pieces: &[TerrainPiece]) -> Vec<JointEnds> {
    let mut joints = vec![[EndJoint::FREE; 2]; pieces.len()];
    find_joints_into(pieces, &mut joints, &mut JointScratch::default());
    joints
}

/// [`find_joints`] written into `joints` (one per piece), with lists kept
/// in `scratch` (a mover finds its joints at every pose).
pub(super) fn find_joints_into(
    pieces: &[TerrainPiece],
    joints: &mut [JointEnds],
    scratch: &mut JointScratch,
) {
    let ends = &mut scratch.ends;
    ends.clear();
    for (i, p) in pieces.iter().enumerate() {
        let pts = p.shape.control_points();
        ends.push((pts[0], i, 0));
        ends.push((pts[pts.len() - 1], i, 1));
    }
    ends.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
    // Each end's leaving direction, worked out the first time it meets
    // another (most ends of a lone or scattered piece never do).
    let directions = &mut scratch.directions;
    directions.clear();
    directions.resize(pieces.len(), [None; 2]);
    let mut direction =
        |i: usize, e: usize| *directions[i][e].get_or_insert_with(|| leaving(&pieces[i], e));
    joints.fill([EndJoint::FREE; 2]);
    for (k, &(at, i, e)) in ends.iter().enumerate() {
        for &(other, j, f) in ends[k + 1..].iter() {
            if other.x - at.x > JOINT_TOLERANCE {
                break;
            }
            if (other - at).length() > JOINT_TOLERANCE || (i, e) == (j, f) {
                continue;
            }
            if let Some(d) = direction(j, f) {
                joints[i][e].push(d);
            }
            if let Some(d) = direction(i, e) {
                joints[j][f].push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{CubicBezier, QuadBezier, Segment};

    fn seg(a: (f32, f32), b: (f32, f32)) -> TerrainPiece {
        TerrainPiece::solid(Segment::new(Vec2::new(a.0, a.1), Vec2::new(b.0, b.1)))
    }

    #[test]
    fn a_chain_knows_its_neighbours_and_its_free_ends() {
        let pieces = [
            seg((0.0, 0.0), (10.0, 0.0)),
            // Reversed: its end at t = 1 meets the first piece's end.
            seg((20.0, 5.0), (10.0, 0.004)),
            TerrainPiece::solid(QuadBezier::new(
                Vec2::new(20.0, 5.0),
                Vec2::new(25.0, 10.0),
                Vec2::new(30.0, 5.0),
            )),
        ];
        let j = find_joints(&pieces);
        assert!(j[0][0].is_free() && j[2][1].is_free());
        let up = Vec2::new(10.0, 5.0).normalize();
        assert!((j[0][1].neighbours()[0] - up).length() < 1e-3);
        assert_eq!(j[1][1].neighbours(), &[Vec2::NEG_X]);
        assert_eq!(j[1][0].neighbours(), &[Vec2::new(1.0, 1.0).normalize()]);
        assert!((j[2][0].neighbours()[0] - -up).length() < 1e-3);
    }

    /// Ends exactly the tolerance apart along x meet (`≤`, not `<`).
    #[test]
    fn ends_exactly_the_tolerance_apart_meet() {
        let pieces = [
            seg((-10.0, 0.0), (0.0, 0.0)),
            seg((JOINT_TOLERANCE, 0.0), (10.0, 0.0)),
        ];
        assert_eq!(pieces[1].shape.control_points()[0].x - 0.0, JOINT_TOLERANCE);
        let j = find_joints(&pieces);
        assert!(!j[0][1].is_free() && !j[1][0].is_free());
        assert!(j[0][0].is_free() && j[1][1].is_free());
    }

    #[test]
    fn ends_farther_apart_than_the_tolerance_stay_free() {
        let j = find_joints(&[seg((0.0, 0.0), (10.0, 0.0)), seg((10.02, 0.0), (20.0, 0.0))]);
        assert!(j.iter().flatten().all(EndJoint::is_free));
    }

    #[test]
    fn a_closed_piece_is_its_own_neighbour_and_a_point_piece_has_no_direction() {
        let loop_ = TerrainPiece::solid(CubicBezier::new(
            Vec2::ZERO,
            Vec2::new(50.0, 50.0),
            Vec2::new(-50.0, 50.0),
            Vec2::ZERO,
        ));
        let dot = seg((100.0, 0.0), (100.0, 0.0));
        let j = find_joints(&[loop_, dot, seg((100.0, 0.0), (110.0, 0.0))]);
        assert_eq!(j[0][0].neighbours().len(), 1);
        assert_eq!(j[0][1].neighbours().len(), 1);
        // The point piece is seen by no one, but sees the segment.
        assert!(j[2][0].is_free());
        assert_eq!(j[1][0].neighbours(), &[Vec2::X]);
    }
}
