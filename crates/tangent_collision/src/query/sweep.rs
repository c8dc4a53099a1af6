//! Continuous collision: the time of impact of a moving circle or
//! axis-aligned rect against one terrain piece, over one straight motion.
//!
//! The region an actor sweeps while its centre moves from `p` to `p + s·d`
//! grows with `s`, so "the swept region touches the piece" is monotone in `s`
//! and the first touching `s` can be found by bisection on an exact test:
//!
//! * circle: the swept region is a capsule, which touches the piece iff the
//!   distance between the piece and the centre's path is at most `r`
//!   (`distance::segment_distance`, exact: crossings, end points and
//!   the zeros of `n · B'(t)`);
//! * rect: the swept region is the convex hull of the box at both ends (a
//!   hexagon), which the piece meets iff it crosses an edge of it or starts
//!   inside (`distance::overlaps_convex_polygon`).

use glam::{DVec2, Vec2};

use super::crossings::shape_crossings;
use super::distance::{convex_hull, overlaps_convex_polygon, segment_distance, segment_within};
use super::hits::Hits;
use super::joint::{FREE_ENDS, JointEnds};
use super::normal::{contact_normal_joined, mean_hit};
use super::tolerance::px_tol;
use crate::geometry::PowerCurve;
use crate::geometry::Span;
use crate::geometry::{ActorShape, Terrain};
use crate::poly::Roots;

/// Bisection stops when the bracket of the impact is this long, in pixels.
pub(super) const TOI_TOLERANCE: f64 = 1e-4;

/// The first contact of a sweep: how far along the motion, where, the
/// normal facing the body and the hit parameters.
///
/// ```
/// use tangent_collision::prelude::*;
/// let wall = Terrain::Segment(Segment::new(Vec2::new(10.0, -10.0), Vec2::new(10.0, 10.0)));
/// let toi = wall.sweep(&ActorShape::Circle { radius: 2.0 }, Vec2::ZERO, Vec2::new(16.0, 0.0), 0.0).unwrap();
/// assert!((toi.fraction - 0.5).abs() < 1e-4);       // 8 of the 16 px
/// assert_eq!(toi.normal, -Vec2::X);                  // facing the body
/// assert!((toi.point - Vec2::new(10.0, 0.0)).length() < 1e-3);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Toi {
    /// The largest fraction of the motion that is free of contact (the
    /// body can move `fraction · motion`); 0 when already touching.
    pub fraction: f32,
    /// Hit parameters of the (grown) actor at the contact pose.
    pub hits: Hits,
    /// Unit contact normal facing the actor: perpendicular of `B'` at the
    /// mean hit parameter ([`bounce_normal`](crate::query::bounce_normal)), radial at exposed ends
    /// (`contact_normal`).
    pub normal: Vec2,
    /// The point of the piece at the mean hit parameter.
    pub point: Vec2,
}

/// `true` when `shape`, grown by `grow` px, touches the piece anywhere along
/// the motion from `start` by `motion`. `start_clear` says the caller knows
/// the shape is clear of the piece at `start` (a circle then skips that test).
fn swept_touches(
    pc: &PowerCurve,
    shape: &ActorShape,
    start: DVec2,
    motion: DVec2,
    grow: f64,
    start_clear: bool,
) -> bool {
    match *shape {
        ActorShape::Circle { radius } => {
            segment_within(pc, start, start + motion, radius as f64 + grow, start_clear)
        }
        ActorShape::Rect { half_extents } => {
            let h = half_extents.as_dvec2() + DVec2::splat(grow);
            let (lo, hi) = pc.hull_box();
            let (slo, shi) = (start.min(start + motion) - h, start.max(start + motion) + h);
            if lo.cmpgt(shi).any() || hi.cmplt(slo).any() {
                return false;
            }
            let mut corners = [DVec2::ZERO; 8];
            let signs = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
            for (i, (sx, sy)) in signs.into_iter().enumerate() {
                let c = DVec2::new(sx * h.x, sy * h.y);
                corners[i] = start + c;
                corners[i + 4] = start + motion + c;
            }
            let (hull, n) = convex_hull(&corners);
            let hull = &hull[..n];
            if hull.len() < 3 {
                // A box of zero size sweeping a segment (or standing still).
                let (a, b) = (hull[0], hull[hull.len() - 1]);
                return segment_distance(pc, a, b) <= px_tol(pc.scale());
            }
            overlaps_convex_polygon(pc, hull)
        }
    }
}

