//! The pieces near a body, each cut to its span there ([`NearSpans`]):
//! built once per position and shared by depenetration, support and the
//! step's first sweep.

use glam::{DVec2, Vec2};

use super::margins::{CONTACT_MARGIN, SKIN};
use super::types::Body;
use crate::geometry::Span;
use crate::poly::Roots;
use crate::terrain::{SpanCache, TerrainSet};

/// The pieces near a body that depenetration and support look at, each
/// with its sub-curve there, built once per position and shared by both.
/// Its `cache` also serves the step's later queries (sweeps and bends).
#[derive(Default)]
pub(in crate::dynamics) struct NearSpans {
    pub cache: SpanCache,
    /// The pieces near the body, ascending by piece.
    pub spans: Vec<NearSpan>,
    /// The body's position when `spans` was filled.
    pub at: Vec2,
}

/// A piece near a body and its sub-curve there.
pub(in crate::dynamics) struct NearSpan {
    pub piece: usize,
    pub span: Span,
    /// The vector from a circle's centre (at [`NearSpans::at`]) to the span's
    /// closest point, once [`depenetrate`](super::depenetrate::depenetrate) has solved for it (when the
    /// control box alone did not clear the circle). Support and the first
    /// sweep of the step ask the same question and read it here.
    pub closest: Option<DVec2>,
    /// With `closest`, for a curve: the critical points of the squared
    /// distance from that centre to the span ([`closest_with_critical`](crate::query::closest_with_critical)),
    /// which the circle's crossings there split at.
    pub critical: Option<Roots>,
}

impl NearSpans {
    /// Fills the list for `body` where it is: pieces with spans whose boxes
    /// come within the contact margin and skin of the body's box.
    pub(in crate::dynamics) fn query(&mut self, set: &TerrainSet, body: &Body) {
        let reach = CONTACT_MARGIN + SKIN;
        let found = self
            .cache
            .query_spans(set, body.shape.aabb(body.position).inflate(reach))
            .len();
        self.spans.clear();
        self.at = body.position;
        for k in 0..found {
            let near = self.cache.found()[k];
            let span = self.cache.span(set, &near);
            self.spans.push(NearSpan {
                piece: near.piece,
                span,
                closest: None,
                critical: None,
            });
        }
    }
}
