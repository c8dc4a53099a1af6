//! The camera follows the player with exponential smoothing, the player in
//! the view's lower third, and stays inside the level's bounds but for a
//! quarter view below its bottom, where the ground goes on down (a level
//! narrower than the view is centred; one lower than the view sits that
//! quarter above the view's bottom edge: the rest is sky),
//! on the real clock, so it settles behind a menu too. It
//! looks ahead the way the player moves: the point it follows leads the
//! player by [`LOOK_AHEAD_TIME`] seconds of its speed, at most
//! [`LOOK_AHEAD_MAX`] px across and less up and down, eased in so a turn
//! does not whip the view. It shows the world area of [`super::view`] in
//! the window's letterbox ([`fit_view`]).

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ScalingMode, Viewport};
use bevy::prelude::*;

use super::state::Player;
use super::view::{ViewHeight, Zoom, letterbox, view_size};
use crate::collision::Velocity;

/// Marks the game camera.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct GameCamera;

/// The box the camera's view stays inside: the level's extent, set by
/// whoever spawns a level. `None` before the first level.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct CameraBounds(pub Option<Rect>);

/// How far below the level's bottom the view may go, in view heights:
/// enough for the player standing on a floor at the bottom to be in the
/// view's lower third, the ground under it drawn below.
pub const BELOW_FLOOR: f32 = 0.25;
/// Where the player sits in the view, up from its bottom, in view
/// heights (when the level lets the camera centre it there).
pub const PLAYER_HEIGHT_IN_VIEW: f32 = 1.0 / 3.0;

/// How far below the level's bottom a view `view_height` px tall may go.
///
/// ```
/// assert_eq!(tangent::player::camera::below_floor(448.0), 112.0);
/// ```
pub fn below_floor(view_height: f32) -> f32 {
    view_height * BELOW_FLOOR
}

/// How quickly the camera catches up, 1/s (higher is snappier).
pub const FOLLOW_RATE: f32 = 10.0;
/// Seconds of speed the camera looks ahead.
pub const LOOK_AHEAD_TIME: f32 = 0.35;
/// The most the camera looks ahead across, px.
pub const LOOK_AHEAD_MAX: f32 = 240.0;
/// The most it looks down (falling) and up (rising), px: more down, where
/// the landing is.
pub const LOOK_DOWN_MAX: f32 = 160.0;
pub const LOOK_UP_MAX: f32 = 48.0;
/// How quickly the look-ahead follows the speed, 1/s.
pub const LOOK_AHEAD_RATE: f32 = 6.0;

