//! Bodies moving through terrain: one fixed step (depenetrate, support,
//! sweep and respond, follow a curve, slide) and what it reports.
//!
//! Files, bottom up: `margins` (skin, contact margin and the other
//! distances), `body` ([`Body`], [`Contact`], [`StepReport`]), `slide`
//! (keeping a slide out of several surfaces), `follow` (bending a chord
//! along a concave curve), `hill` (letting a body back down onto a convex
//! one), `near` (the pieces near a body, cut to spans), `one_way` (the
//! one-way rule), `inside` (out of solid the nearest way), `depenetrate`
//! (pushing a body out), `support` (resting contacts), `impact` (the earliest impact,
//! [`TerrainSet::cast`](crate::terrain::TerrainSet::cast)), `others` (other bodies in a step: impulses, braces, resting
//! on and hitting them), `step` ([`step_body`]), `grid` (the broad phase between bodies), `sleep` (bodies at rest left out), `world`
//! (many bodies together, [`step_bodies`]).

mod body;
mod chord;
mod depenetrate;
mod follow;
mod grid;
mod hill;
mod impact;
mod inside;
mod margins;
mod near;
mod one_way;
mod others;
mod sleep;
mod slide;
mod step;
mod support;
mod world;

pub use body::{Body, BodyDef, Contact, Layers, StepError, StepReport, Touched};
pub use step::{StepScratch, step_body, step_body_with};
pub use world::{WorldScratch, step_bodies};