/// The first `s` in `[0, 1]` at which a circle of radius `r` centred on
/// `p + s·d` touches the piece `pc`, by the formula for its kind.
fn circle_toi(pc: &PowerCurve, p: DVec2, d: DVec2, r: f64) -> Option<f64> {
    if pc.n == 2 {
        circle_segment_toi(pc.c[0], pc.c[0] + pc.c[1], p, d, r)
    } else {
        circle_curve_toi(pc, p, d, r)
    }
}

/// The first `s` in `[0, 1]` at which a circle of radius `r` centred on
/// `p + s·d` touches the segment `a b`, for a circle not touching it at
/// `s = 0`; `None` when it never does.
///
/// The circle touches the segment when its centre enters the capsule of
/// radius `r` around it: the band `|n · (x - a)| ≤ r` over the segment's
/// length, or a disc of radius `r` around `a` or `b`. The band's side is
/// reached at `s = (σr - h₀) / (n · d)` (signed distance `h₀`, side `σ`), a
/// disc at the smaller root of `|p - q + s d|² = r²`, taken without
/// cancellation.
fn circle_segment_toi(a: DVec2, b: DVec2, p: DVec2, d: DVec2, r: f64) -> Option<f64> {
    let mut best: Option<f64> = None;
    let mut keep = |s: f64| {
        if (0.0..=1.0).contains(&s) && best.is_none_or(|b| s < b) {
            best = Some(s);
        }
    };
    let e = b - a;
    let len = e.length();
    if len > 0.0 {
        let (u, n) = (e / len, e.perp() / len);
        let h0 = n.dot(p - a);
        let nd = n.dot(d);
        if h0.abs() > r && nd != 0.0 {
            let s = (r.copysign(h0) - h0) / nd;
            let along = u.dot(p + d * s - a);
            if (0.0..=len).contains(&along) {
                keep(s);
            }
        }
    }
    for q in [a, b] {
        // |w + s d|² = r² with w = p - q: A s² + 2B s + C = 0.
        let w = p - q;
        let (qa, qb, qc) = (d.length_squared(), w.dot(d), w.length_squared() - r * r);
        let disc = qb * qb - qa * qc;
        if qa == 0.0 || disc < 0.0 || qb >= 0.0 {
            continue;
        }
        // Smaller root of A s² + 2B s + C with B < 0: C / (-B + √disc).
        keep(qc / (-qb + disc.sqrt()));
    }
    best
}

/// The first `s` in `[0, 1]` at which a circle of radius `r` centred on
/// `p + s·d` touches the curve `pc`, for a circle not touching it at `s = 0`;
/// `None` when no candidate is found.
///
/// Take `u = d/|d|`, `w = perp(u)` and the curve relative to `p`:
/// `a(t) = u·(B(t) - p)`, `b(t) = w·(B(t) - p)`. The point `B(t)` is inside
/// the circle while `(a - s|d|)² + b² ≤ r²`, first at
/// `s(t) = (a(t) - √(r² - b(t)²)) / |d|` (only where `|b| ≤ r`). The time of
/// impact is the least `s(t)`: at an end `t ∈ {0, 1}`, or where `s'(t) = 0`.
/// There the circle's radius to `B(t)` is normal to the curve,
/// `(a - s|d|) a' + b b' = 0` with `(a - s|d|)² = r² - b²`; squaring away
/// the root gives `F(t) = b² (a'² + b'²) - r² a'² = 0`, a polynomial of
/// degree 10 for a cubic (6 for a quadratic). Each root is checked back in
/// `s(t)`, so the squaring adds candidates but no wrong answer. (`s(t)` has
/// no minimum where `|b| = r`: the root's infinite slope makes it a maximum.)
pub(crate) fn circle_curve_toi(pc: &PowerCurve, p: DVec2, d: DVec2, r: f64) -> Option<f64> {
    let len = d.length();
    if len == 0.0 {
        return None;
    }
    let q = pc.translated(p);
    let (u, w) = (d / len, d.perp() / len);
    let (a, b) = (q.dot(u), q.dot(w));
    let (da, db) = (a.deriv(), b.deriv());
    let speed2 = da.mul(&da);
    let speed2 = speed2.minus_scaled(-1.0, &db.mul(&db));
    let f = b.mul(&b).mul(&speed2).minus_scaled(r * r, &da.mul(&da));
    let first_touch = |t: f64| {
        let bt = b.eval(t);
        let inside = r * r - bt * bt;
        (inside >= 0.0).then(|| (a.eval(t) - inside.sqrt()) / len)
    };
    let mut best: Option<f64> = None;
    // Only where |b| ≤ r and -r ≤ a ≤ len + r (the swept capsule's box in
    // the motion's frame) can a point of the curve meet the moving circle.
    let along = a.minus(0.5 * len);
    let guards = [(&b, r), (&along, 0.5 * len + r)];
    for t in f
        .sign_change_roots_where(&guards)
        .into_iter()
        .chain([0.0, 1.0])
    {
        if let Some(s) = first_touch(t)
            && (0.0..=1.0).contains(&s)
            && best.is_none_or(|b| s < b)
        {
            best = Some(s);
        }
    }
    best
}

