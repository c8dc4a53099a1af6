//! Bodies moving through terrain, in phases, each a folder that calls only
//! the ones below it: `body` (one body's step through the terrain, the
//! others held still), `surface` (running a surface at any angle, and
//! the bodies a runner meets) and `world` (many bodies taking turns,
//! the broad phase, sleep, movers and their riders).

/// Gravity when a level or app names none, px/s²: Celeste's 900 px/s² at
/// 8 px tiles scaled to 32 px tiles (× 4). With the default jump (420 px/s
/// held for 0.2 s) a jump rises 108 px, 3.4 tiles.
///
/// ```
/// assert_eq!(tangent_collision::dynamics::DEFAULT_GRAVITY.y, -3600.0);
/// ```
pub const DEFAULT_GRAVITY: glam::Vec2 = glam::Vec2::new(0.0, -3600.0);

mod body;
mod surface;
mod world;

pub use body::step::{StepScratch, step_body, step_body_with};
pub use body::types::{Body, BodyDef, Contact, Layers, StepError, StepReport, Touched};
pub use surface::among::{Obstacle, RunStep, run_among};
pub use surface::run::{
    OnSurface, SurfaceStep, run_on_surface, run_on_surface_skipping, surface_tangent,
};
pub use world::bodies::{WorldScratch, step_bodies, step_bodies_on};
pub use world::handle::{BodyMode, StepEvents, World};
pub use world::movers::move_movers;
pub use world::riding::Crush;
pub use world::workers::{Parallel, Serial, Workers};
