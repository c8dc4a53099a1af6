//! How each world looks: its sky, its backdrop's layers and the colour of
//! its curves' tops, one [`Theme`] per name in
//! [`tangent_level::format::THEMES`] (the tiles and ground textures are
//! `assets/themes/`, made by `tools/make_themes.py`). A level names its
//! theme or gets its world's ([`pick_theme`]).

use bevy::prelude::*;

use super::list::LevelList;
use super::state::{CurrentLevel, LevelSpawned};
use tangent_level::format::THEMES;

/// The outline of a backdrop layer's top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Skyline {
    /// Rolling hills (sums of sines).
    Hills,
    /// Sharp mountain peaks.
    Peaks,
    /// Flat-topped mesas with steep sides.
    Mesas,
    /// A row of pines.
    Pines,
}

/// One backdrop layer: its colour, its skyline's shape, its base (in view
/// heights above the level's floor as seen with the camera at its lowest),
/// amplitude and wavelength, px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layer {
    pub color: Color,
    pub shape: Skyline,
    pub base: f32,
    pub amplitude: f32,
    pub wavelength: f32,
}

/// A world's look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    pub name: &'static str,
    /// The sky at the view's top and at its bottom.
    pub sky_top: Color,
    pub sky_bottom: Color,
    /// A sun or moon: its colour and radius, px (none: none).
    pub sun: Option<(Color, f32)>,
    /// Whether stars are out.
    pub stars: bool,
    pub clouds: Color,
    /// Far to near.
    pub layers: [Layer; 3],
    /// The top of a plain curve (the tiles' grass, sand or snow).
    pub top: Color,
}

const fn layer(c: (f32, f32, f32), shape: Skyline, base: f32, amp: f32, wave: f32) -> Layer {
    Layer {
        color: Color::srgb(c.0, c.1, c.2),
        shape,
        base,
        amplitude: amp,
        wavelength: wave,
    }
}

const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::srgb(r as f32 / 255.0, g as f32 / 255.0, b as f32 / 255.0)
}

use Skyline::*;

