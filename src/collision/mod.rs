//! The collision plugin, from the `tangent_collision` crate
//! (`crates/tangent_collision`): `tangent::collision::*` is its prelude,
//! and the rest of it the game uses (the ECS face's sets, mover components
//! and overlay; the surface runner's step; the lower step functions).

pub use tangent_collision::bevy::{
    ActorMode, CollisionDebugPlugin, CollisionSystems, Crushed, MoverBlocked, MoverTargets,
    PreviousPhysicsPosition, StepWorkers, SurfaceRun, TerrainIndex, TerrainMover,
};
pub use tangent_collision::dynamics::{
    Crush, Obstacle, Parallel, RunStep, StepError, StepEvents, StepScratch, WorldScratch,
    move_movers, run_among, run_on_surface, run_on_surface_skipping, step_bodies, step_body,
    step_body_with, surface_tangent,
};
pub use tangent_collision::geometry::Rect;
pub use tangent_collision::prelude::*;
pub use tangent_collision::query::Toi;
