//! The collision plugin: exact terrain made of tile-edge segments and
//! quadratic and cubic Bézier curves, against circle and rectangle actors.
//!
//! Everything here but [`plugin`] and [`debug`] (the ECS face) is pure math,
//! usable and testable without a Bevy `App`:
//! shapes and static queries ([`shapes`], [`query`]), continuous queries
//! ([`sweep`](mod@sweep)), tile edges ([`tiles`]), the indexed terrain set
//! ([`broadphase`]) and the per-step motion loop ([`motion`]).

mod basis;
pub mod broadphase;
pub mod debug;
mod depenetrate;
mod distance;
mod follow;
mod isolate;
mod line;
mod monotone;
pub mod motion;
pub mod plugin;
pub mod query;
mod roots;
pub mod shapes;
mod slide;
mod span;
pub mod sweep;
pub mod tiles;

pub use broadphase::{TerrainError, TerrainPiece, TerrainSet};
pub use motion::{Body, Contact, StepReport, StepScratch, cast, step_body, step_body_with};
pub use query::{bounce_normal, px_tol, reflect};
pub use shapes::{ActorShape, CubicBezier, QuadBezier, Segment, Terrain};
pub use sweep::{Toi, sweep};
pub use tiles::{TileEdge, TileGrid, TileKind, tile_edges};
