//! Test helpers for the layers above: random curves.

use glam::Vec2;

use super::shapes::{CubicBezier, QuadBezier, Terrain};

/// Test helper: a random quadratic (`i` even) or cubic (`i` odd) with control
/// points uniform in a square of `size` px, drawn from `f` in order.
pub(crate) fn random_curve(f: &mut impl FnMut() -> f64, i: usize, size: f32) -> Terrain {
    let mut pt = || Vec2::new(f() as f32 * size, f() as f32 * size);
    if i.is_multiple_of(2) {
        Terrain::Quad(QuadBezier::new(pt(), pt(), pt()))
    } else {
        Terrain::Cubic(CubicBezier::new(pt(), pt(), pt(), pt()))
    }
}
