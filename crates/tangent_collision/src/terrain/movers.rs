//! Movers: groups of terrain pieces that move as one rigid body (a lift, a
//! swinging bridge, a turning paddle), kinematic terrain whose pose the
//! caller sets each step.
//!
//! A mover's pieces are kept in its local frame, about its pivot, and
//! placed at each pose by moving their control points ([`Terrain::posed`]:
//! exact for Béziers up to one `f32` rounding per control point). Placed,
//! they are pieces of the set like any other: every query and the step see
//! them where they are now. The fixed pieces' grid is left alone: a mover
//! has its own spans and a box around them, which a query checks before
//! its spans (the movers' broad phase). The joints between a mover's own
//! pieces are found again at each pose, so a chain of curves that moves
//! stays seam-free; a mover never joins the fixed terrain or another mover.

use glam::Vec2;

use super::joints::{JointScratch, find_joints_into};
use super::piece::{MAX_COORD, TerrainError, TerrainPiece, check_shape};
use super::spans::{BoxedRange, piece_spans};
use crate::geometry::{Pose, Rect, Terrain};
use crate::query::JointEnds;

/// A group of terrain pieces that moves rigidly: its pieces in local
/// coordinates (about the pivot, the local origin) and where they are
/// ([`Pose`]). Given to [`TerrainSet::with_movers`](super::TerrainSet::with_movers); moved with
/// [`TerrainSet::set_mover_pose`](super::TerrainSet::set_mover_pose).
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::geometry::Pose;
/// // A 64 px lift whose top is at y = 10, about its middle.
/// let top = TerrainPiece::solid(Segment::new(Vec2::new(-32.0, 10.0), Vec2::new(32.0, 10.0)));
/// let lift = Mover::around(Vec2::new(0.0, 10.0), vec![top]);
/// let mut set = TerrainSet::with_movers(vec![], vec![lift])?;
/// assert_eq!(set.mover_pieces(0), 0..1);
/// set.set_mover_pose(0, Pose::new(Vec2::new(0.0, 50.0), 0.0))?;
/// assert_eq!(set.piece(0).shape.point(0.5), Vec2::new(0.0, 50.0));
/// assert_eq!(set.mover_of(0), Some(0));
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    /// The pieces in local coordinates.
    pub pieces: Vec<TerrainPiece>,
    /// Where they are at first.
    pub pose: Pose,
    /// Stop short rather than crush a body (see `dynamics::movers`).
    pub stops_when_blocked: bool,
    /// Turn its riders' own velocities with it (see `dynamics::movers`):
    /// a body sliding along a turning paddle keeps sliding along it.
    pub turns_riders: bool,
}

impl Mover {
    /// A mover of `pieces` given where they are now (world coordinates),
    /// turning about `pivot`: its local frame is the world shifted to the
    /// pivot, its pose `(pivot, 0)`.
    pub fn around(pivot: Vec2, pieces: Vec<TerrainPiece>) -> Mover {
        let shift = Pose::new(-pivot, 0.0);
        let pieces = pieces
            .into_iter()
            .map(|p| TerrainPiece {
                shape: p.shape.posed(&shift),
                ..p
            })
            .collect();
        Mover {
            pieces,
            pose: Pose::new(pivot, 0.0),
            stops_when_blocked: false,
            turns_riders: false,
        }
    }

    /// The farthest any of its control points lies from the pivot, px: no
    /// point of it is farther (a Bézier lies in its control points' hull).
    pub fn reach(&self) -> f32 {
        self.pieces
            .iter()
            .flat_map(|p| p.shape.control_points())
            .map(Vec2::length)
            .fold(0.0, f32::max)
    }

    /// The same mover, stopping short of a pose that would crush a body
    /// (a door that waits, a lift that turns back) rather than crushing it.
    pub fn stops_when_blocked(mut self) -> Mover {
        self.stops_when_blocked = true;
        self
    }

    /// The same mover, turning its riders' own velocities as it turns
    /// (their places turn with it either way).
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let plank = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::new(100.0, 0.0)));
    /// let m = Mover::around(Vec2::new(50.0, 0.0), vec![plank]).turns_riders();
    /// assert!(m.turns_riders && !m.stops_when_blocked);
    /// ```
    pub fn turns_riders(mut self) -> Mover {
        self.turns_riders = true;
        self
    }
}

