//! Where a piece crosses a segment, a circle or a rect: the hit parameters
//! of [`Terrain::segment_hits`] and [`Terrain::actor_hits`], and the
//! crossings the motion step asks for (grown shapes, clear-of-circle tests).
//!
//! Every query translates the piece so the query's reference point is the
//! origin, builds a scalar polynomial in `t` from the power-basis
//! coefficients (`geometry::PowerCurve`) and takes its zeros on `[0, 1]`
//! with `Poly::zeros`, which also reports tangency. A circle's crossings,
//! the zeros of `|B|² - r²`, are taken between the roots of its derivative,
//! the closest-point condition `B · B' = 0` (`Poly::zeros_between`): a
//! circle barely touching the curve makes two nearly equal crossings, hard
//! to separate, but a simple root of that condition. Distances are in
//! pixels; "touching" means within [`px_tol`] of exact, a few ulps of `f64` at
//! the query's scale, far below anything a player sees.

use glam::{DVec2, Vec2};

#[cfg(test)]
use super::closest::closest_param;
use super::closest::critical_points;
use super::hits::Hits;
use super::line::{LineHits, hits_with_segment};
use super::tolerance::px_tol;
use crate::geometry::{ActorShape, PowerCurve, Segment, Terrain, box_distance};
use crate::poly::Roots;

/// The distance tolerance of a circle query of radius `r` on `pc`
/// (translated to the centre), and the matching tolerance on `|B|² - r²`:
/// `tol (2r + tol)` plus the rounding of the squared-norm coefficients.
fn circle_tolerances(pc: &PowerCurve, r: f64) -> (f64, f64) {
    let scale = pc.scale() + r;
    let tol = px_tol(scale);
    (tol, tol * (2.0 * r + tol) + 1e-14 * scale * scale)
}

/// `true` when the untranslated piece `pc` stays clear of the circle of
/// radius `r` around `center`, i.e. [`shape_crossings`] would find nothing
/// (`|B|² - r² > gtol` everywhere): the control box, then the exact
/// closest point. Cheaper than the crossings when the circle is near but
/// not touching, where `|B|² - r²` barely clears zero and its roots are hard
/// to rule out, while the closest point's condition has simple roots.
/// Depenetration runs its two halves itself, keeping the closest point.
#[cfg(test)]
pub(crate) fn circle_clear(pc: &PowerCurve, center: DVec2, r: f64) -> bool {
    let q = pc.translated(center);
    circle_box_clear(&q, r) || circle_clear_by(&q, r, q.eval(closest_param(&q)))
}

/// The cheap half of [`circle_clear`], on the piece `q` translated so the
/// circle's centre is the origin: `true` when the control points' box alone
/// keeps it clear of the circle.
pub(crate) fn circle_box_clear(q: &PowerCurve, r: f64) -> bool {
    let (tol, _) = circle_tolerances(q, r);
    q.hull_box_distance() > r + tol
}

/// The exact half of [`circle_clear`], on the translated piece `q`, given
/// `offset`, the vector from the centre to its closest point, so a caller
/// that has it asks for several radii without solving again.
pub(crate) fn circle_clear_by(q: &PowerCurve, r: f64, offset: DVec2) -> bool {
    let (_, gtol) = circle_tolerances(q, r);
    offset.length_squared() - r * r > gtol
}

/// Largest piece, in radii of the circle, whose circle crossings are solved
/// between the closest-point condition's roots (see [`hits_with_circle`]).
const SHORT_PIECE_RADII: f64 = 16.0;

/// Parameters where `pc` (translated so the circle's centre is the origin)
/// crosses the circle of radius `r`: zeros of `|B(t)|² - r²` (degree ≤ 6),
/// plus the ends strictly inside.
///
/// `critical`, when given, must be the sign-change roots of `B · B'` on
/// `[0, 1]` ([`closest_with_critical`](super::closest::closest_with_critical)); otherwise they are solved for here.
fn hits_with_circle(pc: &PowerCurve, r: f64, critical: Option<&[f64]>) -> Roots {
    let (tol, gtol) = circle_tolerances(pc, r);
    let (lo, hi) = pc.hull_box();
    if box_distance((lo, hi)) > r + tol {
        return Roots::new();
    }
    let g = pc.squared_norm().minus(r * r);
    if g.is_negligible(gtol) {
        let mut all = Roots::new();
        all.extend([0.0, 1.0]);
        return all;
    }
    // On a piece no larger than a few radii (the spans motion queries use),
    // solve between the critical points of |B|² - r², the closest-point
    // condition B · B' = 0: it has few roots there, simple even where the
    // circle barely touches and the crossings nearly merge. On a longer
    // piece that condition has roots all along it, while subdividing
    // |B|² - r² itself drops the parts far from the circle at once.
    let mut ts = if pc.n >= 3 && (hi - lo).max_element() <= SHORT_PIECE_RADII * r {
        match critical {
            Some(known) => g.zeros_between(known, gtol),
            None => g.zeros_between(&critical_points(pc), gtol),
        }
    } else {
        g.zeros(gtol)
    };
    ts.extend([0.0, 1.0].into_iter().filter(|&t| g.eval(t) < 0.0));
    ts.clamp_sort_dedup();
    ts
}

