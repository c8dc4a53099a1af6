//! Property tests for the swept circle's time of impact (closed form on
//! straight pieces, the degree-10 polynomial on curves, bisection as the
//! fallback) against an oracle that shares no code with the crate: kurbo's
//! nearest point, sampled densely along the motion.

mod common;

use common::{curve, degenerate_terrain, terrain, to_kurbo};
use glam::{DVec2, Vec2};
use kurbo::{ParamCurveNearest, Point};
use proptest::prelude::*;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::prelude::{ActorShape, Body, Terrain, TerrainPiece, TerrainSet};

/// Steps along the motion at which the oracle measures the distance.
const STEPS: usize = 400;

/// Pixels of slack: the search stops on a bracket of 1e-4 px, and kurbo's
/// nearest point is itself found to 1e-9.
const SLACK: f64 = 2e-3;

const GROW: f32 = 0.02;

/// Distance from `p` to the piece, by kurbo.
fn oracle_distance(t: &Terrain, p: DVec2) -> f64 {
    to_kurbo(t)
        .nearest(Point::new(p.x, p.y), 1e-12)
        .distance_sq
        .sqrt()
}

/// How a case went: checked fully, checked as overlapping at the start, or
/// skipped (touching within the slack, where either answer is right; or,
/// for a cast, another part of the curve nearer than the one aimed from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Checked,
    Overlapping,
    Skipped,
}

fn check(t: &Terrain, start: Vec2, motion: Vec2, radius: f32) -> Result<Outcome, TestCaseError> {
    let reach = radius as f64 + GROW as f64;
    let (p, d) = (start.as_dvec2(), motion.as_dvec2());
    let toi = t.sweep(&ActorShape::Circle { radius }, start, motion, GROW);
    let d0 = oracle_distance(t, p);
    if d0 < reach - SLACK {
        prop_assert!(
            toi.as_ref().is_some_and(|c| c.fraction == 0.0),
            "overlapping at the start (distance {d0}, reach {reach}) but got {toi:?}"
        );
        return Ok(Outcome::Overlapping);
    }
    if d0 <= reach + SLACK {
        return Ok(Outcome::Skipped); // touching at the start within the slack: either answer is right
    }
    let end = toi.as_ref().map_or(1.0, |c| c.fraction as f64);
    for i in 0..=STEPS {
        let s = i as f64 / STEPS as f64 * end;
        let dist = oracle_distance(t, p + d * s);
        prop_assert!(
            dist >= reach - SLACK,
            "the circle overlaps the piece at s = {s} (distance {dist}, reach {reach}) before the reported impact {toi:?}"
        );
    }
    if let Some(c) = toi {
        let s = c.fraction as f64;
        let dist = oracle_distance(t, p + d * s);
        let slack = SLACK + 2.0 * f32::EPSILON as f64 * d.length();
        prop_assert!(
            dist <= reach + slack,
            "no contact at the reported impact s = {s}: distance {dist}, reach {reach}"
        );
    }
    Ok(Outcome::Checked)
}

