//! The import and export commands: levels from the tools artists already
//! use, and back.
//!
//! - `tangent import-svg` writes an SVG drawing's paths into a level file
//!   as its curves (the drawing is read by [`crate::svg`]);
//! - `tangent import-tmx` makes a level of a Tiled map and `tangent
//!   export-tmx` writes one ([`crate::import::tiled`]);
//! - `tangent import-ldtk` makes levels of an LDtk project ([`crate::import::ldtk`]).

pub mod art;
pub mod images;
pub mod ldtk;
pub mod map_parts;
pub mod placing;
pub mod tiled;

use std::path::{Path, PathBuf};

use crate::files::level_stem;
use crate::files::save::{save_level, write_over};
use crate::format::{LevelFile, ShapeDef};
use crate::import::art::art_for;
use crate::import::ldtk::read_ldtk;
use crate::import::map_parts::MapParts;
use crate::import::placing::{Editor, place_missing};
use crate::import::tiled::{TILESET_IMAGE, read_tmx, read_world, write_tmx};
use crate::svg::{SvgOptions, import_svg};
use crate::validate::Level;

/// `tangent import-svg DRAWING --into LEVEL`: the level's curves become the
/// drawing's pieces, and its movers that carry curves alone the drawing's
/// movers (movers carrying tiles are kept; every other field, and the
/// comments outside the changed lists, kept), checked as a level, then
/// saved atomically. Returns a line saying what was done; an error names
/// the file at fault.
pub fn import_svg_into(drawing: &Path, level: &Path, opts: SvgOptions) -> Result<String, String> {
    let svg_name = drawing.display().to_string();
    let text = crate::svg::read_drawing(drawing)?;
    let imported = import_svg(&text, &svg_name, opts)?;
    let level_name = level.display().to_string();
    let original = crate::files::read_level_text(level)?;
    let (drawn_movers, drawn_crystals) = (imported.movers.len(), imported.crystals.len());
    let new = rewrite_level(
        level,
        &original,
        &format!("with the curves of {svg_name}"),
        |old| LevelFile {
            curves: imported.curves,
            // The drawing's crystals where it has any, else the level's.
            crystals: if imported.crystals.is_empty() {
                old.crystals.clone()
            } else {
                imported.crystals.clone()
            },
            movers: (old.movers.iter())
                .filter(|m| m.tiles.is_some())
                .cloned()
                .chain(imported.movers)
                .collect(),
            ..old.clone()
        },
    )?;
    let mut out = format!(
        "{}: {} paths as {} curves, {} movers and {} crystals into {} (drawing {} x {} px)",
        svg_name,
        imported.paths,
        new.curves.len(),
        drawn_movers,
        drawn_crystals,
        level_name,
        imported.size.x,
        imported.size.y
    );
    for w in &imported.warnings {
        out.push_str(&format!("\nwarning: {w}"));
    }
    Ok(out)
}

/// Writes the level at `path` (whose text is `original`) changed by
/// `change`: the new level written over the old text (comments outside the
/// changed fields kept), checked as a level, then saved atomically. An
/// error names the file and says the level was not changed (`what` says
/// where the change came from). Returns the new level.
fn rewrite_level(
    path: &Path,
    original: &str,
    what: &str,
    change: impl FnOnce(&LevelFile) -> LevelFile,
) -> Result<LevelFile, String> {
    let name = path.display().to_string();
    let old = Level::parse(original, &name)
        .map_err(|e| e.to_string())?
        .file;
    let new = change(&old);
    let written = checked_over(original, &old, &new, &name, what)?;
    save_level(path, &written).map_err(|e| format!("{name}: cannot write: {e}"))?;
    Ok(new)
}

/// `new` written over `original` (the text of `old`, from the file
/// `name`), checked as a level; an error says the file was not changed
/// (`what` says where the change came from).
fn checked_over(
    original: &str,
    old: &LevelFile,
    new: &LevelFile,
    name: &str,
    what: &str,
) -> Result<String, String> {
    let written = write_over(original, old, new);
    Level::parse(&written, name).map_err(|e| format!("{e} ({what}; {name} not changed)"))?;
    Ok(written)
}

