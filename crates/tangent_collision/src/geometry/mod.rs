//! The shapes and how to evaluate them: terrain pieces (segments, quadratic
//! and cubic Béziers), actor shapes, boxes, and the shared Bernstein /
//! power-basis forms in `f64` that every query above works on.
//!
//! Files, bottom up: `rect` ([`Rect`]), `shapes` (the plain data types),
//! `basis` (Bernstein and power forms of a curve), `terrain` (evaluation,
//! tight boxes, monotonic ranges and sub-curves of a [`Terrain`]), `pose`
//! ([`Pose`], a rigid motion, and a piece moved by one), `span` (a piece cut
//! to a parameter range).

mod basis;
mod pose;
mod rect;
mod shapes;
mod span;
mod terrain;
#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
pub(crate) use basis::Bernstein;
pub(crate) use basis::{PowerCurve, box_distance};
pub use pose::Pose;
pub use rect::Rect;
pub use shapes::{ActorShape, CubicBezier, QuadBezier, Segment, Terrain};
pub(crate) use span::Span;
