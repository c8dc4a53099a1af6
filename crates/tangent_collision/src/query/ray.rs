//! Ray casts against a piece: the first point where a ray meets it, with
//! the normal facing the ray's origin. A ray is a sweep of a body of no
//! size ([`Terrain::sweep`]), whose normal faces the body however small it
//! is, so it faces the origin.

use glam::Vec2;

use super::sweep::{Toi, sweep};
use crate::geometry::{ActorShape, Terrain};

impl Terrain {
    /// The first point where the ray from `origin` along `motion` (its
    /// length is the ray's reach) meets the piece: `fraction` of `motion`,
    /// the point, the unit normal facing the origin, the hit parameters.
    /// `None` when the ray misses; a ray starting on the piece hits it at
    /// fraction 0.
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let hill = Terrain::Quad(QuadBezier::new(Vec2::ZERO, Vec2::new(50.0, 100.0), Vec2::new(100.0, 0.0)));
    /// // Straight down onto the top of the hill (50, 50) from 100 px above it.
    /// let hit = hill.ray_cast(Vec2::new(50.0, 150.0), Vec2::new(0.0, -200.0)).unwrap();
    /// assert!((hit.fraction - 0.5).abs() < 1e-4);
    /// assert!((hit.point - Vec2::new(50.0, 50.0)).length() < 1e-3);
    /// assert!((hit.normal - Vec2::Y).length() < 1e-4);   // facing up, to the origin
    /// assert!(hill.ray_cast(Vec2::new(50.0, 150.0), Vec2::new(0.0, 50.0)).is_none());
    /// ```
    pub fn ray_cast(&self, origin: Vec2, motion: Vec2) -> Option<Toi> {
        sweep(
            self,
            &ActorShape::Circle { radius: 0.0 },
            origin,
            motion,
            0.0,
        )
    }
}