/// Parameters where `pc` crosses the boundary of the axis-aligned box
/// `center ± half`, plus the ends inside it. The four sides are segments, so a
/// piece passing through the box with both ends outside is found by its side
/// crossings; a crossing at a corner is found twice and merged.
fn hits_with_rect(pc: &PowerCurve, center: DVec2, half: DVec2) -> Roots {
    let (lo, hi) = pc.hull_box();
    let tol = px_tol(pc.scale() + half.max_element());
    if (lo - center).cmpgt(half + tol).any() || (center - hi).cmpgt(half + tol).any() {
        return Roots::new();
    }
    let corners = [
        center + DVec2::new(-half.x, -half.y),
        center + DVec2::new(half.x, -half.y),
        center + DVec2::new(half.x, half.y),
        center + DVec2::new(-half.x, half.y),
    ];
    let mut ts = Roots::new();
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        ts.extend(hits_with_segment(&pc.translated(a), b - a).iter().copied());
        ts.clamp_sort_dedup();
    }
    for t in [0.0, 1.0] {
        let p = pc.eval(t) - center;
        if p.x.abs() <= half.x && p.y.abs() <= half.y {
            ts.push(t);
        }
    }
    ts.clamp_sort_dedup();
    ts
}

/// Crossings of the untranslated piece `pc` with the segment `a b`.
pub(crate) fn segment_crossings(pc: &PowerCurve, a: DVec2, b: DVec2) -> LineHits {
    hits_with_segment(&pc.translated(a), b - a)
}

/// [`Terrain::actor_hits`] on an untranslated piece, in `f64`, for a shape
/// inflated by `grow` pixels (radius or half extents).
pub(crate) fn shape_crossings(
    pc: &PowerCurve,
    shape: &ActorShape,
    center: DVec2,
    grow: f64,
) -> Roots {
    shape_crossings_given(pc, shape, center, grow, None)
}

/// [`shape_crossings`] with, for a circle, the critical points of the
/// squared distance from `center` to the piece when the caller has them
/// ([`closest_with_critical`](super::closest::closest_with_critical) at that centre): the same answer, bit for bit,
/// without solving for them again.
pub(crate) fn shape_crossings_given(
    pc: &PowerCurve,
    shape: &ActorShape,
    center: DVec2,
    grow: f64,
    critical: Option<&[f64]>,
) -> Roots {
    match *shape {
        ActorShape::Circle { radius } => {
            hits_with_circle(&pc.translated(center), radius as f64 + grow, critical)
        }
        ActorShape::Rect { half_extents } => {
            hits_with_rect(pc, center, half_extents.as_dvec2() + DVec2::splat(grow))
        }
    }
}

impl Terrain {
    /// Every parameter `t` in `[0, 1]` where the piece crosses or touches the
    /// segment `s`, sorted and de-duplicated. Tangency gives one parameter. A
    /// piece lying along `s` gives the ends of the overlapping part; a
    /// zero-length `s` is treated as a point.
    pub fn segment_hits(&self, s: &Segment) -> Hits {
        let a = s.a.as_dvec2();
        let pc = self.bernstein().power().translated(a);
        Hits::rounded(hits_with_segment(&pc, s.b.as_dvec2() - a))
    }

