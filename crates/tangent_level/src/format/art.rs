//! A map's drawn tiles and backdrops as data ([`MapArt`]): read from a
//! Tiled map by `import::tiled::art` or an LDtk level by
//! `import::ldtk::art`, carried by a checked level, drawn by the game.

use std::path::PathBuf;

/// The drawn tiles of a map, on the level's grid (row 0 at the bottom).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapArt {
    /// The grid's size, cells, and the map's tile size, px.
    pub width: usize,
    pub height: usize,
    pub tile_size: f32,
    /// Every tileset of the map, by its index in the map.
    pub tilesets: Vec<TilesetArt>,
    /// One per visible tile layer and tileset it uses, bottom first (an
    /// LDtk layer gives more: one per depth of its stacked tiles, offset
    /// and opacity).
    pub layers: Vec<ArtLayer>,
    /// The images drawn as backdrops (Tiled's image layers, an LDtk
    /// level's background image), bottom first.
    pub images: Vec<ArtImage>,
    /// The colour drawn behind everything over the level's extent (Tiled's
    /// map `backgroundcolor`, an LDtk level's background colour), RGBA.
    pub background: Option<[u8; 4]>,
    /// The files read besides the named one (Tiled's external tilesets,
    /// LDtk's separate level files), which a game watches for changes.
    pub sources: Vec<PathBuf>,
    /// What keeps the art from being drawn as the designer drew it, one
    /// line each, naming the file; empty where all of it can be drawn.
    pub problems: Vec<String>,
}

/// A tileset's image and how its tiles lie in it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TilesetArt {
    pub name: String,
    /// The image's file (as the map or tileset names it, from its folder);
    /// `None` for a tileset of separate images.
    pub image: Option<PathBuf>,
    /// The image's size as the tileset says, px (0 where it does not).
    pub image_size: (u32, u32),
    pub tile_size: (u32, u32),
    /// Pixels between tiles, and around them at the image's edges.
    pub spacing: u32,
    pub margin: u32,
    pub columns: u32,
}

/// The tiles one layer draws from one tileset.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArtLayer {
    pub name: String,
    /// Index into [`MapArt::tilesets`].
    pub tileset: usize,
    /// 0 (clear) to 1 (opaque).
    pub opacity: f32,
    /// How far the layer is moved, px, x right and y up: its cell (0, 0)'s
    /// bottom-left corner lies at `offset` in the level.
    pub offset: (f32, f32),
    /// Its grid: the cells' size, px, and how many it has across and up
    /// (a Tiled map's layers share the map's; an LDtk layer has its own,
    /// its top at the level's top).
    pub grid: f32,
    pub cells: (usize, usize),
    /// The colour its tiles are multiplied by (Tiled's layer tint), RGBA;
    /// `None` for white.
    pub tint: Option<[u8; 4]>,
    pub tiles: Vec<ArtTile>,
}

/// One drawn tile.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArtTile {
    /// The cell, on its layer's grid (row 0 at the bottom).
    pub x: usize,
    pub y: usize,
    /// The tile's index in its tileset (left to right, then down).
    pub index: u32,
    /// Tiled's flips: horizontal, vertical and diagonal (applied first;
    /// with a horizontal flip, a quarter turn clockwise).
    pub flip_h: bool,
    pub flip_v: bool,
    pub flip_d: bool,
    /// The tile's animation: `(index, milliseconds)` per frame; empty for
    /// a still tile.
    pub frames: Vec<(u32, u32)>,
}

/// An image drawn as a backdrop, once or repeated.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArtImage {
    pub name: String,
    /// The image's file (from the map's folder).
    pub image: PathBuf,
    /// The part of the image drawn, px from its top-left: x, y, w, h;
    /// `None` for all of it.
    pub crop: Option<(f32, f32, f32, f32)>,
    /// Where the drawn part's top-left corner lies, level px (x right, y
    /// up from the level's bottom edge).
    pub top_left: (f32, f32),
    /// How much it is scaled, x and y.
    pub scale: (f32, f32),
    /// 0 (clear) to 1 (opaque).
    pub opacity: f32,
    /// Whether it repeats across the level's extent, x and y.
    pub repeat: (bool, bool),
    /// How many of [`MapArt::layers`] lie under it.
    pub above_layers: usize,
}
