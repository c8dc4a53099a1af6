//! Shared test helpers: random terrain strategies and oracles that do not share
//! code with the crate (kurbo's evaluation, dense sampling).
#![allow(dead_code)]

use glam::{DVec2, Vec2};
use kurbo::{CubicBez, Line, ParamCurve, ParamCurveNearest, PathSeg, Point, QuadBez};
use proptest::prelude::*;
use tangent_collision::prelude::{ActorShape, CubicBezier, QuadBezier, Segment, Terrain};

/// Number of cases for each property test.
pub const CASES: u32 = 3000;

/// Samples taken along a piece by the sampling oracles.
pub const SAMPLES: usize = 4000;

pub fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A point in the 1000 px square.
pub fn point() -> impl Strategy<Value = Vec2> {
    (0.0f32..1000.0, 0.0f32..1000.0).prop_map(|(x, y)| Vec2::new(x, y))
}

pub fn segment() -> impl Strategy<Value = Segment> {
    (point(), point()).prop_map(|(a, b)| Segment::new(a, b))
}

pub fn quad() -> impl Strategy<Value = QuadBezier> {
    (point(), point(), point()).prop_map(|(a, b, c)| QuadBezier::new(a, b, c))
}

pub fn cubic() -> impl Strategy<Value = CubicBezier> {
    (point(), point(), point(), point()).prop_map(|(a, b, c, d)| CubicBezier::new(a, b, c, d))
}

/// Any of the three kinds, in equal shares.
pub fn terrain() -> impl Strategy<Value = Terrain> {
    prop_oneof![
        segment().prop_map(Terrain::Segment),
        quad().prop_map(Terrain::Quad),
        cubic().prop_map(Terrain::Cubic),
    ]
}

/// Curves only (quadratic or cubic).
pub fn curve() -> impl Strategy<Value = Terrain> {
    prop_oneof![
        quad().prop_map(Terrain::Quad),
        cubic().prop_map(Terrain::Cubic)
    ]
}

/// Pieces whose control points are drawn from a few shared points, so that
/// coincident control points, zero-length pieces and straight curves are common.
pub fn degenerate_terrain() -> impl Strategy<Value = Terrain> {
    let pool = prop::collection::vec(point(), 2);
    (pool, prop::collection::vec(0usize..2, 4), 0usize..3).prop_map(|(pool, idx, kind)| {
        let p = |i: usize| pool[idx[i]];
        match kind {
            0 => Terrain::Segment(Segment::new(p(0), p(1))),
            1 => Terrain::Quad(QuadBezier::new(p(0), p(1), p(2))),
            _ => Terrain::Cubic(CubicBezier::new(p(0), p(1), p(2), p(3))),
        }
    })
}

fn kp(v: Vec2) -> Point {
    Point::new(v.x as f64, v.y as f64)
}

/// The same piece as a kurbo path segment (evaluated by kurbo's own code).
pub fn to_kurbo(t: &Terrain) -> PathSeg {
    match *t {
        Terrain::Segment(s) => PathSeg::Line(Line::new(kp(s.a), kp(s.b))),
        Terrain::Quad(q) => PathSeg::Quad(QuadBez::new(kp(q.p0), kp(q.p1), kp(q.p2))),
        Terrain::Cubic(c) => PathSeg::Cubic(CubicBez::new(kp(c.p0), kp(c.p1), kp(c.p2), kp(c.p3))),
    }
}

/// Whether the piece reaches into `shape` at `center`, by kurbo: a circle
/// by the piece's nearest point; a rect by the piece crossing one of its
/// sides, or lying wholly inside it.
pub fn touches(t: &Terrain, shape: &ActorShape, center: Vec2) -> bool {
    let seg = to_kurbo(t);
    let c = kp(center);
    match *shape {
        ActorShape::Circle { radius } => {
            seg.nearest(c, 1e-9).distance_sq < (radius as f64) * (radius as f64)
        }
        ActorShape::Rect { half_extents } => {
            let (hx, hy) = (half_extents.x as f64, half_extents.y as f64);
            let corner = |sx: f64, sy: f64| Point::new(c.x + sx * hx, c.y + sy * hy);
            let ring = [
                corner(-1., -1.),
                corner(1., -1.),
                corner(1., 1.),
                corner(-1., 1.),
            ];
            let crosses = (0..4).any(|k| {
                !seg.intersect_line(Line::new(ring[k], ring[(k + 1) % 4]))
                    .is_empty()
            });
            let start = seg.eval(0.0);
            crosses || ((start.x - c.x).abs() < hx && (start.y - c.y).abs() < hy)
        }
    }
}

/// The parameter and the distance of the point of `t` nearest `p`, by
/// kurbo's `nearest` (an oracle for the crate's closest point).
pub fn nearest(t: &Terrain, p: Vec2) -> (f64, f64) {
    use kurbo::ParamCurveNearest;
    let n = to_kurbo(t).nearest(kp(p), 1e-12);
    (n.t, n.distance_sq.sqrt())
}

/// `B(t)` by kurbo, in f64.
pub fn eval(t: &Terrain, u: f64) -> DVec2 {
    let p = to_kurbo(t).eval(u);
    DVec2::new(p.x, p.y)
}

