//! Joints: what a piece knows about the pieces that meet it at each end, and
//! the rule that keeps a contact at a joint from bumping.
//!
//! A body sliding along a chain of separate pieces (a hill drawn as several
//! curves, a ramp of segments) touches, near a joint, the end of the piece it
//! is leaving or the end of the piece it is coming onto. Seen alone, an end is
//! a point, and a contact with a point pushes along the radius from it: a body
//! gliding over a straight joint gets a normal tilted back against its motion
//! and hops (the "ghost collision" Box2D, Godot, avian and parry users meet).
//!
//! (The method in full is on `joint_contact`.)

use glam::{DVec2, Vec2};

/// Ends closer than this (px) are joined: the surface runs from one piece
/// onto the other.
pub(crate) const JOINT_TOLERANCE: f32 = 0.01;

/// Most neighbours one end keeps (tile corners have at most three).
pub(super) const MAX_NEIGHBOURS: usize = 3;

/// The pieces that meet one end of a piece: the unit directions in which
/// each leaves the joint. Empty for a free end.
///
/// ```
/// use tangent_collision::prelude::*;
/// // Two collinear segments meeting at (10, 0).
/// let a = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::new(10.0, 0.0)));
/// let b = TerrainPiece::solid(Segment::new(Vec2::new(10.0, 0.0), Vec2::new(20.0, 0.0)));
/// let set = TerrainSet::new(vec![a, b])?;
/// assert!(set.joint_ends(0)[0].is_free());
/// assert_eq!(set.joint_ends(0)[1].neighbours(), &[Vec2::X]);
/// assert_eq!(set.joint_ends(1)[0].neighbours(), &[Vec2::NEG_X]);
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EndJoint {
    dirs: [Vec2; MAX_NEIGHBOURS],
    count: u8,
}

/// A piece's two ends: `[at t = 0, at t = 1]`.
pub(crate) type JointEnds = [EndJoint; 2];

/// Both ends free.
pub(super) const FREE_ENDS: JointEnds = [EndJoint::FREE; 2];

impl EndJoint {
    /// An end no other piece meets.
    pub const FREE: EndJoint = EndJoint {
        dirs: [Vec2::ZERO; MAX_NEIGHBOURS],
        count: 0,
    };

    /// Adds a neighbour leaving the joint along `dir` (unit); one past
    /// [`MAX_NEIGHBOURS`] is ignored.
    pub fn push(&mut self, dir: Vec2) {
        if (self.count as usize) < MAX_NEIGHBOURS {
            self.dirs[self.count as usize] = dir;
            self.count += 1;
        }
    }

    /// The directions the neighbours leave the joint along.
    pub fn neighbours(&self) -> &[Vec2] {
        &self.dirs[..self.count as usize]
    }

    pub fn is_free(&self) -> bool {
        self.count == 0
    }
}

/// Below this angle (radians) past straight on, a joint still counts as
/// smooth rather than a convex corner: rounding of typed coordinates.
const SMOOTH_ANGLE: f64 = 1e-6;

/// The angle of `d` in the end's frame (see the module docs), in `[0, 2π)`.
fn angle(d: DVec2, back: DVec2, side: DVec2) -> f64 {
    let a = d.dot(side).atan2(d.dot(back));
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

/// A contact at an exposed end, by the joint rule: its normal, and whether
/// the neighbour the body lies over covers it (a smooth or concave joint:
/// the neighbour's own contact holds the body, so a caller summing contacts,
/// support or depenetration, skips this one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EndContact {
    pub normal: DVec2,
    pub covered: bool,
}

