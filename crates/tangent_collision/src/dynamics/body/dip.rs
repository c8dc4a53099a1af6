//! Staying on a dip (a concave curve; `hill` is the convex half): the
//! chord of a sliding circle bent back to the surface.
//!
//! A body sliding along a curve moves, within a step, on the straight chord
//! `v τ + ½ g τ²`, tangent to the curve where it starts. Where the curve bends
//! toward the body (a dip, a half-pipe) the chord runs into it: at distance
//! `L` along the tangent the surface has come `κ L² / 2` closer (`κ` its
//! curvature). The sweep then stops the body there, the slide turns its
//! velocity a little, and the next chord runs in again: a ball crossing a
//! dip met the surface up to eight times a step and could still be left
//! with part of the step undone.
//!
//! (The method in full is on `bend`.)

use crate::geometry::Rect;
use glam::{DVec2, Vec2};

use super::margins::{CONTACT_MARGIN, CURVE_GAP, SKIN};
use crate::geometry::{ActorShape, Terrain};
use crate::query::closest_param;
use crate::terrain::{SpanCache, TerrainSet};

/// A surface a body slides on: its piece, the contact's mean hit parameter
/// and the unit normal there, facing the body.
#[derive(Clone, Copy, Debug)]
pub(in crate::dynamics) struct Sliding {
    pub piece: usize,
    pub t: f32,
    pub normal: Vec2,
}

/// A chord bent to follow a curve: the new motion, and the surface the
/// body slides on at its end (the curve's point nearest the end, and the
/// unit normal there, facing the body).
#[derive(Clone, Copy, Debug)]
pub(in crate::dynamics) struct Bent {
    pub motion: Vec2,
    pub normal: Vec2,
    pub at_end: Sliding,
}

/// The point of a surface nearest a point `e`: the vector to `e` from it,
/// and where it is (piece and parameter).
#[derive(Clone, Copy, Debug)]
pub(in crate::dynamics) struct Nearest {
    pub out: DVec2,
    pub piece: usize,
    pub t: f64,
}

/// How fast the path of a circle's centre turns along a dip it slides on,
/// radians per pixel: `κ / (1 − r κ)` for the curve's curvature `κ` at the
/// contact (the centre runs on the parallel curve `r` inside it, of radius
/// `1/κ − r`). `None` where [`bend`] bends nothing (not a circle, not a
/// curve, not concave toward the body) and where the circle is as tight as
/// the curve or tighter (it cannot follow it: no path to cut along).
pub(in crate::dynamics) fn path_curvature(
    set: &TerrainSet,
    on: Sliding,
    shape: &ActorShape,
) -> Option<f32> {
    let (radius, kappa) = circle_in_dip(set, on, shape)?;
    let left = 1.0 - radius as f64 * kappa;
    (left > 0.0).then(|| (kappa / left) as f32)
}

/// A circle sliding on a dip: its radius, and the curve's curvature at the
/// contact, `κ = (B''·n) / |B'|²`, positive (concave toward the body: `B''`
/// leans toward the normal, and `B' ≠ 0`). `None` for a rect, a straight
/// piece, or a curve not concave toward the body there.
fn circle_in_dip(set: &TerrainSet, on: Sliding, shape: &ActorShape) -> Option<(f32, f64)> {
    let ActorShape::Circle { radius } = *shape else {
        return None;
    };
    let terrain = &set.piece(on.piece).shape;
    if matches!(terrain, Terrain::Segment(_)) {
        return None;
    }
    let pc = terrain.bernstein().power();
    let t = on.t as f64;
    let d1 = pc.deriv(t);
    let bend = pc.deriv_n(2, t).dot(on.normal.as_dvec2());
    if d1 == DVec2::ZERO || bend <= 0.0 {
        return None;
    }
    Some((radius, bend / d1.length_squared()))
}

/// How far past the bend's target a chord's end may lie and still be bent
/// while the surface holds the body (a quarter skin: some `f32` roundings
/// at the level's edge, far less than a chord's own reach off a curve that
/// turns away from it, such as past an inflection).
const HELD_SLACK: f32 = 0.25 * SKIN;

