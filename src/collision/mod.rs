//! The collision plugin, re-exported from the `tangent_collision` crate
//! (`crates/tangent_collision`): `tangent::collision::*` is its prelude, so
//! code written against the names it had when it lived here still compiles.
//! The old module paths remain as aliases of the crate's layers.

pub use tangent_collision::prelude::*;

/// The ECS face: `CollisionPlugin`, components, messages, system sets.
pub mod plugin {
    pub use tangent_collision::bevy::*;
}

/// The F1 debug overlay.
pub mod debug {
    pub use tangent_collision::bevy::{CollisionDebugPlugin, DebugOverlay};
}

/// Shapes (now `tangent_collision::geometry`).
pub mod shapes {
    pub use tangent_collision::geometry::{
        ActorShape, CubicBezier, QuadBezier, Rect, Segment, Terrain,
    };
}

/// Bodies and the step (now `tangent_collision::dynamics`).
pub mod motion {
    pub use tangent_collision::dynamics::*;
}

/// Terrain sets and the broad phase (now `tangent_collision::terrain`).
pub mod broadphase {
    pub use tangent_collision::terrain::{
        PieceRange, SpanCache, TerrainError, TerrainPiece, TerrainSet,
    };
}

/// Tile grids and their edges (now `tangent_collision::terrain`).
pub mod tiles {
    pub use tangent_collision::terrain::{TileEdge, TileGrid, TileKind, tile_edges};
}

/// Static queries (now `tangent_collision::query`).
pub mod query {
    pub use tangent_collision::query::{bounce_normal, reflect};
}

/// The swept test (now `tangent_collision::query`).
pub mod sweep {
    pub use tangent_collision::query::{Toi, sweep};
}