/// What a sweep runs into: a piece, the part of it near the motion, and what
/// its ends know of their neighbours (for the normal at a joint).
#[derive(Clone, Copy)]
pub(crate) struct Target<'a> {
    pub terrain: &'a Terrain,
    pub span: &'a Span,
    pub ends: &'a JointEnds,
}

/// The contact at `pose` with the target's span, for a shape grown by
/// `grow`: its hits, normal and point.
fn contact_at(target: Target, shape: &ActorShape, pose: DVec2, grow: f64) -> Option<Toi> {
    let hits = shape_crossings(&target.span.pc, shape, pose, grow);
    contact_from_hits(target, shape, pose, hits)
}

/// The contact of `shape` at `pose` whose hit parameters on the target's
/// span are `hits`.
fn contact_from_hits(target: Target, shape: &ActorShape, pose: DVec2, hits: Roots) -> Option<Toi> {
    let Target {
        terrain,
        span,
        ends,
    } = target;
    let hits: Hits = hits.iter().map(|&s| span.piece_t(s) as f32).collect();
    let normal = contact_normal_joined(terrain, &hits, shape, pose.as_vec2(), ends)?;
    let mean = mean_hit(&hits)? as f32;
    Some(Toi {
        fraction: 0.0,
        point: terrain.point(mean),
        hits,
        normal,
    })
}

/// A contact normal this close to perpendicular to the motion (cosine) is a
/// graze: either side may face the body.
const GRAZE_COS: f64 = 1e-4;

/// Both tests are exact polynomial queries, so nothing thin or fast slips
/// between samples: a miss over the whole motion is a proof of no contact.
/// The search keeps a bracket `[lo, hi]`, no contact up to `lo` and contact
/// by `hi`, [`TOI_TOLERANCE`] pixels long at the end:
///
/// * circle: from the time of impact in closed form (a straight piece,
///   `circle_segment_toi`) or from the roots of one polynomial (a curve,
///   `circle_curve_toi`), then checked with the exact swept test;
/// * rect, or a circle whose check fails (a degenerate double root):
///   bisection with the exact swept test.
///
/// Conservative advancement was tried and dropped: bodies sliding along a
/// surface approach it at a glancing angle, where it crawls. Flattening the
/// curve was rejected: it is not exact.
///
/// [`Terrain::sweep`], for the crate.
pub(crate) fn sweep(
    terrain: &Terrain,
    shape: &ActorShape,
    start: Vec2,
    motion: Vec2,
    grow: f32,
) -> Option<Toi> {
    let target = Target {
        terrain,
        span: &Span::whole(terrain),
        ends: &FREE_ENDS,
    };
    sweep_span(target, shape, start, motion, grow, false)
}

impl Terrain {
    /// The earliest contact of `shape` grown by `grow` px (the skin), moving
    /// from `start` by `motion`, with `terrain`; `None` when the whole motion is
    /// free. A shape already touching at `start` gives fraction 0.
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let floor = Terrain::Segment(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)));
    /// let ball = ActorShape::Circle { radius: 5.0 };
    /// // Falling 100 px from y = 55: touches the floor (grown by the skin) after ~half.
    /// let toi = floor.sweep(&ball, Vec2::new(0.0, 55.0), Vec2::new(0.0, -100.0), 0.02).unwrap();
    /// assert!((toi.fraction - 0.4998).abs() < 1e-3);
    /// assert_eq!(toi.normal, Vec2::Y);
    /// // Parallel to it: free.
    /// assert!(floor.sweep(&ball, Vec2::new(0.0, 10.0), Vec2::new(30.0, 0.0), 0.02).is_none());
    /// ```
    pub fn sweep(&self, shape: &ActorShape, start: Vec2, motion: Vec2, grow: f32) -> Option<Toi> {
        sweep(self, shape, start, motion, grow)
    }
}

