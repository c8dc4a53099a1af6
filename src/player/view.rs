//! How much of the world the screen shows: a slice [`ViewHeight`] px tall
//! (the level's `view_height`, divided by the settings' [`Zoom`]) and
//! 16:9 of that wide, whatever the window's size. The picture is scaled to
//! the largest 16:9 rectangle the window holds, centred, with black bars
//! where the window's shape differs (letterboxing): a bigger window or
//! fullscreen shows the same world, bigger. (The camera is fitted to it
//! by `camera::fit_view`.)

use bevy::prelude::*;

use tangent_level::format::DEFAULT_VIEW_HEIGHT;

/// The view's width over its height.
pub const VIEW_ASPECT: f32 = 16.0 / 9.0;

/// The level's view height, px (set by whoever spawns a level).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct ViewHeight(pub f32);

impl Default for ViewHeight {
    fn default() -> Self {
        ViewHeight(DEFAULT_VIEW_HEIGHT)
    }
}

/// The player's zoom (the settings'): above 1 shows less of the world,
/// bigger.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Zoom(pub f32);

impl Default for Zoom {
    fn default() -> Self {
        Zoom(1.0)
    }
}

/// The world area the screen shows, px, for a level's view height and a
/// zoom.
///
/// ```
/// use bevy::math::Vec2;
/// use tangent::player::view::view_size;
/// assert_eq!(view_size(450.0, 1.0), Vec2::new(800.0, 450.0));
/// assert_eq!(view_size(450.0, 2.0), Vec2::new(400.0, 225.0));
/// ```
pub fn view_size(height: f32, zoom: f32) -> Vec2 {
    let h = height / zoom.max(1e-3);
    Vec2::new(h * VIEW_ASPECT, h)
}

/// The largest 16:9 rectangle a window of `size` physical pixels holds,
/// centred: its top-left corner and size. Bars take the rest.
///
/// ```
/// use bevy::math::UVec2;
/// use tangent::player::view::letterbox;
/// // 16:9 fills the window; a 4:3 window gets bars above and below.
/// assert_eq!(letterbox(UVec2::new(1280, 720)), (UVec2::ZERO, UVec2::new(1280, 720)));
/// assert_eq!(letterbox(UVec2::new(1024, 768)), (UVec2::new(0, 96), UVec2::new(1024, 576)));
/// ```
pub fn letterbox(size: UVec2) -> (UVec2, UVec2) {
    let (w, h) = (size.x as f32, size.y as f32);
    let fit = if w / h > VIEW_ASPECT {
        UVec2::new((h * VIEW_ASPECT).round() as u32, size.y)
    } else {
        UVec2::new(size.x, (w / VIEW_ASPECT).round() as u32)
    };
    let fit = fit.min(size).max(UVec2::ONE);
    ((size - fit) / 2, fit)
}