/// How far ahead the camera looks for a velocity `v` px/s.
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::player::camera::{look_ahead, LOOK_AHEAD_MAX, LOOK_DOWN_MAX};
/// assert_eq!(look_ahead(Vec2::ZERO), Vec2::ZERO);
/// assert!((look_ahead(Vec2::new(200.0, 0.0)).x - 70.0).abs() < 1e-3);
/// assert_eq!(look_ahead(Vec2::new(-5000.0, -5000.0)), Vec2::new(-LOOK_AHEAD_MAX, -LOOK_DOWN_MAX));
/// ```
pub fn look_ahead(v: Vec2) -> Vec2 {
    Vec2::new(
        (v.x * LOOK_AHEAD_TIME).clamp(-LOOK_AHEAD_MAX, LOOK_AHEAD_MAX),
        (v.y * LOOK_AHEAD_TIME).clamp(-LOOK_DOWN_MAX, LOOK_UP_MAX),
    )
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

/// Where the camera's centre goes in one frame of `dt` seconds from `cam`,
/// following a player at `target` moving at `velocity`, for a view of
/// `half` its size inside `bounds`: the look-ahead (`ahead`, px, eased
/// toward [`look_ahead`]) leads the target, which sits at
/// [`PLAYER_HEIGHT_IN_VIEW`]; the goal is kept inside the level
/// ([`clamp_to_level`]) and at most [`below_floor`] under it, and the camera closes [`FOLLOW_RATE`] of
/// the gap per second, exponentially (jumping there when far off, as
/// after a respawn).
pub fn camera_step(
    cam: Vec2,
    target: Vec2,
    velocity: Vec2,
    ahead: &mut Vec2,
    half: Vec2,
    bounds: Rect,
    dt: f32,
) -> Vec2 {
    let ease = 1.0 - (-LOOK_AHEAD_RATE * dt).exp();
    *ahead += (look_ahead(velocity) - *ahead) * ease;
    // The player in the lower third, the view going at most
    // `below_floor` under the level.
    let lift = Vec2::new(0.0, (1.0 - 2.0 * PLAYER_HEIGHT_IN_VIEW) * half.y);
    let bounds = Rect::from_corners(
        bounds.min - Vec2::new(0.0, below_floor(2.0 * half.y)),
        bounds.max,
    );
    let goal = clamp_to_level(target + *ahead + lift, half, bounds.min, bounds.max);
    let k = 1.0 - (-FOLLOW_RATE * dt).exp();
    // From inside the bounds too (a camera left outside them by the level
    // before, or by its start at the origin), so every frame's view is in.
    let now = clamp_to_level(cam, half, bounds.min, bounds.max);
    if now.distance(goal) > 4.0 * half.length() {
        goal
    } else {
        now.lerp(goal, k)
    }
}

/// A fixed frame time for the camera, seconds, in place of the real
/// clock's: `tangent screenshot` sets it, so a picture does not depend on
/// how fast its frames were drawn.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct CameraFrameTime(pub f32);

type PlayerNotCamera = (With<Player>, Without<GameCamera>);

pub fn follow(
    (time, fixed): (Res<Time<Real>>, Option<Res<CameraFrameTime>>),
    bounds: Res<CameraBounds>,
    height: Res<ViewHeight>,
    zoom: Res<Zoom>,
    player: Query<(&Transform, &Velocity), PlayerNotCamera>,
    mut ahead: Local<Vec2>,
    mut camera: Query<(&mut Transform, &Projection), With<GameCamera>>,
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
    let half = view_size(height.0, zoom.0) * 0.5 * scale;
    let next = camera_step(
        cam.translation.truncate(),
        target.translation.truncate(),
        velocity.0,
        &mut ahead,
        half,
        bounds,
        fixed.map_or(time.delta_secs(), |f| f.0),
    );
    cam.translation.x = next.x;
    cam.translation.y = next.y;
}

/// A camera that draws nothing but black under the game's (the bars).
pub(crate) fn spawn_bars(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Camera {
            order: -1,
            clear_color: ClearColorConfig::Custom(Color::BLACK),
            ..default()
        },
        RenderLayers::layer(31),
    ));
}

/// Each frame: the game camera shows [`view_size`] of the world in the
/// window's [`letterbox`] (its own scale, the editor's zoom, kept).
pub fn fit_view(
    height: Res<ViewHeight>,
    zoom: Res<Zoom>,
    windows: Query<&Window>,
    mut camera: Query<(&mut Camera, &mut Projection), With<GameCamera>>,
) {
    let Ok((mut camera, mut projection)) = camera.single_mut() else {
        return;
    };
    let size = view_size(height.0, zoom.0);
    if let Projection::Orthographic(o) = &mut *projection {
        let same = matches!(o.scaling_mode, ScalingMode::Fixed { width, height }
            if width == size.x && height == size.y);
        if !same {
            o.scaling_mode = ScalingMode::Fixed {
                width: size.x,
                height: size.y,
            };
        }
    }
    // The window's size, or the camera's own target's (an image, drawn
    // with no window by `tangent screenshot`).
    let Some(physical) = windows
        .iter()
        .next()
        .map(Window::physical_size)
        .or_else(|| camera.physical_target_size())
    else {
        return;
    };
    if physical.x == 0 || physical.y == 0 {
        return;
    }
    let (at, fit) = letterbox(physical);
    let same = camera
        .viewport
        .as_ref()
        .is_some_and(|v| v.physical_position == at && v.physical_size == fit);
    if !same {
        camera.viewport = Some(Viewport {
            physical_position: at,
            physical_size: fit,
            ..default()
        });
    }
}
