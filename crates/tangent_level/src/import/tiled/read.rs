//! Reading a [Tiled](https://www.mapeditor.org) map (`.tmx`, with the
//! `tiled` crate) as the parts of a level ([`MapParts`]); the mapping is
//! documented in `docs/level-format.md`, "Tiled maps".
//!
//! - **Tiles.** Every visible tile layer, later layers over earlier ones,
//!   becomes the level's grid. A tile's kind is its `kind` property or its
//!   class: `solid`, `one_way`, `decor`, `hazard` (spikes, pointing the
//!   way its `side` property says, `up` by default, turned with the tile's
//!   flips and rotations) or `empty`; a tile with neither is solid.
//! - **Objects** are read by [`super::objects`].
//!
//! (The method in full is on `read_tmx`.)

use std::io::Cursor;
use std::path::{Path, PathBuf};

use tiled::{ChunkData, LayerType, Map, Orientation, TileLayer};

use super::map_text::{Lines, apply_edits, parse_xml, visible_layers};
use super::objects::read_objects;
use super::old_tilesets::{count_edits, with_tile_counts};
use super::xml_layers::csv_edits;
use crate::format::mover_props::word;
use crate::format::{Side, TileDef};
use crate::import::map_parts::{MapParts, rows_of, side_of, tile_kind};

/// The largest map or tileset file read, bytes (16 MiB).
pub const MAX_TMX_BYTES: u64 = 16 << 20;

/// The most tiles a map's side may have (a level is at most 16 384 px wide).
pub const MAX_TMX_SIDE: u32 = 4096;

fn read_plain(path: &Path) -> std::io::Result<Vec<u8>> {
    crate::files::read_capped(path, MAX_TMX_BYTES, "a map")
}

/// Refuses sizes that would make the `tiled` crate allocate without bound
/// before it checks anything (a `<map>` or `<layer>` a million tiles wide).
fn check_sizes(doc: &roxmltree::Document, file: &str) -> Result<(), String> {
    for n in doc.descendants().filter(|n| n.is_element()) {
        if !matches!(n.tag_name().name(), "map" | "layer") {
            continue;
        }
        for attr in ["width", "height"] {
            let Some(v) = n.attribute(attr) else { continue };
            let ok = v.parse::<u32>().is_ok_and(|v| v <= MAX_TMX_SIDE);
            if !ok {
                let row = doc.text_pos_at(n.range().start).row;
                return Err(format!(
                    "{file}:{row}: <{}> {attr}=\"{v}\": a map has at most {MAX_TMX_SIDE} tiles a side",
                    n.tag_name().name()
                ));
            }
        }
    }
    Ok(())
}

/// Tiled's y axis points down from the map's top-left corner; the level's
/// points up from its bottom-left corner: `y_level = map_height_px - y`.
/// An infinite map's grid is the bounds of its chunks. A map that is not
/// orthogonal, has tiles that are not square, or is too big is refused with the file and line of its `<map>`
/// element; an XML error names the file, line and column.
///
/// Reads the map at `path`. Errors name the file (and line, where there is one).
pub fn read_tmx(path: &Path) -> Result<MapParts, String> {
    let (map, lines) = load_tmx(path)?;
    level_of(&map, &lines)
}

