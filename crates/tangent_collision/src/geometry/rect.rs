//! [`Rect`], an axis-aligned box in `f32`: the bounding boxes of pieces and
//! actors and the broad phase's regions. Its methods are those of Bevy's
//! `bevy::math::Rect` (same fields, same arithmetic, so the same results),
//! kept here so the crate needs no Bevy; with the `bevy` feature the two
//! convert with `From`.

use glam::Vec2;

/// An axis-aligned box from `min` to `max` (inclusive).
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::geometry::Rect;
/// let r = Rect::from_corners(Vec2::new(4.0, 0.0), Vec2::new(0.0, 2.0));
/// assert_eq!(r.min, Vec2::ZERO);
/// assert!(r.contains(Vec2::new(4.0, 2.0)));
/// assert!(r.inflate(1.0).contains(Vec2::new(-1.0, 3.0)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub min: Vec2,
    pub max: Vec2,
}

impl Rect {
    /// The empty box (`min` = +∞, `max` = -∞): the identity of [`Rect::union`].
    pub const EMPTY: Rect = Rect {
        max: Vec2::NEG_INFINITY,
        min: Vec2::INFINITY,
    };

    /// The box with corners `(x0, y0)` and `(x1, y1)`, in any order.
    pub fn new(x0: f32, y0: f32, x1: f32, y1: f32) -> Self {
        Self::from_corners(Vec2::new(x0, y0), Vec2::new(x1, y1))
    }

    /// The box with corners `p0` and `p1`, in any order.
    pub fn from_corners(p0: Vec2, p1: Vec2) -> Self {
        Rect {
            min: p0.min(p1),
            max: p0.max(p1),
        }
    }

    /// The box centred on `origin` with the given `size` (not negative).
    pub fn from_center_size(origin: Vec2, size: Vec2) -> Self {
        Self::from_center_half_size(origin, 0.5 * size)
    }

    /// The box centred on `origin` reaching `half_size` each way.
    pub fn from_center_half_size(origin: Vec2, half_size: Vec2) -> Self {
        Rect {
            min: origin - half_size,
            max: origin + half_size,
        }
    }

    /// `true` when the box has no area (`min` not below `max` on some axis).
    pub fn is_empty(&self) -> bool {
        self.min.x >= self.max.x || self.min.y >= self.max.y
    }

    pub fn width(&self) -> f32 {
        self.max.x - self.min.x
    }

    pub fn height(&self) -> f32 {
        self.max.y - self.min.y
    }

    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    pub fn half_size(&self) -> Vec2 {
        0.5 * self.size()
    }

    pub fn center(&self) -> Vec2 {
        0.5 * (self.min + self.max)
    }

    /// `true` when `point` lies in the box or on its boundary.
    pub fn contains(&self, point: Vec2) -> bool {
        self.min.x <= point.x
            && point.x <= self.max.x
            && self.min.y <= point.y
            && point.y <= self.max.y
    }

    /// The smallest box holding both.
    pub fn union(&self, other: Rect) -> Rect {
        Rect {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// Whether the two closed boxes share a point; unlike
    /// `intersect(..).is_empty()` it keeps boxes of no width or height (a
    /// horizontal segment's, a body of no size).
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// use tangent_collision::geometry::Rect;
    /// let point = Rect::from_center_half_size(Vec2::new(1.0, 1.0), Vec2::ZERO);
    /// assert!(point.touches(&Rect::new(0.0, 0.0, 2.0, 2.0)));
    /// assert!(point.intersect(Rect::new(0.0, 0.0, 2.0, 2.0)).is_empty());
    /// assert!(!point.touches(&Rect::new(1.5, 0.0, 2.0, 2.0)));
    /// ```
    pub fn touches(&self, other: &Rect) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }

    /// The common part (collapsed to a line or point when they are apart).
    pub fn intersect(&self, other: Rect) -> Rect {
        let max = self.max.min(other.max);
        Rect {
            min: self.min.max(other.min).min(max),
            max,
        }
    }

    /// The box grown by `expansion` on every side (shrunk when negative,
    /// never past a point).
    pub fn inflate(&self, expansion: f32) -> Rect {
        let max = self.max + expansion;
        Rect {
            min: (self.min - expansion).min(max),
            max,
        }
    }
}
