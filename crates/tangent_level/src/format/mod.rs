//! The level file format: `assets/levels/*.level.ron`, plain RON a person
//! edits. These types are exactly what the file says; [`crate::validate`]
//! turns them into a checked [`crate::validate::Level`].
//!
//! World units are pixels, y up. The tile rows are text, top row first; the
//! bottom-left corner of the bottom row is the world origin. A full example
//! with every field is in `docs/level-format.md`.

pub mod art;
pub mod curve;
pub mod fill;
pub mod loops;
pub mod mover;
pub mod mover_path;
pub mod mover_props;
pub mod starter;
pub mod tuning;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Curves of terrain (`curves:` in the file, and a mover's).
pub use crate::format::curve::{CurveDef, CurveFill};
/// Moving terrain (`movers:` in the file).
pub use crate::format::mover::MoverDef;
/// The per-level feel numbers (`tuning:` in the file), owned by the player.
pub use crate::format::tuning::Tuning;

/// What a legend character stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TileDef {
    /// Nothing: air.
    Empty,
    /// A solid block.
    Solid,
    /// A platform that only blocks from above.
    OneWay,
    /// Drawn behind the player, not collided with (a plant, a rock: the
    /// world's theme draws one of four pieces, by the cell).
    Decor,
    /// Drawn in front of the player, not collided with (foliage to pass
    /// behind).
    FrontDecor,
    /// Spikes pointing to a side (`Spikes(Up)`): not solid, deadly to the
    /// player touching their half of the cell unless it moves the way they
    /// point (jumping up through upward spikes is safe, landing on them is
    /// not).
    Spikes(Side),
}

impl TileDef {
    /// The character a new legend entry for this kind gets: `.` `#` `=`
    /// `%` and `^` `v` `<` `>` for spikes.
    pub fn default_char(self) -> char {
        match self {
            TileDef::Empty => '.',
            TileDef::Solid => '#',
            TileDef::OneWay => '=',
            TileDef::Decor => '%',
            TileDef::FrontDecor => '&',
            TileDef::Spikes(Side::Up) => '^',
            TileDef::Spikes(Side::Down) => 'v',
            TileDef::Spikes(Side::Left) => '<',
            TileDef::Spikes(Side::Right) => '>',
        }
    }
}

/// The legend character for `kind`: the first the legend has for it, else
/// a new entry (the kind's [`TileDef::default_char`], or the next free
/// character after it).
///
/// ```
/// use std::collections::BTreeMap;
/// use tangent_level::format::{TileDef, legend_char};
/// let mut legend = BTreeMap::from([('#', TileDef::Decor)]);
/// assert_eq!(legend_char(&mut legend, TileDef::Decor), '#');
/// assert_eq!(legend_char(&mut legend, TileDef::Solid), '$'); // '#' taken
/// assert_eq!(legend[&'$'], TileDef::Solid);
/// ```
pub fn legend_char(legend: &mut BTreeMap<char, TileDef>, kind: TileDef) -> char {
    if let Some((c, _)) = legend.iter().find(|(_, k)| **k == kind) {
        return *c;
    }
    let mut c = kind.default_char();
    while legend.contains_key(&c) {
        c = char::from_u32(c as u32 + 1).unwrap_or('?');
    }
    legend.insert(c, kind);
    c
}

/// A side of a tile, the way spikes point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    Up,
    Down,
    Left,
    Right,
}

impl Side {
    /// The unit vector it points along (y up).
    pub fn direction(self) -> (f32, f32) {
        match self {
            Side::Up => (0.0, 1.0),
            Side::Down => (0.0, -1.0),
            Side::Left => (-1.0, 0.0),
            Side::Right => (1.0, 0.0),
        }
    }
}

/// An actor's collision shape, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ShapeDef {
    Circle { radius: f32 },
    Rect { half_extents: (f32, f32) },
}

impl Default for ShapeDef {
    fn default() -> Self {
        ShapeDef::Rect {
            half_extents: (10.0, 14.0),
        }
    }
}

/// A ball or a crate (or anything else with a shape) that moves by physics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActorDef {
    pub name: String,
    pub shape: ShapeDef,
    pub position: (f32, f32),
    #[serde(default)]
    pub velocity: (f32, f32),
    #[serde(default = "half")]
    pub restitution: f32,
    #[serde(default)]
    pub friction: f32,
    /// Mass against other actors; 0 (the default) for its area in px²
    /// (density 1). `inf` makes it immovable by them.
    #[serde(default)]
    pub mass: f32,
    /// Collision layers against other actors (bits it is in), default 1.
    #[serde(default = "layer_one")]
    pub layer: u32,
    /// The layers of other actors it collides with (bits), default all:
    /// a decorative actor with `mask: 0` passes through every other actor.
    #[serde(default = "all_layers")]
    pub mask: u32,
}

fn layer_one() -> u32 {
    1
}

fn all_layers() -> u32 {
    u32::MAX
}

/// The goal: an axis-aligned box; touching it finishes the level.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoalDef {
    /// Centre of the box.
    pub position: (f32, f32),
    #[serde(default = "goal_size")]
    pub size: (f32, f32),
}

