//! Levels from the tools artists already use: `tangent import-svg` writes
//! an SVG drawing's paths into a level file as its curves (the drawing is
//! read by [`crate::level::svg`]).

use std::path::Path;

use crate::editor::save::{save_level, write_over};
use crate::level::svg::{SvgOptions, import_svg};
use crate::level::validate::Level;

/// `tangent import-svg DRAWING --into LEVEL`: the level's curves become the
/// drawing's pieces (every other field, and the comments outside the curve
/// list, kept), checked as a level, then saved atomically. Returns a line
/// saying what was done; an error names the file at fault.
pub fn import_svg_into(drawing: &Path, level: &Path, opts: SvgOptions) -> Result<String, String> {
    let svg_name = drawing.display().to_string();
    let text =
        std::fs::read_to_string(drawing).map_err(|e| format!("{svg_name}: cannot read: {e}"))?;
    let imported = import_svg(&text, &svg_name, opts)?;
    let level_name = level.display().to_string();
    let original = crate::level::files::read_level_text(level)?;
    let old = Level::parse(&original, &level_name)
        .map_err(|e| e.to_string())?
        .file;
    let mut new = old.clone();
    new.curves = imported.curves;
    let written = write_over(&original, &old, &new);
    Level::parse(&written, &level_name)
        .map_err(|e| format!("{e} (with the curves of {svg_name}; {level_name} not changed)"))?;
    save_level(level, &written).map_err(|e| format!("{level_name}: cannot write: {e}"))?;
    Ok(format!(
        "{}: {} paths as {} curves into {} (drawing {} x {} px)",
        svg_name,
        imported.paths,
        new.curves.len(),
        level_name,
        imported.size.x,
        imported.size.y
    ))
}
