//! The part of a piece a query looks at: the piece restricted to a
//! parameter range `[t0, t1]` and reparametrised to `s ∈ [0, 1]`, with
//! `t = t0 + s (t1 - t0)`.
//!
//! The broad phase knows which short spans of a long curve lie near a query
//! region ([`crate::terrain::TerrainSet::query_spans`]). Solving on that
//! range alone, rather than on the whole piece, keeps the polynomials of a
//! small actor near a long curve from needing many subdivisions to find the
//! few parameters that matter. The sub-curve is exact (de Casteljau
//! subdivision of the control points, in `f64`), not an approximation.
//!
//! A query run on a span must look only inside the region the span was found
//! for: the span's ends (other than the piece's own ends at 0 and 1) lie
//! outside that region, so they are never inside the query's shape and never
//! reported as hits.

use super::basis::PowerCurve;
use super::shapes::Terrain;

/// How near a piece's end, px, a hit is at that end ([`Span::piece_t`]):
/// a twentieth of the contact skin, plus two `f32` ulps of the end's
/// coordinates (a body's place is `f32`: 1e-3 px at 8 000 px from the
/// origin); at most 4.9e-3 px within the coordinate range.
pub(crate) fn end_snap(end: glam::DVec2) -> f64 {
    1e-3 + 2.0 * f32::EPSILON as f64 * end.abs().max_element()
}

/// A piece on `[t0, t1]` in power form over `s ∈ [0, 1]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub pc: PowerCurve,
    pub t0: f64,
    pub t1: f64,
}

impl Span {
    /// The whole piece, `t = s`.
    pub(crate) fn whole(terrain: &Terrain) -> Span {
        Span {
            pc: terrain.bernstein().power(),
            t0: 0.0,
            t1: 1.0,
        }
    }

    /// The piece on `[t0, t1]` (clamped to `[0, 1]`; the whole piece when
    /// that is everything).
    pub(crate) fn of(terrain: &Terrain, t0: f64, t1: f64) -> Span {
        let (t0, t1) = (t0.clamp(0.0, 1.0), t1.clamp(0.0, 1.0));
        if t0 <= 0.0 && t1 >= 1.0 || t1 <= t0 {
            return Span::whole(terrain);
        }
        Span {
            pc: terrain.bernstein().sub(t0, t1).power(),
            t0,
            t1,
        }
    }

    /// The piece's parameter for the span's `s`; the span's ends map exactly
    /// to `t0` and `t1` (so a piece end is exactly 0 or 1), and so does an
    /// `s` whose point is within [`end_snap`] px of a piece end: a root
    /// found a rounding short of the end (`s = 1 - 1e-7` on a long span)
    /// is that end, and the contact there is read as the end's (a point
    /// contact, `query::normal`), not as the piece's face.
    pub(crate) fn piece_t(&self, s: f64) -> f64 {
        if s <= 0.0 {
            return self.t0;
        }
        if s >= 1.0 {
            return self.t1;
        }
        if self.t0 == 0.0 || self.t1 == 1.0 {
            // Only a span reaching a piece end can snap to it.
            let p = self.pc.eval(s);
            let near = |e: f64| {
                let end = self.pc.eval(e);
                (p - end).length() <= end_snap(end)
            };
            if self.t0 == 0.0 && near(0.0) {
                return self.t0;
            }
            if self.t1 == 1.0 && near(1.0) {
                return self.t1;
            }
        }
        self.t0 + (self.t1 - self.t0) * s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::random_curve;
    use crate::poly::testing::unit_rng;
    use crate::prelude::{QuadBezier, Terrain};
    use glam::Vec2;

    /// The span's curve at `s` is the piece at `piece_t(s)`, on random
    /// quadratics and cubics and random ranges, to rounding.
    #[test]
    fn span_points_are_the_piece_points() {
        let mut f = unit_rng(0x5EED_0F5B_A115);
        for i in 0..2000 {
            let terrain = random_curve(&mut f, i, 1000.0);
            let (a, b) = (f(), f());
            let span = Span::of(&terrain, a.min(b), a.max(b));
            let whole = terrain.bernstein().power();
            for k in 0..=10 {
                let s = k as f64 / 10.0;
                let err = (span.pc.eval(s) - whole.eval(span.piece_t(s))).length();
                assert!(err < 1e-9, "case {i}, s {s}: {err} px apart");
            }
        }
    }

    #[test]
    fn span_ends_map_exactly() {
        let q = Terrain::Quad(QuadBezier::new(Vec2::ZERO, Vec2::ONE, Vec2::X * 2.0));
        let span = Span::of(&q, 0.1, 1.0);
        assert_eq!(span.piece_t(1.0), 1.0);
        assert_eq!(span.piece_t(0.0), 0.1);
        assert_eq!(Span::of(&q, -1.0, 2.0).t0, 0.0);
    }
}