/// The text of the level at `path`, or, when there is none yet, the
/// starter level named after the file without its hill (a map's own
/// terrain should not get a hill it never had).
fn level_or_starter(path: &Path) -> Result<String, String> {
    if path.exists() {
        return crate::files::read_level_text(path);
    }
    let stem = level_stem(path).unwrap_or_else(|| "Imported".into());
    let text = crate::format::starter::starter_level(&stem);
    let old = Level::parse(&text, &stem).map_err(|e| e.to_string())?.file;
    let bare = LevelFile {
        curves: Vec::new(),
        ..old.clone()
    };
    Ok(write_over(&text, &old, &bare))
}

/// The level with a map's parts in place of its own: the tile size, legend
/// and tiles always, whether it is open where the map says, and the movers (a mover's tiles are cells of the grid);
/// the spawn, goal, checkpoints, crystals, actors and curves where the map has any
/// (a map of tiles alone keeps the level's Bézier curves).
pub fn with_map(old: &LevelFile, map: &MapParts) -> LevelFile {
    let mut f = old.clone();
    let objects = &map.objects;
    f.tile_size = map.tile_size;
    f.legend = map.legend.clone();
    f.tiles = map.tiles.clone();
    if let Some(name) = &map.name {
        f.name = name.clone();
    }
    if let Some(open) = map.open {
        f.open = open;
    }
    if let Some(s) = objects.spawn {
        f.spawn = s;
    }
    if let Some(g) = objects.goal {
        f.goal = g;
    }
    if !objects.checkpoints.is_empty() {
        f.checkpoints = objects.checkpoints.clone();
    }
    if !objects.crystals.is_empty() {
        f.crystals = objects.crystals.clone();
    }
    if !objects.coins.is_empty() {
        f.coins = objects.coins.clone();
    }
    if !objects.actors.is_empty() {
        f.actors = objects.actors.clone();
    }
    if !objects.curves.is_empty() {
        f.curves = objects.curves.clone();
    }
    // A mover's tiles are cells of the grid the map replaces.
    f.movers = objects.movers.clone();
    f
}

/// `tangent import-tmx MAP --into LEVEL`: the level made of the map (see
/// [`with_map`]; a level file that does not exist yet starts as the
/// starter level without its hill), checked, then saved atomically, keeping
/// the comments outside the fields that changed. A map without a spawn or
/// goal object keeps the level's own where they fit the map's tiles; where
/// they do not, both missing ones are placed where the player can stand
/// ([`crate::import::placing::place_missing`], as for a world's maps). Returns a
/// line saying what was done, one per thing placed and one per object left
/// out; an error names the file at fault.
/// A Tiled world (`.world`) is imported as a run of levels
/// ([`import_world_into`]).
pub fn import_tmx_into(map_path: &Path, level: &Path) -> Result<String, String> {
    if map_path
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("world"))
    {
        return import_world_into(map_path, level);
    }
    let map_name = map_path.display().to_string();
    let map = read_tmx(map_path)?;
    let level_name = level.display().to_string();
    let original = level_or_starter(level)?;
    let what = format!("made of {map_name}");
    let mut notes = Vec::new();
    let (art, art_note) = art_for(&map, level);
    notes.extend(art_note);
    let drawn = |old: &LevelFile, map: &MapParts| LevelFile {
        art: art.clone().or(old.art.clone()),
        ..with_map(old, map)
    };
    let new = match rewrite_level(level, &original, &what, |old| drawn(old, &map)) {
        Ok(new) => new,
        // The level's own spawn or goal, kept for what the map lacks, does
        // not fit the map's tiles: place them as a world's maps get them.
        Err(e) if map.objects.spawn.is_none() || map.objects.goal.is_none() => {
            let player = Level::parse(&original, &level_name)
                .map_err(|e| e.to_string())?
                .file
                .player;
            let mut placed = map.clone();
            place_missing(&mut placed, Editor::Tiled, &player, &mut notes)
                .map_err(|p| format!("{e}\n{map_name}: {p}"))?;
            rewrite_level(level, &original, &what, |old| drawn(old, &placed))?
        }
        Err(e) => return Err(e),
    };
    let mut out = format!(
        "{map_name}: {} x {} tiles, {} actors, {} checkpoints, {} crystals, {} curves, {} movers into {level_name}",
        new.tiles.first().map_or(0, |r| r.chars().count()),
        new.tiles.len(),
        map.objects.actors.len(),
        map.objects.checkpoints.len(),
        map.objects.crystals.len(),
        map.objects.curves.len(),
        map.objects.movers.len(),
    );
    for line in &notes {
        out.push_str(&format!("\n{line}"));
    }
    if let Some(art) = &new.art {
        out.push_str(&format!(
            "\ndrawn with the map's own tiles: art: Some({art:?})"
        ));
    }
    for line in &map.objects.ignored {
        out.push_str(&format!("\nleft out: {line}"));
    }
    Ok(out)
}

