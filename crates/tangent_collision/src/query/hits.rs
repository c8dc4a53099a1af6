//! [`Hits`]: the hit parameters a query returns, sorted, in an inline list
//! (no heap allocation per query).
//!
//! Every query has a proven bound, so a fixed capacity of [`MAX_HITS`]
//! holds any answer:
//! * a segment crosses a cubic at most 3 times; a piece lying along the
//!   segment gives the ends of each overlapping part (the along-coordinate,
//!   a cubic, enters and leaves `[0, |s|]` at most 6 times) plus the piece's
//!   own ends: at most 8;
//! * a circle: the zeros of `|B(t) - c|² - r²` (degree ≤ 6) plus 2 ends: 8;
//! * a rect: each of its 4 sides crosses a cubic at most 3 times, plus 2
//!   ends: 14.

use std::fmt;
use std::ops::Deref;

/// Most parameters any query returns (a rect against a cubic: 14).
pub(super) const MAX_HITS: usize = 16;

/// A sorted list of at most 16 (`MAX_HITS`) parameters `t` in `[0, 1]`, kept
/// inline. Derefs to `[f32]`.
///
/// ```
/// use tangent_collision::prelude::*;
/// let floor = Terrain::Segment(Segment::new(Vec2::ZERO, Vec2::new(100.0, 0.0)));
/// let hits: Hits = floor.actor_hits(&ActorShape::Circle { radius: 5.0 }, Vec2::new(50.0, 3.0));
/// assert_eq!(hits.len(), 2);
/// assert!(hits[0] < 0.5 && hits[1] > 0.5);
/// assert_eq!(hits, vec![hits[0], hits[1]]);
/// ```
#[derive(Clone, Copy)]
pub struct Hits {
    t: [f32; MAX_HITS],
    n: u8,
}

impl Hits {
    /// An empty list.
    pub const fn new() -> Self {
        Hits {
            t: [0.0; MAX_HITS],
            n: 0,
        }
    }

    /// Appends `t`. Pushing past `MAX_HITS` is a bug in a query's bound
    /// and panics.
    pub fn push(&mut self, t: f32) {
        self.t[self.n as usize] = t;
        self.n += 1;
    }

    /// The `f64` parameters `ts` (ascending) rounded to `f32`, dropping one
    /// that rounds to the same value as the one before it.
    pub fn rounded(ts: impl IntoIterator<Item = f64>) -> Self {
        let mut out = Hits::new();
        for t in ts {
            let t = t as f32;
            if out.last() != Some(&t) {
                out.push(t);
            }
        }
        out
    }
}

impl Default for Hits {
    fn default() -> Self {
        Hits::new()
    }
}

impl Deref for Hits {
    type Target = [f32];
    fn deref(&self) -> &[f32] {
        &self.t[..self.n as usize]
    }
}

impl fmt::Debug for Hits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Hits {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl PartialEq<Vec<f32>> for Hits {
    fn eq(&self, other: &Vec<f32>) -> bool {
        **self == other[..]
    }
}

impl PartialEq<[f32]> for Hits {
    fn eq(&self, other: &[f32]) -> bool {
        **self == *other
    }
}

impl FromIterator<f32> for Hits {
    fn from_iter<I: IntoIterator<Item = f32>>(iter: I) -> Self {
        let mut out = Hits::new();
        for t in iter {
            out.push(t);
        }
        out
    }
}

impl IntoIterator for Hits {
    type Item = f32;
    type IntoIter = std::iter::Take<std::array::IntoIter<f32, MAX_HITS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.t.into_iter().take(self.n as usize)
    }
}

impl<'a> IntoIterator for &'a Hits {
    type Item = &'a f32;
    type IntoIter = std::slice::Iter<'a, f32>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
