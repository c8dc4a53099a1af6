//! The level's curves: the file's own, checked one by one, and its
//! drawing's (`svg`), read from the drawing at each load; each curve's fill
//! for the "is this point in the ground" checks.

use tangent_collision::prelude::{CubicBezier, QuadBezier, Terrain, TerrainPiece, Vec2};

use super::locate::{LevelError, Locator};
use super::numbers::{finite2, v};
use crate::fill::{Body, bodies, flatten};
use crate::format::{CurveDef, CurveFill, LevelFile};

/// The curves of the level's drawing (`svg`, a path relative to the folder
/// of `file`), none without one. A drawing that cannot be read or imported
/// is an error at the `svg` line that names the drawing.
pub(crate) fn drawing_curves(
    raw: &LevelFile,
    text: &str,
    file: &str,
) -> Result<Vec<CurveDef>, LevelError> {
    let Some(name) = &raw.svg else {
        return Ok(Vec::new());
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
    Ok(imported.curves)
}

/// The file's curves as terrain pieces, in file order; the first curve
/// with the wrong number of points, a point that is not finite, a negative
/// restitution or all its points within 1 px is an error at its line.
pub(crate) fn curve_pieces(
    raw: &LevelFile,
    loc: &Locator,
) -> Result<Vec<TerrainPiece>, LevelError> {
    let err = |line, column, message| loc.err(line, column, message);
    let mut curves = Vec::new();
    let curves_line = loc.key("curves");
    for (i, c) in raw.curves.iter().enumerate() {
        let line = loc.nth_after(curves_line, "points", i);
        let problem = if !(3..=4).contains(&c.points.len()) {
            Some(format!(
                "curve {} has {} points; a quadratic has 3, a cubic 4",
                i + 1,
                c.points.len()
            ))
        } else if !c.points.iter().all(|p| finite2(*p)) {
            Some(format!(
                "curve {} has a point that is not a finite number",
                i + 1
            ))
        } else if !c.restitution.is_finite() || c.restitution < 0.0 {
            Some(format!("curve {} restitution must be 0 or more", i + 1))
        } else {
            None
        };
        if let Some(m) = problem {
            return Err(err(line, None, m));
        }
        let p: Vec<Vec2> = c.points.iter().map(|p| v(*p)).collect();
        let shape = if p.len() == 3 {
            Terrain::Quad(QuadBezier::new(p[0], p[1], p[2]))
        } else {
            Terrain::Cubic(CubicBezier::new(p[0], p[1], p[2], p[3]))
        };
        let b = shape.aabb();
        if b.size().max_element() < 1.0 {
            return Err(err(
                line,
                None,
                format!(
                    "curve {} is degenerate: all its points are within 1 px",
                    i + 1
                ),
            ));
        }
        curves.push(TerrainPiece {
            shape,
            restitution: c.restitution,
            one_way: c.one_way,
            solid_behind: false,
        });
    }
    Ok(curves)
}

/// Each curve's fill and flattened line, for inside tests.
pub(crate) fn curve_fills(defs: &[CurveDef], curves: &[TerrainPiece]) -> Vec<Body> {
    let fills: Vec<CurveFill> = defs.iter().map(|d| d.fill).collect();
    let lines: Vec<Vec<Vec2>> = curves.iter().map(|p| flatten(&p.shape)).collect();
    bodies(&fills, &lines)
}
