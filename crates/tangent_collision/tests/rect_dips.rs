//! Boxes in dips, swept: an axis-aligned box let go on the side of a
//! circular bowl (the lower half of a circle drawn as cubic pieces within
//! 1e-3 px of it) slides down on its lowest corner. Frictionless and
//! inelastic, it can only lose height (energy), it passes the bottom (the
//! lowest place a box fits in the circle, in closed form), it never leaves
//! the bowl, and it never stops dead off the bottom: a corner running along
//! a curve that bends in ahead of it used to stop the step at once, every
//! step, with the slide removing nothing (the corner moved exactly along the
//! tangent), and it keeps its energy on one corner on the way down (within
//! 1 %). Drawn at random: bowl radius 60–500 px of 4–16 pieces, half size
//! 2 px to a sixth of the radius, let go 15°–60° up either side, gravity
//! 300–6 000 px/s², anywhere within the coordinate range..

mod common;

use common::rng::Rng;
use glam::{DVec2, Vec2};
use tangent_collision::dynamics::{StepScratch, step_body_with};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;
const SKIN: f32 = Body::SKIN;

/// The lower half of the circle about `c` of radius `r`, in `n` cubic
/// arcs (control arms `4/3 tan(Δ/4) r`: within 3e-4 r of the circle for a
/// quarter turn, far less for shorter arcs).
fn bowl(c: DVec2, r: f64, n: usize) -> TerrainSet {
    let step = std::f64::consts::PI / n as f64;
    let k = 4.0 / 3.0 * (step / 4.0).tan() * r;
    let at = |a: f64| c + r * DVec2::from_angle(a);
    let arm = |a: f64| DVec2::from_angle(a).perp();
    let pieces = (0..n)
        .map(|i| {
            let (a0, a1) = (
                std::f64::consts::PI + step * i as f64,
                std::f64::consts::PI + step * (i + 1) as f64,
            );
            let (p0, p3) = (at(a0), at(a1));
            TerrainPiece::solid(CubicBezier::new(
                p0.as_vec2(),
                (p0 + arm(a0) * k).as_vec2(),
                (p3 - arm(a1) * k).as_vec2(),
                p3.as_vec2(),
            ))
        })
        .collect();
    TerrainSet::new(pieces).unwrap()
}

