//! Tiled maps (`.tmx`): reading one as the parts of a level ([`read`], with
//! its objects in [`objects`]) and its drawn tiles ([`art`]), and writing a
//! level as one ([`mod@write`]). The
//! mapping is documented in `docs/level-format.md`, "Tiled maps".

pub mod art;
mod map_text;
pub mod objects;
mod old_tilesets;
pub mod read;
pub mod world;
pub mod write;
mod xml_layers;

pub use art::{ArtImage, ArtLayer, ArtTile, MapArt, TilesetArt, read_tmx_art};
pub use read::{MAX_TMX_BYTES, MAX_TMX_SIDE, flipped, read_tmx};
pub use world::{WorldMaps, read_world};
pub use write::{TILESET_IMAGE, write_tmx};