/// `cast` over a one-piece `TerrainSet` (the broad phase's spans, the
/// closest-point decisions for a circle within or beyond its skin) against
/// the oracle, for a circle placed `gap` px off the piece along its normal:
/// the bare circle never overlaps the piece before the reported stop; a
/// reported contact is within the skin of the piece; and a free motion keeps
/// the circle clear of the piece by the shell it was swept with (the skin,
/// or half the starting gap for a circle already within its skin).
fn check_cast(
    t: &Terrain,
    at: f32,
    gap: f32,
    motion: Vec2,
    r: f32,
) -> Result<Outcome, TestCaseError> {
    let d = t.derivative(at);
    if d.length() < 1e-3 {
        return Ok(Outcome::Skipped); // no normal to place the circle along
    }
    let normal = d.perp().normalize();
    let start = t.point(at) + normal * (r + gap);
    let (p, m) = (start.as_dvec2(), motion.as_dvec2());
    let d0 = oracle_distance(t, p) - r as f64;
    if d0 < 1e-3 {
        return Ok(Outcome::Skipped); // another part of the curve is nearer: not this test's case
    }
    let set = TerrainSet::new(vec![TerrainPiece::solid(*t)]).expect("valid piece");
    let body = Body::new(ActorShape::Circle { radius: r }, start, Vec2::ZERO, 0.0);
    let hit = set.cast(&body, motion);
    let end = hit.as_ref().map_or(1.0, |(_, c)| c.fraction as f64);
    let mut closest = f64::MAX;
    for i in 0..=STEPS {
        let s = i as f64 / STEPS as f64;
        let dist = oracle_distance(t, p + m * s) - r as f64;
        if s <= end {
            prop_assert!(
                dist >= -SLACK,
                "inside by {dist} at s = {s}, before the reported stop {hit:?} (start gap {d0})"
            );
        }
        closest = closest.min(dist);
    }
    let skin = SKIN as f64;
    match hit {
        Some((_, c)) => {
            let dist = oracle_distance(t, p + m * c.fraction as f64) - r as f64;
            let slack = SLACK + 2.0 * f32::EPSILON as f64 * m.length();
            prop_assert!(
                dist <= skin + slack,
                "stopped {dist} px from the piece, farther than the skin (start gap {d0}): {c:?}"
            );
        }
        None => {
            let shell = if d0 > skin { skin } else { 0.5 * d0 };
            prop_assert!(
                closest >= shell - SLACK,
                "free motion came within {closest} px, shell {shell} (start gap {d0})"
            );
        }
    }
    Ok(Outcome::Checked)
}

fn motion() -> impl Strategy<Value = Vec2> {
    (-400.0f32..400.0, -400.0f32..400.0).prop_map(|(x, y)| Vec2::new(x, y))
}

