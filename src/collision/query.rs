//! Static queries between terrain and a segment, a point or a resting actor:
//! hit parameters, closest point, distance, and the bounce normal.
//!
//! Every query translates the piece so the query's reference point is the
//! origin, builds a scalar polynomial in `t` from the power-basis coefficients
//! (see `basis`) and takes its zeros on `[0, 1]` with
//! `roots::Poly::zeros`, which also reports tangency. A circle's crossings,
//! the zeros of `|B|² - r²`, are taken between the roots of its derivative,
//! the closest-point condition `B · B' = 0` (`Poly::zeros_between`): a
//! circle barely touching the curve makes two nearly equal crossings, hard
//! to separate, but a simple root of that condition. Distances are in
//! pixels; "touching" means within [`px_tol`] of exact, a few ulps of `f64` at
//! the query's scale, far below anything a player sees.

use bevy::math::{DVec2, Vec2};

use super::basis::{PowerCurve, box_distance};
use super::isolate::{Lone, lone_root};
use super::line::{LineHits, hits_with_segment};
use super::monotone::cubic_rising_roots;
use super::roots::{Roots, X_ERROR};
use super::shapes::{ActorShape, Segment, Terrain};

/// Tolerance in pixels for "exactly touching" at a query whose coordinates
/// span `scale` pixels: `1e-9 · (1 + scale)`.
pub fn px_tol(scale: f64) -> f64 {
    1e-9 * (1.0 + scale)
}

/// Parameters where `pc` passes through the origin (a zero-length segment).
pub(super) fn hits_with_point(pc: &PowerCurve, tol: f64) -> Roots {
    let mut out = Roots::new();
    if pc.squared_norm().is_negligible(tol * tol) {
        out.extend([0.0, 1.0]);
        return out;
    }
    let t = closest_param(pc);
    if pc.eval(t).length() <= tol {
        out.push(t);
    }
    out
}

/// Accuracy asked of a closest point's parameter: the
/// distance is stationary there, so an error `δ` in `t` changes it by
/// `O(δ²)`, and the polish stops after a Halley step shorter than this,
/// leaving an error near its cube.
const CLOSEST_X_ERROR: f64 = 1e-9;

/// The parameter of the point of `pc` closest to the origin.
///
/// The squared distance `|B(t)|²` is stationary where `B(t) · B'(t) = 0`, a
/// polynomial of degree 1, 3 or 5; its minimum on `[0, 1]` is at an end or
/// where that condition changes sign from − to + (a local minimum). Roots
/// come from bracketed solvers, so every local minimum is found; only the
/// rising roots are polished (a maximum of the distance cannot be the
/// answer). On a cubic the one-pass [`lone_root`] goes first: on the short
/// spans motion queries use, the condition's Bernstein coefficients nearly
/// always change sign once, and that proves the single root. Ties go to
/// the smaller `t`.
pub(super) fn closest_param(pc: &PowerCurve) -> f64 {
    match pc.n {
        2 => {
            // A segment: the foot of the perpendicular, the root of the
            // linear B · B' = c₀·c₁ + |c₁|² t.
            let foot = -pc.c[0].dot(pc.c[1]) / pc.c[1].dot(pc.c[1]);
            let candidates = [foot];
            let inside = (0.0..=1.0).contains(&foot);
            nearest_of(pc, &candidates[..usize::from(inside)])
        }
        3 => {
            // B · B' = c₀·c₁ + (|c₁|² + 2c₀·c₂) t + 3c₁·c₂ t² + 2|c₂|² t³,
            // written out: through `dot_deriv` and `Poly::rising_roots` the
            // query measured about 20 ns (a fifth) slower.
            let c = &pc.c;
            let g = [
                c[0].dot(c[1]),
                c[1].dot(c[1]) + 2.0 * c[0].dot(c[2]),
                3.0 * c[1].dot(c[2]),
                2.0 * c[2].dot(c[2]),
            ];
            let minima: Roots<2> = cubic_rising_roots(&g, 0.0, 1.0, CLOSEST_X_ERROR);
            nearest_of(pc, &minima)
        }
        // A cubic: degree 5, usually one sign change on a short piece.
        _ => match lone_root(&pc.dot_deriv_cubic(), CLOSEST_X_ERROR) {
            Some(Lone::Rising(t)) => nearest_of(pc, &[t]),
            Some(Lone::None | Lone::Falling(_)) => nearest_of(pc, &[]),
            None => nearest_of(pc, &pc.dot_deriv().rising_roots(CLOSEST_X_ERROR)),
        },
    }
}

