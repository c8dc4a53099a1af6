//! A Tiled map's drawn tiles, as the designer drew them ([`MapArt`]): each
//! visible tile layer's tiles split by tileset, each with its index in the
//! tileset's image, its flips (Tiled's gid flags) and its animation; the
//! tilesets' images and layout (tile size, spacing, margin, columns); the
//! layers' opacity and offset. What is wrong with the art (an image that is
//! missing, not a PNG, or of another size than its tileset says, a tileset
//! of separate images) is listed in [`MapArt::problems`], each naming the
//! file, so that a game falls back to its own tiles with a warning.
//!
//! (The reading in full is on `read_tmx_art`.)

use std::io::Read;
use std::path::Path;

use tiled::{LayerType, Map};

use super::map_text::{Lines, visible_layers};
use super::read::{grid_bounds, load_tmx};
pub use crate::format::art::{ArtLayer, ArtTile, MapArt, TilesetArt};
use crate::validate::{Level, Locator};

/// The width and height of a PNG image from its first 24 bytes (its
/// signature and header chunk), or `None` if they are not a PNG's.
///
/// ```
/// use tangent_level::import::tiled::png_size;
/// let mut png = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
/// png.extend(b"IHDR");
/// png.extend(64u32.to_be_bytes());
/// png.extend(32u32.to_be_bytes());
/// assert_eq!(png_size(&png), Some((64, 32)));
/// assert_eq!(png_size(b"GIF89a and more bytes than that"), None);
/// ```
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    if bytes.len() < 24 || bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

/// What is wrong with a tileset's image at `path` (`said`: its size as the
/// tileset says, 0 where it does not), in one line naming the file.
fn image_problem(path: &Path, said: (u32, u32), set: &str) -> Option<String> {
    let file = path.display();
    let mut head = Vec::with_capacity(24);
    let read = std::fs::File::open(path).and_then(|f| f.take(24).read_to_end(&mut head));
    if let Err(e) = read {
        return Some(format!(
            "{file}: tileset `{set}`'s image cannot be read: {e}"
        ));
    }
    let Some(size) = png_size(&head) else {
        return Some(format!("{file}: tileset `{set}`'s image is not a PNG"));
    };
    let declared = said.0 > 0 && said.1 > 0;
    (declared && size != said).then(|| {
        format!(
            "{file}: tileset `{set}`'s image is {} x {} px; the tileset says {} x {}",
            size.0, size.1, said.0, said.1
        )
    })
}

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
    let tilesets: Vec<TilesetArt> = map
        .tilesets()
        .iter()
        .map(|t| TilesetArt {
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
        })
        .collect();
    let mut layers = Vec::new();
    for (layer, offset) in visible_layers(map) {
        let LayerType::Tiles(grid) = layer.layer_type() else {
            continue;
        };
        let mut by_set: Vec<ArtLayer> = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let Some(t) = grid.get_tile(x0 + x as i32, y0 + y as i32) else {
                    continue;
                };
                let set = t.tileset_index();
                let k = match by_set.iter().position(|l| l.tileset == set) {
                    Some(k) => k,
                    None => {
                        by_set.push(ArtLayer {
                            name: layer.name.clone(),
                            tileset: set,
                            opacity: layer.opacity,
                            offset: (offset.0, -offset.1),
                            tiles: Vec::new(),
                        });
                        by_set.len() - 1
                    }
                };
                let frames = t.get_tile().and_then(|tile| tile.animation.clone());
                by_set[k].tiles.push(ArtTile {
                    x,
                    y: h - 1 - y,
                    index: t.id(),
                    flip_h: t.flip_h,
                    flip_v: t.flip_v,
                    flip_d: t.flip_d,
                    frames: frames
                        .unwrap_or_default()
                        .iter()
                        .map(|f| (f.tile_id, f.duration))
                        .collect(),
                });
            }
        }
        by_set.sort_by_key(|l| l.tileset);
        layers.extend(by_set);
    }
    let problems = problems_of(&tilesets, &layers, &lines.file);
    Ok(MapArt {
        width: w,
        height: h,
        tile_size: map.tile_width as f32,
        tilesets,
        layers,
        problems,
    })
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
            Some(image) => problems.extend(image_problem(image, set.image_size, &set.name)),
        }
    }
    problems
}

/// `level` (checked from `text`, named `file`) with the drawn tiles of its
/// `art` map (a path relative to the folder of `file`), and why they
/// cannot be drawn in its `warnings`, each `file:line: ...` at the `art`
/// line: a map that cannot be read (no art), or its problems (a missing
/// image, one that is not a PNG or not the size its tileset says, a
/// tileset of separate images, a grid that is not the level's cells or
/// tile size: the art is kept, and not drawn).
pub fn with_art(mut level: Level, text: &str, file: &str) -> Level {
    let Some(name) = level.file.art.clone() else {
        return level;
    };
    let at = format!("{file}:{}", Locator::new(text, file).key("art"));
    let path = Path::new(file).parent().unwrap_or(Path::new("")).join(name);
    let mut art = match read_tmx_art(&path) {
        Ok(art) => art,
        Err(e) => {
            level.warnings.push(format!("{at}: art not drawn: {e}"));
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
        .map(|p| format!("{at}: art not drawn: {p}"));
    level.warnings.extend(warnings);
    level.art = Some(art);
    level
}