/// `tangent import-ldtk PROJECT [--level NAME] --into LEVEL`: a level made
/// of each level of an LDtk project ([`read_ldtk`]; only `NAME` with
/// `--level`), in the project's order, written as a run (the first into
/// `LEVEL`, the others beside it, each one's `next` the one after).
/// A level without a spawn or goal entity gets them where the player can
/// stand ([`crate::import::placing::place_missing`]).
pub fn import_ldtk_into(
    project: &Path,
    only: Option<&str>,
    level: &Path,
) -> Result<String, String> {
    let levels = read_ldtk(project, only)?;
    let run = levels
        .iter()
        .map(|l| RunLevel {
            label: l.identifier.clone(),
            parts: Box::new(|player: &ShapeDef| l.for_player(player)),
        })
        .collect();
    import_run(&project.display().to_string(), run, level)
}

/// `tangent import-tmx WORLD.world --into LEVEL`: a level made of each
/// `.tmx` map of a Tiled world ([`read_world`]), in reading order of where
/// the world puts them, written as a run as LDtk levels are
/// ([`import_ldtk_into`]). A map without a
/// spawn or goal object gets them where the player can stand
/// ([`crate::import::placing::place_missing`]); maps that are not `.tmx` are said.
pub fn import_world_into(world: &Path, level: &Path) -> Result<String, String> {
    let found = read_world(world)?;
    let maps = found
        .maps
        .iter()
        .map(|(path, ..)| Ok((path, read_tmx(path)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let run = maps
        .iter()
        .map(|(path, map)| RunLevel {
            label: path
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().to_string()),
            parts: Box::new(move |player: &ShapeDef| {
                let mut parts = map.clone();
                let mut notes = Vec::new();
                place_missing(&mut parts, Editor::Tiled, player, &mut notes)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Ok((parts, notes))
            }),
        })
        .collect();
    let mut said = import_run(&world.display().to_string(), run, level)?;
    for line in &found.left_out {
        said.push_str(&format!("\nleft out: {line}"));
    }
    Ok(said)
}

/// One level of a run being imported.
struct RunLevel<'a> {
    /// Its name where it comes from (an LDtk identifier, a map's file name).
    label: String,
    /// Its parts for a player of the given shape, and what was done how.
    #[allow(clippy::type_complexity)]
    parts: Box<dyn Fn(&ShapeDef) -> Result<(MapParts, Vec<String>), String> + 'a>,
}

/// Writes a run of levels from `source`: the first into `level`, each
/// other into a file beside it named after `level` and its label
/// (`cave.level.ron`, `cave-Level_1.level.ron`…), each one's `next` the
/// file after it (the last keeps its own). Every level is made and checked
/// before any is written; files that do not exist yet start as the starter
/// level without its hill. Returns what was done, a line per level and per
/// note; an error names the file at fault and changes nothing.
fn import_run(source: &str, run: Vec<RunLevel>, level: &Path) -> Result<String, String> {
    let stem = level_stem(level).unwrap_or_default();
    let mut paths: Vec<PathBuf> = Vec::new();
    for (i, l) in run.iter().enumerate() {
        let mut path = if i == 0 {
            level.to_path_buf()
        } else {
            level.with_file_name(format!("{stem}-{}.level.ron", file_word(&l.label)))
        };
        if paths.contains(&path) {
            path = level.with_file_name(format!(
                "{stem}-{}-{}.level.ron",
                file_word(&l.label),
                i + 1
            ));
        }
        paths.push(path);
    }
    let file_name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().to_string());
    let mut planned = Vec::new();
    let mut out = String::new();
    for (i, (l, path)) in run.iter().zip(&paths).enumerate() {
        let original = level_or_starter(path)?;
        let name = path.display().to_string();
        let what = format!("made of {source}'s `{}`", l.label);
        let old = Level::parse(&original, &name)
            .map_err(|e| e.to_string())?
            .file;
        let (parts, notes) =
            (l.parts)(&old.player).map_err(|e| format!("{e} ({what}; {name} not changed)"))?;
        // `next` is set once every file is written (it must name one that
        // exists); the level is checked without it.
        let (art, art_note) = art_for(&parts, path);
        let mut new = LevelFile {
            next: None,
            art: art.or(old.art.clone()),
            ..with_map(&old, &parts)
        };
        checked_over(&original, &old, &new, &name, &what)?;
        new.next = match paths.get(i + 1) {
            Some(n) => file_name(n),
            None => old.next.clone(),
        };
        let objects = &parts.objects;
        out.push_str(&format!(
            "\n`{}` into {}: {} x {} tiles, {} actors, {} checkpoints, {} crystals, {} curves",
            l.label,
            path.display(),
            new.tiles.first().map_or(0, |r| r.chars().count()),
            new.tiles.len(),
            objects.actors.len(),
            objects.checkpoints.len(),
            objects.crystals.len(),
            objects.curves.len(),
        ));
        for n in notes.iter().chain(&art_note) {
            out.push_str(&format!("\n  {n}"));
        }
        if let Some(art) = &new.art {
            out.push_str(&format!(
                "\n  drawn with the map's own tiles: art: Some({art:?})"
            ));
        }
        for n in &objects.ignored {
            out.push_str(&format!("\n  left out: {n}"));
        }
        planned.push((path.clone(), write_over(&original, &old, &new)));
    }
    // The last first, so that each `next` names a file that exists.
    for (path, text) in planned.iter().rev() {
        save_level(path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    }
    Ok(format!(
        "{source}: {} level{} imported{out}",
        run.len(),
        if run.len() == 1 { "" } else { "s" }
    ))
}

/// A label (an LDtk identifier, a map's name) as part of a file name: letters, digits, `-` and
/// `_` kept, anything else `_`.
fn file_word(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `tangent export-tmx LEVEL --out MAP`: writes the level as a Tiled map
/// ([`write_tmx`]) and the tileset image beside it. Returns a
/// line saying what was written. `tiles_png` is the tile strip the map's
/// tileset names (the game passes its own).
pub fn export_tmx(level: &Path, out: &Path, tiles_png: &[u8]) -> Result<String, String> {
    let level_name = level.display().to_string();
    let text = crate::files::read_level_text(level)?;
    let file = Level::parse(&text, &level_name)
        .map_err(|e| e.to_string())?
        .file;
    let map = write_tmx(&file).map_err(|e| format!("{level_name}: {e}"))?;
    let out_name = out.display().to_string();
    crate::files::save::save(out, &map).map_err(|e| format!("{out_name}: cannot write: {e}"))?;
    let image = out.with_file_name(TILESET_IMAGE);
    crate::files::save::save_bytes(&image, tiles_png)
        .map_err(|e| format!("{}: cannot write: {e}", image.display()))?;
    let mut line = format!(
        "{level_name}: written as {out_name} (tileset {})",
        image.display()
    );
    if let Some(svg) = &file.svg {
        line.push_str(&format!(
            "; the curves of its drawing {svg} stay in the drawing"
        ));
    }
    Ok(line)
}