/// Of `0`, the ascending `candidates` inside `[0, 1]` and `1`, the parameter
/// of the point of `pc` nearest the origin; ties go to the smaller `t`.
fn nearest_of(pc: &PowerCurve, candidates: &[f64]) -> f64 {
    // B(0) = c₀.
    let mut best = (pc.c[0].length_squared(), 0.0);
    for &t in candidates.iter().chain(&[1.0]) {
        let d2 = pc.eval(t).length_squared();
        if d2 < best.0 {
            best = (d2, t);
        }
    }
    best.1
}

/// [`closest_param`] for a caller that will also cross a circle around the
/// origin with the piece: the parameter of the closest point and, for a
/// curve, every critical point of `|B|²` on `[0, 1]` (the sign-change roots
/// of `B · B'`, found exactly as [`hits_with_circle`] finds them), which
/// that query then splits at instead of solving again
/// ([`shape_crossings_given`]). The nearest of those points and the ends is
/// the closest point: a local maximum among them is never nearer than the
/// minimum beside it. A segment needs no critical points: `None`.
pub(crate) fn closest_with_critical(pc: &PowerCurve) -> (f64, Option<Roots>) {
    if pc.n < 3 {
        return (closest_param(pc), None);
    }
    let critical = critical_points(pc);
    (nearest_of(pc, &critical), Some(critical))
}

/// The critical points of `|B|²` on `[0, 1]`, the sign-change roots of
/// `B · B'` (degree 3 or 5): on a cubic first by [`lone_root`], which
/// settles the usual single root in one pass, else by
/// [`Poly::sign_change_roots`](super::roots::Poly::sign_change_roots).
fn critical_points(pc: &PowerCurve) -> Roots {
    if pc.n == 4 {
        match lone_root(&pc.dot_deriv_cubic(), X_ERROR) {
            Some(Lone::None) => return Roots::new(),
            Some(Lone::Rising(t) | Lone::Falling(t)) => {
                let mut one = Roots::new();
                one.push(t);
                return one;
            }
            None => {}
        }
    }
    pc.dot_deriv().sign_change_roots(0.0, 1.0)
}

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
/// `[0, 1]` ([`closest_with_critical`]); otherwise they are solved for here.
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

/// Distance from `p` to the untranslated piece `pc`.
pub(crate) fn point_distance(pc: &PowerCurve, p: DVec2) -> f64 {
    closest_offset(pc, p).length()
}

/// The vector from `p` to the point of the untranslated piece `pc` closest
/// to it.
pub(crate) fn closest_offset(pc: &PowerCurve, p: DVec2) -> DVec2 {
    let q = pc.translated(p);
    q.eval(closest_param(&q))
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
/// ([`closest_with_critical`] at that centre): the same answer, bit for bit,
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
    pub fn segment_hits(&self, s: &Segment) -> Vec<f32> {
        let a = s.a.as_dvec2();
        let pc = self.bernstein().power().translated(a);
        hits_with_segment(&pc, s.b.as_dvec2() - a).to_f32_vec()
    }

    /// The parameters where the piece crosses the boundary of `shape` centred
    /// on `center`, plus `0` and/or `1` where an end lies inside; `[0, 1]` for
    /// a piece wholly inside; empty when they do not touch.
    pub fn actor_hits(&self, shape: &ActorShape, center: Vec2) -> Vec<f32> {
        let c = center.as_dvec2();
        let pc = self.bernstein().power();
        match *shape {
            ActorShape::Circle { radius } => {
                hits_with_circle(&pc.translated(c), radius as f64, None)
            }
            ActorShape::Rect { half_extents } => hits_with_rect(&pc, c, half_extents.as_dvec2()),
        }
        .to_f32_vec()
    }

    /// The parameter of the point of the piece closest to `p` (see
    /// `closest_param` for the degree-5 stationary condition on cubics).
    pub fn closest_t(&self, p: Vec2) -> f32 {
        closest_param(&self.bernstein().power().translated(p.as_dvec2())) as f32
    }

    /// The point of the piece closest to `p`.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let pc = self.bernstein().power();
        pc.eval(closest_param(&pc.translated(p.as_dvec2())))
            .as_vec2()
    }

    /// The distance from `p` to the piece.
    pub fn distance(&self, p: Vec2) -> f32 {
        let pc = self.bernstein().power().translated(p.as_dvec2());
        pc.eval(closest_param(&pc)).length() as f32
    }
}

/// The unit normal an actor centred on `actor_center` bounces along after
/// touching `terrain` at the parameters `hits`: the perpendicular of
/// `B'(t̄)` at the mean `t̄` of the hits, turned to face the actor.
///
/// Where `B'(t̄)` vanishes (coincident control points) the tangent direction is
/// its limit, the first non-vanishing higher derivative `B''(t̄)` or
/// `B'''(t̄)`; then the chord `B(1) - B(0)`; then `actor_center` minus the
/// closest point; then straight up. `None` only for no (finite) hits. Never NaN.
pub fn bounce_normal(terrain: &Terrain, hits: &[f32], actor_center: Vec2) -> Option<Vec2> {
    bounce_normal_on(&terrain.bernstein().power(), hits, actor_center)
}

