//! Queries on a single [`Segment`]: the foot of the perpendicular, the
//! distance, and its crossings with a circle.

use glam::{DVec2, Vec2};

use super::tolerance::px_tol;
use crate::geometry::Segment;

/// The parameter of the foot of the perpendicular from `p` to the segment
/// `a + t d`, clamped to `[0, 1]`: `t = ((p - a) · d) / |d|²`; 0 for a
/// zero-length segment. Every point-to-segment query uses it.
pub(super) fn foot_param(p: DVec2, a: DVec2, d: DVec2) -> f64 {
    let len2 = d.length_squared();
    if len2 > 0.0 {
        ((p - a).dot(d) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Distance from `p` to the segment `a b` (at the foot of the perpendicular).
pub(super) fn point_segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let d = b - a;
    (p - (a + d * foot_param(p, a, d))).length()
}

impl Segment {
    /// The parameter of the foot of the perpendicular from `p`, clamped to
    /// `[0, 1]`: `t = ((p - a) · (b - a)) / |b - a|²` in `f64`; 0 for a
    /// zero-length segment.
    pub fn closest_t(&self, p: Vec2) -> f32 {
        let a = self.a.as_dvec2();
        foot_param(p.as_dvec2(), a, self.b.as_dvec2() - a) as f32
    }

    /// The point of the segment closest to `p`.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let t = self.closest_t(p) as f64;
        self.a.as_dvec2().lerp(self.b.as_dvec2(), t).as_vec2()
    }

    /// The distance from `p` to the segment.
    pub fn distance(&self, p: Vec2) -> f32 {
        point_segment_distance(p.as_dvec2(), self.a.as_dvec2(), self.b.as_dvec2()) as f32
    }

    /// `true` when a circle of `radius` at `center` overlaps or touches the segment.
    pub fn overlaps_circle(&self, center: Vec2, radius: f32) -> bool {
        self.distance(center) <= radius
    }

    /// Where the infinite line through `a` and `b` meets the circle, as
    /// parameters along `a + t (b - a)`, ascending: none, one (tangent) or two.
    ///
    /// With `h` the distance from the centre to the line and `f` the foot of
    /// the perpendicular, the points are `f ± √((r - h)(r + h)) · u`; the
    /// factored form avoids cancellation. `|h - r| ≤ 1e-9 (1 + scale)` is a tangent.
    pub fn line_circle_params(&self, center: Vec2, radius: f32) -> Vec<f32> {
        self.line_circle_params_f64(center, radius)
            .into_iter()
            .map(|t| t as f32)
            .collect()
    }

    fn line_circle_params_f64(&self, center: Vec2, radius: f32) -> Vec<f64> {
        let (a, d) = (self.a.as_dvec2(), (self.b - self.a).as_dvec2());
        let (c, r) = (center.as_dvec2(), radius as f64);
        let len = d.length();
        if len == 0.0 {
            return Vec::new();
        }
        let u = d / len;
        let foot = (c - a).dot(u);
        let h = (c - a).perp_dot(u).abs();
        let tol = px_tol(len + r + (c - a).length());
        if (h - r).abs() <= tol {
            return vec![foot / len];
        }
        if h > r {
            return Vec::new();
        }
        let half = ((r - h) * (r + h)).sqrt();
        vec![(foot - half) / len, (foot + half) / len]
    }

    /// The points where the infinite line through the segment meets the circle.
    pub fn line_circle_intersections(&self, center: Vec2, radius: f32) -> Vec<Vec2> {
        self.line_circle_params_f64(center, radius)
            .into_iter()
            .map(|t| self.point_at(t))
            .collect()
    }

    /// `a + t (b - a)`, computed in `f64`.
    fn point_at(&self, t: f64) -> Vec2 {
        let a = self.a.as_dvec2();
        (a + (self.b.as_dvec2() - a) * t).as_vec2()
    }

    /// The points where the segment itself meets the circle (0, 1 or 2).
    pub fn circle_intersections(&self, center: Vec2, radius: f32) -> Vec<Vec2> {
        self.line_circle_params_f64(center, radius)
            .into_iter()
            .filter(|t| (0.0..=1.0).contains(t))
            .map(|t| self.point_at(t))
            .collect()
    }
}
