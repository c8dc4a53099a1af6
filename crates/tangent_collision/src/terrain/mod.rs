//! A level's terrain as one validated, indexed set: pieces with their
//! materials, tile edges from a tile grid, and the grid broad phase that
//! answers "which parameter ranges of which pieces lie near this box".
//!
//! Files, bottom up: `piece` ([`TerrainPiece`], validation errors), `tiles`
//! (tile grid to merged edges), `joints` (which piece ends meet), `set` ([`TerrainSet`] and its grid), `cache`
//! (`SpanCache`, one grid walk per body step).

mod cache;
mod joints;
mod piece;
mod ray;
mod set;
mod tiles;

pub(crate) use cache::SpanCache;
pub use piece::{TerrainError, TerrainPiece};
pub use set::TerrainSet;
pub use tiles::{TileGrid, TileKind};