/// A mover inside a set: its pieces' local shapes, where they are, their
/// spans and the box around those.
#[derive(Clone, Debug)]
pub(crate) struct MoverState {
    /// Index of its first piece in the set.
    pub(super) first: usize,
    pub(super) local: Vec<Terrain>,
    pub(super) pose: Pose,
    pub(super) spans: Vec<BoxedRange>,
    pub(super) aabb: Rect,
    /// The farthest any of its control points lies from the pivot: no
    /// point of it is farther (a Bézier lies in its control points' hull).
    pub(super) reach: f32,
    pub(super) stops_when_blocked: bool,
    pub(super) turns_riders: bool,
    /// [`MoverState::place`]'s lists: the pieces posed, and the joints'.
    placed: Vec<Terrain>,
    joint_scratch: JointScratch,
}

impl MoverState {
    pub(super) fn new(first: usize, mover: &Mover) -> MoverState {
        let local: Vec<Terrain> = mover.pieces.iter().map(|p| p.shape).collect();
        let reach = mover.reach();
        MoverState {
            first,
            local,
            pose: mover.pose,
            spans: Vec::new(),
            aabb: Rect::EMPTY,
            reach,
            stops_when_blocked: mover.stops_when_blocked,
            turns_riders: mover.turns_riders,
            placed: Vec::new(),
            joint_scratch: JointScratch::default(),
        }
    }
}

impl MoverState {
    /// Places mover `g` (these are its `pieces` and their `joints`, as
    /// the set holds them) at `pose`: its pieces, spans, box and joints. A
    /// non-finite pose, or one that takes a control point past
    /// [`TerrainPiece::MAX_COORD`], is refused and nothing changes.
    pub(super) fn place(
        &mut self,
        g: usize,
        pose: Pose,
        pieces: &mut [TerrainPiece],
        joints: &mut [JointEnds],
    ) -> Result<(), TerrainError> {
        self.check(g, pose)?;
        let turn = pose.turn();
        self.placed.clear();
        (self.placed).extend(self.local.iter().map(|s| s.posed_turned(&pose, turn)));
        self.pose = pose;
        self.spans.clear();
        self.aabb = Rect::EMPTY;
        for (k, &placed) in self.placed.iter().enumerate() {
            pieces[k].shape = placed;
            piece_spans(&mut self.spans, self.first + k, &placed);
        }
        for span in &self.spans {
            self.aabb = self.aabb.union(span.aabb);
        }
        find_joints_into(pieces, joints, &mut self.joint_scratch);
        Ok(())
    }