fn start() -> impl Strategy<Value = Vec2> {
    (-100.0f32..1100.0, -100.0f32..1100.0).prop_map(|(x, y)| Vec2::new(x, y))
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Runs `cases` drawn from `strategy` through `check`, counting how each
/// went; prints the counts and asserts that at least `least` of the cases
/// were checked fully (not skipped).
fn sweep_cases<S: Strategy>(
    name: &str,
    strategy: S,
    least: f64,
    check: impl Fn(S::Value) -> Result<Outcome, TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
    let counts = [
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    ];
    let mut runner = proptest::test_runner::TestRunner::new(config());
    let result = runner.run(&strategy, |v| {
        let outcome = check(v)?;
        counts[outcome as usize].fetch_add(1, Relaxed);
        Ok(())
    });
    let [checked, overlapping, skipped] = counts.map(|c| c.load(Relaxed));
    println!(
        "{name}: {checked} checked fully, {overlapping} overlapping at the start, {skipped} skipped"
    );
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let total = (checked + overlapping + skipped) as f64;
    // A share of the cases drawn, and (so that it cannot hold at zero) of
    // the 1 000 each property draws: 929–987 are checked fully today.
    assert!(
        checked as f64 >= least * total && checked as f64 >= least * config().cases as f64,
        "{name}: only {checked} of {total} cases checked fully"
    );
}

#[test]
fn circle_time_of_impact_matches_the_oracle() {
    let cases = (terrain(), start(), motion(), 1.0f32..40.0);
    sweep_cases("any piece", cases, 0.85, |(t, p, m, r)| check(&t, p, m, r));
}

#[test]
fn circle_aimed_at_a_curve_stops_on_it() {
    // Aim at a point of the curve so that most cases hit, many glancingly.
    let cases = (curve(), 0.0f32..1.0, motion(), 1.0f32..40.0);
    sweep_cases("aimed at a curve", cases, 0.85, |(t, target, from, r)| {
        let aim = t.point(target);
        check(&t, aim + from, -from * 1.5, r)
    });
}

#[test]
fn cast_through_a_terrain_set_keeps_the_skin() {
    let cases = (
        curve(),
        0.0f32..1.0,
        prop_oneof![0.0005f32..0.02, 0.02f32..0.1, 0.1f32..50.0],
        motion(),
        0.0f32..0.2,
        1.0f32..40.0,
    );
    sweep_cases(
        "cast from a gap",
        cases,
        0.85,
        |(t, at, gap, m, scale, r)| check_cast(&t, at, gap, m * scale, r),
    );
}

#[test]
fn degenerate_pieces_keep_the_time_of_impact_sound() {
    let cases = (degenerate_terrain(), start(), motion(), 1.0f32..40.0);
    sweep_cases("degenerate pieces", cases, 0.85, |(t, p, m, r)| {
        check(&t, p, m, r)
    });
}

/// How far the curve's samples are outside the box of half extents `h`
/// centred on `c` (Euclidean distance; negative: the deepest sample's
/// depth inside, by its nearer side).
fn box_gap(samples: &[(f64, DVec2)], c: DVec2, h: DVec2) -> f64 {
    samples
        .iter()
        .map(|(_, q)| {
            let d = (*q - c).abs() - h;
            if d.x > 0.0 || d.y > 0.0 {
                d.max(DVec2::ZERO).length()
            } else {
                d.x.max(d.y)
            }
        })
        .fold(f64::INFINITY, f64::min)
}

/// A swept rect against the same oracle idea, by dense sampling: the
/// piece's kurbo samples (4 001 along it) never lie inside the rect grown by
/// the skin before the reported stop (sampled at 400 points along the
/// motion), and at the stop the nearest sample is within the skin, plus half
/// the samples' spacing (the distance is 1-Lipschitz along the curve).
fn check_rect(t: &Terrain, start: Vec2, motion: Vec2, h: Vec2) -> Result<Outcome, TestCaseError> {
    let samples = common::samples(t);
    let spacing = samples
        .windows(2)
        .map(|w| w[0].1.distance(w[1].1))
        .fold(0.0, f64::max);
    let grown = h.as_dvec2() + DVec2::splat(GROW as f64);
    let (p, d) = (start.as_dvec2(), motion.as_dvec2());
    let toi = t.sweep(&ActorShape::Rect { half_extents: h }, start, motion, GROW);
    let g0 = box_gap(&samples, p, grown);
    if g0 < -SLACK {
        prop_assert!(
            toi.as_ref().is_some_and(|c| c.fraction == 0.0),
            "overlapping at the start (by {g0}) but got {toi:?}"
        );
        return Ok(Outcome::Overlapping);
    }
    if g0 <= SLACK + spacing {
        return Ok(Outcome::Skipped); // touching at the start within the sampling
    }
    let end = toi.as_ref().map_or(1.0, |c| c.fraction as f64);
    for i in 0..=STEPS {
        let s = i as f64 / STEPS as f64 * end;
        let gap = box_gap(&samples, p + d * s, grown);
        prop_assert!(
            gap >= -SLACK,
            "the rect overlaps the piece by {gap} at s = {s}, before the reported impact {toi:?}"
        );
    }
    if let Some(c) = toi {
        let gap = box_gap(&samples, p + d * c.fraction as f64, grown);
        let slack = SLACK + 0.5 * spacing + 2.0 * f32::EPSILON as f64 * d.length();
        prop_assert!(
            gap <= slack,
            "no contact at the reported impact: gap {gap} (spacing {spacing})"
        );
    }
    Ok(Outcome::Checked)
}

#[test]
fn rect_time_of_impact_matches_the_sampled_oracle() {
    let half = (1.0f32..40.0, 1.0f32..40.0).prop_map(|(x, y)| Vec2::new(x, y));
    // Aimed at a point of the piece, so that most cases hit.
    let cases = (terrain(), 0.0f32..1.0, motion(), half);
    sweep_cases(
        "rect aimed at a piece",
        cases,
        0.85,
        |(t, target, from, h)| {
            let aim = t.point(target);
            check_rect(&t, aim + from, -from * 1.5, h)
        },
    );
}