/// The farthest of a box's corners from `c`.
fn reach(c: DVec2, centre: DVec2, h: f64) -> f64 {
    [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
        .iter()
        .map(|&(sx, sy)| (centre + DVec2::new(sx * h, sy * h) - c).length())
        .fold(0.0, f64::max)
}

/// The height over the circle's bottom of the centre of a box of half size
/// `h` standing on both bottom corners in a circle of radius `r`: the
/// lowest place it fits.
fn lowest_fit(r: f64, h: f64) -> f64 {
    r + h - (r * r - h * h).sqrt()
}

/// What a box let go in a bowl did: lowest and highest height of its centre
/// over the circle's bottom, steps it stood still off the bottom, farthest
/// corner from the circle's centre.
struct Slide {
    lowest: f64,
    highest: f64,
    still: usize,
    farthest: f64,
    /// Steps off the bottom, and the time those steps left unmoved (s).
    off_bottom: usize,
    unmoved: f64,
    /// The share of the fall's energy lost on the last step before the box
    /// first comes within its half size of the middle (on one corner all
    /// the way).
    lost: Option<f64>,
}

fn let_go(set: &TerrainSet, c: DVec2, r: f64, h: f64, start: DVec2, g: f32) -> Slide {
    let mut body = Body::new(
        ActorShape::Rect {
            half_extents: Vec2::splat(h as f32),
        },
        start.as_vec2(),
        Vec2::ZERO,
        0.0,
    );
    body.friction = 0.0;
    let bottom = lowest_fit(r, h);
    let height = |b: &Body| b.position.as_dvec2().y - (c.y - r);
    let mut slide = Slide {
        lowest: f64::MAX,
        highest: height(&body),
        still: 0,
        farthest: 0.0,
        off_bottom: 0,
        unmoved: 0.0,
        lost: None,
    };
    let y0 = slide.highest;
    let side = (start - c).x.signum();
    let mut one_corner = true;
    let mut scratch = StepScratch::default();
    for _ in 0..600 {
        let before = (body.position, body.velocity);
        let report = step_body_with(set, &mut body, &mut scratch, Vec2::new(0.0, -g), DT);
        let y = height(&body);
        let off_bottom = y > bottom + 0.6;
        if off_bottom {
            slide.off_bottom += 1;
            slide.unmoved += report.leftover as f64;
        }
        // On one corner until it first comes within its half size of the
        // middle, or crosses it within a step.
        let off = body.position.as_dvec2().x - c.x;
        one_corner &= off.abs() > h && off * side > 0.0;
        if one_corner && y0 - y > 1.0 {
            let fall = g as f64 * (y0 - y);
            let kept = 0.5 * body.velocity.as_dvec2().length_squared();
            slide.lost = Some((fall - kept) / fall);
        }
        slide.lowest = slide.lowest.min(y);
        slide.highest = slide.highest.max(y);
        slide.farthest = slide.farthest.max(reach(c, body.position.as_dvec2(), h));
        if (body.position, body.velocity) == before && off_bottom {
            slide.still += 1;
        }
    }
    slide
}

#[test]
fn boxes_slide_down_dips_and_never_stop_dead_off_the_bottom() {
    let mut rng = Rng::new(0xD1B5_0B0C_0000_0001);
    let (mut cases, mut stalled, mut worst_rise, mut worst_miss) = (0, 0, 0.0f64, 0.0f64);
    let (mut off_bottom, mut unmoved) = (0, 0.0);
    let (mut worst_lost, mut judged_energy) = (0.0f64, 0);
    let mut failures = Vec::new();
    for case in 0..300 {
        let r = rng.range(60.0, 500.0);
        let n = 4 + rng.below(13);
        let h = rng.range(2.0, r / 6.0);
        let g = rng.range(300.0, 6000.0) as f32;
        let up = rng.range(15.0, 60.0).to_radians() * if rng.chance(0.5) { 1.0 } else { -1.0 };
        let c = if rng.chance(0.25) {
            common::far_point(&mut rng).as_dvec2()
        } else {
            DVec2::new(rng.range(-2000.0, 2000.0), rng.range(-2000.0, 2000.0))
        };
        let set = bowl(c, r, n);
        // Out from the centre along the angle `up` from straight down, until
        // the farthest corner is the skin and 0.01 px inside the circle.
        let dir = DVec2::from_angle(-std::f64::consts::FRAC_PI_2 + up);
        let (mut lo, mut hi) = (0.0, r);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if reach(c, c + dir * mid, h) < r - SKIN as f64 - 0.01 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let start = c + dir * lo;
        let slide = let_go(&set, c, r, h, start, g);
        cases += 1;
        let bottom = lowest_fit(r, h);
        let rise = slide.highest - (start.y - (c.y - r));
        let miss = slide.lowest - bottom;
        worst_rise = worst_rise.max(rise);
        worst_miss = worst_miss.max(miss);
        stalled += usize::from(slide.still > 0);
        off_bottom += slide.off_bottom;
        unmoved += slide.unmoved;
        let lost = slide.lost.unwrap_or(0.0);
        worst_lost = worst_lost.max(lost);
        judged_energy += usize::from(slide.lost.is_some());
        if slide.still > 0 || rise > 0.05 || miss > 0.6 || slide.farthest > r + 0.01 || lost > 0.01
        {
            failures.push(format!(
                "case {case}: R {r:.1} in {n} pieces, half size {h:.1}, {:.0}° up, g {g:.0}, \
                 centre {c}: still {} steps, rose {rise:.3} px, lowest {miss:.3} px over the \
                 bottom, farthest corner {:.3} px from the centre, {:.2} % of the fall's \
                 energy lost on one corner",
                up.to_degrees(),
                slide.still,
                slide.farthest,
                100.0 * lost
            ));
        }
    }
    println!(
        "boxes in dips: {cases} cases, {stalled} stood still off the bottom, worst rise \
         {worst_rise:.4} px, worst lowest height over the bottom {worst_miss:.4} px, \
         {:.3} % of the time off the bottom left unmoved, worst energy lost on one corner on \
         the way down {:.2} % ({judged_energy} judged)",
        100.0 * unmoved / (off_bottom as f64 * DT as f64),
        100.0 * worst_lost
    );
    assert!(
        judged_energy >= 250,
        "only {judged_energy} judged on one corner"
    );
    // A box's chord runs straight on along the tangent and meets a concave
    // curve again within the step (circles bend theirs: `dip`), so part of
    // some steps is left unmoved: 9.9 % of the time off the bottom today.
    let unmoved_share = unmoved / (off_bottom as f64 * DT as f64);
    assert!(
        unmoved_share < 0.12,
        "{:.1} % unmoved",
        100.0 * unmoved_share
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} failed:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
