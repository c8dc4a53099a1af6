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

/// What a user of the crate needs: the shapes, the queries, the terrain
/// set, bodies and the step, running a surface, and (feature `bevy`) the plugin and its
/// components.
pub mod prelude {
    pub use glam::Vec2;

    pub use crate::dynamics::{
        Body, BodyDef, BodyHit, Contact, Crush, Layers, OnSurface, StepError, StepReport,
        StepScratch, SurfaceStep, Touched, WorldScratch, first_body_hit, move_movers,
        run_on_surface, run_on_surface_skipping, step_bodies, step_body, step_body_with,
        surface_tangent, trade_impulse,
    };
    pub use crate::geometry::{ActorShape, CubicBezier, Pose, QuadBezier, Rect, Segment, Terrain};
    pub use crate::query::{Hits, Toi, bounce_normal, reflect};
    pub use crate::terrain::{Mover, TerrainError, TerrainPiece, TerrainSet, TileGrid, TileKind};

    #[cfg(feature = "bevy")]
    pub use crate::bevy::{
        Actor, ActorHit, CollisionDebugPlugin, CollisionPlugin, CollisionSystems, Contacts,
        Crushed, Gravity, Grounded, HitMessage, MoverBlocked, MoverTargets, PhysicsPosition,
        PreviousPhysicsPosition, TerrainIndex, TerrainMover, Velocity,
    };
}
