//! A curve of terrain as the level file writes it (`curves: [...]`, and a
//! mover's `curves`): its control points, bounce, one-way side, how its
//! ground is drawn, and whether it kills. Re-exported by
//! [`crate::format`].

use serde::{Deserialize, Serialize};
use tangent_collision::prelude::{CubicBezier, QuadBezier, Terrain, Vec2};

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

impl CurveDef {
    /// The curve as a shape: a quadratic of 3 points, a cubic of 4; `None`
    /// for any other count (the loader says so at the curve's line).
    ///
    /// ```
    /// use tangent_level::format::curve::{CurveDef, CurveFill};
    /// use tangent_collision::prelude::Vec2;
    /// let hill = CurveDef { points: vec![(0.0, 0.0), (50.0, 100.0), (100.0, 0.0)],
    ///                       restitution: 1.0, one_way: false, fill: CurveFill::Below,
    ///                       hazard: false };
    /// assert_eq!(hill.shape().unwrap().point(0.5), Vec2::new(50.0, 50.0));
    /// ```
    pub fn shape(&self) -> Option<Terrain> {
        let p: Vec<Vec2> = self.points.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        match p.as_slice() {
            [a, b, c] => Some(Terrain::Quad(QuadBezier::new(*a, *b, *c))),
            [a, b, c, d] => Some(Terrain::Cubic(CubicBezier::new(*a, *b, *c, *d))),
            _ => None,
        }
    }
}