/// Whether a dip still holds a body sliding on it at `velocity` under
/// `gravity`, the path of its centre turning `path_curvature` radians per
/// pixel toward the normal `n` (facing the body): the surface's push per
/// unit mass, `v_t² k − g · n` (the centripetal pull the turn needs, less
/// what gravity gives toward the turn's centre), is not negative. `None`
/// where gravity presses the body onto the surface (the chord's end
/// decides well: gravity alone brings it back; a pile in a bowl settles
/// as before) and for a body moving away from it (more than 1 % of its
/// speed: pushed or thrown off it, not let go by it): there its chord's
/// end decides.
///
/// Near where a loop lets a body go the push is small, and over a chord cut
/// to a 0.5° turn the curve comes only `(v_t² k − g · n) τ² / 2` closer
/// than gravity takes the body away: under 1e-3 px, less than `f32`'s
/// resolution 4 000 px from the origin. Judged by the chord's end alone the
/// body let go up to 2° early or late there; judged by the push it lets go
/// where the closed form says.
///
/// ```text
/// loop top, n = down, g · n = g:  held while v² k ≥ g  (v² ≥ g R)
/// ```
pub(in crate::dynamics) fn holds(
    velocity: Vec2,
    gravity: Vec2,
    n: Vec2,
    path_curvature: f32,
) -> Option<bool> {
    let vn = velocity.dot(n);
    if gravity.dot(n) <= 0.0 || vn > 0.01 * velocity.length() {
        return None;
    }
    let vt2 = velocity.length_squared() - vn * vn;
    Some(vt2 * path_curvature >= gravity.dot(n))
}

/// Instead, before the sweep, the chord's end `E` is moved onto the path the
/// body's centre would follow along the surface: the point at distance
/// `r + CURVE_GAP` from the curve, straight out from the curve's nearest
/// point `Q` to `E`: `E' = Q + (r + CURVE_GAP) (E - Q) / |E - Q|`. The sweep
/// of the bent chord is the usual exact one, so nothing can tunnel and any
/// other piece in the way is met as before; where the free region is convex
/// (a dip seen from inside), a chord between two points clear of the curve
/// stays clear. At the end the velocity is turned to the curve's tangent at
/// `Q`, with the speed energy gives there, `|v|² = |v₀|² + 2 g · Δp`: the
/// surface's push is normal to the path and does no work, and the bent end
/// lies up to `κ L² / 2` off the free chord, so the free chord's speed would
/// gain or lose that height's energy every step (29 % over a tight loop at
/// 60 Hz). A chord under a skin long is a resting body settling into the
/// gap and keeps its speed.
///
/// A chord is cut short where it would turn the centre's path by more than
/// `MAX_CHORD_TURN` (0.5°): the path is the parallel curve `r` inside the
/// surface, of curvature `κ / (1 − r κ)` ([`path_curvature`]), and the cut
/// chord covers the time `τ` whose chord turns it that much. The rest of the
/// step is further chords from the end of that one. A cut chord that ends
/// clear of the curve (the surface no longer holds the body: on a loop's
/// upper half below `v² = g R cos θ`) is where the body leaves it; it flies
/// the rest of the step, and the step reports the point
/// (`StepReport::left_dip_at`). Where gravity pulls the body off the
/// surface, whether it still holds is judged by the surface's push
/// ([`holds`]), not by the chord's end: near the point it lets go the two
/// differ by less than `f32` resolves. Without the cut a fast step in a
/// tight loop turned 17–25°, and near a piece's end its far end could be
/// nearest the next piece at an angle the bend refuses, so the straight
/// chord struck it.
///
/// Only circles follow curves, and only where the curve is concave toward
/// the body at the contact and the chord's end comes within `CURVE_GAP` of
/// it; elsewhere (straight pieces, hills, rects) the motion is left as it is.
///
/// The chord `motion` of a circle at `position` sliding on `on`, bent to
/// end [`CURVE_GAP`] off the curve (see the module docs); `None` where it
/// needs no bending: not a circle, not a curve, the curve not concave toward
/// the body at the contact, or the chord's end already that clear of it.
///
/// `held` is the surface's push where it is known ([`holds`]): `Some(true)`
/// bends a chord whose end is up to [`HELD_SLACK`] farther out too,
/// `Some(false)` leaves one whose end is not clear (unless it ended behind
/// the curve); `None` goes by the chord's end alone.
pub(in crate::dynamics) fn bend(
    set: &TerrainSet,
    on: Sliding,
    shape: &ActorShape,
    (position, motion): (Vec2, Vec2),
    held: Option<bool>,
    cache: &mut SpanCache,
) -> Option<Bent> {
    let (radius, _) = circle_in_dip(set, on, shape)?;
    let n = on.normal.as_dvec2();
    // The curve's nearest point to the chord's end, on the span of the
    // piece near it (any point within r + CURVE_GAP of the end lies in the
    // box).
    let end = position + motion;
    let reach = radius + SKIN + CONTACT_MARGIN;
    let e = end.as_dvec2();
    let near = nearest_on_surface(set, on, end, reach, cache)?;
    let out = near.out;
    let dist = out.length();
    let target = radius as f64 + CURVE_GAP as f64;
    if dist == 0.0 {
        return None;
    }
    // On the body's side of the curve, or past it (a fast chord on a tight
    // curve can end behind it): either way the bent end lies `target` out
    // from the nearest point, on the body's side.
    let behind = out.dot(n) <= 0.0;
    let within = match held {
        Some(true) => dist < target + HELD_SLACK as f64,
        Some(false) => false,
        None => dist < target,
    };
    if !behind && !within {
        return None;
    }
    let normal = if behind { -out / dist } else { out / dist };
    let q = e - out;
    let bent_end = q + normal * target;
    let bent: DVec2 = bent_end - position.as_dvec2();
    Some(Bent {
        motion: bent.as_vec2(),
        normal: normal.as_vec2(),
        at_end: Sliding {
            piece: near.piece,
            t: near.t as f32,
            normal: normal.as_vec2(),
        },
    })
}

