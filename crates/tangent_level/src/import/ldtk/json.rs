//! The parts of an LDtk project's JSON that Tangent reads, as serde types
//! written from LDtk's published schema (`docs/JSON_SCHEMA.json` in LDtk's
//! repository, format 1.5). Fields Tangent has no use for are skipped;
//! fields LDtk always writes but older files may lack have defaults.

use serde::Deserialize;
use serde_json::Value;

/// The project file (`.ldtk`).
#[derive(Debug, Deserialize)]
pub struct Project {
    pub defs: Defs,
    /// The levels, when the project has one world (the usual case).
    #[serde(default)]
    pub levels: Vec<Level>,
    /// The worlds, when the project has several ("multi-worlds").
    #[serde(default)]
    pub worlds: Vec<World>,
}

/// The definitions: the layers' (the IntGrid value names) and the
/// tilesets'.
#[derive(Debug, Deserialize)]
pub struct Defs {
    #[serde(default)]
    pub layers: Vec<LayerDef>,
    #[serde(default)]
    pub tilesets: Vec<TilesetDef>,
}

/// A tileset: its image (from the project's folder; none for LDtk's
/// internal icons) and how its tiles lie in it.
#[derive(Debug, Deserialize)]
pub struct TilesetDef {
    pub uid: i64,
    pub identifier: String,
    #[serde(rename = "relPath", default)]
    pub rel_path: Option<String>,
    #[serde(rename = "pxWid")]
    pub px_wid: i64,
    #[serde(rename = "pxHei")]
    pub px_hei: i64,
    #[serde(rename = "tileGridSize")]
    pub tile_grid_size: i64,
    #[serde(default)]
    pub spacing: i64,
    /// The margin around the image's tiles.
    #[serde(default)]
    pub padding: i64,
    #[serde(rename = "__cWid", default)]
    pub c_wid: i64,
}

#[derive(Debug, Deserialize)]
pub struct LayerDef {
    pub uid: i64,
    #[serde(rename = "intGridValues", default)]
    pub int_grid_values: Vec<IntGridValue>,
}

/// One value an IntGrid layer may hold, with its optional name.
#[derive(Debug, Deserialize)]
pub struct IntGridValue {
    pub value: i64,
    #[serde(default)]
    pub identifier: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct World {
    #[serde(default)]
    pub levels: Vec<Level>,
}

/// A level, in the project file or (with "save levels separately") in a
/// `.ldtkl` file of its own named by `externalRelPath`.
#[derive(Debug, Deserialize)]
pub struct Level {
    pub identifier: String,
    #[serde(rename = "pxWid")]
    pub px_wid: i64,
    #[serde(rename = "pxHei")]
    pub px_hei: i64,
    #[serde(rename = "externalRelPath", default)]
    pub external_rel_path: Option<String>,
    /// `None` in the project file when the level is saved separately.
    #[serde(rename = "layerInstances", default)]
    pub layer_instances: Option<Vec<LayerInstance>>,
    /// The background colour (`#RRGGBB`), the project's default where the
    /// level has none of its own.
    #[serde(rename = "__bgColor", default)]
    pub bg_color: Option<String>,
    /// The background image, from the project's folder, and where it lies.
    #[serde(rename = "bgRelPath", default)]
    pub bg_rel_path: Option<String>,
    #[serde(rename = "__bgPos", default)]
    pub bg_pos: Option<BgPos>,
}

/// Where a level's background image is drawn: the part of the image
/// (`cropRect`: x, y, w, h px), its scale, and its top-left corner in the
/// level (px, y down).
#[derive(Debug, Deserialize)]
pub struct BgPos {
    #[serde(rename = "cropRect")]
    pub crop_rect: [f64; 4],
    pub scale: [f64; 2],
    #[serde(rename = "topLeftPx")]
    pub top_left_px: [f64; 2],
}

/// A layer of a level. LDtk lists them top-most first.
#[derive(Debug, Deserialize)]
pub struct LayerInstance {
    #[serde(rename = "__identifier")]
    pub identifier: String,
    /// `IntGrid`, `Entities`, `Tiles` or `AutoLayer`.
    #[serde(rename = "__type")]
    pub kind: String,
    #[serde(rename = "__cWid")]
    pub c_wid: i64,
    #[serde(rename = "__cHei")]
    pub c_hei: i64,
    #[serde(rename = "__gridSize")]
    pub grid_size: i64,
    #[serde(rename = "__pxTotalOffsetX", default)]
    pub offset_x: i64,
    #[serde(rename = "__pxTotalOffsetY", default)]
    pub offset_y: i64,
    #[serde(rename = "layerDefUid")]
    pub layer_def_uid: i64,
    #[serde(default = "yes")]
    pub visible: bool,
    /// Row by row from the top-left cell; 0 is empty.
    #[serde(rename = "intGridCsv", default)]
    pub int_grid_csv: Vec<i64>,
    #[serde(rename = "entityInstances", default)]
    pub entity_instances: Vec<EntityInstance>,
    /// The tileset its tiles come from, and how opaque it is drawn.
    #[serde(rename = "__tilesetDefUid", default)]
    pub tileset_def_uid: Option<i64>,
    #[serde(rename = "__opacity", default = "one")]
    pub opacity: f64,
    /// A Tiles layer's tiles, and an AutoLayer's or IntGrid layer's tiles
    /// made by its rules; each in the order drawn, bottom first.
    #[serde(rename = "gridTiles", default)]
    pub grid_tiles: Vec<TileInstance>,
    #[serde(rename = "autoLayerTiles", default)]
    pub auto_layer_tiles: Vec<TileInstance>,
}

fn one() -> f64 {
    1.0
}

fn minus_one() -> i64 {
    -1
}

/// A drawn tile: its top-left corner in the layer (`px`, y down), its
/// place in the tileset's image (`src`), its id there (`t`), its flips
/// (`f`: bit 0 x, bit 1 y) and its opacity (`a`). Files older than
/// LDtk 0.8 have no `t` (-1 here): the id is then found from `src`.
#[derive(Debug, Deserialize)]
pub struct TileInstance {
    #[serde(default)]
    pub px: [i64; 2],
    #[serde(default)]
    pub src: [i64; 2],
    #[serde(default)]
    pub f: i64,
    #[serde(default = "minus_one")]
    pub t: i64,
    #[serde(default = "one")]
    pub a: f64,
}

fn yes() -> bool {
    true
}

/// An entity: a box of `width` x `height` px whose pivot (0..1 of the box,
/// from its top-left) is at `px`, in the level's px (y down).
#[derive(Debug, Deserialize)]
pub struct EntityInstance {
    #[serde(rename = "__identifier")]
    pub identifier: String,
    pub px: [f64; 2],
    #[serde(rename = "__pivot", default = "top_left")]
    pub pivot: [f64; 2],
    pub width: f64,
    pub height: f64,
    #[serde(rename = "fieldInstances", default)]
    pub field_instances: Vec<FieldInstance>,
}

fn top_left() -> [f64; 2] {
    [0.0, 0.0]
}

/// A custom field's value; its type (`Int`, `Float`, `Bool`, `String`,
/// `Point`, `Array<Point>`, `LocalEnum.X`…) is in `kind`.
#[derive(Debug, Deserialize)]
pub struct FieldInstance {
    #[serde(rename = "__identifier")]
    pub identifier: String,
    #[serde(rename = "__type")]
    pub kind: String,
    #[serde(rename = "__value", default)]
    pub value: Value,
}
