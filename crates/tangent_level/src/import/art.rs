//! A level with its map's drawn art ([`with_art`]): the Tiled map or LDtk
//! level its `art` names, read by the reader for its kind, and why the art
//! cannot be drawn as warnings at the `art` line; and the `art` an import
//! names ([`art_for`]).

use std::path::{Path, PathBuf};

use crate::format::art::MapArt;
use crate::import::ldtk::read_ldtk_art;
use crate::import::map_parts::MapParts;
use crate::import::tiled::read_tmx_art;
use crate::validate::{Level, Locator};

/// What each warning about a level's art says after its `file:line: `
/// (then why), so that whoever carries a level's art over (the editor)
/// finds those warnings.
pub const ART_NOT_DRAWN: &str = "art not drawn";

/// The file an `art` names and, after a `#`, the LDtk level in it.
///
/// ```
/// use tangent_level::import::art::art_target;
/// assert_eq!(art_target("maps/cave.tmx"), ("maps/cave.tmx", None));
/// assert_eq!(art_target("world.ldtk#Level_2"), ("world.ldtk", Some("Level_2")));
/// ```
pub fn art_target(art: &str) -> (&str, Option<&str>) {
    match art.rsplit_once('#') {
        Some((file, level)) => (file, Some(level)),
        None => (art, None),
    }
}

/// The file an `art` names, from the folder of the level file `level_file`.
pub fn art_file(level_file: &Path, art: &str) -> PathBuf {
    let dir = level_file.parent().unwrap_or(Path::new(""));
    dir.join(art_target(art).0)
}

/// The art of the map at `path`: an LDtk project's level `level` (or its
/// only one) for a `.ldtk` file, else a Tiled map.
pub fn read_art(path: &Path, level: Option<&str>) -> Result<MapArt, String> {
    let ldtk = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("ldtk"));
    if ldtk {
        read_ldtk_art(path, level)
    } else if let Some(level) = level {
        Err(format!(
            "{}: `#{level}` names an LDtk level; a Tiled map is named alone",
            path.display()
        ))
    } else {
        read_tmx_art(path)
    }
}

/// `level` (checked from `text`, named `file`) with the drawn art of its
/// `art` map (a path relative to the folder of `file`: a Tiled `.tmx`, or
/// an LDtk `.ldtk` with `#` and the level's identifier where it has
/// several), and why it cannot be drawn in its `warnings`, each
/// `file:line: ...` at the `art` line: a map that cannot be read (no
/// art), or its problems (a missing image, one that is not a PNG or not
/// the size its tileset says, a tileset of separate images, a grid that is
/// not the level's cells or tile size: the art is kept, and not drawn).
pub fn with_art(mut level: Level, text: &str, file: &str) -> Level {
    let Some(name) = level.file.art.clone() else {
        return level;
    };
    let at = format!("{file}:{}", Locator::new(text, file).key("art"));
    let path = art_file(Path::new(file), &name);
    let mut art = match read_art(&path, art_target(&name).1) {
        Ok(art) => art,
        Err(e) => {
            level.warnings.push(format!("{at}: {ART_NOT_DRAWN}: {e}"));
            return level;
        }
    };
    let g = &level.grid;
    let (w, h, ts) = (g.width, g.height, g.tile_size);
    if (art.width, art.height, art.tile_size) != (w, h, ts) {
        art.problems.push(format!(
            "{} is {} x {} tiles of {} px; the level is {w} x {h} of {ts} px",
            path.display(),
            art.width,
            art.height,
            art.tile_size
        ));
    }
    let warnings = art
        .problems
        .iter()
        .map(|p| format!("{at}: {ART_NOT_DRAWN}: {p}"));
    level.warnings.extend(warnings);
    level.art = Some(art);
    level
}

/// The `art` a level file at `level` names for the map's own drawn tiles
/// (the map's path from the level's folder, `/` between folders, then `#`
/// and the LDtk level), or `None` with a note saying why where the map
/// draws none or its art cannot be drawn (a missing tileset image...).
pub fn art_for(parts: &MapParts, level: &Path) -> (Option<String>, Option<String>) {
    let Some((map, id)) = &parts.art else {
        return (None, None);
    };
    let art = match read_art(map, id.as_deref()) {
        Ok(art) => art,
        Err(e) => return (None, Some(format!("its drawn tiles are not drawn: {e}"))),
    };
    if let Some(p) = art.problems.first() {
        return (None, Some(format!("its drawn tiles are not drawn: {p}")));
    }
    let absolute = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let folder = absolute(
        level
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new(".")),
    );
    let map = absolute(map);
    let Some(rel) = pathdiff::diff_paths(&map, &folder) else {
        return (
            None,
            Some(format!(
                "{} has no path from {}",
                map.display(),
                folder.display()
            )),
        );
    };
    let rel: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let mut name = rel.join("/");
    if let Some(id) = id {
        name = format!("{name}#{id}");
    }
    (Some(name), None)
}
