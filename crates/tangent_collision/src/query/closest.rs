//! The closest point of a piece to a point: the parameter, the point, the
//! distance, and (for circles) every critical point of the squared distance.

use glam::{DVec2, Vec2};

use crate::geometry::{PowerCurve, Terrain};
use crate::poly::{
    Lone, RisingRoots, Roots, X_ERROR, cubic_rising_roots, cubic_rising_roots_closed, lone_root,
};

/// Accuracy asked of a closest point's bracketed parameter: the
/// distance is stationary there, so an error `δ` in `t` changes it by
/// `O(δ²)`, and the polish stops after a Halley step shorter than this,
/// leaving an error near its cube.
const CLOSEST_X_ERROR: f64 = 1e-9;

/// The parameter of the point of `pc` closest to the origin.
///
/// The squared distance `|B(t)|²` is stationary where `B(t) · B'(t) = 0`, a
/// polynomial of degree 1, 3 or 5; its minimum on `[0, 1]` is at an end or
/// where that condition changes sign from − to + (a local minimum); a
/// maximum of the distance cannot be the answer, so only rising roots are
/// weighed. On a quadratic the condition is a cubic with a positive leading
/// coefficient whose rising roots come in closed form
/// ([`cubic_rising_roots_closed`]: no loop, so few mispredicted branches),
/// or, for a piece so nearly straight that the cubic is nearly of lower
/// degree, from the bracketed solver. Elsewhere roots come from bracketed
/// solvers, so every local minimum is found. On a cubic the one-pass
/// [`lone_root`] goes first: on the short
/// spans motion queries use, the condition's Bernstein coefficients nearly
/// always change sign once, and that proves the single root. Ties go to
/// the smaller `t`.
pub(crate) fn closest_param(pc: &PowerCurve) -> f64 {
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
            match cubic_rising_roots_closed(&g) {
                // Every minimum of the distance on the whole line lies in
                // [0, 1]: the nearest of them beats the ends, and a lone
                // one is the answer.
                Some(RisingRoots { inside, all: true }) => match *inside {
                    [t] => t,
                    _ => nearest_among(pc, &inside, (f64::INFINITY, 0.0)).1,
                },
                Some(RisingRoots { inside, .. }) => nearest_of(pc, &inside),
                None => nearest_of(pc, &cubic_rising_roots::<2>(&g, 0.0, 1.0, CLOSEST_X_ERROR)),
            }
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
    let best = nearest_among(pc, candidates, (pc.c[0].length_squared(), 0.0));
    nearest_among(pc, &[1.0], best).1
}

/// Of `best = (|B(t)|², t)` and the ascending `candidates`, the nearest to
/// the origin as `(|B|², t)`; ties go to the earlier.
fn nearest_among(pc: &PowerCurve, candidates: &[f64], mut best: (f64, f64)) -> (f64, f64) {
    for &t in candidates {
        let d2 = pc.eval(t).length_squared();
        if d2 < best.0 {
            best = (d2, t);
        }
    }
    best
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
/// [`Poly::sign_change_roots`](crate::poly::Poly::sign_change_roots).
pub(super) fn critical_points(pc: &PowerCurve) -> Roots {
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

impl Terrain {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Bernstein;
    use crate::poly::testing::unit_rng;

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

    /// The closest point on quadratics (closed-form roots) and cubics (only
    /// the rising roots of the closest-point condition polished, to
    /// [`CLOSEST_X_ERROR`]) against
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
}