/// [`bounce_normal`] on the piece's power form `pc`, for a caller that has it.
pub(crate) fn bounce_normal_on(pc: &PowerCurve, hits: &[f32], actor_center: Vec2) -> Option<Vec2> {
    let (sum, count) = hits
        .iter()
        .filter(|t| t.is_finite())
        .fold((0.0f64, 0usize), |(s, n), &t| (s + t as f64, n + 1));
    if count == 0 {
        return None;
    }
    let t = (sum / count as f64).clamp(0.0, 1.0);
    let center = actor_center.as_dvec2();
    let tiny = pc.vanishing();
    let tangent = pc.tangent_limit_above(t, tiny).or_else(|| {
        let chord = pc.eval(1.0) - pc.eval(0.0);
        (chord.length() > tiny).then_some(chord)
    });
    let on_curve = pc.eval(t);
    let normal = match tangent {
        Some(v) => v.perp().normalize(),
        None => {
            let away = center - pc.eval(closest_param(&pc.translated(center)));
            if away.length() > tiny {
                away.normalize()
            } else {
                DVec2::Y
            }
        }
    };
    let facing = if normal.dot(center - on_curve) < 0.0 {
        -normal
    } else {
        normal
    };
    let n = facing.as_vec2();
    n.is_finite().then_some(n)
}

/// Velocity after a bounce off a surface with unit normal `normal`:
/// `v - (1 + e)(v · n) n`. `e = 1` mirrors the normal component, `e = 0`
/// removes it (slide), the tangential component is kept.
pub fn reflect(velocity: Vec2, normal: Vec2, restitution: f32) -> Vec2 {
    velocity - (1.0 + restitution) * velocity.dot(normal) * normal
}

impl Segment {
    /// The parameter of the foot of the perpendicular from `p`, clamped to
    /// `[0, 1]`: `t = ((p - a) · (b - a)) / |b - a|²`; 0 for a zero-length segment.
    pub fn closest_t(&self, p: Vec2) -> f32 {
        let (a, d) = (self.a.as_dvec2(), (self.b - self.a).as_dvec2());
        let len2 = d.length_squared();
        if len2 == 0.0 {
            return 0.0;
        }
        ((p.as_dvec2() - a).dot(d) / len2).clamp(0.0, 1.0) as f32
    }