/// The themes, in [`THEMES`] order.
pub const LOOKS: [Theme; 6] = [
    Theme {
        name: "meadow",
        sky_top: rgb(92, 158, 234),
        sky_bottom: rgb(200, 230, 250),
        sun: Some((rgb(255, 244, 190), 46.0)),
        stars: false,
        clouds: Color::srgba(1.0, 1.0, 1.0, 0.9),
        layers: [
            layer((0.66, 0.78, 0.92), Peaks, 0.55, 90.0, 520.0),
            layer((0.50, 0.70, 0.74), Hills, 0.42, 60.0, 330.0),
            layer((0.40, 0.64, 0.42), Hills, 0.30, 40.0, 210.0),
        ],
        top: rgb(92, 178, 70),
    },
    Theme {
        name: "canyon",
        sky_top: rgb(236, 140, 90),
        sky_bottom: rgb(255, 222, 160),
        sun: Some((rgb(255, 248, 220), 62.0)),
        stars: false,
        clouds: Color::srgba(1.0, 0.94, 0.86, 0.55),
        layers: [
            layer((0.88, 0.62, 0.52), Mesas, 0.52, 80.0, 640.0),
            layer((0.78, 0.46, 0.36), Mesas, 0.40, 70.0, 420.0),
            layer((0.62, 0.34, 0.25), Hills, 0.28, 30.0, 260.0),
        ],
        top: rgb(232, 170, 96),
    },
    Theme {
        name: "forest",
        sky_top: rgb(72, 58, 112),
        sky_bottom: rgb(244, 160, 130),
        sun: Some((rgb(255, 200, 140), 54.0)),
        stars: false,
        clouds: Color::srgba(0.85, 0.55, 0.62, 0.6),
        layers: [
            layer((0.46, 0.36, 0.52), Peaks, 0.55, 80.0, 560.0),
            layer((0.24, 0.30, 0.36), Pines, 0.46, 50.0, 300.0),
            layer((0.13, 0.22, 0.19), Pines, 0.34, 40.0, 220.0),
        ],
        top: rgb(66, 132, 78),
    },
    Theme {
        name: "volcano",
        sky_top: rgb(40, 14, 22),
        sky_bottom: rgb(196, 76, 40),
        sun: None,
        stars: false,
        clouds: Color::srgba(0.30, 0.24, 0.26, 0.75),
        layers: [
            layer((0.36, 0.15, 0.15), Peaks, 0.62, 130.0, 900.0),
            layer((0.23, 0.11, 0.13), Peaks, 0.42, 70.0, 380.0),
            layer((0.13, 0.08, 0.10), Hills, 0.28, 40.0, 240.0),
        ],
        top: rgb(176, 128, 112),
    },
    Theme {
        name: "glacier",
        sky_top: rgb(130, 180, 230),
        sky_bottom: rgb(236, 246, 255),
        sun: Some((rgb(255, 255, 240), 38.0)),
        stars: false,
        clouds: Color::srgba(1.0, 1.0, 1.0, 0.9),
        layers: [
            layer((0.86, 0.92, 0.98), Peaks, 0.60, 120.0, 600.0),
            layer((0.66, 0.78, 0.92), Peaks, 0.44, 80.0, 360.0),
            layer((0.54, 0.68, 0.84), Hills, 0.30, 40.0, 240.0),
        ],
        top: rgb(244, 250, 255),
    },
    Theme {
        name: "night",
        sky_top: rgb(8, 10, 36),
        sky_bottom: rgb(44, 42, 98),
        sun: Some((rgb(244, 242, 214), 34.0)),
        stars: true,
        clouds: Color::srgba(0.42, 0.42, 0.62, 0.35),
        layers: [
            layer((0.15, 0.15, 0.32), Peaks, 0.55, 90.0, 560.0),
            layer((0.10, 0.10, 0.24), Hills, 0.42, 60.0, 330.0),
            layer((0.06, 0.07, 0.16), Pines, 0.30, 40.0, 220.0),
        ],
        top: rgb(132, 100, 214),
    },
];

/// The look of the level in play: an index into [`LOOKS`] (and
/// [`THEMES`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct LevelTheme(pub usize);

impl LevelTheme {
    pub fn look(&self) -> &'static Theme {
        &LOOKS[self.0 % LOOKS.len()]
    }
}

/// The theme a level gets: the one it names, else its world's (the k-th
/// world's is the k-th theme, round again after the last), else the
/// first.
///
/// ```
/// use tangent::level::theme::theme_index;
/// assert_eq!(theme_index(Some("glacier"), Some(1)), 4);
/// assert_eq!(theme_index(None, Some(2)), 2);
/// assert_eq!(theme_index(None, Some(7)), 1);
/// assert_eq!(theme_index(None, None), 0);
/// ```
pub fn theme_index(named: Option<&str>, world: Option<usize>) -> usize {
    named
        .and_then(|n| THEMES.iter().position(|t| *t == n))
        .or(world.map(|w| w % THEMES.len()))
        .unwrap_or(0)
}

/// Sets [`LevelTheme`] for each level that starts (before its visuals are
/// built).
pub fn pick_theme(
    mut commands: Commands,
    mut spawned: MessageReader<LevelSpawned>,
    level: Option<Res<CurrentLevel>>,
    list: Option<Res<LevelList>>,
) {
    if spawned.read().count() == 0 {
        return;
    }
    let Some(level) = level else {
        return;
    };
    let world = list.and_then(|l| l.world_of(&level.path)).map(|(k, _)| k);
    let k = theme_index(level.level.file.theme.as_deref(), world);
    commands.insert_resource(LevelTheme(k));
    commands.insert_resource(ClearColor(LOOKS[k].sky_bottom));
}
