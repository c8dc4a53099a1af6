//! [`SpanCache`]: one grid walk per body step, and each sub-curve cut once.

use super::set::TerrainSet;
use super::spans::{BoxedRange, PieceRange, merge_by_piece};
use crate::geometry::{Rect, Span};

/// The spans of one small neighbourhood copied out of the grid, so that the
/// several queries one body makes in one step (its surroundings, each sweep,
/// each bend) do not each go back to the grid.
///
/// On a big level the grid does not stay in the cache: a query costs three
/// dependent misses per cell (the cell's start, its items, their spans), and
/// those were a third of a step. [`SpanCache::gather`] walks the grid once
/// for a region that should hold the step; [`SpanCache::query_spans`]
/// answers from the copy when the region asked for lies inside that one,
/// and gathers again (around the new region) when it does not, or when it
/// is asked about another set than it gathered from. Either way
/// the answer is exactly [`TerrainSet::query_spans`]': every span touching
/// a region inside the gathered one was gathered.
#[derive(Clone, Debug, Default)]
pub(crate) struct SpanCache {
    /// The set and region gathered; `None` before the first gather.
    covered: Option<(u64, Rect)>,
    /// `(index in the set, span)` of every span touching `covered`, unique.
    parts: Vec<(u32, BoxedRange)>,
    /// The last answer.
    found: Vec<PieceRange>,
    /// The sub-curves cut lately, with the set and range each was cut for
    /// (see [`SpanCache::span`]), and the slot the next one goes to.
    cut: [Option<(u64, PieceRange, Span)>; CUT_SLOTS],
    next_cut: usize,
}

/// Sub-curves a [`SpanCache`] keeps: enough for the few pieces around one
/// body (a curve and the tile edges beside it).
const CUT_SLOTS: usize = 4;

/// Pixels added around a region gathered because a query fell outside the
/// gathered one.
const REGATHER_MARGIN: f32 = 8.0;

impl SpanCache {
    /// An empty cache with room for `spans` gathered spans (and a quarter
    /// as many answers) before it allocates.
    pub(crate) fn with_capacity(spans: usize) -> Self {
        SpanCache {
            parts: Vec::with_capacity(spans),
            found: Vec::with_capacity(spans / 4),
            ..SpanCache::default()
        }
    }

    /// Copies every span of `set` whose box touches `region`.
    pub(crate) fn gather(&mut self, set: &TerrainSet, region: Rect) {
        self.parts.clear();
        self.covered = Some((set.id, region));
        set.for_each_range_touching(region, |i, part| self.parts.push((i, *part)));
        self.parts.sort_unstable_by_key(|&(i, _)| i);
        self.parts.dedup_by_key(|&mut (i, _)| i);
    }

    /// [`TerrainSet::query_spans`] for `region`, from the gathered copy when
    /// it covers `region`.
    pub(crate) fn query_spans(&mut self, set: &TerrainSet, region: Rect) -> &[PieceRange] {
        let inside = self.covered.is_some_and(|(id, c)| {
            id == set.id && c.contains(region.min) && c.contains(region.max)
        });
        if !inside {
            self.gather(set, region.inflate(REGATHER_MARGIN));
        }
        self.found.clear();
        for (_, part) in &self.parts {
            if part.aabb.touches(&region) {
                self.found.push(part.near());
            }
        }
        merge_by_piece(&mut self.found);
        &self.found
    }

    /// The last answer of [`SpanCache::query_spans`].
    pub(crate) fn found(&self) -> &[PieceRange] {
        &self.found
    }

