//! A curve of terrain as the level file writes it (`curves: [...]`, and a
//! mover's `curves`): its control points, bounce, one-way side, how its
//! ground is drawn, and whether it kills. Re-exported by
//! [`crate::format`].

use serde::{Deserialize, Serialize};

/// A quadratic (3 points) or cubic (4 points) Bézier curve of terrain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurveDef {
    /// Control points: start, control(s), end.
    pub points: Vec<(f32, f32)>,
    /// Multiplies the bounciness of what hits it (1 = neutral, 0 = dead).
    #[serde(default = "one")]
    pub restitution: f32,
    /// Blocks only from its left side (above, for a curve drawn left to right).
    #[serde(default)]
    pub one_way: bool,
    /// How the ground under the curve is drawn (and counted as inside for
    /// spawn checks). Collision is always the curve itself.
    #[serde(default)]
    pub fill: CurveFill,
    /// Deadly to the player (a thorny vine, a lava curve); still solid.
    #[serde(default)]
    pub hazard: bool,
}

/// The body drawn for a curve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CurveFill {
    /// From the curve straight down to the bottom of the level (hills, bowls).
    #[default]
    Below,
    /// The region between the curve and its chord (floating shapes).
    Chord,
    /// No body: a thick line (thin bouncy bands, one-way arcs).
    Line,
    /// Part of a closed outline: consecutive `Closed` curves, each starting
    /// where the one before ends and the last ending where the first
    /// starts, are filled inside (a floating island, a rock). Curves that
    /// do not close up are drawn as lines.
    Closed,
}

fn one() -> f32 {
    1.0
}
