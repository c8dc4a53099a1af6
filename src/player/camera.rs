//! The camera follows the player with exponential smoothing and stays inside
//! the level's bounds (a level narrower than the view is centred; one lower
//! than the view sits on the view's bottom edge, so nothing below the level,
//! a bottomless pit's nothing, is ever shown: the rest is sky),
//! on the real clock, so it settles behind a menu too. It
//! looks ahead in the running direction: the point it follows leads the
//! player by [`LOOK_AHEAD_TIME`] seconds of its horizontal speed, at most
//! [`LOOK_AHEAD_MAX`] px, eased in slowly so a turn does not whip the view.

use bevy::prelude::*;

use super::state::Player;
use crate::collision::Velocity;

/// Marks the game camera.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct GameCamera;

/// The box the camera's view stays inside: the level's extent, set by
/// whoever spawns a level. `None` before the first level.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct CameraBounds(pub Option<Rect>);

/// How quickly the camera catches up, 1/s (higher is snappier).
pub const FOLLOW_RATE: f32 = 8.0;
/// Seconds of horizontal speed the camera looks ahead.
pub const LOOK_AHEAD_TIME: f32 = 0.35;
/// The most the camera looks ahead, px.
pub const LOOK_AHEAD_MAX: f32 = 160.0;
/// How quickly the look-ahead follows the speed, 1/s.
pub const LOOK_AHEAD_RATE: f32 = 2.5;

/// How far ahead the camera looks for a horizontal speed of `vx` px/s.
///
/// ```
/// use tangent::player::camera::{look_ahead, LOOK_AHEAD_MAX};
/// assert_eq!(look_ahead(0.0), 0.0);
/// assert!((look_ahead(200.0) - 70.0).abs() < 1e-3);
/// assert_eq!(look_ahead(-5000.0), -LOOK_AHEAD_MAX);
/// ```
pub fn look_ahead(vx: f32) -> f32 {
    (vx * LOOK_AHEAD_TIME).clamp(-LOOK_AHEAD_MAX, LOOK_AHEAD_MAX)
}

pub(crate) fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, GameCamera));
}

/// Clamps a camera centre so a view of `half` stays inside `[lo, hi]`; on
/// an axis where the level is smaller than the view, it is centred across
/// and sits on the view's bottom up and down.
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::player::camera::clamp_to_level;
/// let half = Vec2::new(640.0, 360.0);
/// // A big level: the view stays inside it.
/// let c = clamp_to_level(Vec2::new(100.0, -50.0), half, Vec2::ZERO, Vec2::new(4000.0, 1000.0));
/// assert_eq!(c, Vec2::new(640.0, 360.0));
/// // A level 500 px wide and 448 px tall: centred across, its bottom on the view's.
/// let c = clamp_to_level(Vec2::new(100.0, 300.0), half, Vec2::ZERO, Vec2::new(500.0, 448.0));
/// assert_eq!(c, Vec2::new(250.0, 360.0));
/// ```
pub fn clamp_to_level(center: Vec2, half: Vec2, lo: Vec2, hi: Vec2) -> Vec2 {
    let mut c = center;
    for i in 0..2 {
        if hi[i] - lo[i] <= 2.0 * half[i] {
            c[i] = if i == 1 {
                lo[i] + half[i]
            } else {
                0.5 * (lo[i] + hi[i])
            };
        } else {
            c[i] = c[i].clamp(lo[i] + half[i], hi[i] - half[i]);
        }
    }
    c
}

type PlayerNotCamera = (With<Player>, Without<GameCamera>);

pub fn follow(
    time: Res<Time<Real>>,
    bounds: Res<CameraBounds>,
    player: Query<(&Transform, &Velocity), PlayerNotCamera>,
    mut ahead: Local<f32>,
    mut camera: Query<(&mut Transform, &Projection), With<GameCamera>>,
    windows: Query<&Window>,
) {
    let (Ok((target, velocity)), Ok((mut cam, projection)), Some(bounds)) =
        (player.single(), camera.single_mut(), bounds.0)
    else {
        return;
    };
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let half = windows
        .iter()
        .next()
        .map_or(Vec2::new(640.0, 360.0), |w| w.size() * 0.5)
        * scale;
    let ease = 1.0 - (-LOOK_AHEAD_RATE * time.delta_secs()).exp();
    *ahead += (look_ahead(velocity.0.x) - *ahead) * ease;
    let lead = Vec2::new(*ahead, 0.0);
    let goal = clamp_to_level(
        target.translation.truncate() + lead,
        half,
        bounds.min,
        bounds.max,
    );
    let k = 1.0 - (-FOLLOW_RATE * time.delta_secs()).exp();
    // From inside the bounds too (a camera left outside them by the level
    // before, or by its start at the origin), so every frame's view is in.
    let now = clamp_to_level(cam.translation.truncate(), half, bounds.min, bounds.max);
    let jump = now.distance(goal) > 4.0 * half.length();
    let next = if jump { goal } else { now.lerp(goal, k) };
    cam.translation.x = next.x;
    cam.translation.y = next.y;
}