    /// [`Span::of`] the range `near` of its piece in `set`. Support, the
    /// bend and the sweep of one step often ask for the same range of the
    /// same piece (the parts near the body, where it is and where it
    /// goes); each range is cut once and kept in one of a few slots. The
    /// span is the one `Span::of` gives, bit for bit.
    pub(crate) fn span(&mut self, set: &TerrainSet, near: &PieceRange) -> Span {
        for (id, kept, span) in self.cut.iter().flatten() {
            if *id == set.id && kept == near {
                return *span;
            }
        }
        let span = Span::of(&set.piece(near.piece).shape, near.t0 as f64, near.t1 as f64);
        self.cut[self.next_cut] = Some((set.id, *near, span));
        self.next_cut = (self.next_cut + 1) % CUT_SLOTS;
        span
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn span_cache_answers_from_its_copy() -> Result<(), Box<dyn std::error::Error>> {
        use crate::prelude::*;
        let floor = TerrainPiece::solid(Segment::new(Vec2::ZERO, Vec2::new(1000.0, 0.0)));
        let set = TerrainSet::new(vec![floor])?;
        let mut cache = SpanCache::default();
        cache.gather(&set, Rect::new(0.0, -50.0, 200.0, 50.0));
        let near = cache.query_spans(&set, Rect::new(10.0, -5.0, 20.0, 5.0)); // from the copy
        assert_eq!(near.len(), 1);
        assert!(near[0].t0 <= 0.01 && near[0].t1 >= 0.02);
        Ok(())
    }

    use super::*;
    use crate::geometry::testing::random_curve;
    use crate::prelude::*;

    /// The cache answers exactly as the grid does, for regions inside the
    /// gathered one and outside it (which gathers again), over random
    /// curves and segments; and it does answer from its copy.
    #[test]
    fn span_cache_answers_as_the_grid() {
        let mut f = crate::poly::testing::unit_rng(0x9E37_79B9_7F4A_7C15);
        let mut from_copy = 0;
        for case in 0..200 {
            let pieces: Vec<TerrainPiece> = (0..40)
                .map(|k| {
                    if k % 3 == 0 {
                        let a = Vec2::new(f() as f32 * 1000.0, f() as f32 * 1000.0);
                        let b = a + Vec2::new(f() as f32 * 300.0, 0.0);
                        TerrainPiece::solid(Segment::new(a, b))
                    } else {
                        TerrainPiece::solid(random_curve(&mut f, k, 1000.0))
                    }
                })
                .collect();
            let set = TerrainSet::with_cell_size(pieces, 16.0 + 100.0 * f() as f32).unwrap();
            let mut cache = SpanCache::default();
            let mut expected = Vec::new();
            // The region last gathered on purpose, and the one gathered now.
            let (mut anchor, mut gathered) = (Rect::EMPTY, Rect::EMPTY);
            for q in 0..30 {
                let c = Vec2::new(f() as f32 * 1000.0, f() as f32 * 1000.0);
                if q % 10 == 0 {
                    anchor = Rect::from_center_half_size(c, Vec2::splat(60.0));
                    gathered = anchor;
                    cache.gather(&set, gathered);
                }
                // Half the regions near the one gathered on purpose (inside
                // it or straddling its edge), before the others (which may
                // gather elsewhere).
                let centre = if q % 10 < 5 {
                    anchor.center() + (Vec2::new(f() as f32, f() as f32) - 0.5) * 160.0
                } else {
                    c
                };
                let half = Vec2::new(0.5 + 20.0 * f() as f32, 0.5 + 20.0 * f() as f32);
                let region = Rect::from_center_half_size(centre, half);
                let inside = gathered.contains(region.min) && gathered.contains(region.max);
                from_copy += usize::from(inside);
                set.query_spans(region, &mut expected);
                let got = cache.query_spans(&set, region);
                assert_eq!(got, &expected[..], "case {case}, query {q}: {region:?}");
                if !inside {
                    // It gathered around that region: the grid is the same.
                    gathered = region.inflate(REGATHER_MARGIN);
                }
            }
        }
        assert!(from_copy > 250, "only {from_copy} answered from the copy");
    }

    /// Every sub-curve the cache hands out is `Span::of` that range of that
    /// piece, bit for bit, including when two sets alternate whose pieces
    /// share indices and ranges (the second is the first moved by 0.5 px,
    /// so the same region finds the same ranges of other curves).
    #[test]
    fn span_cache_cuts_each_range_as_span_of() {
        let mut f = crate::poly::testing::unit_rng(0x3C6E_F372_FE94_F82B);
        let same = |a: &Span, b: &Span| {
            a.pc.n == b.pc.n && a.pc.c == b.pc.c && (a.t0, a.t1) == (b.t0, b.t1)
        };
        let mut shared = 0;
        for case in 0..100 {
            let pieces: Vec<TerrainPiece> = (0..12)
                .map(|k| TerrainPiece::solid(random_curve(&mut f, k, 300.0)))
                .collect();
            let shift = Vec2::splat(0.5);
            let moved: Vec<TerrainPiece> = pieces
                .iter()
                .map(|p| {
                    let shape = match p.shape {
                        Terrain::Quad(q) => {
                            Terrain::Quad(QuadBezier::new(q.p0 + shift, q.p1 + shift, q.p2 + shift))
                        }
                        Terrain::Cubic(c) => Terrain::Cubic(CubicBezier::new(
                            c.p0 + shift,
                            c.p1 + shift,
                            c.p2 + shift,
                            c.p3 + shift,
                        )),
                        Terrain::Segment(s) => {
                            Terrain::Segment(Segment::new(s.a + shift, s.b + shift))
                        }
                    };
                    TerrainPiece::solid(shape)
                })
                .collect();
            let sets = [
                TerrainSet::new(pieces).unwrap(),
                TerrainSet::new(moved).unwrap(),
            ];
            let mut cache = SpanCache::default();
            for q in 0..40 {
                let c = Vec2::new(f() as f32 * 300.0, f() as f32 * 300.0);
                let region = Rect::from_center_half_size(c, Vec2::splat(2.0 + 30.0 * f() as f32));
                let mut answers = Vec::new();
                for set in &sets {
                    let found: Vec<PieceRange> = cache.query_spans(set, region).to_vec();
                    for near in &found {
                        let got = cache.span(set, near);
                        let want =
                            Span::of(&set.piece(near.piece).shape, near.t0 as f64, near.t1 as f64);
                        assert!(same(&got, &want), "case {case}, query {q}, {near:?}");
                    }
                    answers.push(found);
                }
                shared += answers[0].iter().filter(|n| answers[1].contains(n)).count();
            }
        }
        assert!(shared > 200, "only {shared} ranges asked of both sets");
    }

    /// A cache gathered from one set and asked about another (even one
    /// built where the first was dropped) answers for the one asked.
    #[test]
    fn span_cache_follows_the_set_asked() {
        let floor = |y: f32| {
            let seg = Segment::new(Vec2::new(0.0, y), Vec2::new(100.0, y));
            TerrainSet::new(vec![TerrainPiece::solid(seg); 2]).unwrap()
        };
        let region = Rect::new(10.0, -5.0, 20.0, 5.0);
        let mut cache = SpanCache::default();
        cache.gather(&floor(0.0), region.inflate(10.0));
        let (a, b) = (floor(0.0), floor(50.0));
        assert_eq!(cache.query_spans(&a, region).len(), 2);
        assert!(cache.query_spans(&b, region).is_empty());
        assert_eq!(cache.query_spans(&a.clone(), region).len(), 2);
    }
}