/// [`sweep`] against the part of `terrain` on `span`, for a span found for a
/// region that holds the whole motion grown by `grow` (see [`Span`]).
/// `start_clear` says the caller knows the grown shape is clear of the
/// span at `start`, so that test is skipped.
pub(crate) fn sweep_span(
    target: Target,
    shape: &ActorShape,
    start: Vec2,
    motion: Vec2,
    grow: f32,
    start_clear: bool,
) -> Option<Toi> {
    let pc = target.span.pc;
    let (p, d, grow) = (start.as_dvec2(), motion.as_dvec2(), grow as f64);
    if !start_clear {
        let start_hits = shape_crossings(&pc, shape, p, grow);
        if !start_hits.is_empty() {
            return contact_from_hits(target, shape, p, start_hits);
        }
    }
    if !swept_touches(&pc, shape, p, d, grow, true) {
        return None;
    }
    // A circle's contact from its formula, where the bracket holds and the
    // contact is there at its end; else the bisection.
    if let Some((lo, hi)) = formula_bracket(&pc, shape, p, d, grow)
        && let Some(toi) = contact_in(target, shape, p, d, grow, lo, hi)
    {
        return Some(toi);
    }
    let (lo, hi) = bisect(&pc, shape, p, d, grow);
    contact_in(target, shape, p, d, grow, lo, hi)
}

/// A circle's first contact bracketed from its formula ([`circle_toi`]):
/// `[s − h, s + h]` along the motion (`h` half of [`TOI_TOLERANCE`] in
/// pixels, clamped to the motion), as the bisection would bracket it; kept
/// only when the exact swept test agrees nothing is touched before it.
/// `None` for a rect, or where the formula finds nothing or is refuted (a
/// graze it rounds the wrong way): the caller bisects.
fn formula_bracket(
    pc: &PowerCurve,
    shape: &ActorShape,
    p: DVec2,
    d: DVec2,
    grow: f64,
) -> Option<(f64, f64)> {
    let ActorShape::Circle { radius } = *shape else {
        return None;
    };
    let s = circle_toi(pc, p, d, radius as f64 + grow)?;
    let half = 0.5 * TOI_TOLERANCE / d.length();
    let (lo, hi) = ((s - half).max(0.0), (s + half).min(1.0));
    (lo == 0.0 || !swept_touches(pc, shape, p, d * lo, grow, true)).then_some((lo, hi))
}