/// Tangent follows Box2D v3's chain shapes ("ghost vertices"): an end knows
/// the directions in which its neighbours leave the joint, and a contact at
/// the end keeps a normal of its own only where the surface really has a
/// corner there. In the frame of the end, with `u` the direction past the end
/// (`B'(1)` or `-B'(0)`) and `m` the piece's normal on the body's side, angles
/// `φ` are measured from `-u` (back along the piece) through `m` (`φ = π/2`)
/// to `u` (`φ = π`) and on round. The free space next to the end on the body's
/// side is the wedge from `φ = 0` to the first neighbour met, at `φ₁`:
/// - `φ₁ ≤ π` (the surface continues straight on, or bends toward the body,
///   a concave joint): the end is no corner. The body lies over the
///   neighbour, whose own contact holds it: this one is *covered* (support
///   and depenetration skip it, as Box2D drops it) and a sweep that meets it
///   gets the neighbour's face normal, never a radius from the end.
/// - `φ₁ > π` (the surface falls away: a convex corner): the end is a corner,
///   and the point normal (radial for a circle, the nearest face's for a rect)
///   is kept when it lies between the two faces' normals, `φ ∈ [π/2, φ₁ - π/2]`,
///   and clamped to the nearer face's normal otherwise.
/// - No neighbour (a free end, a ledge): the point normal, as before.
///   The face normal is the one on the body's side of the neighbour's line:
///   a body past the neighbour (the wedge up to it is the solid between the
///   pieces, as at a spike's tip met from outside) gets the other face's.
///   Before, a circle clipping a 37° spike from outside was told the
///   normal facing into the spike.
///
/// A resting circle whose hits on a piece run up to a joint is supported
/// along the radial direction from the surface's nearest point instead of
/// the normal at its mean hit (cut off by the end, that mean lies off the
/// point under it); see `dynamics::support`.
///
/// Ends meet when they lie within [`JOINT_TOLERANCE`] of each other (G0);
/// whether the joint is smooth (G1) or a corner follows from the angles, so a
/// chain typed by hand with a tangent off by a hair behaves as smooth.
///
/// The contact at an exposed end (the body beyond it), given `out` (the
/// direction past the end), `to_body` (from the end to the body's centre),
/// `point_normal` (the normal the end alone would give) and the end's
/// joint. See the module docs for the rule; at a smooth or concave joint the
/// normal is the neighbour's face normal there.
pub(crate) fn joint_contact(
    joint: &EndJoint,
    out: DVec2,
    to_body: DVec2,
    point_normal: DVec2,
) -> EndContact {
    let point = EndContact {
        normal: point_normal,
        covered: false,
    };
    if joint.is_free() || out.length_squared() == 0.0 {
        return point;
    }
    let out = out.normalize();
    let mut side = out.perp();
    let s = to_body.dot(side);
    let s = if s != 0.0 { s } else { point_normal.dot(side) };
    if s < 0.0 {
        side = -side;
    }
    let back = -out;
    let (first, next) = joint
        .neighbours()
        .iter()
        .map(|d| (angle(d.as_dvec2(), back, side), d.as_dvec2()))
        .fold(
            (f64::INFINITY, DVec2::ZERO),
            |a, b| if b.0 < a.0 { b } else { a },
        );
    use std::f64::consts::{FRAC_PI_2, PI};
    // The neighbour's face normal: its direction turned a quarter back
    // toward `-u` in the frame (exactly, without the angle's rounding).
    let handed = side.dot(back.perp()).signum();
    let other_face = -handed * next.perp();
    if first <= PI + SMOOTH_ANGLE {
        // On the body's side of the neighbour's line: a body past the
        // neighbour (a spike's tip met from outside, where the wedge up to
        // the neighbour is the spike's solid) is on its other face.
        let normal = if other_face.dot(to_body) < 0.0 {
            -other_face
        } else {
            other_face
        };
        return EndContact {
            normal,
            covered: true,
        };
    }
    let a = angle(point_normal, back, side);
    let normal = if a < FRAC_PI_2 {
        side
    } else if a > first - FRAC_PI_2 {
        other_face
    } else {
        point_normal
    };
    EndContact {
        normal,
        covered: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A joint keeps at most `MAX_NEIGHBOURS` directions; more are ignored.
    #[test]
    fn a_joint_keeps_at_most_its_room_of_neighbours() {
        let mut end = EndJoint::FREE;
        for k in 0..MAX_NEIGHBOURS + 2 {
            end.push(Vec2::from_angle(k as f32));
        }
        assert_eq!(end.neighbours().len(), MAX_NEIGHBOURS);
        assert_eq!(end.neighbours()[0], Vec2::from_angle(0.0));
    }

    fn joint(dirs: &[Vec2]) -> EndJoint {
        let mut j = EndJoint::FREE;
        for d in dirs {
            j.push(*d);
        }
        j
    }

    /// The end of a floor running along +x at the origin, body up and to
    /// the right of it: radial normal (1, 1)/√2.
    fn at_floor_end(j: &EndJoint) -> DVec2 {
        let radial = DVec2::new(1.0, 1.0).normalize();
        joint_contact(j, DVec2::X, DVec2::new(3.0, 3.0), radial).normal
    }

    fn near(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < 1e-6
    }

    /// A free end keeps its point normal wherever the body is, behind the
    /// end (its normal pointing back along the piece) too.
    #[test]
    fn a_free_end_keeps_the_point_normal_behind_it_too() {
        let pn = DVec2::new(-1.0, 3.0).normalize();
        let c = joint_contact(&EndJoint::FREE, DVec2::X, DVec2::new(-1.0, 3.0), pn);
        assert_eq!((c.normal, c.covered), (pn, false));
    }

    /// A neighbour folding straight back along the piece (angle 0 in the
    /// end's frame, not 2π) covers the end: a body beyond it is over the
    /// neighbour's face (a spike of no width), which faces it.
    #[test]
    fn a_neighbour_folding_straight_back_covers_the_end() {
        let radial = DVec2::new(1.0, 1.0).normalize();
        let c = joint_contact(&joint(&[-Vec2::X]), DVec2::X, DVec2::new(3.0, 3.0), radial);
        assert!(c.covered && near(c.normal, DVec2::Y), "{c:?}");
    }

    /// A body past the first neighbour (beyond the tip of a spike, outside
    /// it) is covered by that neighbour, whose face normal on the body's
    /// side it gets, not the one facing into the spike.
    #[test]
    fn a_body_past_a_spikes_tip_gets_the_other_faces_outer_normal() {
        // An arch's end going up-right, the other face leaving down-left
        // 37° round from it on the body's side; the body right of the tip.
        let out = DVec2::new(0.814, 0.580).normalize();
        let other = Vec2::new(-0.30, -0.95).normalize();
        let to_body = DVec2::new(20.0, -2.0);
        let c = joint_contact(&joint(&[other]), out, to_body, to_body.normalize());
        let outer = DVec2::new(0.95, -0.30).normalize();
        assert!(c.covered && near(c.normal, outer), "{c:?}");
        assert!(c.normal.dot(to_body) > 0.0);
    }

    #[test]
    fn a_free_end_keeps_the_point_normal() {
        let n = at_floor_end(&EndJoint::FREE);
        assert!((n - DVec2::new(1.0, 1.0).normalize()).length() < 1e-12);
    }

    #[test]
    fn straight_on_and_concave_joints_are_covered_by_the_neighbour() {
        for d in [
            Vec2::X,
            Vec2::new(1.0, 0.5).normalize(),
            Vec2::new(1.0, 0.8).normalize(),
        ] {
            let radial = DVec2::new(1.0, 1.0).normalize();
            let c = joint_contact(&joint(&[d]), DVec2::X, DVec2::new(3.0, 3.0), radial);
            assert!(c.covered, "{d}");
            // The neighbour's face normal, on the body's side.
            assert!(near(c.normal, d.as_dvec2().perp()), "{d}: {c:?}");
        }
        // A wall going straight up: a body beyond the floor's end is past
        // the wall's line, on its right face.
        let radial = DVec2::new(1.0, 1.0).normalize();
        let c = joint_contact(&joint(&[Vec2::Y]), DVec2::X, DVec2::new(3.0, 3.0), radial);
        assert!(c.covered && near(c.normal, DVec2::X), "{c:?}");
        // A hair below straight on is still smooth.
        let hair = Vec2::new(1.0, -1e-8).normalize();
        assert!(near(at_floor_end(&joint(&[hair])), DVec2::Y));
    }

    #[test]
    fn convex_corners_keep_or_clamp_the_point_normal() {
        // A 90° ledge corner (the wall goes down): the radial normal is
        // between up and right, kept.
        let n = at_floor_end(&joint(&[Vec2::NEG_Y]));
        assert!((n - DVec2::new(1.0, 1.0).normalize()).length() < 1e-12);
        // A gentle convex bend of 10°: the radial normal at 45° lies past
        // the next face's normal (80°, from the +x axis), so it is clamped
        // to it.
        let down = Vec2::from_angle(-10f32.to_radians());
        let n = at_floor_end(&joint(&[down]));
        let face = DVec2::from_angle(80f64.to_radians());
        assert!((n - face).length() < 1e-6, "{n}");
    }

    #[test]
    fn the_first_neighbour_round_from_the_body_side_bounds_the_wedge() {
        // A wall going down and a floor going on: the floor closes the wedge.
        assert!(near(
            at_floor_end(&joint(&[Vec2::NEG_Y, Vec2::X])),
            DVec2::Y
        ));
    }

    #[test]
    fn a_body_below_mirrors_the_frame() {
        // The same floor end seen from below: a wall going up is convex.
        let radial = DVec2::new(1.0, -1.0).normalize();
        let to_body = DVec2::new(3.0, -3.0);
        let c = joint_contact(&joint(&[Vec2::Y]), DVec2::X, to_body, radial);
        assert!(near(c.normal, radial) && !c.covered);
        let c = joint_contact(&joint(&[Vec2::X]), DVec2::X, to_body, radial);
        assert!(near(c.normal, DVec2::NEG_Y) && c.covered);
    }
}
