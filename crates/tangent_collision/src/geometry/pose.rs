//! A rigid motion of the plane ([`Pose`]: a turn about the origin, then a
//! shift) and a terrain piece carried by one ([`Terrain::posed`]).
//!
//! A Bézier curve is affine-invariant: the curve of the moved control
//! points is the moved curve. So a piece is moved exactly by moving its
//! 2–4 control points; the only error is each point's rounding to `f32`
//! (half an ulp of the coordinate: under 0.001 px inside
//! [`TerrainPiece::MAX_COORD`](crate::terrain::TerrainPiece::MAX_COORD)),
//! and every point of the curve, a convex combination of them, is off by no
//! more than that.

use glam::{DVec2, Vec2};

use super::shapes::Terrain;

/// Where a rigid body of terrain is: its local point `p` lies at
/// `R(angle) p + translation`, `R` the counter-clockwise turn by `angle`
/// radians. A mover's pieces are stored about its pivot (the local
/// origin), so `translation` is where the pivot is.
///
/// ```
/// use tangent_collision::geometry::Pose;
/// use glam::Vec2;
/// let quarter = Pose::new(Vec2::new(10.0, 0.0), std::f32::consts::FRAC_PI_2);
/// assert!((quarter.apply(Vec2::X) - Vec2::new(10.0, 1.0)).length() < 1e-6);
/// assert!((quarter.unapply(Vec2::new(10.0, 1.0)) - Vec2::X).length() < 1e-6);
/// // Where a point riding the pose moves from one pose to the next.
/// let later = Pose::new(Vec2::new(12.0, 0.0), std::f32::consts::PI);
/// let p = quarter.apply(Vec2::X);                       // (10, 1)
/// assert!((quarter.carry(&later, p) - Vec2::new(11.0, 0.0)).length() < 1e-5);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pose {
    pub translation: Vec2,
    pub angle: f32,
}

impl Pose {
    /// No turn, no shift.
    pub const IDENTITY: Pose = Pose {
        translation: Vec2::ZERO,
        angle: 0.0,
    };

    pub fn new(translation: Vec2, angle: f32) -> Self {
        Pose { translation, angle }
    }

    /// `true` when both fields are finite.
    pub fn is_finite(&self) -> bool {
        self.translation.is_finite() && self.angle.is_finite()
    }

    /// `(cos, sin)` of the angle, in `f64`.
    pub(crate) fn turn(&self) -> (f64, f64) {
        let (s, c) = (self.angle as f64).sin_cos();
        (c, s)
    }

    /// The world point of local point `p`, computed in `f64`.
    pub fn apply_f64(&self, p: DVec2) -> DVec2 {
        self.apply_turned(self.turn(), p)
    }

    /// [`Pose::apply_f64`] with the turn's `(cos, sin)` already found (a
    /// piece's few control points share one).
    fn apply_turned(&self, (c, s): (f64, f64), p: DVec2) -> DVec2 {
        DVec2::new(c * p.x - s * p.y, s * p.x + c * p.y) + self.translation.as_dvec2()
    }

    /// The world point of local point `p`: `R(angle) p + translation`.
    pub fn apply(&self, p: Vec2) -> Vec2 {
        self.apply_f64(p.as_dvec2()).as_vec2()
    }

    /// The local point at world point `p`: `R(-angle) (p - translation)`.
    pub fn unapply(&self, p: Vec2) -> Vec2 {
        self.unapply_f64(p).as_vec2()
    }

    fn unapply_f64(&self, p: Vec2) -> DVec2 {
        let (c, s) = self.turn();
        let d = p.as_dvec2() - self.translation.as_dvec2();
        DVec2::new(c * d.x + s * d.y, -s * d.x + c * d.y)
    }

    /// Where world point `p`, fixed to this pose, is at pose `to`:
    /// `to.apply(self.unapply(p))`, in `f64` throughout.
    pub fn carry(&self, to: &Pose, p: Vec2) -> Vec2 {
        to.apply_f64(self.unapply_f64(p)).as_vec2()
    }
}

impl Terrain {
    /// This piece, given in local coordinates, at `pose`: its control
    /// points moved (exact for the curve, to one `f32` rounding per point;
    /// see the module docs).
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// use tangent_collision::geometry::Pose;
    /// let arch = Terrain::Quad(QuadBezier::new(Vec2::new(-10.0, 0.0), Vec2::new(0.0, 10.0), Vec2::new(10.0, 0.0)));
    /// let turned = arch.posed(&Pose::new(Vec2::new(100.0, 0.0), std::f32::consts::PI));
    /// // Every point of the moved curve is the moved point of the curve.
    /// for k in 0..=10 {
    ///     let t = k as f32 / 10.0;
    ///     let want = Vec2::new(100.0, 0.0) - arch.point(t);
    ///     assert!((turned.point(t) - want).length() < 1e-4);
    /// }
    /// ```
    pub fn posed(&self, pose: &Pose) -> Terrain {
        self.posed_turned(pose, pose.turn())
    }

    /// [`Terrain::posed`] with the pose's `(cos, sin)` worked out once
    /// (`pose.turn()`) for many pieces.
    pub(crate) fn posed_turned(&self, pose: &Pose, turn: (f64, f64)) -> Terrain {
        self.map_points(|p| pose.apply_turned(turn, p))
    }
}
