//! The distances and counts the motion model is built on, in one place:
//! the skin a body keeps, the margin within which a surface supports it, the
//! gap that counts as touching, how many impacts one step handles.

use glam::Vec2;

/// Gap, in pixels, a moving body keeps from the surfaces it meets.
pub(in crate::dynamics) const SKIN: f32 = 0.02;

/// A surface within this many pixels supports a body that is not leaving it.
pub(in crate::dynamics) const CONTACT_MARGIN: f32 = 0.1;

/// Most impacts handled in one step; motion left after that is reported.
pub(in crate::dynamics) const MAX_ITERATIONS: usize = 8;

/// The fastest a body moves, px/s: a faster one is slowed to it, keeping its
/// direction, at the start of its step (as Box2D caps a body's translation
/// per step). At this speed one 60 Hz step crosses 16 667 px, the whole
/// coordinate range a level may use. Terrain with restitution above 1 can
/// pump a ball trapped between two bouncy surfaces up to it; a velocity set
/// to 1e30 by mistake starts from it instead of stalling on rounding.
pub(in crate::dynamics) const MAX_BODY_SPEED: f32 = 1e6;

/// `velocity` with its length capped at `max`, its direction kept; safe for
/// components whose square overflows `f32`.
pub(in crate::dynamics) fn capped_speed(velocity: Vec2, max: f32) -> Vec2 {
    let big = velocity.abs().max_element();
    if big <= max * std::f32::consts::FRAC_1_SQRT_2 {
        return velocity; // |v| ≤ √2 · big ≤ max
    }
    let scaled = velocity / big; // components in [-1, 1]: no overflow
    let length = scaled.length() * big;
    if length > max {
        scaled.normalize() * max
    } else {
        velocity
    }
}

/// Two contacts whose normals agree this closely (cosine of 2.5°) lie on one
/// surface across a smooth joint: not a crease to keep out of, and a slide
/// that goes on from one piece to the next.
pub(in crate::dynamics) const SMOOTH_JOINT_COS: f32 = 0.999;

/// Default steepest slope that counts as ground: 45°.
pub(in crate::dynamics) const DEFAULT_MAX_SLOPE: f32 = std::f32::consts::FRAC_PI_4;

/// Approach speed below which an impact on a surface with normal `n` is a
/// resting contact rather than a bounce: twice what gravity adds into that
/// surface in one step, plus 1 px/s. Gravity brings a body that slow back
/// within a step or two, so bouncing it would only jitter; on a steep wall,
/// which gravity does not press into, nearly every impact bounces, so an
/// elastic ball glancing off a half-pipe's side keeps its energy.
pub(in crate::dynamics) fn rest_speed(gravity: Vec2, n: Vec2, dt: f32) -> f32 {
    2.0 * (-gravity.dot(n)).max(0.0) * dt + 1.0
}

/// Below this gap (px) a body counts as touching a piece within a step.
pub(in crate::dynamics) const TOUCHING: f32 = 1e-3;

/// The gap (px) a body is set off a curve it stays on: a little over the
/// skin, which the next sweep keeps (so that sweep does not meet the curve
/// again at its very start through rounding to `f32`), and under the
/// [`SETTLE`] skins past which support settles a body onto the skin (a
/// settle is a drop that loses its energy). A bent chord along a dip ends
/// this far off the curve; a body over a hill is let down to it.
pub(in crate::dynamics) const CURVE_GAP: f32 = 1.25 * SKIN;

/// The most a bent chord turns (radians between the curve's normals at its
/// start and end, 0.5°): a longer step along a curve is cut into chords
/// this short, so a body leaves a loop or a ramp within one of them of
/// where the surface stops holding it.
pub(in crate::dynamics) const MAX_CHORD_TURN: f32 = 0.5 * std::f32::consts::PI / 180.0;

/// Most bent chords one step is cut into (a turn of 32° at
/// [`MAX_CHORD_TURN`]); past that the rest of the step is one chord.
pub(in crate::dynamics) const MAX_BENT_CHORDS: usize = 64;

/// A supported body settles onto the skin when its gap exceeds this many
/// skins.
pub(in crate::dynamics) const SETTLE: f32 = 1.5;

#[cfg(test)]
mod tests {
    #[test]
    fn capped_speed_keeps_direction_without_overflow() {
        use super::capped_speed;
        use glam::Vec2;
        let v = capped_speed(Vec2::new(3e30, -4e30), 10.0);
        assert!((v - Vec2::new(6.0, -8.0)).length() < 1e-5);
        assert_eq!(capped_speed(Vec2::new(3.0, 4.0), 10.0), Vec2::new(3.0, 4.0));
    }
}
