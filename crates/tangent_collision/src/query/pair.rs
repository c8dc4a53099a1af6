//! Two actor shapes: how far apart they are, the normal between them, and
//! when one moving in a straight line first comes within a distance of the
//! other.
//!
//! Every pair of actor shapes is one problem. The centres where shape `A`
//! touches shape `B` (centred on the origin) bound their Minkowski sum, and
//! for circles and axis-aligned rects that is a *rounded box*: a rect of
//! half extents `H = h_A + h_B` with its corners rounded by `R = r_A + r_B`
//! (a circle is a box of half extents 0 and radius `r`, a rect a box of
//! radius 0). Circle–circle is a disc of radius `r_A + r_B`, rect–rect a
//! sharp box, circle–rect a rounded one. The gap between the shapes is the
//! distance from `A`'s centre `p` to that box:
//!
//! `q = |p| - H` (per axis), `d(p) = |max(q, 0)| + min(max(q.x, q.y), 0) - R`

use glam::{DVec2, Vec2};

use crate::geometry::ActorShape;

/// The Minkowski sum of two actor shapes: the centres of one where it
/// touches the other, centred on the other's centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RoundedBox {
    /// Half extents of the box before rounding.
    pub half: Vec2,
    /// Radius of the rounding.
    pub radius: f32,
}

/// and the normal (from `B` toward `A`) is its gradient: toward `p` from the
/// nearest corner outside both slabs, the axis of the larger `q` otherwise.
/// The entry of a straight motion `p + s m`, `s ∈ [0, 1]`, into the box
/// grown by `g` is the earliest of its entries into two slab boxes
/// (`H + (R + g, 0)` by `H`, and `H` by `H + (0, R + g)`) and four discs of
/// radius `R + g` at the corners `(±H.x, ±H.y)`, whose union is the grown
/// rounded box. All in `f64` on positions relative to `B`.
///
fn parts(shape: &ActorShape) -> (Vec2, f32) {
    match *shape {
        ActorShape::Circle { radius } => (Vec2::ZERO, radius),
        ActorShape::Rect { half_extents } => (half_extents, 0.0),
    }
}

impl RoundedBox {
    /// The centres of `a` touching `b`, relative to `b`'s centre.
    pub(crate) fn of_pair(a: &ActorShape, b: &ActorShape) -> Self {
        let ((ha, ra), (hb, rb)) = (parts(a), parts(b));
        RoundedBox {
            half: ha + hb,
            radius: ra + rb,
        }
    }

    /// The gap between the two shapes with `a`'s centre at `p` (relative to
    /// `b`'s): positive apart, negative overlapping (by the depth along the
    /// normal).
    pub(crate) fn gap(&self, p: Vec2) -> f32 {
        let p = p.as_dvec2();
        let q = p.abs() - self.half.as_dvec2();
        let outside = q.max(DVec2::ZERO).length();
        let inside = q.x.max(q.y).min(0.0);
        (outside + inside - self.radius as f64) as f32
    }

    /// The unit normal from `b` toward `a` with `a`'s centre at `p`: the
    /// gradient of [`gap`](Self::gap). Never NaN (coincident centres give
    /// up, or the axis of the thinner overlap).
    pub(crate) fn normal(&self, p: Vec2) -> Vec2 {
        let p = p.as_dvec2();
        let sign = DVec2::new(
            if p.x < 0.0 { -1.0 } else { 1.0 },
            if p.y < 0.0 { -1.0 } else { 1.0 },
        );
        let q = p.abs() - self.half.as_dvec2();
        if q.x > 0.0 && q.y > 0.0 {
            return (q * sign).normalize().as_vec2();
        }
        if q.x > q.y {
            Vec2::new(sign.x as f32, 0.0)
        } else {
            Vec2::new(0.0, sign.y as f32)
        }
    }

    /// The earliest fraction `s` of the motion `m` from `p` at which the gap
    /// is down to `grow`: `Some(0)` when it already is, `None` when the
    /// motion stays farther.
    pub(crate) fn entry(&self, p: Vec2, m: Vec2, grow: f32) -> Option<f32> {
        if self.gap(p) <= grow {
            return Some(0.0);
        }
        let (p, m) = (p.as_dvec2(), m.as_dvec2());
        let h = self.half.as_dvec2();
        let r = self.radius as f64 + grow as f64;
        let mut best = f64::INFINITY;
        for slab in [h + DVec2::new(r, 0.0), h + DVec2::new(0.0, r)] {
            if let Some(s) = slab_entry(p, m, slab) {
                best = best.min(s);
            }
        }
        if self.radius + grow > 0.0 {
            for corner in [h, DVec2::new(-h.x, h.y), -h, DVec2::new(h.x, -h.y)] {
                if let Some(s) = disc_entry(p - corner, m, r) {
                    best = best.min(s);
                }
            }
        }
        (best <= 1.0).then_some(best.max(0.0) as f32)
    }
}

/// Entry of `p + s m` into the box `|x| ≤ half` for `s ∈ [0, 1]` (the slab
/// test).
fn slab_entry(p: DVec2, m: DVec2, half: DVec2) -> Option<f64> {
    let (mut enter, mut exit) = (0.0f64, 1.0f64);
    for (pa, ma, ha) in [(p.x, m.x, half.x), (p.y, m.y, half.y)] {
        if ma == 0.0 {
            if pa.abs() > ha {
                return None;
            }
            continue;
        }
        let (a, b) = ((-ha - pa) / ma, (ha - pa) / ma);
        enter = enter.max(a.min(b));
        exit = exit.min(a.max(b));
    }
    (enter <= exit).then_some(enter)
}

/// Entry of `p + s m` into the disc `|x| ≤ r` for `s ∈ [0, 1]`:
/// `|m|² s² + 2 (p·m) s + |p|² - r² = 0`, the smaller root in its stable
/// form `c / (-b + √(b² - a c))`.
fn disc_entry(p: DVec2, m: DVec2, r: f64) -> Option<f64> {
    let c = p.length_squared() - r * r;
    if c <= 0.0 {
        return Some(0.0);
    }
    let (a, b) = (m.length_squared(), p.dot(m));
    if b >= 0.0 || a == 0.0 {
        return None;
    }
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let s = c / (-b + disc.sqrt());
    (s <= 1.0).then_some(s)
}

#[cfg(test)]
mod tests {
    #[test]
    fn rounded_box_gap_normal_and_entry() {
        use super::RoundedBox;
        use crate::prelude::*;
        let ball = ActorShape::Circle { radius: 5.0 };
        let crate_ = ActorShape::Rect {
            half_extents: Vec2::new(8.0, 8.0),
        };
        let pair = RoundedBox::of_pair(&ball, &crate_);
        // The ball 20 px right of the crate's centre: 20 - 8 - 5 = 7 px apart.
        assert_eq!(pair.gap(Vec2::new(20.0, 0.0)), 7.0);
        assert_eq!(pair.normal(Vec2::new(20.0, 3.0)), Vec2::X);
        // Moving left 10 px, it comes within 1 px after 6 of them.
        let s = pair
            .entry(Vec2::new(20.0, 0.0), Vec2::new(-10.0, 0.0), 1.0)
            .unwrap();
        assert!((s - 0.6).abs() < 1e-6);
    }
}
