//! Moving terrain as the level file writes it (`movers: [...]`): what a
//! mover carries (a block of the level's tiles, its own curves), where it
//! turns (its pivot), and how it moves (a path of waypoints, a spin or a
//! swing, a trigger). [`crate::format::mover_path`] turns a definition into poses
//! step by step; `validate` checks it. A full example is in
//! `docs/level-format.md`, "Movers".

use serde::{Deserialize, Serialize};

use crate::format::curve::CurveDef;

/// A rectangle of tile cells: `x` the column from the left, `y` the row
/// from the bottom (row 0 is the last row of `tiles`), `width` × `height`
/// cells up and to the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellRect {
    pub x: usize,
    pub y: usize,
    #[serde(default = "one_cell")]
    pub width: usize,
    #[serde(default = "one_cell")]
    pub height: usize,
}

fn one_cell() -> usize {
    1
}

/// How a mover's speed changes along each leg of its path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Easing {
    /// Constant speed, turning back at once.
    Linear,
    /// Slow at each waypoint, fastest halfway (smoothstep `3s² − 2s³`; the
    /// average speed is the leg's): riders feel no jolt.
    #[default]
    Smooth,
}

/// What a mover does at the end of its path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Repeat {
    /// Back along the path to its start, and again.
    #[default]
    PingPong,
    /// From the last waypoint straight back to where it is drawn, and again.
    Loop,
    /// Stops at the last waypoint.
    Once,
}

/// What starts a mover.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Trigger {
    /// Moves from the level's start.
    #[default]
    Always,
    /// Waits where it is drawn until the player stands on it.
    StoodOn,
    /// A crumbling bridge: the player's landing on it starts a shake of
    /// this many seconds, then it falls; it is back where it is drawn a
    /// few seconds later (see [`crate::format::mover_path::GONE_FOR`]).
    Crumble(f32),
}

/// What a mover does when it would crush a body against other solid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WhenBlocked {
    /// Goes on: the body is crushed (the player respawns at its
    /// checkpoint; a ball or crate where the file starts it).
    #[default]
    Crush,
    /// Waits until the way is free.
    Stop,
    /// Turns back along its path.
    Reverse,
}

/// A swing: the angle goes `angle · sin(2π t / period)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Swing {
    /// Degrees either side of the angle it is drawn at.
    pub angle: f32,
    /// Seconds for a whole swing, there and back.
    pub period: f32,
}

/// One mover of the level file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoverDef {
    /// A block of the level's tiles it carries: its solid and one-way
    /// cells leave the fixed tiles and move (as one block, seam-free).
    #[serde(default)]
    pub tiles: Option<CellRect>,
    /// Curves it carries, as in the level's `curves` (a `Below` fill is
    /// drawn as a line on a mover: there is no ground under it).
    #[serde(default)]
    pub curves: Vec<CurveDef>,
    /// The point it turns about and whose path `path` gives; by default the
    /// centre of the box around what it carries.
    #[serde(default)]
    pub pivot: Option<(f32, f32)>,
    /// Waypoints, px, as offsets from where it is drawn (which is the
    /// first): `[(0, 300)]` goes 300 px up and back.
    #[serde(default)]
    pub path: Vec<(f32, f32)>,
    /// Average speed along the path, px/s (or give `leg_time`).
    #[serde(default)]
    pub speed: f32,
    /// Seconds per leg of the path, instead of `speed`.
    #[serde(default)]
    pub leg_time: f32,
    #[serde(default)]
    pub easing: Easing,
    #[serde(default)]
    pub repeat: Repeat,
    /// Seconds it waits at each waypoint.
    #[serde(default)]
    pub wait: f32,
    /// Turns about the pivot, degrees per second (counter-clockwise).
    #[serde(default)]
    pub spin: f32,
    #[serde(default)]
    pub swing: Option<Swing>,
    #[serde(default)]
    pub trigger: Trigger,
    /// With `trigger: StoodOn`: goes back along its path to where it is
    /// drawn while nobody stands on it.
    #[serde(default)]
    pub returns: bool,
    #[serde(default)]
    pub when_blocked: WhenBlocked,
    /// Turns the own velocities of the bodies riding it as it turns (a
    /// ball rolling along a tilting paddle rolls on along it); without,
    /// they keep their direction in the world. Their places turn with it
    /// either way.
    #[serde(default)]
    pub turns_riders: bool,
}
