//! The distances and counts the motion model is built on, in one place:
//! the skin a body keeps, the margin within which a surface supports it, the
//! gap that counts as touching, how many impacts one step handles.

use glam::Vec2;

/// Gap, in pixels, a moving body keeps from the surfaces it meets.
pub const SKIN: f32 = 0.02;

/// A surface within this many pixels supports a body that is not leaving it.
pub const CONTACT_MARGIN: f32 = 0.1;

/// Most impacts handled in one step; motion left after that is reported.
pub const MAX_ITERATIONS: usize = 8;

/// Default steepest slope that counts as ground: 45°.
pub const DEFAULT_MAX_SLOPE: f32 = std::f32::consts::FRAC_PI_4;

/// Approach speed below which an impact is a resting contact rather than a
/// bounce: twice what gravity adds in one step, plus 1 px/s.
pub fn rest_speed(gravity: Vec2, dt: f32) -> f32 {
    2.0 * gravity.length() * dt + 1.0
}

/// Below this gap (px) a body counts as touching a piece within a step.
pub const TOUCHING: f32 = 1e-3;

/// The gap (px) a bent chord ends at: a little over the skin, so that the
/// next sweep, which keeps the skin, does not meet the curve again at the
/// very end of the chord through rounding to `f32`.
pub const FOLLOW_GAP: f32 = 1.5 * SKIN;
