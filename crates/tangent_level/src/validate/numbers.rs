//! The file's pairs of numbers: finite or not, and as vectors.

use tangent_collision::prelude::Vec2;

/// Both numbers finite.
pub(crate) fn finite2(p: (f32, f32)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

/// The pair as a vector.
pub(crate) fn v(p: (f32, f32)) -> Vec2 {
    Vec2::new(p.0, p.1)
}
