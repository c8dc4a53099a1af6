//! An LDtk level's drawn tiles, as LDtk shows them ([`MapArt`]): the tiles
//! of its visible Tiles, AutoLayer and IntGrid layers (their rules' tiles),
//! each with its index in its tileset's image and its flips; the layer's
//! opacity (times each tile's own) and offset; the level's background
//! colour and image. Tiles LDtk stacks in one cell, or places off the grid,
//! go in layers of their own: bevy_ecs_tilemap holds one tile a cell.
//!
//! (The reading in full is on [`read_ldtk_art`].)

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::grid::read_grid;
use super::json::{Level, TileInstance, TilesetDef};
use super::project::{ProjectLevel, read_project};
use crate::format::art::{ArtImage, ArtLayer, ArtTile, MapArt, TilesetArt};
use crate::import::images::{image_problem, tiles_across};

/// A `#RRGGBB` colour as RGBA bytes.
///
/// ```
/// use tangent_level::import::ldtk::art::hex_colour;
/// assert_eq!(hex_colour("#50506A"), Some([0x50, 0x50, 0x6A, 255]));
/// assert_eq!(hex_colour("red"), None);
/// ```
pub fn hex_colour(text: &str) -> Option<[u8; 4]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.is_ascii() {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?, 255])
}

/// The level of the project named `only`, or its only level.
fn pick<'a>(
    levels: &'a [ProjectLevel],
    only: Option<&str>,
    file: &str,
) -> Result<&'a ProjectLevel, String> {
    let names = || {
        let names: Vec<&str> = levels.iter().map(|l| l.level.identifier.as_str()).collect();
        names.join(", ")
    };
    match only {
        Some(name) => levels
            .iter()
            .find(|l| l.level.identifier == name)
            .ok_or_else(|| format!("{file}: no level `{name}`; its levels are {}", names())),
        None if levels.len() == 1 => Ok(&levels[0]),
        None => Err(format!(
            "{file}: a project of {} levels; name one after a `#` (`art: Some(\"{}#{}\")`); its levels are {}",
            levels.len(),
            Path::new(file)
                .file_name()
                .map_or(file.into(), |f| f.to_string_lossy()),
            levels.first().map_or("", |l| l.level.identifier.as_str()),
            names()
        )),
    }
}

