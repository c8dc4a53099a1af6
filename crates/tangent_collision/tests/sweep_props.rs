//! Property tests for the swept circle's time of impact (closed form on
//! straight pieces, the degree-10 polynomial on curves, bisection as the
//! fallback) against an oracle that shares no code with the crate: kurbo's
//! nearest point, sampled densely along the motion.

mod common;

use common::{curve, degenerate_terrain, terrain, to_kurbo};
use glam::{DVec2, Vec2};
use kurbo::{ParamCurveNearest, Point};
use proptest::prelude::*;
use tangent_collision::dynamics::SKIN;
use tangent_collision::prelude::{
    ActorShape, Body, Terrain, TerrainPiece, TerrainSet, cast, sweep,
};

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

fn check(t: &Terrain, start: Vec2, motion: Vec2, radius: f32) -> Result<(), TestCaseError> {
    let reach = radius as f64 + GROW as f64;
    let (p, d) = (start.as_dvec2(), motion.as_dvec2());
    let toi = sweep(t, &ActorShape::Circle { radius }, start, motion, GROW);
    let d0 = oracle_distance(t, p);
    if d0 < reach - SLACK {
        prop_assert!(
            toi.as_ref().is_some_and(|c| c.fraction == 0.0),
            "overlapping at the start (distance {d0}, reach {reach}) but got {toi:?}"
        );
        return Ok(());
    }
    if d0 <= reach + SLACK {
        return Ok(()); // touching at the start within the slack: either answer is right
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
    Ok(())
}

/// `cast` over a one-piece `TerrainSet` (the broad phase's spans, the
/// closest-point decisions for a circle within or beyond its skin) against
/// the oracle, for a circle placed `gap` px off the piece along its normal:
/// the bare circle never overlaps the piece before the reported stop; a
/// reported contact is within the skin of the piece; and a free motion keeps
/// the circle clear of the piece by the shell it was swept with (the skin,
/// or half the starting gap for a circle already within its skin).
fn check_cast(t: &Terrain, at: f32, gap: f32, motion: Vec2, r: f32) -> Result<(), TestCaseError> {
    let d = t.derivative(at);
    if d.length() < 1e-3 {
        return Ok(());
    }
    let normal = d.perp().normalize();
    let start = t.point(at) + normal * (r + gap);
    let (p, m) = (start.as_dvec2(), motion.as_dvec2());
    let d0 = oracle_distance(t, p) - r as f64;
    if d0 < 1e-3 {
        return Ok(()); // another part of the curve is nearer: not this test's case
    }
    let set = TerrainSet::new(vec![TerrainPiece::solid(*t)]).expect("valid piece");
    let body = Body::new(ActorShape::Circle { radius: r }, start, Vec2::ZERO, 0.0);
    let hit = cast(&set, &body, motion);
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
    Ok(())
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

proptest! {
    #![proptest_config(config())]

    #[test]
    fn circle_time_of_impact_matches_the_oracle(
        t in terrain(), p in start(), m in motion(), r in 1.0f32..40.0
    ) {
        check(&t, p, m, r)?;
    }

    #[test]
    fn circle_aimed_at_a_curve_stops_on_it(
        t in curve(), target in 0.0f32..1.0, from in motion(), r in 1.0f32..40.0
    ) {
        // Aim at a point of the curve so that most cases hit, many glancingly.
        let aim = t.point(target);
        let start = aim + from;
        check(&t, start, -from * 1.5, r)?;
    }

    #[test]
    fn cast_through_a_terrain_set_keeps_the_skin(
        t in curve(),
        at in 0.0f32..1.0,
        gap in prop_oneof![0.0005f32..0.02, 0.02f32..0.1, 0.1f32..50.0],
        m in motion(),
        scale in 0.0f32..0.2,
        r in 1.0f32..40.0
    ) {
        check_cast(&t, at, gap, m * scale, r)?;
    }

    #[test]
    fn degenerate_pieces_keep_the_time_of_impact_sound(
        t in degenerate_terrain(), p in start(), m in motion(), r in 1.0f32..40.0
    ) {
        check(&t, p, m, r)?;
    }
}
