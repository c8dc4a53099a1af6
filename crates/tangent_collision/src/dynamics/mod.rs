//! Bodies moving through terrain: one fixed step (depenetrate, support,
//! sweep and respond, stay on a curve, slide) and what it reports.
//!
//! Files, bottom up: `margins` (skin, contact margin and the other
//! distances), `body` ([`Body`], [`BodyDef`], [`Contact`], [`StepReport`]),
//! `slide` (keeping a slide out of several surfaces), `dip` and `hill` (the
//! concave and convex halves of staying on a curve: bending a chord along a
//! dip, letting a body back down onto a hill), `near` (the pieces near a
//! body, cut to spans), `one_way` (the one-way rule), `inside` (out of
//! solid the nearest way), `depenetrate` (pushing a body out), `support`
//! (resting contacts), `impact` (the earliest impact,
//! [`TerrainSet::cast`](crate::terrain::TerrainSet::cast)), `neighbours`
//! (the other bodies in a step: impulses, braces, resting on and hitting
//! them), `chord` (what one chord of a step meets), `step`
//! ([`step_body`]), `grid` (the broad phase between bodies), `sleep`
//! (bodies at rest left out), `surface` (running on a surface at any
//! angle: [`run_on_surface`]), `runner_bodies` (what a surface runner
//! meets of the other bodies: [`first_body_hit`], [`trade_impulse`]), `riding` (who stands on
//! which mover, what a body keeps leaving one), `movers` (the movers' turn
//! of a step: carry, push, crush: [`move_movers`]), `world` (many bodies
//! together, [`step_bodies`]).

/// Gravity when a level or app names none, px/s²: Celeste's 900 px/s² at
/// 8 px tiles scaled to 32 px tiles (× 4). With the default jump (420 px/s
/// held for 0.2 s) a jump rises 108 px, 3.4 tiles.
///
/// ```
/// assert_eq!(tangent_collision::dynamics::DEFAULT_GRAVITY.y, -3600.0);
/// ```
pub const DEFAULT_GRAVITY: glam::Vec2 = glam::Vec2::new(0.0, -3600.0);

mod body;
mod chord;
mod depenetrate;
mod dip;
mod grid;
mod hill;
mod impact;
mod inside;
mod margins;
mod movers;
mod near;
mod neighbours;
mod one_way;
mod riding;
mod runner_bodies;
mod sleep;
mod slide;
mod step;
mod support;
mod surface;
mod world;

pub use body::{Body, BodyDef, Contact, Layers, StepError, StepReport, Touched};
pub use movers::move_movers;
pub use riding::Crush;
pub use runner_bodies::{BodyHit, first_body_hit, trade_impulse};
pub use step::{StepScratch, step_body, step_body_with};
pub use surface::{
    OnSurface, SurfaceStep, run_on_surface, run_on_surface_skipping, surface_tangent,
};
pub use world::{WorldScratch, step_bodies};
