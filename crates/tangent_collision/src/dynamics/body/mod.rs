//! One body's step through the terrain, the lowest phase: depenetrate,
//! support, sweep and respond chord by chord, stay on a curve, slide
//! ([`step::step_body`]), with the other bodies held still as obstacles.
//!
//! Files, bottom up: `margins` (the skin and other distances), `types`
//! (`Body`, `BodyDef`, `Contact`, `StepReport`), `slide` (out of several
//! surfaces), `dip` and `hill` (the concave and convex halves of staying on
//! a curve), `near` (the pieces near a body), `one_way`, `inside` (out of
//! solid the nearest way), `depenetrate`, `support` (resting contacts),
//! `impact` (the earliest impact), `neighbours` (the other bodies as
//! obstacles: impulses, braces), `chord` (what one chord meets), `step`.

pub(in crate::dynamics) mod chord;
pub(in crate::dynamics) mod depenetrate;
pub(in crate::dynamics) mod dip;
pub(in crate::dynamics) mod hill;
pub(in crate::dynamics) mod impact;
pub(in crate::dynamics) mod inside;
pub(in crate::dynamics) mod margins;
pub(in crate::dynamics) mod near;
pub(in crate::dynamics) mod neighbours;
pub(in crate::dynamics) mod one_way;
pub(in crate::dynamics) mod slide;
pub(in crate::dynamics) mod step;
pub(in crate::dynamics) mod support;
pub(in crate::dynamics) mod types;
