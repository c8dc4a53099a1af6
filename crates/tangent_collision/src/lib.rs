#![doc = include_str!("../README.md")]
//!
//! ## Layers
//!
//! `poly` (roots on `[0, 1]`, internal) → [`geometry`] (shapes, bases,
//! boxes) → [`query`] (hits, closest point, normals, sweep) → [`terrain`]
//! (pieces, tiles, grid broad phase) → [`dynamics`] (bodies and the step) →
//! `bevy` (the ECS face, feature `bevy`). Most users need only the
//! [`prelude`]. Every public item outside the ECS face has an example; the
//! ECS face's components and messages are shown together in
//! `CollisionPlugin`'s example and tested in `tests/plugin.rs`.

#![warn(unreachable_pub)]

pub(crate) mod poly;

pub mod dynamics;
pub mod geometry;
pub mod query;
pub mod seeded;
pub mod terrain;

#[cfg(feature = "bevy")]
pub mod bevy;

/// What a user of the crate needs (35 names): the shapes and curves, the
/// queries a game calls, the terrain set, the [`World`](dynamics::World)
/// and its bodies, and (feature `bevy`) the plugin with the components and
/// messages an app touches. The rest is in its layer: the lower step
/// functions and their scratch lists in [`dynamics`], sweeps and ray casts
/// in [`query`], the ECS face's sets, mover components and debug overlay
/// in `bevy`.
pub mod prelude {
    pub use glam::Vec2;

    pub use crate::dynamics::{
        Body, BodyDef, BodyMode, Contact, Layers, OnSurface, StepReport, SurfaceStep, Touched,
        World,
    };
    pub use crate::geometry::{ActorShape, CubicBezier, Pose, QuadBezier, Segment, Terrain};
    pub use crate::query::{Hits, bounce_normal, reflect};
    pub use crate::terrain::{Mover, TerrainError, TerrainPiece, TerrainSet, TileGrid, TileKind};

    #[cfg(feature = "bevy")]
    pub use crate::bevy::{
        Actor, ActorHit, CollisionPlugin, Contacts, Gravity, Grounded, HitMessage, PhysicsPosition,
        Velocity,
    };
}