/// Reads the drawn tiles of the level `only` (its identifier; `None` for
/// a project of one level) of the LDtk project at `path`.
///
/// The art's grid is the level's (as `read_ldtk` makes it); each layer
/// keeps its own grid of `g` px, `h` rows, its top at the level's, row 0
/// at the bottom: LDtk's y points down from the level's top, so a tile at
/// `px` = (x, y) lies in column `⌊x / g⌋` and row `h − 1 − ⌊y / g⌋`, moved
/// by the rest of the division (a tile off the grid) and the layer's
/// offset, y negated. Layers are read bottom
/// first (LDtk lists them top first), each layer's tiles in LDtk's order;
/// the n-th tile in a cell goes in the layer's n-th depth. A tile's index
/// is its id `t` in its tileset (`column + row · __cWid`, as Tiled counts).
pub fn read_ldtk_art(path: &Path, only: Option<&str>) -> Result<MapArt, String> {
    let (project, levels) = read_project(path)?;
    let file = path.display().to_string();
    let pl = pick(&levels, only, &file)?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let defs = &project.defs.tilesets;
    let level = &pl.level;
    let layers = level.layer_instances.as_deref().unwrap_or(&[]);
    let drawn: Vec<_> = (layers.iter().rev())
        .filter(|l| l.visible && l.grid_size > 0)
        .filter(|l| !l.grid_tiles.is_empty() || !l.auto_layer_tiles.is_empty())
        .collect();
    // The level's grid, as the level's import makes it.
    let grid = read_grid(level, layers, &project.defs, &pl.at, &mut Vec::new())
        .map_err(|e| format!("{}: {e}", pl.file))?;
    let top = grid.h as f32 * grid.size;
    let mut art = MapArt {
        width: grid.w,
        height: grid.h,
        tile_size: grid.size,
        background: level.bg_color.as_deref().and_then(hex_colour),
        ..MapArt::default()
    };
    let mut used: Vec<i64> = Vec::new();
    for l in drawn {
        let here = format!("{file}: {}.layerInstances (`{}`)", pl.at, l.identifier);
        let Some(uid) = l.tileset_def_uid else {
            art.problems
                .push(format!("{here}: tiles without a tileset"));
            continue;
        };
        let g = l.grid_size;
        let Some(cells) = layer_cells(level, g) else {
            art.problems.push(format!(
                "{here}: a grid of {g} px makes more than {MAX_LAYER_CELLS} cells of the level"
            ));
            continue;
        };
        let set = used.iter().position(|&u| u == uid).unwrap_or_else(|| {
            used.push(uid);
            used.len() - 1
        });
        // Its top at the level's: its cell (0, 0) that far below; a tile
        // larger than the grid hangs down from its cell's top, as LDtk
        // draws it (the tilemap anchors it at the cell's bottom).
        let tile = defs
            .iter()
            .find(|d| d.uid == uid)
            .map_or(g, |d| d.tile_grid_size);
        let below = (cells.1 as i64 * g + tile - g) as f32 - top;
        let offset = (l.offset_x as f32, l.offset_y as f32 + below);
        let look = (set, l.opacity.clamp(0.0, 1.0) as f32);
        let tiles = l.grid_tiles.iter().chain(&l.auto_layer_tiles);
        art.layers
            .extend(layer_tiles(&l.identifier, look, tiles, offset, (cells, g)));
    }
    for &uid in &used {
        let def = defs.iter().find(|d| d.uid == uid);
        let (set, problem) = tileset_art(def, uid, folder, &file);
        art.tilesets.push(set);
        art.problems.extend(problem);
    }
    art.problems.extend(tiles_past_their_tileset(&art, &file));
    art.images.extend(background(level, folder, top));
    for i in &art.images {
        let what = format!("level `{}`'s background image", level.identifier);
        art.problems.extend(image_problem(&i.image, (0, 0), &what));
    }
    if pl.file != file {
        art.sources.push(PathBuf::from(&pl.file));
    }
    Ok(art)
}

/// Most cells an LDtk layer's grid may make of a level (2²², a level of
/// 2 048 x 2 048 tiles): a finer grid is a problem, not an allocation.
pub const MAX_LAYER_CELLS: u64 = 1 << 22;

/// The cells a layer's grid of `g` px makes of the level (its size in px,
/// rounded up), or `None` past [`MAX_LAYER_CELLS`].
fn layer_cells(level: &Level, g: i64) -> Option<(usize, usize)> {
    let cells = |px: i64| (px.max(0) as u64).div_ceil(g.max(1) as u64);
    let (w, h) = (cells(level.px_wid), cells(level.px_hei));
    (w.checked_mul(h)? <= MAX_LAYER_CELLS).then_some((w as usize, h as usize))
}

/// A problem for each layer drawing a tile past the end of its tileset
/// (its image holds `columns` x rows tiles).
fn tiles_past_their_tileset(art: &MapArt, file: &str) -> Vec<String> {
    let mut out = Vec::new();
    for l in &art.layers {
        let set = &art.tilesets[l.tileset];
        let rows = tiles_across(set.image_size.1, set.tile_size.1, set.margin, set.spacing);
        let count = set.columns.saturating_mul(rows);
        if let Some(t) = l.tiles.iter().find(|t| t.index >= count) {
            out.push(format!(
                "{file}: layer `{}` draws tile {} of tileset `{}`, which has {count}",
                l.name, t.index, set.name
            ));
        }
    }
    out.dedup();
    out
}

