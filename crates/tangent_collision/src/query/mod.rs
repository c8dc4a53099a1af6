//! Queries between one piece and a point, a segment or an actor: crossings
//! (hit parameters), the closest point and distance, normals, and the swept
//! test (time of impact).
//!
//! Files, bottom up: `tolerance` (`px_tol`), `closest` (closest point and
//! the critical points of the squared distance), `line` (segment
//! crossings), `crossings` (segment, circle and rect hits), `joint` (what
//! a piece's ends know of their neighbours; the rule for contacts at
//! joints), `normal` (bounce and contact normals, [`reflect`]), `pair` (two actor
//! shapes: gap, normal, entry of a motion), `segment` (queries on one
//! [`Segment`](crate::geometry::Segment)), `distance` (curve to segment and
//! polygon), `sweep` (time of impact).

mod closest;
mod crossings;
mod distance;
mod hits;
mod joint;
mod line;
mod normal;
mod pair;
mod ray;
mod segment;
mod sweep;
mod tolerance;

pub(crate) use closest::{closest_offset, closest_param, closest_with_critical, point_distance};
pub(crate) use crossings::{
    circle_box_clear, circle_clear_by, shape_crossings, shape_crossings_given,
};
pub use hits::Hits;
pub(crate) use joint::{EndJoint, JOINT_TOLERANCE, JointEnds};
pub use normal::{bounce_normal, reflect};
pub(crate) use normal::{joined_contact, mean_hit};
pub(crate) use pair::RoundedBox;

pub use sweep::Toi;
pub(crate) use sweep::{Target, sweep_span};
pub(crate) use tolerance::px_tol;