/// The nearest point to `end` on the piece slid on, or on a
/// solid piece that carries the surface on past a joint (its normal there
/// within 0.1 rad of the contact's): past the end of the piece slid on, its
/// own nearest point would be its end, and a bend would aim at a corner the
/// chain does not have. Only points within `reach` of `end` are looked at.
pub(in crate::dynamics) fn nearest_on_surface(
    set: &TerrainSet,
    on: Sliding,
    end: Vec2,
    reach: f32,
    cache: &mut SpanCache,
) -> Option<Nearest> {
    let (e, n) = (end.as_dvec2(), on.normal.as_dvec2());
    let found = cache
        .query_spans(set, Rect::from_center_half_size(end, Vec2::splat(reach)))
        .len();
    let mut best: Option<Nearest> = None;
    for k in 0..found {
        let near = cache.found()[k];
        let piece = set.piece(near.piece);
        if near.piece != on.piece && piece.one_way {
            continue;
        }
        let span = cache.span(set, &near);
        let from_end = span.pc.translated(e);
        let s = closest_param(&from_end);
        let out = -from_end.eval(s);
        let agrees =
            near.piece == on.piece || (out.length() > 0.0 && out.normalize().dot(n).abs() > 0.995);
        if agrees && best.is_none_or(|b| out.length_squared() < b.out.length_squared()) {
            best = Some(Nearest {
                out,
                piece: near.piece,
                t: span.piece_t(s),
            });
        }
    }
    best
}

