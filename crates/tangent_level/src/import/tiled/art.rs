//! A Tiled map's drawn tiles, as the designer drew them ([`MapArt`]): each
//! visible tile layer's tiles split by tileset, each with its index in the
//! tileset's image, its flips (Tiled's gid flags) and its animation; the
//! tilesets' images and layout (tile size, spacing, margin, columns); the
//! layers' opacity, tint and offset (a tileset's tile offset added); image
//! layers as backdrops; the map's background colour. What is wrong with the
//! art (an image that is missing, not a PNG, or of another size than its
//! tileset says, a tileset of separate images) is listed in
//! [`MapArt::problems`], each naming the file, so that a game falls back to
//! its own tiles with a warning.
//!
//! (The reading in full is on `read_tmx_art`.)

use std::path::{Path, PathBuf};

use tiled::{Color, Layer, LayerType, Map, TileLayer, Tileset};

use super::map_text::{Lines, visible_layers};
use super::read::{grid_bounds, load_tmx};
pub use crate::format::art::{ArtImage, ArtLayer, ArtTile, MapArt, TilesetArt};
use crate::import::images::image_problem;

/// Reads the drawn tiles of the map at `path` (the grid as [`read_tmx`]
/// makes it: an infinite map's grid is its chunks' bounds). Each visible
/// tile layer gives one [`ArtLayer`] per tileset it uses, in the map's
/// order (a group's offset added to its layers'). Errors are the map's
/// (as [`read_tmx`]'s); what only keeps the art from being drawn is in
/// [`MapArt::problems`].
///
/// [`read_tmx`]: super::read_tmx
pub fn read_tmx_art(path: &Path) -> Result<MapArt, String> {
    let (map, lines) = load_tmx(path)?;
    art_of(&map, &lines)
}

fn art_of(map: &Map, lines: &Lines) -> Result<MapArt, String> {
    let at = lines.at_map();
    let (x0, y0, w, h) = grid_bounds(map, &at)?;
    let tilesets: Vec<TilesetArt> = map.tilesets().iter().map(|t| tileset_art(t)).collect();
    let (tw, th) = (map.tile_width as f32, map.tile_height as f32);
    let mut layers = Vec::new();
    let mut images = Vec::new();
    for (layer, offset) in visible_layers(map) {
        // Tiled's offsets point down; the level's y up.
        let offset = (offset.0, -offset.1);
        match layer.layer_type() {
            LayerType::Tiles(grid) => {
                let cells = (x0, y0, w, h);
                layers.extend(tile_layer(&layer, &grid, (offset, tw), cells));
            }
            LayerType::Image(img) => {
                let Some(image) = &img.image else {
                    continue;
                };
                images.push(ArtImage {
                    name: layer.name.clone(),
                    image: image.source.clone(),
                    crop: None,
                    // The image's top-left at the layer's offset from the
                    // grid's top-left corner.
                    top_left: (
                        offset.0 - x0 as f32 * tw,
                        (h as f32 + y0 as f32) * th + offset.1,
                    ),
                    scale: (1.0, 1.0),
                    opacity: layer.opacity,
                    repeat: (img.repeat_x, img.repeat_y),
                    above_layers: layers.len(),
                });
            }
            _ => {}
        }
    }
    let mut problems = problems_of(&tilesets, &layers, &lines.file);
    for i in &images {
        let what = format!("image layer `{}`'s image", i.name);
        problems.extend(image_problem(&i.image, (0, 0), &what));
    }
    let map_file = PathBuf::from(&lines.file);
    let mut sources: Vec<PathBuf> = (map.tilesets().iter())
        .map(|t| t.source.clone())
        .filter(|s| *s != map_file)
        .collect();
    sources.dedup();
    Ok(MapArt {
        width: w,
        height: h,
        tile_size: tw,
        tilesets,
        layers,
        images,
        background: map.background_color.map(rgba),
        sources,
        problems,
    })
}

/// One tile layer's tiles within the grid's cells (`x0, y0`: its first
/// column and row in the map; `w` x `h` of `cell` px), as one art layer
/// per tileset, in the map's order of tilesets; `offset` is the layer's
/// (y up), to which each tileset's tile offset is added.
fn tile_layer(
    layer: &Layer,
    grid: &TileLayer,
    (offset, cell): ((f32, f32), f32),
    (x0, y0, w, h): (i32, i32, usize, usize),
) -> Vec<ArtLayer> {
    let mut by_set: Vec<ArtLayer> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let Some(t) = grid.get_tile(x0 + x as i32, y0 + y as i32) else {
                continue;
            };
            let set = t.tileset_index();
            let k = by_set
                .iter()
                .position(|l| l.tileset == set)
                .unwrap_or_else(|| {
                    let ts = t.get_tileset();
                    by_set.push(ArtLayer {
                        name: layer.name.clone(),
                        tileset: set,
                        opacity: layer.opacity,
                        // A tileset's tile offset points down too.
                        offset: (offset.0 + ts.offset_x as f32, offset.1 - ts.offset_y as f32),
                        grid: cell,
                        cells: (w, h),
                        tint: layer.tint_color.map(rgba),
                        tiles: Vec::new(),
                    });
                    by_set.len() - 1
                });
            let frames = t.get_tile().and_then(|tile| tile.animation.clone());
            by_set[k].tiles.push(ArtTile {
                x,
                y: h - 1 - y,
                index: t.id(),
                flip_h: t.flip_h,
                flip_v: t.flip_v,
                flip_d: t.flip_d,
                frames: (frames.unwrap_or_default().iter())
                    .map(|f| (f.tile_id, f.duration))
                    .collect(),
            });
        }
    }
    by_set.sort_by_key(|l| l.tileset);
    by_set
}

/// A Tiled colour as RGBA bytes.
fn rgba(c: Color) -> [u8; 4] {
    [c.red, c.green, c.blue, c.alpha]
}

/// A tileset's image and layout.
fn tileset_art(t: &Tileset) -> TilesetArt {
    TilesetArt {
        name: t.name.clone(),
        image: t.image.as_ref().map(|i| i.source.clone()),
        image_size: t
            .image
            .as_ref()
            .map_or((0, 0), |i| (i.width.max(0) as u32, i.height.max(0) as u32)),
        tile_size: (t.tile_width, t.tile_height),
        spacing: t.spacing,
        margin: t.margin,
        columns: t.columns,
    }
}

/// What is wrong with the images of the tilesets the layers use (each
/// once), in the map's order of tilesets.
fn problems_of(tilesets: &[TilesetArt], layers: &[ArtLayer], map_file: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (k, set) in tilesets.iter().enumerate() {
        if !layers.iter().any(|l| l.tileset == k) {
            continue;
        }
        match &set.image {
            None => problems.push(format!(
                "{map_file}: tileset `{}` is a collection of separate images; Tangent draws tilesets of one image",
                set.name
            )),
            Some(image) => {
                let what = format!("tileset `{}`'s image", set.name);
                problems.extend(image_problem(image, set.image_size, &what));
            }
        }
    }
    problems
}
