//! A level's terrain as one validated, indexed set: pieces with their
//! materials, tile edges from a tile grid, and the grid broad phase that
//! answers "which parameter ranges of which pieces lie near this box".
//!
//! Files, bottom up: `piece` ([`TerrainPiece`], validation errors), `tiles`
//! (tile grid to merged edges), `joints` (which piece ends meet), `spans` (short monotonic
//! ranges of a piece with their boxes: what the broad phases index), `set`
//! ([`TerrainSet`] and its grid), `movers` ([`Mover`]: groups of pieces that move, their own broad phase),
//! `cache` (`SpanCache`, one grid walk per body step).

mod cache;
mod joints;
mod movers;
mod piece;
mod ray;
mod set;
mod spans;
mod tiles;

pub(crate) use cache::SpanCache;
pub use movers::Mover;
pub use piece::{TerrainError, TerrainPiece};
pub use set::TerrainSet;
pub use tiles::{TileGrid, TileKind};
