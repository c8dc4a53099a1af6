//! The automatic touches, where they cannot be wrong: tufts of the
//! world's grass (sand, snow...) on about two in three open tops of solid
//! tiles ([`tuft_at`]) and along the gentle tops of hills drawn as curves
//! ([`curve_tufts`]). Moss under overhangs is in the tiles themselves.

use bevy::prelude::*;

use crate::collision::TileKind;
use tangent_level::Level;
use tangent_level::format::CurveFill;
use tangent_level::format::fill::flatten;

/// The tufts' cells in the world's tileset (two looks).
pub const TUFT_CELLS: u32 = 26;
/// Px between the places a curve may get a tuft.
pub const CURVE_TUFT_SPACING: f32 = 40.0;
/// The steepest slope (rise over run) a curve's tuft stands on.
pub const CURVE_TUFT_SLOPE: f32 = 0.6;

/// A hash of a cell, for picking among look-alike pieces (the same cell
/// always gets the same piece).
pub fn cell_hash(x: usize, y: usize) -> u32 {
    let h = (x as u32).wrapping_mul(0x9E37_79B1) ^ (y as u32).wrapping_mul(0x85EB_CA77);
    h ^ (h >> 15)
}

/// Whether the game puts a tuft on the empty cell `(x, y)`, and which: on
/// about two in three of the open tops of solid ground (never on a spike's, a
/// one-way's or a decor's cell).
pub fn tuft_at(level: &Level, x: usize, y: usize) -> Option<u32> {
    let g = &level.grid;
    let (xi, yi) = (x as i64, y as i64);
    let open = g.get(xi, yi) == TileKind::Empty
        && yi > 0
        && g.get(xi, yi - 1) == TileKind::Solid
        && !level.spikes.contains_key(&(x, y))
        && !level.decor.contains(&(x, y))
        && !level.front_decor.contains(&(x, y));
    let h = cell_hash(x, y);
    (open && !h.is_multiple_of(3)).then_some(TUFT_CELLS + (h >> 4) % 2)
}

/// Where tufts stand on the level's curves, and which tileset cell each
/// is: every [`CURVE_TUFT_SPACING`] px along a plain curve with ground
/// below it (fill `Below`, not a hazard, one-way or springy one), where it
/// is no steeper than [`CURVE_TUFT_SLOPE`], on about two places in three.
pub fn curve_tufts(level: &Level) -> Vec<(Vec2, u32)> {
    let mut out = Vec::new();
    let pieces = &level.terrain.pieces()[level.curve_range()];
    for (k, (piece, def)) in pieces.iter().zip(&level.curve_defs).enumerate() {
        let springy = def.restitution >= 0.8 && def.restitution != 1.0;
        if def.fill != CurveFill::Below || def.hazard || def.one_way || springy {
            continue;
        }
        let line = flatten(&piece.shape);
        let mut next = 0.5 * CURVE_TUFT_SPACING;
        let mut along = 0.0;
        let mut n = 0;
        for w in line.windows(2) {
            let d = w[1] - w[0];
            let len = d.length();
            while len > 0.0 && along + len >= next {
                let p = w[0] + d * ((next - along) / len);
                let h = cell_hash(k, n);
                n += 1;
                next += CURVE_TUFT_SPACING;
                if d.x.abs() > 0.0 && (d.y / d.x).abs() <= CURVE_TUFT_SLOPE && !h.is_multiple_of(3)
                {
                    out.push((p, TUFT_CELLS + (h >> 4) % 2));
                }
            }
            along += len;
        }
    }
    out
}
