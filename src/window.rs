//! The window: F11 toggles fullscreen (borderless, on the current
//! monitor), kept in the settings; the title and size are set by the
//! binary; the icon (a ball on a curve, drawn here) is given to the window
//! once winit has made it. The window is resizable; the camera keeps its
//! zoom and shows more or less of the level.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};

use crate::profile::settings::Settings;

/// The icon's size in pixels.
pub const ICON_SIZE: u32 = 32;

pub struct GameWindowPlugin;

impl Plugin for GameWindowPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                toggle_fullscreen,
                apply_fullscreen.run_if(resource_changed::<Settings>),
                set_icon,
            ),
        );
    }
}

fn toggle_fullscreen(keys: Res<ButtonInput<KeyCode>>, mut settings: ResMut<Settings>) {
    if keys.just_pressed(KeyCode::F11) {
        settings.fullscreen = !settings.fullscreen;
    }
}

fn apply_fullscreen(settings: Res<Settings>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    let want = if settings.fullscreen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    for mut w in &mut windows {
        if w.mode != want {
            w.mode = want;
        }
    }
}

/// The icon's pixels, RGBA rows from the top: a golden ball resting on a
/// green curve over sky blue, with a transparent margin.
///
/// ```
/// let px = tangent::window::icon_rgba();
/// assert_eq!(px.len(), 32 * 32 * 4);
/// assert_eq!(px[3], 0); // the corner is transparent
/// ```
pub fn icon_rgba() -> Vec<u8> {
    let n = ICON_SIZE as usize;
    let mut px = vec![0u8; n * n * 4];
    for y in 0..n {
        for x in 0..n {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            // A rounded square of sky.
            let (dx, dy) = ((fx - 16.0).abs() - 12.0, (fy - 16.0).abs() - 12.0);
            let outside = dx.max(0.0).hypot(dy.max(0.0)) + dx.max(dy).min(0.0) - 3.0;
            if outside > 0.0 {
                continue;
            }
            // The ground: a parabola low in the middle (y grows downward).
            let ground = 23.0 - 0.02 * (fx - 16.0).powi(2);
            let ball = (fx - 16.0).hypot(fy - 17.0) < 6.0;
            let rgb = if ball {
                [250, 200, 60]
            } else if fy > ground {
                [70, 160, 80]
            } else {
                [140, 200, 242]
            };
            let i = (y * n + x) * 4;
            px[i..i + 4].copy_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
        }
    }
    px
}

/// Gives the window its icon once winit has made it (a few frames in).
fn set_icon(mut done: Local<bool>) {
    if *done {
        return;
    }
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        for window in windows.windows.values() {
            match winit::window::Icon::from_rgba(icon_rgba(), ICON_SIZE, ICON_SIZE) {
                Ok(icon) => window.set_window_icon(Some(icon)),
                Err(e) => error!("window icon: {e}"),
            }
            *done = true;
        }
    });
}
