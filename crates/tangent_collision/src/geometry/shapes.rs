//! The shapes the collision plugin knows: terrain pieces (segments, quadratic
//! and cubic Béziers) and actor shapes (circles, axis-aligned rectangles).
//!
//! They are plain `f32` data (`Clone, Copy, Debug, PartialEq`). Evaluation,
//! the tight box and splitting are in [`super::terrain`]; queries against
//! actors in `crate::query`.

use glam::Vec2;

use super::rect::Rect;

/// A straight piece from `a` to `b`: `B(t) = a + t (b - a)`.
///
/// ```
/// use tangent_collision::prelude::*;
/// let s = Segment::new(Vec2::ZERO, Vec2::new(10.0, 0.0));
/// assert_eq!(s.closest_point(Vec2::new(4.0, 3.0)), Vec2::new(4.0, 0.0));
/// assert_eq!(s.distance(Vec2::new(13.0, 4.0)), 5.0);
/// assert_eq!(Terrain::from(s).point(0.5), Vec2::new(5.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    pub a: Vec2,
    pub b: Vec2,
}

/// A quadratic Bézier: `B(t) = (1-t)² P0 + 2t(1-t) P1 + t² P2`.
///
/// ```
/// use tangent_collision::prelude::*;
/// let hill = Terrain::Quad(QuadBezier::new(Vec2::ZERO, Vec2::new(50.0, 100.0), Vec2::new(100.0, 0.0)));
/// assert_eq!(hill.point(0.5), Vec2::new(50.0, 50.0));        // the apex
/// assert_eq!(hill.derivative(0.5), Vec2::new(100.0, 0.0));   // level there
/// assert_eq!(hill.aabb().max.y, 50.0);                       // tight, not the hull's 100
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuadBezier {
    pub p0: Vec2,
    pub p1: Vec2,
    pub p2: Vec2,
}

/// A cubic Bézier: `B(t) = (1-t)³ P0 + 3t(1-t)² P1 + 3t²(1-t) P2 + t³ P3`.
///
/// ```
/// use tangent_collision::prelude::*;
/// let wave = Terrain::Cubic(CubicBezier::new(
///     Vec2::ZERO, Vec2::new(30.0, 60.0), Vec2::new(60.0, -60.0), Vec2::new(90.0, 0.0)));
/// assert_eq!(wave.degree(), 3);
/// assert_eq!(wave.monotonic_ranges().len(), 3);             // up, down, up
/// let t = wave.closest_t(Vec2::new(45.0, 30.0));
/// assert!((wave.point(t) - Vec2::new(45.0, 0.0)).length() < 20.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubicBezier {
    pub p0: Vec2,
    pub p1: Vec2,
    pub p2: Vec2,
    pub p3: Vec2,
}

/// One piece of terrain, parametrised by `t` in `[0, 1]`; segments and
/// curves convert into it with `From`.
///
/// ```
/// use tangent_collision::prelude::*;
/// let floor: Terrain = Segment::new(Vec2::ZERO, Vec2::new(100.0, 0.0)).into();
/// let ray = Segment::new(Vec2::new(30.0, 10.0), Vec2::new(30.0, -10.0));
/// assert_eq!(floor.segment_hits(&ray), vec![0.3]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Terrain {
    Segment(Segment),
    Quad(QuadBezier),
    Cubic(CubicBezier),
}

/// The collision shape of an actor, centred on the actor's position.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::geometry::Rect;
/// let crate_ = ActorShape::Rect { half_extents: Vec2::new(8.0, 8.0) };
/// assert_eq!(crate_.aabb(Vec2::new(10.0, 10.0)), Rect::new(2.0, 2.0, 18.0, 18.0));
/// assert!(!ActorShape::Circle { radius: f32::NAN }.is_valid());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ActorShape {
    Circle { radius: f32 },
    Rect { half_extents: Vec2 },
}

impl Segment {
    pub fn new(a: Vec2, b: Vec2) -> Self {
        Segment { a, b }
    }
}

impl QuadBezier {
    pub fn new(p0: Vec2, p1: Vec2, p2: Vec2) -> Self {
        QuadBezier { p0, p1, p2 }
    }
}

impl CubicBezier {
    pub fn new(p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2) -> Self {
        CubicBezier { p0, p1, p2, p3 }
    }
}

impl From<Segment> for Terrain {
    fn from(s: Segment) -> Self {
        Terrain::Segment(s)
    }
}

impl From<QuadBezier> for Terrain {
    fn from(q: QuadBezier) -> Self {
        Terrain::Quad(q)
    }
}

impl From<CubicBezier> for Terrain {
    fn from(c: CubicBezier) -> Self {
        Terrain::Cubic(c)
    }
}

impl ActorShape {
    /// The shape's bounding box when centred on `center`.
    pub fn aabb(&self, center: Vec2) -> Rect {
        let half = match *self {
            ActorShape::Circle { radius } => Vec2::splat(radius),
            ActorShape::Rect { half_extents } => half_extents,
        };
        Rect {
            min: center - half,
            max: center + half,
        }
    }

    /// The shape's area, px² (`π r²`, or `4 w h` from the half extents).
    pub fn area(&self) -> f32 {
        match *self {
            ActorShape::Circle { radius } => std::f32::consts::PI * radius * radius,
            ActorShape::Rect { half_extents } => 4.0 * half_extents.x * half_extents.y,
        }
    }

    /// `true` when the size is finite and not negative.
    pub fn is_valid(&self) -> bool {
        match *self {
            ActorShape::Circle { radius } => radius.is_finite() && radius >= 0.0,
            ActorShape::Rect { half_extents } => {
                half_extents.is_finite() && half_extents.min_element() >= 0.0
            }
        }
    }
}