/// Bisection on the exact swept test for the first contact of a shape that
/// is clear at the start and touches by the end of the motion: a bracket
/// `[lo, hi]` at most [`TOI_TOLERANCE`] pixels long, clear up to `lo`.
fn bisect(pc: &PowerCurve, shape: &ActorShape, p: DVec2, d: DVec2, grow: f64) -> (f64, f64) {
    let len = d.length();
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..64 {
        if (hi - lo) * len <= TOI_TOLERANCE {
            break;
        }
        // Is there contact between lo and the middle?
        let mid = 0.5 * (lo + hi);
        if swept_touches(pc, shape, p + d * lo, d * (mid - lo), grow, true) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (lo, hi)
}

/// The contact for a bracket `[lo, hi]` of the motion (clear up to `lo`):
/// the hits at `hi`, with the shape grown by the bracket's length so they
/// are never empty for a true bracket; `None` when there are none.
fn contact_in(
    target: Target,
    shape: &ActorShape,
    p: DVec2,
    d: DVec2,
    grow: f64,
    lo: f64,
    hi: f64,
) -> Option<Toi> {
    let len = d.length();
    let pose = p + d * hi;
    let slack = (hi - lo) * len + px_tol(target.span.pc.scale() + len);
    let mut toi = contact_at(target, shape, pose, grow + slack)
        .or_else(|| contact_at(target, shape, pose, grow + 2.0 * TOI_TOLERANCE + slack))?;
    // The normal faces the body's centre at the contact pose, judged in
    // f32 at a pose up to the bracket and the slack past the first touch. A
    // body of almost no size has its centre within that much of the surface
    // itself, where rounding picks the side. There the motion decides: at
    // the first contact the body moves into the surface (the gap shrinks),
    // so the normal facing it opposes the motion.
    let n = toi.normal.as_dvec2();
    let undecided =
        4.0 * f32::EPSILON as f64 * (pose.abs().max_element() + 1.0) + 2.0 * TOI_TOLERANCE + slack;
    if (pose - toi.point.as_dvec2()).dot(n).abs() <= undecided && n.dot(d) > GRAZE_COS * len {
        toi.normal = -toi.normal;
    }
    toi.fraction = lo as f32;
    // Rounding lo to f32 must not step past the free part of the motion.
    if toi.fraction as f64 > lo {
        toi.fraction = toi.fraction.next_down().max(0.0);
    }
    Some(toi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::unit_rng;
    use crate::prelude::{CubicBezier, QuadBezier, Segment};

    /// The contact query's fallback: for a bracket whose end lies past its
    /// own slack by up to `2 TOI_TOLERANCE` (where a bisection's rounding
    /// could put it: no sweep input found does), the second query, with
    /// that much more margin, still finds the contact, at the body's foot
    /// on the piece (1 px from the piece's end, so a wider margin would
    /// shift the hits' mean), and a body farther out gets none.
    #[test]
    fn a_bracket_just_past_its_slack_still_gets_its_contact_at_the_foot() {
        let floor = Terrain::Segment(Segment::new(Vec2::ZERO, Vec2::new(101.0, 0.0)));
        let span = Span::whole(&floor);
        let target = || Target {
            terrain: &floor,
            span: &span,
            ends: &FREE_ENDS,
        };
        let (r, grow) = (5.0, 0.02);
        let shape = ActorShape::Circle { radius: r as f32 };
        // Straight down 10 px; the bracket half a tolerance long.
        let d = DVec2::new(0.0, -10.0);
        let (lo, hi) = (0.5, 0.5 + 5e-6);
        let slack = (hi - lo) * 10.0 + px_tol(span.pc.scale() + 10.0);
        let at = |past: f64| {
            let pose = DVec2::new(100.0, r + grow + slack + past);
            let toi = contact_in(target(), &shape, pose - d * hi, d, grow, lo, hi);
            let first = contact_at(target(), &shape, pose, grow + slack);
            (toi, first.is_some())
        };
        // 1.5 tolerances past the slack: the first query misses, the
        // fallback finds the floor under the body.
        let (toi, first) = at(1.5 * TOI_TOLERANCE);
        assert!(!first, "the first query reaches it");
        let toi = toi.expect("the fallback finds it");
        assert!(
            (toi.point - Vec2::new(100.0, 0.0)).length() < 0.01,
            "{}",
            toi.point
        );
        assert_eq!(toi.normal, Vec2::Y);
        // Past the fallback's margin too: nothing.
        assert!(at(2.5 * TOI_TOLERANCE).0.is_none());
    }

    /// Case `i` of the formula tests: a random segment, quadratic or cubic
    /// (by `i % 3`) within 1 000 px, a circle radius 1–31 px (every fourth
    /// 0.03–1 px: the formula's search box along the motion is half the
    /// motion plus the radius, and a small circle moving far meets the
    /// piece near that box's end), and a motion from up to 300 px off a
    /// random point of the piece aimed through it (half as far again): most
    /// motions hit, many glancingly. Returns the piece's power basis, the
    /// radius, the start and the motion.
    fn aimed_case(f: &mut impl FnMut() -> f64, i: usize) -> (PowerCurve, f64, DVec2, DVec2) {
        let mut pt = || DVec2::new(f() * 1000.0, f() * 1000.0);
        let pts = [pt(), pt(), pt(), pt()];
        let terrain = match i % 3 {
            0 => Terrain::Segment(Segment::new(pts[0].as_vec2(), pts[1].as_vec2())),
            1 => Terrain::Quad(QuadBezier::new(
                pts[0].as_vec2(),
                pts[1].as_vec2(),
                pts[2].as_vec2(),
            )),
            _ => Terrain::Cubic(CubicBezier::new(
                pts[0].as_vec2(),
                pts[1].as_vec2(),
                pts[2].as_vec2(),
                pts[3].as_vec2(),
            )),
        };
        let pc = terrain.bernstein().power();
        let r = 1.0 + 30.0 * f();
        let r = if i % 4 == 3 { r / 31.0 } else { r };
        let aim = pc.eval(f());
        let p = aim + DVec2::new(f() - 0.5, f() - 0.5) * 600.0;
        (pc, r, p, (aim - p) * 1.5)
    }

    /// The formulas against the bisection they replace, on random pieces
    /// aimed at so that most motions hit (many glancingly): wherever the
    /// bisection finds a first contact, the formula finds the same one.
    #[test]
    fn formulas_agree_with_bisection() {
        let mut f = unit_rng(0x9E37_79B9_7F4A_7C15);
        let (mut agreed, mut hits) = (0, 0);
        for i in 0..3000 {
            let (pc, r, p, d) = aimed_case(&mut f, i);
            let shape = ActorShape::Circle { radius: r as f32 };
            if !swept_touches(&pc, &shape, p, d, 0.0, false)
                || swept_touches(&pc, &shape, p, DVec2::ZERO, 0.0, false)
            {
                continue;
            }
            hits += 1;
            let (lo, _) = bisect(&pc, &shape, p, d, 0.0);
            let s = circle_toi(&pc, p, d, r)
                .unwrap_or_else(|| panic!("case {i}: no time of impact from the formula"));
            let err = (s - lo).abs() * d.length();
            assert!(
                err <= 2.0 * TOI_TOLERANCE,
                "case {i}: formula {s}, bisection {lo}, {err} px apart"
            );
            agreed += 1;
        }
        assert!(hits > 1500, "only {hits} hits");
        assert_eq!(agreed, hits);
    }

    /// The formula's bracket against the bisection's, on the cases of
    /// [`formulas_agree_with_bisection`] with a skin: it is no longer than
    /// the tolerance, overlaps the bisection's bracket (each within the
    /// tolerance of the first contact), and is kept (not refuted, so the
    /// sweep skips the bisection) in nearly every case. For a rect there is
    /// none.
    #[test]
    fn the_formulas_bracket_holds_the_first_contact() {
        let mut f = unit_rng(0x9E37_79B9_7F4A_7C16);
        let (mut kept, mut hits) = (0, 0);
        let grow = 0.02;
        for i in 0..3000 {
            let (pc, r, p, d) = aimed_case(&mut f, i);
            let shape = ActorShape::Circle { radius: r as f32 };
            if !swept_touches(&pc, &shape, p, d, grow, false)
                || swept_touches(&pc, &shape, p, DVec2::ZERO, grow, false)
            {
                continue;
            }
            hits += 1;
            let len = d.length();
            let (b_lo, b_hi) = bisect(&pc, &shape, p, d, grow);
            let Some((lo, hi)) = formula_bracket(&pc, &shape, p, d, grow) else {
                continue;
            };
            kept += 1;
            let slack = 1e-9;
            assert!(
                lo <= hi && (hi - lo) * len <= TOI_TOLERANCE + slack,
                "case {i}: bracket [{lo}, {hi}] is {} px long",
                (hi - lo) * len
            );
            assert!(
                lo * len <= b_hi * len + slack && hi * len + slack >= b_lo * len,
                "case {i}: formula [{lo}, {hi}], bisection [{b_lo}, {b_hi}]"
            );
            let rect = ActorShape::Rect {
                half_extents: Vec2::splat(r as f32),
            };
            assert!(formula_bracket(&pc, &rect, p, d, grow).is_none());
        }
        println!("formula brackets: {kept} of {hits} kept");
        assert!(hits > 1500, "only {hits} hits");
        assert!(kept * 100 >= hits * 99, "only {kept} of {hits} kept");
    }

    /// A box of no size, not grown, is a point: what it sweeps is the
    /// segment its centre moves along. Falling onto the parabola `y = x²/100`
    /// (one quadratic) or a floor, it stops where its path meets them (closed
    /// form); a path ending on the floor, or within the distance tolerance
    /// of the parabola, touches it; a path passing above, or a point
    /// standing still off it, touches nothing.
    #[test]
    fn a_box_of_no_size_sweeps_as_a_point() {
        let floor = Terrain::Segment(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)));
        let parabola = Terrain::Quad(QuadBezier::new(
            Vec2::new(-50.0, 25.0),
            Vec2::new(0.0, -25.0),
            Vec2::new(50.0, 25.0),
        ));
        let point = ActorShape::Rect {
            half_extents: Vec2::ZERO,
        };
        let mut f = unit_rng(0x05EE_D0FA_9017);
        let (cases, mut worst) = (400, 0.0f64);
        for i in 0..cases {
            let (on_floor, x) = (i % 2 == 0, -45.0 + 90.0 * f());
            let ground = if on_floor { 0.0 } else { x * x / 100.0 };
            let (above, below) = (0.01 + 40.0 * f(), 0.01 + 40.0 * f());
            let start = Vec2::new(x as f32, (ground + above) as f32);
            let motion = Vec2::new(0.0, -(above + below) as f32);
            let terrain = if on_floor { &floor } else { &parabola };
            let toi = sweep(terrain, &point, start, motion, 0.0)
                .unwrap_or_else(|| panic!("case {i}: a point falling through y = {ground} missed"));
            // The distance fallen before the contact, against the closed form.
            let fallen = toi.fraction as f64 * (above + below);
            let err = (fallen - above).abs();
            worst = worst.max(err);
            assert!(
                err <= 1e-3,
                "case {i}: fell {fallen} px, the ground is {above} below"
            );
        }
        // Every case is asserted above (a miss panics).
        println!("{cases} points fell onto a floor or a parabola; worst error {worst:.2e} px");
        let start = Vec2::new(10.0, 5.0);
        let ends_on = sweep(&floor, &point, start, Vec2::new(3.0, -5.0), 0.0)
            .expect("a path ending on the floor touches it");
        assert!(ends_on.fraction > 0.999, "{}", ends_on.fraction);
        // Ending 1e-8 px above the parabola's vertex (checked: under 1e-7
        // px, inside its distance tolerance of 1.4e-7 px) counts as ending
        // on it.
        let (low, drop) = (Vec2::new(0.0, 1e-3), Vec2::new(0.0, -0.99999e-3));
        assert!((low + drop).y > 0.0 && ((low + drop).y as f64) < px_tol(100.0));
        assert!(sweep(&parabola, &point, low, drop, 0.0).is_some());
        assert!(sweep(&floor, &point, start, Vec2::new(30.0, -4.99), 0.0).is_none());
        assert!(sweep(&floor, &point, start, Vec2::ZERO, 0.0).is_none());
        assert!(sweep(&parabola, &point, start, Vec2::ZERO, 0.0).is_none());
    }

    /// A circle gliding exactly its radius from a segment's line, coming from
    /// beyond an end, touches it where it reaches that end's disc: a double
    /// root (the discriminant is exactly zero here) and the only way the
    /// touch is found, as the band is only grazed. A hair farther, it misses.
    #[test]
    fn a_circle_gliding_at_its_radius_touches_a_segments_end() {
        let (a, b) = (DVec2::ZERO, DVec2::new(10.0, 0.0));
        let right = DVec2::new(10.0, 0.0);
        for (p, d) in [
            (DVec2::new(-5.0, 1.0), right),
            (DVec2::new(15.0, -1.0), -right),
        ] {
            assert_eq!(circle_segment_toi(a, b, p, d, 1.0), Some(0.5), "{p} {d}");
        }
        let above = DVec2::new(-5.0, 1.0 + 1e-9);
        assert_eq!(circle_segment_toi(a, b, above, right, 1.0), None);
    }

    #[test]
    fn falling_circle_stops_a_skin_above_the_floor() {
        let floor = Terrain::Segment(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
        let shape = ActorShape::Circle { radius: 10.0 };
        let toi = sweep(
            &floor,
            &shape,
            Vec2::new(0.0, 50.0),
            Vec2::new(0.0, -100.0),
            0.02,
        )
        .unwrap();
        let y = 50.0 - 100.0 * toi.fraction;
        assert!((y - 10.02).abs() < 1e-3, "{y}");
        assert_eq!(toi.normal, Vec2::Y);
    }

    #[test]
    fn fast_rect_does_not_pass_through_a_thin_hill() {
        let hill = Terrain::Quad(QuadBezier::new(
            Vec2::ZERO,
            Vec2::new(50.0, 100.0),
            Vec2::new(100.0, 0.0),
        ));
        let shape = ActorShape::Rect {
            half_extents: Vec2::new(3.0, 3.0),
        };
        let toi = sweep(
            &hill,
            &shape,
            Vec2::new(50.0, 500.0),
            Vec2::new(0.0, -5000.0),
            0.02,
        )
        .unwrap();
        let y = 500.0 - 5000.0 * toi.fraction;
        assert!((y - 53.02).abs() < 1e-2, "{y}");
        assert!((toi.normal - Vec2::Y).length() < 1e-4);
    }
}
