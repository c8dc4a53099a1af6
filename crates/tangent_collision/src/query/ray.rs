//! Ray casts against a piece: the first point where a ray meets it, with
//! the normal facing the ray's origin. Exact: the ray is a segment, the
//! crossings of the piece with it are [`Terrain::segment_hits`]' (the roots
//! of `n · (B(t) - o) = 0`, polished in f64), and the nearest along the ray
//! is kept (Newton-polished in f64 on its own equation), its fraction
//! `(B(t) - o) · d / |d|²` worked in f64.

use glam::{DVec2, Vec2};

use super::hits::Hits;
use super::sweep::Toi;
use crate::geometry::{Segment, Terrain};

impl Terrain {
    /// The first point where the ray from `origin` along `motion` (its
    /// length is the ray's reach) meets the piece: `fraction` of `motion`,
    /// the point, the unit normal facing the origin (against the ray), and
    /// the piece's parameter there as `hits`. `None` when the ray misses; a
    /// ray starting on the piece hits it at fraction 0, and a ray along a
    /// straight piece where it first touches it.
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let hill = Terrain::Quad(QuadBezier::new(Vec2::ZERO, Vec2::new(50.0, 100.0), Vec2::new(100.0, 0.0)));
    /// // Straight down onto the top of the hill (50, 50) from 100 px above it.
    /// let hit = hill.ray_cast(Vec2::new(50.0, 150.0), Vec2::new(0.0, -200.0)).unwrap();
    /// assert_eq!(hit.fraction, 0.5);
    /// assert_eq!((hit.point, hit.normal), (Vec2::new(50.0, 50.0), Vec2::Y));
    /// assert!(hill.ray_cast(Vec2::new(50.0, 150.0), Vec2::new(0.0, 50.0)).is_none());
    /// ```
    pub fn ray_cast(&self, origin: Vec2, motion: Vec2) -> Option<Toi> {
        let ray = Segment::new(origin, origin + motion);
        let pc = self.bernstein().power();
        let (o, d) = (origin.as_dvec2(), motion.as_dvec2());
        let along = |t: f64| {
            if d == DVec2::ZERO {
                0.0
            } else {
                ((pc.eval(t) - o).dot(d) / d.length_squared()).clamp(0.0, 1.0)
            }
        };
        let mut t = self
            .segment_hits(&ray)
            .iter()
            .map(|&t| t as f64)
            .min_by(|a, b| along(*a).total_cmp(&along(*b)))?;
        // The hit parameters come in f32: a few Newton steps in f64 on the
        // crossing's own equation `perp(d) · (B(t) - o) = 0` put it on the
        // ray (a straight piece in one step), unless the ray grazes there.
        let across = d.perp();
        for _ in 0..4 {
            let slope = across.dot(pc.deriv(t));
            if slope == 0.0 {
                break;
            }
            let next = (t - across.dot(pc.eval(t) - o) / slope).clamp(0.0, 1.0);
            if next == t || (next - t).abs() > 1e-3 {
                break;
            }
            t = next;
        }
        // The piece's direction there (where the derivative vanishes, the
        // chord of the piece around it), turned to face against the ray.
        let tangent = match pc.deriv(t) {
            v if v != DVec2::ZERO => v,
            _ => pc.eval((t + 1e-3).min(1.0)) - pc.eval((t - 1e-3).max(0.0)),
        };
        let mut normal = tangent.perp().normalize_or(DVec2::Y);
        if normal.dot(d) > 0.0 || (normal.dot(d) == 0.0 && normal.dot(o - pc.eval(t)) < 0.0) {
            normal = -normal;
        }
        let mut hits = Hits::new();
        hits.push(t as f32);
        Some(Toi {
            fraction: along(t) as f32,
            hits,
            normal: normal.as_vec2(),
            point: pc.eval(t).as_vec2(),
        })
    }
}