    /// The parameters where the piece crosses the boundary of `shape` centred
    /// on `center`, plus `0` and/or `1` where an end lies inside; `[0, 1]` for
    /// a piece wholly inside; empty when they do not touch.
    pub fn actor_hits(&self, shape: &ActorShape, center: Vec2) -> Hits {
        let c = center.as_dvec2();
        let pc = self.bernstein().power();
        Hits::rounded(match *shape {
            ActorShape::Circle { radius } => {
                hits_with_circle(&pc.translated(c), radius as f64, None)
            }
            ActorShape::Rect { half_extents } => hits_with_rect(&pc, c, half_extents.as_dvec2()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Bernstein;
    use crate::poly::testing::unit_rng;
    use crate::query::closest::closest_with_critical;

    /// Circle crossings given the critical points that
    /// [`closest_with_critical`] found at the same centre are, bit for bit,
    /// the crossings solved afresh: 4 000 random segments, quadratics and
    /// cubics up to 16 radii long (where the critical points are used), with
    /// circles near or across them and grown by random margins. Each
    /// critical point is a sign change of `B · B'`, checked on either side.
    #[test]
    fn crossings_given_critical_points_are_the_crossings_solved_afresh() {
        let mut f = unit_rng(0x1F83_D9AB_FB41_BD6B);
        let mut used = 0;
        for case in 0..4000 {
            let r = 2.0 + 10.0 * f();
            let span = r * (1.0 + 15.0 * f());
            let origin = DVec2::new(f() * 1000.0, f() * 1000.0);
            let mut pt = || origin + DVec2::new(f(), f()) * span;
            let pts = [pt(), pt(), pt(), pt()];
            let pc = Bernstein::new(&pts[..2 + case % 3]).power();
            let on = pc.eval(f());
            let center = on + DVec2::new(f() - 0.5, f() - 0.5) * 3.0 * r;
            let q = pc.translated(center);
            let (_, critical) = closest_with_critical(&q);
            assert_eq!(critical.is_some(), pc.n >= 3, "case {case}");
            if let Some(critical) = critical {
                let dd = q.dot_deriv();
                for &t in critical.iter() {
                    let h = 1e-6;
                    let (before, after) = (dd.eval((t - h).max(0.0)), dd.eval((t + h).min(1.0)));
                    assert!(
                        before * after <= 0.0 || dd.eval(t).abs() < 1e-6 * (1.0 + span * span),
                        "case {case}: {t} is no critical point"
                    );
                }
            }
            let shape = ActorShape::Circle { radius: r as f32 };
            let grow = f() * 0.1;
            let fresh = shape_crossings(&pc, &shape, center, grow);
            let given = shape_crossings_given(&pc, &shape, center, grow, critical.as_deref());
            assert_eq!(fresh[..], given[..], "case {case}");
            used += usize::from(critical.is_some() && !fresh.is_empty());
        }
        assert!(used > 1000, "only {used} cases crossed a curve");
    }

    /// Circle crossings on short pieces (the route through the closest-point
    /// condition's roots) against subdivision of `|B|² - r²` itself, on
    /// 3 000 random quadratics and cubics up to 16 radii long with circles
    /// placed 1e-4 to 1 px inside or outside a point of the piece along its
    /// normal (near-tangent pairs of crossings): the same crossings, to
    /// 1e-6 in `t`, and each one on the circle to 1e-6 px.
    #[test]
    fn short_piece_crossings_agree_with_subdivision() {
        let mut f = unit_rng(0x1F83_D9AB_FB41_BD6B);
        let mut pairs = 0;
        for i in 0..3000 {
            let r = 2.0 + 10.0 * f();
            let size = r * (1.0 + 15.0 * f());
            let pts: Vec<DVec2> = (0..4).map(|_| DVec2::new(f(), f()) * size).collect();
            let pc = Bernstein::new(&pts[..3 + i % 2]).power();
            let t = f();
            let n = pc.deriv(t).perp().normalize_or_zero();
            let offset = 10f64.powf(-4.0 + 4.0 * f()) * if f() < 0.5 { -1.0 } else { 1.0 };
            let q = pc.translated(pc.eval(t) + n * (r + offset));
            let (lo, hi) = q.hull_box();
            assert!((hi - lo).max_element() <= SHORT_PIECE_RADII * r, "case {i}");
            let got = hits_with_circle(&q, r, None);
            let (_, gtol) = circle_tolerances(&q, r);
            let g = q.squared_norm().minus(r * r);
            let mut reference = g.zeros(gtol);
            reference.extend([0.0, 1.0].into_iter().filter(|&t| g.eval(t) < 0.0));
            reference.clamp_sort_dedup();
            assert_eq!(
                got.len(),
                reference.len(),
                "case {i}: {got:?} vs {reference:?}"
            );
            for (a, b) in got.iter().zip(reference.iter()) {
                assert!((a - b).abs() < 1e-6, "case {i}: {got:?} vs {reference:?}");
                if *a > 0.0 && *a < 1.0 {
                    let off = (q.eval(*a).length() - r).abs();
                    assert!(
                        off < 1e-6,
                        "case {i}: crossing {a} is {off} px off the circle"
                    );
                }
            }
            pairs += (got.len() >= 2) as usize;
        }
        assert!(pairs > 500, "only {pairs} cases with two crossings");
    }

    /// The closest-point shortcut agrees with the crossings on 3 000 random
    /// pieces and circles, half of them placed 1e-3 to 1 px inside or
    /// outside a point of the piece along its normal (near-touches).
    #[test]
    fn circle_clear_agrees_with_crossings() {
        let mut f = unit_rng(0xA076_1D64_78BD_642F);
        let (mut clear, mut touching) = (0, 0);
        for i in 0..3000 {
            let pts: Vec<DVec2> = (0..4)
                .map(|_| DVec2::new(f() * 400.0, f() * 400.0))
                .collect();
            let pc = Bernstein::new(&pts[..2 + i % 3]).power();
            let r = 2.0 + 20.0 * f();
            let center = if i % 2 == 0 {
                let t = f();
                let n = pc.deriv(t).perp().normalize_or_zero();
                let offset = 10f64.powf(-3.0 * f()) * if f() < 0.5 { -1.0 } else { 1.0 };
                pc.eval(t) + n * (r + offset)
            } else {
                DVec2::new(f() * 400.0, f() * 400.0)
            };
            let empty = shape_crossings(&pc, &ActorShape::Circle { radius: r as f32 }, center, 0.0)
                .is_empty();
            let r32 = r as f32 as f64;
            assert_eq!(circle_clear(&pc, center, r32), empty, "case {i}");
            if empty {
                clear += 1;
            } else {
                touching += 1;
            }
        }
        assert!(
            clear > 500 && touching > 500,
            "{clear} clear, {touching} touching"
        );
    }
}
