//! A Tiled world (`.world`): maps laid out side by side, listed by file or
//! matched by a file-name pattern. Tangent reads it as a run of levels, one
//! per `.tmx` map, in reading order of where the world puts them (top to
//! bottom, then left to right).
//!
//! The `tiled` crate reads the file; patterns are matched here, since the
//! crate's matcher panics on a number in a file name too big for `i32`.

use std::path::{Path, PathBuf};

use super::read::MAX_TMX_BYTES;

/// The maps of a world, in the order they are imported.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldMaps {
    /// Each `.tmx` map's path and where the world puts it (px, y down).
    pub maps: Vec<(PathBuf, i64, i64)>,
    /// Maps that are not read, one line each (a JSON map).
    pub left_out: Vec<String>,
}

/// Reads the world at `path`: its listed maps, then the files beside it
/// that its patterns match. Errors name the file.
pub fn read_world(path: &Path) -> Result<WorldMaps, String> {
    let file = path.display().to_string();
    let bytes = crate::files::read_capped(path, MAX_TMX_BYTES, "a world")
        .map_err(|e| format!("{file}: cannot read: {e}"))?;
    let world: tiled::World = serde_json::from_slice(&bytes).map_err(|e| {
        format!(
            "{file}:{}:{}: not a Tiled world Tangent can read: {e}",
            e.line(),
            e.column()
        )
    })?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut found: Vec<(String, i64, i64)> = world
        .maps
        .iter()
        .map(|m| (m.filename.clone(), m.x as i64, m.y as i64))
        .collect();
    if !world.patterns.is_empty() {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .map_err(|e| format!("{file}: cannot list its folder: {e}"))?
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .filter_map(|e| e.file_name().to_str().map(String::from))
            .collect();
        names.sort();
        for name in names {
            let placed = world.patterns.iter().find_map(|p| {
                let c = p.regexp.captures(&name)?;
                let n = |i: usize| c.get(i)?.as_str().parse::<i64>().ok();
                let at =
                    |v: i64, mul: i32, off: i32| v.checked_mul(mul as i64)?.checked_add(off as i64);
                Some((
                    at(n(1)?, p.multiplier_x, p.offset_x)?,
                    at(n(2)?, p.multiplier_y, p.offset_y)?,
                ))
            });
            if let Some((x, y)) = placed
                && !found.iter().any(|(f, ..)| *f == name)
            {
                found.push((name, x, y));
            }
        }
    }
    let mut out = WorldMaps {
        maps: Vec::new(),
        left_out: Vec::new(),
    };
    for (name, x, y) in found {
        if name.to_ascii_lowercase().ends_with(".tmx") {
            out.maps.push((folder.join(&name), x, y));
        } else {
            out.left_out.push(format!(
                "{name}: not a .tmx map (save it as one in Tiled to import it)"
            ));
        }
    }
    // Reading order; the world's own order where two share a place.
    out.maps.sort_by_key(|&(_, x, y)| (y, x));
    if out.maps.is_empty() {
        return Err(format!(
            "{file}: a world with no .tmx maps (listed or matched by its patterns)"
        ));
    }
    Ok(out)
}