/// `B'(t)` by kurbo's derivative curves, in f64.
pub fn deriv(t: &Terrain, u: f64) -> DVec2 {
    use kurbo::ParamCurveDeriv;
    let d = match to_kurbo(t) {
        PathSeg::Line(l) => l.p1 - l.p0,
        PathSeg::Quad(q) => q.deriv().eval(u).to_vec2(),
        PathSeg::Cubic(c) => c.deriv().eval(u).to_vec2(),
    };
    DVec2::new(d.x, d.y)
}

/// The parameter where a piece whose `x(t)` rises (it runs left to right)
/// is at `x`, by bisection on kurbo's evaluation; `None` outside its span.
pub fn t_at_x(seg: &PathSeg, x: f64) -> Option<f64> {
    let (x0, x1) = (seg.eval(0.0).x, seg.eval(1.0).x);
    if !(x0..=x1).contains(&x) {
        return None;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if seg.eval(mid).x < x {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// `(t, B(t))` at `SAMPLES + 1` evenly spaced parameters, by kurbo.
pub fn samples(t: &Terrain) -> Vec<(f64, DVec2)> {
    let k = to_kurbo(t);
    (0..=SAMPLES)
        .map(|i| {
            let u = i as f64 / SAMPLES as f64;
            let p = k.eval(u);
            (u, DVec2::new(p.x, p.y))
        })
        .collect()
}

/// Brackets `[t_i, t_(i+1)]` of the samples where `f` changes sign strictly
/// (both values farther than `margin` from zero), so each holds a crossing.
pub fn sign_change_brackets(
    samples: &[(f64, DVec2)],
    f: impl Fn(DVec2) -> f64,
    margin: f64,
) -> Vec<(f64, f64, DVec2)> {
    let vals: Vec<f64> = samples.iter().map(|(_, p)| f(*p)).collect();
    let mut out = Vec::new();
    for i in 0..samples.len() - 1 {
        let (a, b) = (vals[i], vals[i + 1]);
        if (a < -margin && b > margin) || (a > margin && b < -margin) {
            let w = a / (a - b);
            let p = samples[i].1.lerp(samples[i + 1].1, w);
            out.push((samples[i].0, samples[i + 1].0, p));
        }
    }
    out
}

/// `true` when some hit lies in `[lo - slack, hi + slack]`.
pub fn has_hit_in(hits: &[f32], lo: f64, hi: f64, slack: f64) -> bool {
    hits.iter()
        .any(|&t| (t as f64) >= lo - slack && (t as f64) <= hi + slack)
}

/// Sorted and strictly increasing, all in `[0, 1]`.
pub fn is_sorted_unique_unit(hits: &[f32]) -> bool {
    hits.iter().all(|t| (0.0..=1.0).contains(t)) && hits.windows(2).all(|w| w[0] < w[1])
}

/// How far `shape` reaches from its centre along the unit vector `n`: the
/// distance from the centre to a line with normal `n` the shape touches.
pub fn extent_along(shape: &ActorShape, n: Vec2) -> f32 {
    match *shape {
        ActorShape::Circle { radius } => radius,
        ActorShape::Rect { half_extents } => {
            half_extents.x * n.x.abs() + half_extents.y * n.y.abs()
        }
    }
}

/// A circle of radius `size` or (as often) a rect of half-width `size` and
/// half-height 0.5–1.5 times that, drawn from `rng`.
pub fn circle_or_rect(rng: &mut rng::Rng, size: f32) -> ActorShape {
    if rng.chance(0.5) {
        ActorShape::Circle { radius: size }
    } else {
        ActorShape::Rect {
            half_extents: Vec2::new(size, rng.range(0.5, 1.5) as f32 * size),
        }
    }
}

/// A random segment, quadratic or cubic (a third each) whose control points
/// lie within 100 px of `at` on each axis, drawn from `rng`.
pub fn random_piece(rng: &mut rng::Rng, at: Vec2) -> Terrain {
    let kind = rng.below(3);
    let p: Vec<Vec2> = (0..4)
        .map(|_| {
            at + Vec2::new(
                rng.range(-100.0, 100.0) as f32,
                rng.range(-100.0, 100.0) as f32,
            )
        })
        .collect();
    match kind {
        0 => Terrain::Segment(Segment::new(p[0], p[1])),
        1 => Terrain::Quad(QuadBezier::new(p[0], p[1], p[2])),
        _ => Terrain::Cubic(CubicBezier::new(p[0], p[1], p[2], p[3])),
    }
}

/// A point up to 16 000 px from the origin on each axis, where f32 rounds
/// to about a thousandth of a pixel.
pub fn far_point(rng: &mut rng::Rng) -> Vec2 {
    Vec2::new(
        rng.range(-16_000.0, 16_000.0) as f32,
        rng.range(-16_000.0, 16_000.0) as f32,
    )
}

/// `t` moved by `shift`, every control point alike.
pub fn shifted(t: &Terrain, shift: Vec2) -> Terrain {
    match *t {
        Terrain::Segment(s) => Terrain::Segment(Segment::new(s.a + shift, s.b + shift)),
        Terrain::Quad(q) => {
            Terrain::Quad(QuadBezier::new(q.p0 + shift, q.p1 + shift, q.p2 + shift))
        }
        Terrain::Cubic(c) => Terrain::Cubic(CubicBezier::new(
            c.p0 + shift,
            c.p1 + shift,
            c.p2 + shift,
            c.p3 + shift,
        )),
    }
}

pub mod bodies;
pub mod levels;
pub mod rng;