    /// The point of the segment closest to `p`.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let t = self.closest_t(p) as f64;
        self.a.as_dvec2().lerp(self.b.as_dvec2(), t).as_vec2()
    }

    /// The distance from `p` to the segment.
    pub fn distance(&self, p: Vec2) -> f32 {
        let t = self.closest_t(p) as f64;
        let q = self.a.as_dvec2().lerp(self.b.as_dvec2(), t);
        (p.as_dvec2() - q).length() as f32
    }

    /// `true` when a circle of `radius` at `center` overlaps or touches the segment.
    pub fn overlaps_circle(&self, center: Vec2, radius: f32) -> bool {
        self.distance(center) <= radius
    }

    /// Where the infinite line through `a` and `b` meets the circle, as
    /// parameters along `a + t (b - a)`, ascending: none, one (tangent) or two.
    ///
    /// With `h` the distance from the centre to the line and `f` the foot of
    /// the perpendicular, the points are `f ± √((r - h)(r + h)) · u`; the
    /// factored form avoids cancellation. `|h - r| ≤` [`px_tol`] is a tangent.
    pub fn line_circle_params(&self, center: Vec2, radius: f32) -> Vec<f32> {
        self.line_circle_params_f64(center, radius)
            .into_iter()
            .map(|t| t as f32)
            .collect()
    }

    fn line_circle_params_f64(&self, center: Vec2, radius: f32) -> Vec<f64> {
        let (a, d) = (self.a.as_dvec2(), (self.b - self.a).as_dvec2());
        let (c, r) = (center.as_dvec2(), radius as f64);
        let len = d.length();
        if len == 0.0 {
            return Vec::new();
        }
        let u = d / len;
        let foot = (c - a).dot(u);
        let h = (c - a).perp_dot(u).abs();
        let tol = px_tol(len + r + (c - a).length());
        if (h - r).abs() <= tol {
            return vec![foot / len];
        }
        if h > r {
            return Vec::new();
        }
        let half = ((r - h) * (r + h)).sqrt();
        vec![(foot - half) / len, (foot + half) / len]
    }

    /// The points where the infinite line through the segment meets the circle.
    pub fn line_circle_intersections(&self, center: Vec2, radius: f32) -> Vec<Vec2> {
        self.line_circle_params_f64(center, radius)
            .into_iter()
            .map(|t| self.point_at(t))
            .collect()
    }

    /// `a + t (b - a)`, computed in `f64`.
    fn point_at(&self, t: f64) -> Vec2 {
        let a = self.a.as_dvec2();
        (a + (self.b.as_dvec2() - a) * t).as_vec2()
    }

    /// The points where the segment itself meets the circle (0, 1 or 2).
    pub fn circle_intersections(&self, center: Vec2, radius: f32) -> Vec<Vec2> {
        self.line_circle_params_f64(center, radius)
            .into_iter()
            .filter(|t| (0.0..=1.0).contains(t))
            .map(|t| self.point_at(t))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::basis::Bernstein;
    use crate::collision::roots::unit_rng;

    /// Curves with coincident end control points (`P0 = P1`, `P2 = P3`, or
    /// both; quadratics with `P0 = P1`): `B'` vanishes at an end, so the
    /// closest-point condition `(B - p) · B'` is zero there up to rounding.
    /// The closest point matches dense sampling (20 001 samples) on 2 000
    /// random cases. A root at an interval's end, read with rounding's sign,
    /// once made the isolator drop the interior root (0.2 px off).
    #[test]
    fn closest_point_with_coincident_end_control_points() {
        let mut f = unit_rng(0x3C6E_F372_FE94_F82B);
        for i in 0..2000 {
            let mut pt = || DVec2::new(f() * 1000.0, f() * 1000.0);
            let (a, b, c, d) = (pt(), pt(), pt(), pt());
            let pts = match i % 4 {
                0 => vec![a, a, b, b],
                1 => vec![a, a, c, d],
                2 => vec![a, c, d, d],
                _ => vec![a, a, b],
            };
            let pc = Bernstein::new(&pts).power();
            let p = pt();
            let got = closest_offset(&pc, p).length();
            let samples: Vec<DVec2> = (0..=20_000).map(|k| pc.eval(k as f64 / 20_000.0)).collect();
            let sampled = samples
                .iter()
                .map(|q| (*q - p).length())
                .fold(f64::MAX, f64::min);
            // Sampling overestimates the minimum by up to half a spacing.
            let spacing = samples
                .windows(2)
                .map(|w| (w[1] - w[0]).length())
                .fold(0.0, f64::max);
            assert!(
                got <= sampled + 1e-9 && got >= sampled - 0.5 * spacing - 1e-9,
                "case {i}: closest {got}, sampled {sampled}"
            );
        }
    }

    /// The closest point on quadratics and cubics (only the rising roots of
    /// the closest-point condition polished, to [`CLOSEST_X_ERROR`]) against
    /// kurbo's `nearest` in `f64`, on 6 000 random pieces: half the points
    /// random, half on a normal of the curve at up to twice its radius of
    /// curvature, across the evolute, where two local minima compete. The
    /// distances agree to 1e-9 px (relative).
    #[test]
    fn closest_point_matches_kurbo() {
        use kurbo::{ParamCurveNearest, PathSeg};
        let mut f = unit_rng(0x510E_527F_ADE6_82D1);
        for case in 0..6000 {
            let mut pt = || DVec2::new(f() * 1000.0, f() * 1000.0);
            let pts = [pt(), pt(), pt(), pt()];
            let n = 3 + case % 2;
            let pc = Bernstein::new(&pts[..n]).power();
            let p = if case % 4 < 2 {
                pt()
            } else {
                let t = f();
                let (d1, d2) = (pc.deriv(t), pc.deriv_n(2, t));
                let radius = d1.length().powi(3) / d1.perp_dot(d2).abs().max(1e-9);
                let normal = d1.perp().normalize();
                pc.eval(t) + normal * radius.min(2000.0) * (2.0 * f() - 1.0) * 2.0
            };
            let ours = closest_offset(&pc, p).length();
            let k = |v: DVec2| kurbo::Point::new(v.x, v.y);
            let seg = if n == 3 {
                PathSeg::Quad(kurbo::QuadBez::new(k(pts[0]), k(pts[1]), k(pts[2])))
            } else {
                PathSeg::Cubic(kurbo::CubicBez::new(
                    k(pts[0]),
                    k(pts[1]),
                    k(pts[2]),
                    k(pts[3]),
                ))
            };
            let theirs = seg.nearest(k(p), 1e-12).distance_sq.sqrt();
            assert!(
                (ours - theirs).abs() < 1e-9 * (1.0 + theirs),
                "case {case}: ours {ours}, kurbo {theirs}"
            );
            // The variant that also returns every critical point.
            let q = pc.translated(p);
            let with_critical = q.eval(closest_with_critical(&q).0).length();
            assert!(
                (with_critical - theirs).abs() < 1e-9 * (1.0 + theirs),
                "case {case}: with critical points {with_critical}, kurbo {theirs}"
            );
        }
    }

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