/// `v` turned to run along a surface with unit normal `n`, keeping its
/// speed, when it goes into the surface; unchanged otherwise.
pub(in crate::dynamics) fn along(v: Vec2, n: Vec2) -> Vec2 {
    let vn = v.dot(n);
    if vn >= 0.0 {
        return v;
    }
    let tangent = (v - vn * n).normalize_or_zero();
    tangent * v.length()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::testing::random_curve;
    use crate::geometry::{QuadBezier, Segment};
    use crate::poly::testing::unit_rng;
    use crate::terrain::TerrainPiece;

    /// The vector from the curve's nearest point to `p`, by 40 001 samples
    /// (the reference).
    fn sampled_offset(terrain: &Terrain, p: Vec2) -> DVec2 {
        (0..=40_000)
            .map(|k| p.as_dvec2() - terrain.point_f64(k as f64 / 40_000.0))
            .min_by(|a, b| a.length().total_cmp(&b.length()))
            .unwrap()
    }

    fn sampled_distance(terrain: &Terrain, p: Vec2) -> f64 {
        sampled_offset(terrain, p).length()
    }

    /// On random quadratics and cubics, a circle touching the curve (a skin
    /// off it) on its concave side, no larger than half the radius of
    /// curvature there, moves along the tangent by up to its radius. The
    /// bent chord ends `CURVE_GAP` straight out from a point of the curve
    /// that is nearest to the chord's end (by dense sampling). Where nothing
    /// is bent, the chord's end was that clear already, or nearest to another
    /// part of the curve, across from the body (the sweep's job).
    #[test]
    fn bent_chords_end_a_follow_gap_off_the_curve() {
        let mut f = unit_rng(0xF011_0A11_0000_0001);
        let (mut bent, mut cases) = (0, 0);
        let mut cache = SpanCache::default();
        for case in 0..1000 {
            let terrain = random_curve(&mut f, case, 300.0);
            let set = TerrainSet::new(vec![TerrainPiece::solid(terrain)]).unwrap();
            let pc = terrain.bernstein().power();
            let t = 0.1 + 0.8 * f();
            let (d1, d2) = (pc.deriv(t), pc.deriv_n(2, t));
            if d1.length() < 1.0 {
                continue;
            }
            // The side the curve bends toward.
            let mut n = d1.perp().normalize();
            if d2.dot(n) < 0.0 {
                n = -n;
            }
            // A ball fits in the dip only if it is smaller than the radius of
            // curvature 1/κ there; keep it and the chord under half of that.
            let r = 2.0 + 18.0 * f();
            let kappa = d2.dot(n) / d1.length_squared();
            if r * kappa > 0.5 {
                continue;
            }
            let position = (pc.eval(t) + n * (r + SKIN as f64)).as_vec2();
            if sampled_distance(&terrain, position) < r + SKIN as f64 - 1e-3 {
                continue; // another part of the curve is nearer: no touch
            }
            let tangent = d1.normalize().as_vec2() * if f() < 0.5 { 1.0 } else { -1.0 };
            let motion = tangent * (r * f()) as f32;
            let on = Sliding {
                piece: 0,
                t: t as f32,
                normal: n.as_vec2(),
            };
            let shape = ActorShape::Circle { radius: r as f32 };
            cases += 1;
            let target = r + CURVE_GAP as f64;
            match bend(&set, on, &shape, (position, motion), None, &mut cache) {
                Some(b) => {
                    bent += 1;
                    // Pushed straight out from the curve's nearest point to
                    // the chord's end, to the follow gap.
                    let end = (position + b.motion).as_dvec2();
                    let q = end - b.normal.as_dvec2() * target;
                    let chord_end = position + motion;
                    let on_curve = sampled_distance(&terrain, q.as_vec2());
                    let nearest = sampled_distance(&terrain, chord_end);
                    let from_q = (chord_end.as_dvec2() - q).length();
                    assert!(
                        on_curve < 0.02 && (from_q - nearest).abs() < 1e-3,
                        "case {case}: pushed from {q}, {on_curve} px off the curve, \
                         {from_q} px from the chord's end (nearest {nearest})"
                    );
                    assert!((b.normal.length() - 1.0).abs() < 1e-5);
                }
                None => {
                    // Clear already, or nearest to another part of the
                    // curve across from the body (left to the sweep).
                    let out = sampled_offset(&terrain, position + motion);
                    let d = out.length();
                    assert!(
                        d >= target - 2e-3 || out.dot(n) <= 0.0,
                        "case {case}: chord end {d} px off the curve was not bent \
                         (r {r}, motion {motion}, t {t}, n {n}, curve {terrain:?})"
                    );
                }
            }
        }
        assert!(bent > cases / 2, "only {bent} of {cases} bent");
    }

    #[test]
    fn hills_segments_and_rects_are_not_bent() {
        let mut cache = SpanCache::default();
        let mut bends = |set: &TerrainSet, on, shape: &ActorShape, at, motion| {
            bend(set, on, shape, (at, motion), None, &mut cache).is_some()
        };
        let hill = Terrain::Quad(QuadBezier::new(
            Vec2::ZERO,
            Vec2::new(100.0, 100.0),
            Vec2::new(200.0, 0.0),
        ));
        let top = hill.point(0.5);
        let set = TerrainSet::new(vec![TerrainPiece::solid(hill)]).unwrap();
        let on = Sliding {
            piece: 0,
            t: 0.5,
            normal: Vec2::Y,
        };
        let ball = ActorShape::Circle { radius: 10.0 };
        let at = top + Vec2::Y * 10.02;
        assert!(!bends(&set, on, &ball, at, Vec2::X * 20.0));
        // From below the hill is a dip: that one is bent.
        let under = Sliding {
            normal: -Vec2::Y,
            ..on
        };
        let below = top - Vec2::Y * 10.02;
        assert!(bends(&set, under, &ball, below, Vec2::X * 20.0));
        let crate_ = ActorShape::Rect {
            half_extents: Vec2::splat(10.0),
        };
        assert!(!bends(&set, under, &crate_, below, Vec2::X * 20.0));
        let floor = Terrain::Segment(Segment::new(Vec2::ZERO, Vec2::new(200.0, 0.0)));
        let set = TerrainSet::new(vec![TerrainPiece::solid(floor)]).unwrap();
        let at = Vec2::new(100.0, 10.0);
        assert!(!bends(&set, on, &ball, at, Vec2::new(20.0, -1.0)));
    }

    /// The push rule at a loop's top (the normal facing the body points
    /// down, gravity pulls the body off): judged by `v_t² k` against
    /// `g · n`, the tangential speed worked out from the tangent itself;
    /// a body moving off faster than 1 % of its speed is left to the
    /// chord's end (`None`), one at exactly 1 % is not.
    #[test]
    fn holds_weighs_the_push_and_leaves_bodies_moving_off_to_the_chord() {
        let n = Vec2::new(0.0, -1.0);
        let gravity = Vec2::new(0.0, -3600.0);
        let g_n = 3600.0f64;
        // Moving off at half its speed: not judged here.
        let away = Vec2::new(100.0, -50.0);
        assert_eq!(holds(away, gravity, n, 1.0), None);
        assert_eq!(holds(away, gravity, n, 0.0), None);
        // Gravity pressing it on (a floor): not judged here either.
        assert_eq!(holds(Vec2::X * 100.0, -gravity, n, 1.0), None);
        // Moving off at exactly 1 % of its speed (an f32 tie found by
        // search): still judged by the push.
        let tie = (0..200_000)
            .map(|i| Vec2::new(99.99 + i as f32 * 1e-7, -1.0))
            .find(|v| v.dot(n) == 0.01 * v.length())
            .expect("an exact 1 % in f32");
        assert!(holds(tie, gravity, n, 1.0).is_some(), "{tie}");
        // Just under 1 % off the surface: the push decides, with the
        // tangential speed `(v · t)²`, within 2e-5 of the bound either way.
        let tangent = n.perp().as_dvec2();
        let v = Vec2::new(100.0, -0.9);
        let vt2 = v.as_dvec2().dot(tangent).powi(2);
        for (scale, held) in [(1.0 - 2e-5, false), (1.0 + 2e-5, true)] {
            let k = (g_n / vt2 * scale) as f32;
            assert_eq!(holds(v, gravity, n, k), Some(held), "k {k}");
        }
    }

    /// A held body's chord end may lie up to `HELD_SLACK` (a quarter skin)
    /// past the bend's target and still be bent; farther out it is left
    /// alone, as is every chord end past the target unless held.
    #[test]
    fn a_held_body_is_bent_within_the_slack_and_no_farther() {
        let bowl = QuadBezier::new(
            Vec2::new(0.0, 100.0),
            Vec2::new(100.0, -100.0),
            Vec2::new(200.0, 100.0),
        );
        let set = TerrainSet::new(vec![TerrainPiece::solid(bowl)]).unwrap();
        let mut cache = SpanCache::default();
        let on = Sliding {
            piece: 0,
            t: 0.5,
            normal: Vec2::Y,
        };
        let r = 10.0;
        let ball = ActorShape::Circle { radius: r };
        let target = r + CURVE_GAP;
        // The chord ends straight over the bowl's bottom (its nearest
        // point), `past` beyond the target.
        let mut bent = |past: f32, held| {
            let end = Vec2::new(100.0, target + past);
            let motion = Vec2::new(2.0, 0.0);
            bend(&set, on, &ball, (end - motion, motion), held, &mut cache)
                .map(|b| end - motion + b.motion)
        };
        let slack = 0.25 * SKIN;
        for (past, held, want) in [
            (-0.8 * slack, None, true),
            (-0.8 * slack, Some(true), true),
            (-0.8 * slack, Some(false), false),
            (0.6 * slack, None, false),
            (0.6 * slack, Some(true), true),
            (0.6 * slack, Some(false), false),
            (4.0 * slack, Some(true), false),
            (20.0 * slack, Some(true), false),
        ] {
            let got = bent(past, held);
            assert_eq!(got.is_some(), want, "{past} px past, held {held:?}");
            if let Some(end) = got {
                // Bent to the target over the bottom.
                assert!((end - Vec2::new(100.0, target)).length() < 1e-4, "{end}");
            }
        }
    }

    #[test]
    fn along_turns_into_the_tangent_keeping_speed() {
        let n = Vec2::from_angle(1.2);
        let v = Vec2::new(30.0, -400.0);
        let u = along(v, n);
        assert!((u.length() - v.length()).abs() < 1e-3);
        assert!(u.dot(n).abs() < 1e-3);
        assert!(u.dot(v) > 0.0);
        // Leaving the surface: unchanged.
        assert_eq!(along(-v, n), -v);
    }
}