    /// Whether mover `g` may stand at `pose` (what [`MoverState::place`]
    /// refuses), without placing it.
    pub(super) fn check(&self, g: usize, pose: Pose) -> Result<(), TerrainError> {
        if !pose.is_finite() {
            return Err(TerrainError::BadPose { mover: g, pose });
        }
        // Every control point lies within `reach` of the pivot: a pivot
        // that far inside the limit (and a pixel for rounding) keeps them
        // all inside.
        let room = MAX_COORD - 1.0 - 1.001 * self.reach;
        if pose.translation.abs().max_element() < room {
            return Ok(());
        }
        let turn = pose.turn();
        for (k, s) in self.local.iter().enumerate() {
            check_shape(self.first + k, &s.posed_turned(&pose, turn))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::random_curve;
    use crate::prelude::*;

    /// A pose is refused exactly where posing each piece and checking it
    /// refuses it (the same error), the quick answer for a pivot far
    /// inside the limit included: 400 movers of 1–4 random curves up to
    /// 2 000 px, 50 poses each with the pivot anywhere within ±1.2 limits
    /// (a fifth of them within one reach of it) and any turn.
    #[test]
    fn a_pose_is_refused_exactly_where_its_pieces_would_be() {
        let mut f = crate::poly::testing::unit_rng(0xB7E1_5162_8AED_2A6B);
        let (mut refused, mut quick, mut near) = (0, 0, 0);
        for m in 0..400 {
            let pieces: Vec<TerrainPiece> = (0..1 + (4.0 * f()) as usize % 4)
                .map(|k| TerrainPiece::solid(random_curve(&mut f, k, 2000.0)))
                .collect();
            let mover = Mover::around(Vec2::ZERO, pieces);
            let state = MoverState::new(3, &mover);
            for _ in 0..50 {
                let (u, v, w, z) = (f(), 2.0 * f() - 1.0, 2.0 * f() - 1.0, 2.0 * f() - 1.0);
                let limit = MAX_COORD as f64;
                let pivot = if u < 0.2 {
                    let edge = limit - v * state.reach as f64;
                    Vec2::new((edge * w.signum()) as f32, (z * limit) as f32)
                } else {
                    Vec2::new((1.2 * v * limit) as f32, (1.2 * w * limit) as f32)
                };
                let pose = Pose::new(pivot, (10.0 * z) as f32);
                let direct =
                    state.local.iter().enumerate().try_for_each(|(k, s)| {
                        check_shape(3 + k, &s.posed_turned(&pose, pose.turn()))
                    });
                assert_eq!(state.check(m, pose), direct, "mover {m} at {pose:?}");
                refused += usize::from(direct.is_err());
                let room = MAX_COORD - 1.0 - 1.001 * state.reach;
                quick += usize::from(pose.translation.abs().max_element() < room);
                near += usize::from((pivot.abs().max_element() - MAX_COORD).abs() < state.reach);
            }
        }
        println!(
            "20 000 poses: {refused} refused, {quick} answered at once, {near} within a reach of the limit"
        );
        assert!(
            refused > 3000 && quick > 3000 && near > 2000,
            "{refused} {quick} {near}"
        );
    }

    /// Moving a mover moves what queries find: nothing where it was,
    /// its pieces where it is, each at the moved points; the fixed pieces
    /// stay where they were.
    #[test]
    fn queries_find_a_mover_where_it_is() {
        let floor =
            TerrainPiece::solid(Segment::new(Vec2::new(-500.0, 0.0), Vec2::new(500.0, 0.0)));
        let arch = TerrainPiece::solid(CubicBezier::new(
            Vec2::new(-40.0, 100.0),
            Vec2::new(-20.0, 140.0),
            Vec2::new(20.0, 140.0),
            Vec2::new(40.0, 100.0),
        ));
        let mover = Mover::around(Vec2::new(0.0, 100.0), vec![arch]);
        let mut set = TerrainSet::with_movers(vec![floor], vec![mover]).unwrap();
        let mut out = Vec::new();
        set.query(Rect::new(-50.0, 90.0, 50.0, 150.0), &mut out);
        assert_eq!(out, vec![1]);
        let id = set.id();
        let pose = Pose::new(Vec2::new(300.0, 200.0), 1.0);
        set.set_mover_pose(0, pose).unwrap();
        assert_ne!(set.id(), id);
        set.query(Rect::new(-50.0, 90.0, 50.0, 150.0), &mut out);
        assert!(out.is_empty(), "{out:?}");
        let mid = set.piece(1).shape.point(0.5);
        let want = pose.apply(arch.shape.point(0.5) - Vec2::new(0.0, 100.0));
        assert!((mid - want).length() < 1e-3, "{mid} {want}");
        set.query(Rect::from_center_half_size(mid, Vec2::ONE), &mut out);
        assert_eq!(out, vec![1]);
        set.query(Rect::new(-10.0, -1.0, 10.0, 1.0), &mut out);
        assert_eq!(out, vec![0]);
    }

    /// A chain of pieces in a mover knows its joint at every pose (the
    /// joint's directions turn with it); a mover resting on the floor does
    /// not join it.
    #[test]
    fn a_movers_joints_turn_with_it_and_never_reach_the_fixed_pieces() {
        let floor =
            TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
        let a = TerrainPiece::solid(Segment::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)));
        let b = TerrainPiece::solid(Segment::new(Vec2::new(10.0, 0.0), Vec2::new(20.0, 5.0)));
        let mut set =
            TerrainSet::with_movers(vec![floor], vec![Mover::around(Vec2::ZERO, vec![a, b])])
                .unwrap();
        assert!(set.joint_ends(0)[0].neighbours().is_empty());
        for k in 0..8 {
            let angle = k as f32 * 0.8;
            set.set_mover_pose(0, Pose::new(Vec2::new(5.0, 0.0), angle))
                .unwrap();
            let ahead = set.joint_ends(1)[1].neighbours();
            let want = Vec2::from_angle(angle).rotate(Vec2::new(10.0, 5.0).normalize());
            assert_eq!(ahead.len(), 1, "{k}");
            assert!((ahead[0] - want).length() < 1e-5, "{k}: {ahead:?} {want}");
        }
    }

    /// A pose that is not finite or takes a point out of range is refused
    /// and leaves the mover where it was.
    #[test]
    fn bad_poses_are_refused() {
        let bar = TerrainPiece::solid(Segment::new(Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0)));
        let mut set =
            TerrainSet::with_movers(vec![], vec![Mover::around(Vec2::ZERO, vec![bar])]).unwrap();
        let before = set.piece(0).shape;
        let e = set
            .set_mover_pose(0, Pose::new(Vec2::new(f32::NAN, 0.0), 0.0))
            .unwrap_err();
        assert!(e.to_string().contains("mover 0"), "{e}");
        let e = set
            .set_mover_pose(0, Pose::new(Vec2::new(16380.0, 0.0), 0.0))
            .unwrap_err();
        assert!(matches!(e, TerrainError::TooFar { piece: 0, .. }), "{e}");
        assert_eq!(set.piece(0).shape, before);
        assert_eq!(set.mover_of(0), Some(0));
        assert_eq!(set.mover_of(1), None);
    }
}