/// One LDtk layer's tiles as art layers: one per depth of stacking, rest
/// of the grid's division (a tile off the grid) and opacity, in order of
/// depth. `look` is the tileset's index and the layer's opacity, `offset`
/// how far its top-left corner lies from the level's (px, y down: its
/// offset, and where its height in cells is not the level's), and its
/// cells `(w, h)` of `g` px; tiles outside them are left out.
fn layer_tiles<'a>(
    name: &str,
    (tileset, opacity): (usize, f32),
    tiles: impl Iterator<Item = &'a TileInstance>,
    offset: (f32, f32),
    ((w, h), g): ((usize, usize), i64),
) -> Vec<ArtLayer> {
    let mut depth_of: HashMap<(i64, i64), usize> = HashMap::new();
    // (depth, rest x, rest y, opacity bits) -> index in `out`.
    let mut slot: HashMap<(usize, i64, i64, u32), usize> = HashMap::new();
    let mut out: Vec<(usize, ArtLayer)> = Vec::new();
    for t in tiles {
        let (cx, cy) = (t.px[0].div_euclid(g), t.px[1].div_euclid(g));
        let (rx, ry) = (t.px[0].rem_euclid(g), t.px[1].rem_euclid(g));
        if cx < 0
            || cy < 0
            || cx >= w as i64
            || cy >= h as i64
            || !(0..=u32::MAX as i64).contains(&t.t)
        {
            continue;
        }
        let depth = depth_of.entry((cx, cy)).or_insert(0);
        let alpha = opacity * (t.a as f32).clamp(0.0, 1.0);
        let key = (*depth, rx, ry, alpha.to_bits());
        *depth += 1;
        let k = *slot.entry(key).or_insert_with(|| {
            out.push((
                key.0,
                ArtLayer {
                    name: name.to_string(),
                    tileset,
                    opacity: alpha,
                    offset: (offset.0 + rx as f32, -(offset.1 + ry as f32)),
                    grid: g as f32,
                    cells: (w, h),
                    tint: None,
                    tiles: Vec::new(),
                },
            ));
            out.len() - 1
        });
        out[k].1.tiles.push(ArtTile {
            x: cx as usize,
            y: h - 1 - cy as usize,
            index: t.t as u32,
            flip_h: t.f & 1 != 0,
            flip_v: t.f & 2 != 0,
            flip_d: false,
            frames: Vec::new(),
        });
    }
    // By depth; within one, in the order first met (a stable sort).
    out.sort_by_key(|(depth, _)| *depth);
    out.into_iter().map(|(_, l)| l).collect()
}

/// A tileset's image and layout, and what keeps it from being drawn.
fn tileset_art(
    def: Option<&TilesetDef>,
    uid: i64,
    folder: &Path,
    file: &str,
) -> (TilesetArt, Option<String>) {
    let Some(def) = def else {
        let problem = format!("{file}: no tileset of uid {uid} in defs.tilesets");
        return (TilesetArt::default(), Some(problem));
    };
    let size = |v: i64| v.max(0) as u32;
    let image = def.rel_path.as_ref().map(|p| folder.join(p));
    let set = TilesetArt {
        name: def.identifier.clone(),
        image: image.clone(),
        image_size: (size(def.px_wid), size(def.px_hei)),
        tile_size: (size(def.tile_grid_size), size(def.tile_grid_size)),
        spacing: size(def.spacing),
        margin: size(def.padding),
        columns: size(def.c_wid),
    };
    let problem = match image {
        None => Some(format!(
            "{file}: tileset `{}` has no image (LDtk's own icons)",
            def.identifier
        )),
        Some(image) => {
            let what = format!("tileset `{}`'s image", def.identifier);
            image_problem(&image, set.image_size, &what)
        }
    };
    (set, problem)
}

/// The level's background image where it has one, under every layer, its
/// top-left at `__bgPos.topLeftPx` (y down from the level's top, `top` px
/// above its bottom).
fn background(level: &Level, folder: &Path, top: f32) -> Option<ArtImage> {
    let rel = level.bg_rel_path.as_ref()?;
    let pos = level.bg_pos.as_ref()?;
    let [cx, cy, cw, ch] = pos.crop_rect.map(|v| v as f32);
    Some(ArtImage {
        name: format!("{} background", level.identifier),
        image: folder.join(rel),
        crop: Some((cx, cy, cw, ch)),
        top_left: (pos.top_left_px[0] as f32, top - pos.top_left_px[1] as f32),
        scale: (pos.scale[0] as f32, pos.scale[1] as f32),
        opacity: 1.0,
        repeat: (false, false),
        above_layers: 0,
    })
}