/// The map at `path` as the `tiled` crate reads it (its tilesets too),
/// and where its parts are in its text.
pub(super) fn load_tmx(path: &Path) -> Result<(Map, Lines), String> {
    let file = path.display().to_string();
    let bytes = read_plain(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let text = crate::files::level_text(&bytes, &file)?;
    let doc = parse_xml(text).map_err(|e| {
        let p = e.pos();
        format!("{file}:{}:{}: not a valid XML file: {e}", p.row, p.col)
    })?;
    check_sizes(&doc, &file)?;
    let lines = Lines::new(&doc, &file);
    let map_path = path.to_path_buf();
    let folder = |p: &Path| p.parent().unwrap_or(Path::new("")).to_path_buf();
    // The map and its tilesets as the crate reads them: XML-encoded layers
    // as CSV (`xml_layers`) and older tilesets' counts worked out
    // (`old_tilesets`) first, the map's from the document parsed above.
    let mut edits = csv_edits(&doc);
    edits.extend(count_edits(&doc, &folder(path)));
    let map_bytes = apply_edits(text, edits).into_bytes();
    let reader = move |p: &Path| -> std::io::Result<Cursor<Vec<u8>>> {
        if p == map_path {
            return Ok(Cursor::new(map_bytes.clone()));
        }
        let bytes = read_plain(p)?;
        Ok(Cursor::new(match std::str::from_utf8(&bytes) {
            Ok(xml) => with_tile_counts(xml, &folder(p)).into_bytes(),
            Err(_) => bytes,
        }))
    };
    let map = tiled::Loader::with_reader(reader)
        .load_tmx_map(path)
        .map_err(|e| format!("{}: not a Tiled map Tangent can read: {e}", lines.at_map()))?;
    Ok((map, lines))
}

/// The tile grid's first column and row (in the map's tile coordinates)
/// and its size: the map's for a finite map; for an infinite one, the
/// bounds of the chunks of its visible tile layers (Tiled writes chunks of
/// 16 x 16 tiles), at most [`MAX_TMX_SIDE`] tiles a side.
pub(super) fn grid_bounds(map: &Map, at: &str) -> Result<(i32, i32, usize, usize), String> {
    if !map.infinite() {
        return Ok((0, 0, map.width as usize, map.height as usize));
    }
    let (cw, ch) = (ChunkData::WIDTH as i64, ChunkData::HEIGHT as i64);
    let mut bounds: Option<(i64, i64, i64, i64)> = None;
    for (layer, _) in visible_layers(map) {
        let LayerType::Tiles(TileLayer::Infinite(layer)) = layer.layer_type() else {
            continue;
        };
        for ((cx, cy), _) in layer.chunks() {
            let (x, y) = (cx as i64 * cw, cy as i64 * ch);
            let b = bounds.get_or_insert((x, y, x + cw, y + ch));
            *b = (b.0.min(x), b.1.min(y), b.2.max(x + cw), b.3.max(y + ch));
        }
    }
    let Some((x0, y0, x1, y1)) = bounds else {
        return Err(format!("{at}: an infinite map with no tiles"));
    };
    let (w, h) = (x1 - x0, y1 - y0);
    if w > MAX_TMX_SIDE as i64 || h > MAX_TMX_SIDE as i64 {
        return Err(format!(
            "{at}: an infinite map whose tiles span {w} x {h}: a map has at most {MAX_TMX_SIDE} tiles a side"
        ));
    }
    Ok((x0 as i32, y0 as i32, w as usize, h as usize))
}

fn level_of(map: &Map, lines: &Lines) -> Result<MapParts, String> {
    let at = lines.at_map();
    if map.orientation != Orientation::Orthogonal {
        return Err(format!(
            "{at}: a {:?} map; Tangent reads orthogonal maps",
            map.orientation
        ));
    }
    if map.tile_width != map.tile_height || map.tile_width == 0 {
        return Err(format!(
            "{at}: tiles of {} x {} px; Tangent's tiles are square",
            map.tile_width, map.tile_height
        ));
    }
    // The grid: the map's own size, or an infinite map's chunks' bounds
    // (its tiles and objects shifted so that the bounds start at 0).
    let (x0, y0, w, h) = grid_bounds(map, &at)?;
    if w == 0 || h == 0 {
        return Err(format!("{at}: a map of {w} x {h} tiles"));
    }
    let mut cells = vec![TileDef::Empty; w * h];
    let mut drawn = false;
    for (layer, offset) in visible_layers(map) {
        let LayerType::Tiles(tiles) = layer.layer_type() else {
            continue;
        };
        if offset != (0.0, 0.0) {
            return Err(format!(
                "{at}: tile layer `{}` is offset by {offset:?} px; Tangent's grid cannot shift a layer",
                layer.name
            ));
        }
        for y in 0..h {
            for x in 0..w {
                if let Some(t) = tiles.get_tile(x0 + x as i32, y0 + y as i32) {
                    let set = t.get_tileset();
                    if t.get_tile().is_none() && (set.image.is_none() || t.id() >= set.tilecount) {
                        return Err(format!(
                            "{at}: the tile at column {}, row {} is tile {} of tileset `{}`, which has {} tiles",
                            x + 1,
                            y + 1,
                            t.id(),
                            set.name,
                            set.tilecount
                        ));
                    }
                    cells[y * w + x] = kind_of(&t, lines)?;
                    drawn = true;
                }
            }
        }
    }
    let (legend, tiles) = rows_of(&cells, w);
    let ts = map.tile_width as f32;
    let shift = (x0 as f32 * ts, y0 as f32 * ts);
    let objects = read_objects(map, h as f32 * ts, shift, ts, lines)?;
    let name = match map.properties.get("name") {
        Some(tiled::PropertyValue::StringValue(s)) => Some(s.clone()),
        _ => None,
    };
    let open = match map.properties.get("open") {
        Some(tiled::PropertyValue::BoolValue(b)) => Some(*b),
        _ => None,
    };
    Ok(MapParts {
        name,
        tile_size: ts,
        legend,
        tiles,
        open,
        objects,
        art: drawn.then(|| (PathBuf::from(&lines.file), None)),
    })
}

/// A tile's kind: its `kind` property, else its class, else solid; spikes
/// turned by the tile's flips.
fn kind_of(t: &tiled::LayerTile, lines: &Lines) -> Result<TileDef, String> {
    let set = &t.get_tileset().name;
    let id = t.id();
    let Some(tile) = t.get_tile() else {
        return Ok(TileDef::Solid);
    };
    let at = || lines.at_tile(set, id);
    let text = |name: &str| -> Result<Option<String>, String> {
        match tile.properties.get(name) {
            None => Ok(None),
            Some(tiled::PropertyValue::StringValue(s)) => Ok(Some(s.clone())),
            Some(v) => Err(format!(
                "{}: tileset `{set}` tile {id}: property `{name}` is {v:?}; it should be text",
                at()
            )),
        }
    };
    let kind = match text("kind")? {
        Some(k) => k,
        None => tile.user_type.clone(),
    };
    let side = text("side")?.unwrap_or_default();
    let Some(base) = tile_kind(&kind, &side) else {
        let what =
            if side_of(&side).is_none() && matches!(word(&kind).as_str(), "hazard" | "spikes") {
                format!("side `{side}`; use up, down, left or right")
            } else {
                format!("kind `{kind}`; use solid, one_way, decor, hazard or empty")
            };
        return Err(format!("{}: tileset `{set}` tile {id}: {what}", at()));
    };
    Ok(match base {
        TileDef::Spikes(side) => TileDef::Spikes(flipped(side, t.flip_d, t.flip_h, t.flip_v)),
        k => k,
    })
}

/// The way spikes point once Tiled's flips are applied to the tile: first
/// the diagonal flip (a transpose: up and left swap, down and right), then
/// the horizontal, then the vertical (Tiled's order). Tiled's "rotate
/// clockwise" is a diagonal and a horizontal flip: up becomes right.
///
/// ```
/// use tangent_level::import::tiled::flipped;
/// use tangent_level::format::Side;
/// assert_eq!(flipped(Side::Up, true, true, false), Side::Right); // rotated clockwise
/// assert_eq!(flipped(Side::Up, false, false, true), Side::Down);
/// ```
pub fn flipped(side: Side, d: bool, h: bool, v: bool) -> Side {
    let mut s = side;
    if d {
        s = match s {
            Side::Up => Side::Left,
            Side::Left => Side::Up,
            Side::Down => Side::Right,
            Side::Right => Side::Down,
        };
    }
    if h {
        s = match s {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
            o => o,
        };
    }
    if v {
        s = match s {
            Side::Up => Side::Down,
            Side::Down => Side::Up,
            o => o,
        };
    }
    s
}
