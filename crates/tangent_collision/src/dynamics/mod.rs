//! Bodies moving through terrain: one fixed step (depenetrate, support,
//! sweep and respond, follow a curve, slide) and what it reports.
//!
//! Files, bottom up: `margins` (skin, contact margin and the other
//! distances), `body` ([`Body`], [`Contact`], [`StepReport`]), `slide`
//! (keeping a slide out of several surfaces), `follow` (bending a chord
//! along a concave curve), `hill` (letting a body back down onto a convex one), `inside` (out of solid the nearest way),
//! `depenetrate` (the pieces near a body, pushing it out), `support` (resting contacts), `impact` (the earliest impact,
//! [`cast`]), `step` ([`step_body`]).

mod body;
mod depenetrate;
mod follow;
mod hill;
mod impact;
mod inside;
mod margins;
mod slide;
mod step;
mod support;

pub use body::{Body, Contact, StepReport};
pub use impact::cast;
pub use margins::{
    CONTACT_MARGIN, DEFAULT_MAX_SLOPE, MAX_BODY_SPEED, MAX_ITERATIONS, SKIN, capped_speed,
};
pub use step::{StepScratch, step_body, step_body_with};
