//! The level's curves: the file's own, checked one by one, and its
//! drawing's (`svg`), read from the drawing at each load; each curve's fill
//! for the "is this point in the ground" checks.

use tangent_collision::prelude::{TerrainPiece, Vec2};

use super::locate::{LevelError, Locator};
use super::numbers::finite2;
use crate::format::fill::{Body, bodies, flatten};
use crate::format::mover::MoverDef;
use crate::format::{CurveDef, CurveFill, LevelFile};

/// The curves, movers and crystals of the level's drawing (`svg`, a path relative to
/// the folder of `file`), none without one. A drawing that cannot be read
/// or imported is an error at the `svg` line that names the drawing.
pub(crate) fn drawing(raw: &LevelFile, text: &str, file: &str) -> Result<Drawn, LevelError> {
    let Some(name) = &raw.svg else {
        return Ok(Drawn::default());
    };
    let loc = Locator::new(text, file);
    let err = |message: String| loc.err(loc.key("svg"), None, message);
    let path = std::path::Path::new(file)
        .parent()
        .unwrap_or(std::path::Path::new(""))
        .join(name);
    let svg = crate::svg::read_drawing(&path).map_err(|e| err(format!("svg: {e}")))?;
    let opts = crate::svg::SvgOptions {
        scale: raw.svg_scale,
    };
    let imported = crate::svg::import_svg(&svg, &path.display().to_string(), opts)
        .map_err(|e| err(format!("svg: {e}")))?;
    Ok(Drawn {
        curves: imported.curves,
        movers: imported.movers,
        crystals: imported.crystals,
    })
}

/// What a level's drawing adds: curves, movers carrying curves, crystals.
#[derive(Default)]
pub(crate) struct Drawn {
    pub curves: Vec<CurveDef>,
    pub movers: Vec<MoverDef>,
    pub crystals: Vec<(f32, f32)>,
}

/// The file's curves as terrain pieces, in file order; the first bad curve
/// (see [`curve_piece`]) is an error at its line.
pub(crate) fn curve_pieces(
    raw: &LevelFile,
    loc: &Locator,
) -> Result<Vec<TerrainPiece>, LevelError> {
    let curves_line = loc.key("curves");
    raw.curves
        .iter()
        .enumerate()
        .map(|(i, c)| {
            curve_piece(c, &format!("curve {}", i + 1)).map_err(|m| {
                let line = loc.nth_after(curves_line, "points", i);
                loc.err(line, None, m)
            })
        })
        .collect()
}

/// One curve as a terrain piece, or what is wrong with it (`name` starts
/// the message): the wrong number of points, a point that is not finite, a
/// negative restitution, or all its points within 1 px.
pub(crate) fn curve_piece(c: &CurveDef, name: &str) -> Result<TerrainPiece, String> {
    if !(3..=4).contains(&c.points.len()) {
        return Err(format!(
            "{name} has {} points; a quadratic has 3, a cubic 4",
            c.points.len()
        ));
    }
    if !c.points.iter().all(|p| finite2(*p)) {
        return Err(format!("{name} has a point that is not a finite number"));
    }
    if !c.restitution.is_finite() || c.restitution < 0.0 {
        return Err(format!("{name} restitution must be 0 or more"));
    }
    let shape = c.shape().expect("3 or 4 points, checked above");
    if shape.aabb().size().max_element() < 1.0 {
        return Err(format!(
            "{name} is degenerate: all its points are within 1 px"
        ));
    }
    Ok(TerrainPiece {
        shape,
        restitution: c.restitution,
        one_way: c.one_way,
        solid_behind: false,
    })
}

/// Each curve's fill and flattened line, for inside tests.
pub(crate) fn curve_fills(defs: &[CurveDef], curves: &[TerrainPiece]) -> Vec<Body> {
    let fills: Vec<CurveFill> = defs.iter().map(|d| d.fill).collect();
    let lines: Vec<Vec<Vec2>> = curves.iter().map(|p| flatten(&p.shape)).collect();
    bodies(&fills, &lines)
}