/// One level file, as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LevelFile {
    pub name: String,
    #[serde(default = "tile_size")]
    pub tile_size: f32,
    #[serde(default = "gravity")]
    pub gravity: (f32, f32),
    /// Character → tile kind. Characters not listed are an error.
    pub legend: BTreeMap<char, TileDef>,
    /// Rows of tiles, top row first, one character per tile, all the same length.
    pub tiles: Vec<String>,
    /// Whether the level is open: `false` (the default) walls it in (outside
    /// the tiles is solid); `true` leaves outside the tiles empty, so a gap
    /// in the bottom row is a bottomless pit. Falling out of the bottom, or
    /// off a side, of an open level kills; above the top is sky.
    #[serde(default, skip_serializing_if = "is_false")]
    pub open: bool,
    /// Restitution of every tile edge (1 = neutral: the actor's own applies).
    #[serde(default = "one")]
    pub tile_restitution: f32,
    #[serde(default)]
    pub curves: Vec<CurveDef>,
    /// Where the player appears (its centre).
    pub spawn: (f32, f32),
    #[serde(default)]
    pub player: ShapeDef,
    #[serde(default)]
    pub actors: Vec<ActorDef>,
    /// Moving terrain: blocks of tiles and curves that slide, turn, swing
    /// or crumble (see [`MoverDef`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movers: Vec<MoverDef>,
    pub goal: GoalDef,
    /// Checkpoints: where the player comes back after dying once it has
    /// touched one (its centre, like `spawn`), drawn as lanterns.
    #[serde(default)]
    pub checkpoints: Vec<(f32, f32)>,
    /// Refill crystals (their centres): touching one with no dash left
    /// gives the dash back; it comes back a few seconds later.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crystals: Vec<(f32, f32)>,
    /// Coins to collect (their centres): each taken once a run, off the
    /// main route; the best count is kept in the records.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coins: Vec<(f32, f32)>,
    /// File name (in the same folder) of the level that follows this one.
    #[serde(default)]
    pub next: Option<String>,
    /// The par time in seconds: a finish within it earns the level's medal
    /// (the shipped levels' pars are their replays' times, rounded up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<f32>,
    /// The dev's time in seconds: the shipped replay's (an expert's route),
    /// shown in the level select beside the par.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dev_time: Option<f32>,
    /// An SVG drawing (path relative to the level's folder) whose paths are
    /// more curves of the level, after `curves` (see docs/level-format.md,
    /// "SVG drawings"); reloaded live like the level.
    #[serde(default)]
    pub svg: Option<String>,
    /// Level px per SVG unit of `svg`.
    #[serde(default = "one")]
    pub svg_scale: f32,
    /// A Tiled map (`map.tmx`) or an LDtk project's level
    /// (`world.ldtk#Level_0`), path relative to the level's folder, whose
    /// tile layers are drawn instead of the theme's tiles, with its own
    /// tilesets and backgrounds (see docs/level-format.md, "The map's own
    /// art"); the collision still comes from `tiles`. Art that cannot be
    /// drawn is a warning, and the theme's tiles are drawn instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<String>,
    /// How tall a slice of the level the screen shows, px (the width is
    /// 16:9 of it); `None`: [`DEFAULT_VIEW_HEIGHT`]. The settings' zoom
    /// divides it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view_height: Option<f32>,
    /// How the level looks: one of [`THEMES`]; `None`: its world's (the
    /// campaign's k-th world has the k-th theme).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    #[serde(default)]
    pub tuning: Tuning,
}

/// The looks a level may name in `theme`, in the campaign's world order:
/// a sunny meadow, a red-rock canyon, a forest at dusk, a volcano, a
/// glacier, a night under the stars.
pub const THEMES: [&str; 6] = ["meadow", "canyon", "forest", "volcano", "glacier", "night"];

/// The height of the world the screen shows when a level does not say, px:
/// 13 tiles of 32, so the 28 px player is 6.7 % of the view's height.
pub const DEFAULT_VIEW_HEIGHT: f32 = 416.0;

/// The view heights a level may ask for, px.
pub const VIEW_HEIGHTS: std::ops::RangeInclusive<f32> = 128.0..=4096.0;

fn is_false(b: &bool) -> bool {
    !*b
}

fn one() -> f32 {
    1.0
}

fn half() -> f32 {
    0.5
}

fn tile_size() -> f32 {
    32.0
}

/// The collision crate's default gravity
/// ([`tangent_collision::dynamics::DEFAULT_GRAVITY`]), as a level writes it.
pub fn gravity() -> (f32, f32) {
    let g = tangent_collision::dynamics::DEFAULT_GRAVITY;
    (g.x, g.y)
}

/// A goal's size when a level (or a map it came from) names none, px: a
/// tile wide and two high at the default 32 px tiles.
pub const GOAL_SIZE: (f32, f32) = (32.0, 64.0);

fn goal_size() -> (f32, f32) {
    GOAL_SIZE
}
