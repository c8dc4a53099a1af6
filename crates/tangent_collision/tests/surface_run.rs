//! Running on a surface at any angle (`run_on_surface`) against closed
//! forms: the loop (goes round iff `v₀² ≥ 5 g R`, else leaves at
//! `cos θ = (2 g R − v₀²) / (3 g R)`), the half-pipe (rises back to its
//! starting height), the ramp (takes off along the exit tangent with the
//! speed energy gives), and straight chains at any angle and speed (held
//! every step, never a hop). The loops are drawn of cubic pieces checked
//! against the circle by dense sampling; nothing is judged by the crate's
//! own geometry.

mod common;

use common::rng::Rng;
use glam::{DVec2, Vec2};
use tangent_collision::dynamics::step_body;
use tangent_collision::dynamics::{OnSurface, SurfaceStep, run_on_surface};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// A circle of radius `radius` about `center` drawn as `k` cubic arcs (the
/// usual handle length `4/3 · tan(φ/4) · R` for an arc of angle `φ`),
/// counter-clockwise from the bottom, two-sided.
fn loop_of_cubics(center: Vec2, radius: f64, k: usize) -> Vec<TerrainPiece> {
    let c = center.as_dvec2();
    let phi = std::f64::consts::TAU / k as f64;
    let handle = 4.0 / 3.0 * (phi / 4.0).tan() * radius;
    // θ measured from the bottom: the point is c + R (sin θ, −cos θ).
    let at = |th: f64| c + radius * DVec2::new(th.sin(), -th.cos());
    let dir = |th: f64| DVec2::new(th.cos(), th.sin());
    (0..k)
        .map(|i| {
            let (a, b) = (i as f64 * phi, (i + 1) as f64 * phi);
            let (p0, p3) = (at(a), at(b));
            let p1 = p0 + dir(a) * handle;
            let p2 = p3 - dir(b) * handle;
            let end = |p: DVec2| p.as_vec2();
            // Both ends of a joint from the same `at`, so they agree exactly.
            TerrainPiece::solid(CubicBezier::new(end(p0), end(p1), end(p2), end(p3)))
        })
        .collect()
}

/// The farthest any piece strays from the circle, by dense sampling.
fn circle_error(pieces: &[TerrainPiece], center: Vec2, radius: f64) -> f64 {
    let mut worst: f64 = 0.0;
    for p in pieces {
        for s in 0..=400 {
            let q = common::eval(&p.shape, s as f64 / 400.0);
            worst = worst.max(((q - center.as_dvec2()).length() - radius).abs());
        }
    }
    worst
}

/// The fewest pieces whose arcs stay within `tol` of a circle of `radius`:
/// a quarter arc strays by `2.7e-4 R`, and the error falls as `φ⁶`.
fn fewest_pieces(radius: f64, tol: f64) -> usize {
    (4.0 * (2.7e-4 * radius / tol).powf(1.0 / 6.0))
        .ceil()
        .max(4.0) as usize
}

/// θ of `p` about `center`, from the bottom, counter-clockwise, in `[0, 2π)`.
fn angle_from_bottom(p: Vec2, center: Vec2) -> f64 {
    let d = (p - center).as_dvec2();
    d.x.atan2(-d.y).rem_euclid(std::f64::consts::TAU)
}

/// The turn from angle `last` to `th` (both in `[0, 2π)`), the short way
/// round: in `[−π, π]`.
fn turn_between(last: f64, th: f64) -> f64 {
    let d = th - last;
    if d > std::f64::consts::PI {
        d - std::f64::consts::TAU
    } else if d < -std::f64::consts::PI {
        d + std::f64::consts::TAU
    } else {
        d
    }
}

/// A random loop case: a circle of radius `loop_radius` (80–600 px) drawn of
/// `k` cubics (the fewest within 8e-4 px up to 16), centred within ±8 000 px,
/// a body of radius 4–30 px, gravity 300–6 000 px/s² (drawn in that order).
struct LoopCase {
    loop_radius: f64,
    body: f32,
    k: usize,
    center: Vec2,
    g: f64,
}

impl LoopCase {
    fn draw(rng: &mut Rng) -> Self {
        let loop_radius = rng.range(80.0, 600.0);
        let body = rng.range(4.0, 30.0) as f32;
        let k = rng.range(fewest_pieces(loop_radius, 8e-4) as f64, 16.99) as usize;
        let center = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let g = rng.log_range(300.0, 6000.0);
        LoopCase {
            loop_radius,
            body,
            k: k.min(16),
            center,
            g,
        }
    }
}

#[test]
fn loops_go_round_or_leave_where_the_closed_form_says() {
    let mut rng = Rng::new(37);
    let (mut round, mut left_early, mut swung, mut near_boundary) = (0, 0, 0, 0);
    let (mut worst_angle, mut worst_energy, mut worst_shape): (f64, f64, f64) = (0.0, 0.0, 0.0);
    let cases = 2000;
    for case in 0..cases {
        let LoopCase {
            loop_radius,
            body,
            k,
            center,
            g,
        } = LoopCase::draw(&mut rng);
        let pieces = loop_of_cubics(center, loop_radius, k);
        let shape_error = circle_error(&pieces, center, loop_radius);
        worst_shape = worst_shape.max(shape_error);
        assert!(
            shape_error < 1e-3 + 1e-3 * (center.abs().max_element() as f64 / 8000.0),
            "case {case}: the loop strays {shape_error} px from the circle"
        );
        let set = TerrainSet::new(pieces).unwrap();
        let path = loop_radius - body as f64; // R, the centre's path radius
        let lambda = rng.range(0.5, 8.0); // v₀² / (g R)
        let v0 = (lambda * g * path).sqrt();
        if (lambda / 5.0 - 1.0).abs() < 0.01 || (lambda / 2.0 - 1.0).abs() < 0.01 {
            near_boundary += 1;
            continue;
        }
        let gravity = Vec2::new(0.0, -g as f32);
        let bottom = center - Vec2::Y * path as f32;
        let mut on = OnSurface {
            position: bottom,
            normal: Vec2::Y,
            speed: v0 as f32,
            piece: 0,
        };
        let energy0 = 0.5 * v0 * v0 + g * bottom.y as f64;
        let (mut turned, mut last) = (0.0f64, 0.0f64);
        let mut outcome = None;
        let steps = if lambda < 2.0 { 600 } else { 3000 };
        for _ in 0..steps {
            match run_on_surface(&set, body, on, gravity, DT) {
                SurfaceStep::Held { on: next, blocked } => {
                    assert!(!blocked, "case {case}: blocked inside a smooth loop");
                    on = next;
                    let th = angle_from_bottom(on.position, center);
                    turned += turn_between(last, th);
                    last = th;
                    let radius_now = (on.position - center).length() as f64;
                    assert!(
                        (radius_now - path).abs() < 0.05,
                        "case {case}: the centre is {radius_now} from the loop's centre, not {path}"
                    );
                    let v = on.speed as f64;
                    let e = 0.5 * v * v + g * on.position.y as f64;
                    worst_energy = worst_energy.max((e - energy0).abs() / (0.5 * v0 * v0));
                    if turned >= std::f64::consts::TAU {
                        outcome = Some(None);
                        break;
                    }
                }
                SurfaceStep::Left { position, .. } => {
                    outcome = Some(Some(angle_from_bottom(position, center)));
                    break;
                }
            }
        }
        match (lambda >= 5.0, lambda > 2.0, outcome) {
            (true, _, Some(None)) => round += 1,
            (false, true, Some(Some(th))) => {
                let expected = ((2.0 - lambda) / 3.0).acos();
                let err = (th - expected).abs().to_degrees();
                worst_angle = worst_angle.max(err);
                assert!(
                    err < 1.0,
                    "case {case}: left at {:.3}°, the closed form says {:.3}° (λ = {lambda:.4}, R = {path:.1}, g = {g:.0})",
                    th.to_degrees(),
                    expected.to_degrees()
                );
                left_early += 1;
            }
            (false, false, None) => swung += 1,
            (_, _, got) => panic!(
                "case {case}: λ = v₀²/gR = {lambda:.4} (R = {path:.1}, g = {g:.0}, r = {body}, {k} pieces) ended {got:?} after turning {:.1}°",
                turned.to_degrees()
            ),
        }
        assert!(
            worst_energy < 0.005,
            "case {case}: energy drifted by {worst_energy}"
        );
    }
    println!(
        "loops: {cases} drawn, {round} went round, {left_early} left early, {swung} swung back, \
         {near_boundary} within 1% of a boundary (not judged); worst leaving angle {worst_angle:.4}°, \
         worst energy drift {:.5}%, worst loop shape {worst_shape:.2e} px",
        100.0 * worst_energy
    );
    assert!(round >= 400 && left_early >= 400 && swung >= 250);
}

/// Unit left normal of `d`.
fn left_normal(d: DVec2) -> DVec2 {
    DVec2::new(-d.y, d.x).normalize()
}

/// The smallest radius of curvature of `shape`, by 2 000 samples of
/// kurbo's derivative (the second derivative by central differences).
fn tightest_bend(shape: &Terrain) -> f64 {
    let h = 1e-5;
    (1..2000)
        .map(|k| {
            let t = k as f64 / 2000.0;
            let d1 = common::deriv(shape, t);
            let d2 = (common::deriv(shape, t + h) - common::deriv(shape, t - h)) / (2.0 * h);
            d1.length().powi(3) / d1.perp_dot(d2).abs().max(1e-300)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The vertex of the parabola through three equally spaced samples
/// `(y0, y1, y2)`: its height (the turnaround between samples).
fn parabola_top(y0: f64, y1: f64, y2: f64) -> f64 {
    let a = 0.5 * (y0 - 2.0 * y1 + y2);
    let b = 0.5 * (y2 - y0);
    if a >= 0.0 {
        return y1.max(y0).max(y2);
    }
    y1 - b * b / (4.0 * a)
}

#[test]
fn a_frictionless_half_pipe_gives_back_the_starting_height() {
    let mut rng = Rng::new(38);
    let cases = 600;
    let (mut judged, mut too_tight, mut worst): (usize, usize, f64) = (0, 0, 0.0);
    for case in 0..cases {
        let (w, depth, lip) = (
            rng.range(200.0, 1500.0),
            rng.range(100.0, 800.0),
            rng.range(50.0, 600.0),
        );
        let origin = DVec2::new(rng.range(-8000.0, 8000.0), rng.range(-8000.0, 8000.0));
        let pts = [
            origin + DVec2::new(0.0, lip),
            origin + DVec2::new(0.0, -depth),
            origin + DVec2::new(w, -depth),
            origin + DVec2::new(w, lip),
        ]
        .map(|p| p.as_vec2());
        let shape = Terrain::Cubic(CubicBezier::new(pts[0], pts[1], pts[2], pts[3]));
        let set = TerrainSet::new(vec![TerrainPiece::solid(shape)]).unwrap();
        let body = rng.range(4.0, 30.0) as f32;
        let g = rng.log_range(300.0, 6000.0);
        let t0 = rng.range(0.03, 0.35);
        // A body wider than the bottom's bend cannot follow it (it wedges
        // against both sides): not a frictionless ride.
        if tightest_bend(&shape) < 1.2 * body as f64 {
            too_tight += 1;
            continue;
        }
        let n = left_normal(common::deriv(&shape, t0));
        let start = common::eval(&shape, t0) + n * body as f64;
        let mut on = OnSurface {
            position: start.as_vec2(),
            normal: n.as_vec2(),
            speed: 0.0,
            piece: 0,
        };
        let gravity = Vec2::new(0.0, -g as f32);
        let mut ys = vec![start.y];
        let mut lowest = start.y;
        let mut far_top = None;
        for _ in 0..4000 {
            match run_on_surface(&set, body, on, gravity, DT) {
                SurfaceStep::Held { on: next, .. } => on = next,
                other => panic!("case {case}: a half-pipe let go: {other:?}"),
            }
            let y = on.position.y as f64;
            lowest = lowest.min(y);
            ys.push(y);
            let k = ys.len();
            // The first top on the far side: a sample no lower than both
            // neighbours, right of the middle.
            if k >= 3 && (on.position.x as f64) > origin.x + 0.5 * w {
                let (a, b, c) = (ys[k - 3], ys[k - 2], ys[k - 1]);
                if b >= a && b >= c {
                    far_top = Some(parabola_top(a, b, c));
                    break;
                }
            }
        }
        let top = far_top.unwrap_or_else(|| panic!("case {case}: never turned on the far side"));
        let drop = start.y - lowest;
        let err = (top - start.y).abs() / drop;
        worst = worst.max(err);
        assert!(
            err < 0.005,
            "case {case}: rose to {top:.3}, started at {:.3} (drop {drop:.1}): {:.3}%",
            start.y,
            100.0 * err
        );
        judged += 1;
    }
    println!(
        "half-pipes: {judged} of {cases} judged ({too_tight} bend tighter than the body: not \
         judged); worst height error {:.4}% of the drop",
        100.0 * worst
    );
    assert_eq!(judged + too_tight, cases);
    assert!(judged >= 400);
}

#[test]
fn a_ramp_launches_along_its_exit_tangent_at_the_speed_energy_gives() {
    let mut rng = Rng::new(39);
    let cases = 2000;
    let (mut judged, mut short, mut rolled) = (0, 0, 0);
    let (mut worst_angle, mut worst_speed): (f64, f64) = (0.0, 0.0);
    for case in 0..cases {
        let alpha = rng.range(10.0, 80.0).to_radians();
        let dir = DVec2::new(alpha.cos(), alpha.sin());
        let g = rng.log_range(300.0, 6000.0);
        let body = rng.range(4.0, 30.0);
        let v = rng.range(200.0, 2000.0);
        let origin = DVec2::new(rng.range(-8000.0, 8000.0), rng.range(-8000.0, 8000.0));
        let curved = rng.chance(0.5);
        let length = rng.range(100.0, 600.0);
        // Straight: a segment at α. Curved: a quad from flat to α (its
        // exit tangent is α), started on its flat beginning.
        let (shape, start_t) = if curved {
            let p1 = origin + DVec2::X * length;
            let p2 = p1 + dir * length;
            let q = QuadBezier::new(origin.as_vec2(), p1.as_vec2(), p2.as_vec2());
            (Terrain::Quad(q), rng.range(0.0, 0.4))
        } else {
            let s = Segment::new(origin.as_vec2(), (origin + dir * length).as_vec2());
            (Terrain::Segment(s), rng.range(0.0, 0.8))
        };
        let set = TerrainSet::new(vec![TerrainPiece::solid(shape)]).unwrap();
        let d0 = common::deriv(&shape, start_t);
        let n0 = left_normal(d0);
        let start = common::eval(&shape, start_t) + n0 * body;
        let end_point = common::eval(&shape, 1.0) + left_normal(common::deriv(&shape, 1.0)) * body;
        let exit2 = v * v - 2.0 * g * (end_point.y - start.y);
        if exit2 < (0.2 * v) * (0.2 * v) {
            short += 1; // would not reach the end with speed to spare
            continue;
        }
        let exit = exit2.sqrt();
        // Slower than √(g r cos α), a circle rolls over the edge before it
        // leaves (the corner holds it): not a take-off along the ramp.
        if exit2 < 1.05 * g * body * alpha.cos() {
            rolled += 1;
            continue;
        }
        let mut on = OnSurface {
            position: start.as_vec2(),
            normal: n0.as_vec2(),
            speed: v as f32,
            piece: 0,
        };
        let gravity = Vec2::new(0.0, -g as f32);
        let mut took_off = None;
        for _ in 0..600 {
            match run_on_surface(&set, body as f32, on, gravity, DT) {
                SurfaceStep::Held { on: next, .. } => on = next,
                SurfaceStep::Left { velocity, .. } => {
                    took_off = Some(velocity.as_dvec2());
                    break;
                }
            }
        }
        let velocity = took_off.unwrap_or_else(|| panic!("case {case}: never left the ramp"));
        let angle = velocity.angle_to(dir).abs().to_degrees();
        let speed_err = (velocity.length() - exit).abs() / exit;
        worst_angle = worst_angle.max(angle);
        worst_speed = worst_speed.max(speed_err);
        assert!(
            angle < 0.5 && speed_err < 0.005,
            "case {case} ({}, α = {:.1}°, v = {v:.0}, g = {g:.0}, r = {body:.1}): left at {angle:.3}° \
             off the exit tangent, speed {:.2} vs {exit:.2}",
            if curved { "curved" } else { "straight" },
            alpha.to_degrees(),
            velocity.length()
        );
        judged += 1;
    }
    println!(
        "ramps: {judged} of {cases} judged ({short} too slow to reach the end, {rolled} slow \
         enough to roll over the edge: not judged); worst angle {worst_angle:.4}°, worst speed \
         error {:.4}%",
        100.0 * worst_speed
    );
    assert!(judged >= 1000);
}

/// A straight line from `a` along unit `dir`, `length` long, cut into
/// `k` pieces of random kinds: segments, and quadratics and cubics whose
/// control points lie on the line (straight, but evaluated as curves).
/// Every joint is the same rounded point on both sides.
fn straight_chain(rng: &mut Rng, a: DVec2, dir: DVec2, length: f64, k: usize) -> Vec<TerrainPiece> {
    let mut cuts: Vec<f64> = (1..k).map(|_| rng.range(0.05, 0.95)).collect();
    cuts.push(0.0);
    cuts.push(1.0);
    cuts.sort_by(f64::total_cmp);
    let at = |u: f64| (a + dir * (u * length)).as_vec2();
    cuts.windows(2)
        .map(|w| {
            let (u0, u1) = (w[0], w[1]);
            let mid = |f: f64| at(u0 + (u1 - u0) * f);
            let shape: Terrain = match rng.range(0.0, 3.0) as usize {
                0 => Segment::new(at(u0), at(u1)).into(),
                1 => QuadBezier::new(at(u0), mid(rng.range(0.2, 0.8)), at(u1)).into(),
                _ => {
                    let (f1, f2) = (rng.range(0.1, 0.5), rng.range(0.5, 0.9));
                    CubicBezier::new(at(u0), mid(f1), mid(f2), at(u1)).into()
                }
            };
            TerrainPiece::solid(shape)
        })
        .collect()
}

#[test]
fn straight_chains_at_any_angle_and_speed_hold_every_step_without_a_hop() {
    let mut rng = Rng::new(40);
    let cases = 1500;
    let (mut steps, mut joints_crossed) = (0usize, 0usize);
    let (mut worst_gap, mut worst_speed): (f64, f64) = (0.0, 0.0);
    for case in 0..cases {
        // From a floor (0°) through slopes to a wall (±90°): every line a
        // body can be pressed onto by gravity.
        let beta = rng.range(-90.0, 90.0).to_radians();
        let dir = DVec2::new(beta.cos(), beta.sin());
        let n = DVec2::new(-dir.y, dir.x);
        let length = rng.range(400.0, 3000.0);
        let a = DVec2::new(
            rng.range(-12_000.0, 12_000.0),
            rng.range(-12_000.0, 12_000.0),
        );
        let k = rng.range(2.0, 9.0) as usize;
        let pieces = straight_chain(&mut rng, a, dir, length, k);
        let joints: Vec<f64> = pieces
            .iter()
            .skip(1)
            .map(|p| (p.shape.control_points()[0].as_dvec2() - a).dot(dir))
            .collect();
        let set = TerrainSet::new(pieces).unwrap();
        let body = rng.range(4.0, 30.0);
        let g = rng.log_range(300.0, 6000.0);
        let v0 = rng.range(-2000.0, 2000.0);
        // Start in the middle; run until a quarter of the line from an end.
        let u0 = 0.5 * length;
        let start = a + dir * u0 + n * body;
        let mut on = OnSurface {
            position: start.as_vec2(),
            normal: n.as_vec2(),
            speed: v0 as f32,
            piece: 0,
        };
        let gravity = Vec2::new(0.0, -g as f32);
        let mut u_prev = u0;
        let mut first = None;
        for step in 0..600 {
            on = match run_on_surface(&set, body as f32, on, gravity, DT) {
                SurfaceStep::Held { on, blocked } => {
                    assert!(
                        !blocked,
                        "case {case} step {step}: blocked on a straight line"
                    );
                    on
                }
                other => panic!(
                    "case {case} step {step}: left a straight line at {:.1}° ({k} pieces, \
                     v₀ = {v0:.0}, g = {g:.0}, r = {body:.1}): {other:?}",
                    beta.to_degrees()
                ),
            };
            steps += 1;
            let p = on.position.as_dvec2() - a;
            let u = p.dot(dir);
            joints_crossed += joints
                .iter()
                .filter(|&&j| (j - u_prev) * (j - u) < 0.0)
                .count();
            u_prev = u;
            let gap = (p.dot(n) - body).abs();
            worst_gap = worst_gap.max(gap);
            assert!(
                gap < 0.05,
                "case {case} step {step}: {gap:.4} px off the line's path (a hop)"
            );
            // Energy along a straight line: v² = v₁² − 2 g Δy, from the
            // first step's end (the start is put a skin off the line).
            let v = on.speed as f64;
            let (v1, y1) = *first.get_or_insert((v, on.position.y as f64));
            let expected2 = v1 * v1 - 2.0 * g * (on.position.y as f64 - y1);
            if expected2 > 100.0 * 100.0 {
                let err = (v.abs() - expected2.sqrt()).abs() / expected2.sqrt();
                worst_speed = worst_speed.max(err);
                assert!(
                    err < 0.001,
                    "case {case} step {step}: speed {v:.3} vs {:.3}",
                    expected2.sqrt()
                );
            }
            if u < 0.25 * length || u > 0.75 * length {
                break;
            }
        }
    }
    println!(
        "straight chains: {cases} lines, {steps} steps held, {joints_crossed} joints crossed; \
         worst gap change {worst_gap:.4} px, worst speed error {:.4}%",
        100.0 * worst_speed
    );
    assert!(joints_crossed >= 1000 && steps >= 20_000);
}

#[test]
fn bad_input_is_kept_and_no_surface_lets_go() {
    let floor = Segment::new(Vec2::ZERO, Vec2::new(100.0, 0.0));
    let set = TerrainSet::new(vec![TerrainPiece::solid(floor)]).unwrap();
    let on = OnSurface {
        position: Vec2::new(50.0, 10.0),
        normal: Vec2::Y,
        speed: 100.0,
        piece: 0,
    };
    let g = Vec2::new(0.0, -1000.0);
    for bad in [
        OnSurface {
            position: Vec2::NAN,
            ..on
        },
        OnSurface {
            speed: f32::INFINITY,
            ..on
        },
        OnSurface {
            normal: Vec2::ZERO,
            ..on
        },
    ] {
        let out = run_on_surface(&set, 10.0, bad, g, DT);
        assert!(
            matches!(out, SurfaceStep::Held { on: kept, blocked: false } if kept.speed.to_bits() == bad.speed.to_bits())
        );
    }
    for (radius, dt) in [(0.0, DT), (-1.0, DT), (10.0, 0.0), (10.0, f32::NAN)] {
        let out = run_on_surface(&set, radius, on, g, dt);
        assert_eq!(out, SurfaceStep::Held { on, blocked: false });
    }
    // Far above the floor: nothing holds it.
    let high = OnSurface {
        position: Vec2::new(50.0, 40.0),
        ..on
    };
    match run_on_surface(&set, 10.0, high, g, DT) {
        SurfaceStep::Left {
            velocity,
            time_left,
            ..
        } => {
            assert_eq!((velocity, time_left), (Vec2::new(100.0, 0.0), DT));
        }
        other => panic!("held from 30 px away: {other:?}"),
    }
    // Into a wall at a right-angle corner: stopped, still on the floor.
    let wall = Segment::new(Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0));
    let set = TerrainSet::new(vec![TerrainPiece::solid(floor), TerrainPiece::solid(wall)]).unwrap();
    let mut on = OnSurface {
        position: Vec2::new(70.0, 10.0),
        speed: 600.0,
        ..on
    };
    let mut was_blocked = false;
    for _ in 0..30 {
        match run_on_surface(&set, 10.0, on, g, DT) {
            SurfaceStep::Held { on: next, blocked } => {
                on = next;
                was_blocked |= blocked;
            }
            other => panic!("left the floor at the corner: {other:?}"),
        }
    }
    assert!(was_blocked);
    assert!(on.speed.abs() < 1e-3 && on.normal == Vec2::Y, "{on:?}");
    assert!(
        (on.position - Vec2::new(90.0, 10.0)).length() < 0.1,
        "{on:?}"
    );
}

/// How a ball actor stepped in a loop ended: round, or off the surface
/// (θ from the bottom where it left, that point's distance from the path
/// circle, and from the flight it was seen on after), or neither (swinging
/// back and forth below the middle).
#[derive(Debug)]
enum BallInLoop {
    Round,
    Left {
        /// θ where it left, seen from the flight alone.
        th: f64,
        /// That point's distance from the path circle.
        off_path: f64,
        /// The step's own report's θ less `th`.
        reported_off: f64,
        /// The reported point's distance from the flight seen after.
        off_flight: f64,
    },
    Swung,
}

/// Where a free flight left the path circle of radius `path`, seen from the
/// flight alone (positions, and the gravity `a` it falls by). A body leaves
/// a circle where gravity's push across its motion stops falling short of
/// the `v²/R` the circle asks: where the flight's own curvature equals the
/// circle's, `κ = 1/R`. A parabola's curvature is `κ = |u × a| / |u|³`,
/// with `u × a` the same all along it, so that is where the flight's speed
/// is `(|u × a| R)^(1/3)`: a root of `|u + a τ|² = s²`, quadratic in `τ`.
/// The flight through `p` at time 0 with velocity `u` is searched over the
/// `reach` seconds before; `None` when its curvature never matches.
fn flight_leaves_circle_at(p: DVec2, u: DVec2, a: DVec2, path: f64, reach: f64) -> Option<DVec2> {
    let s = (u.perp_dot(a).abs() * path).cbrt();
    // |a|² τ² + 2 (u·a) τ + |u|² − s² = 0.
    let (qa, qb, qc) = (
        a.length_squared(),
        2.0 * u.dot(a),
        u.length_squared() - s * s,
    );
    let d = qb * qb - 4.0 * qa * qc;
    if d < 0.0 || qa == 0.0 {
        return None;
    }
    let roots = [(-qb - d.sqrt()) / (2.0 * qa), (-qb + d.sqrt()) / (2.0 * qa)];
    let tau = roots
        .into_iter()
        .filter(|t| (-reach..=0.0).contains(t))
        .max_by(f64::total_cmp)?;
    Some(p + u * tau + 0.5 * a * tau * tau)
}

/// Steps of free flight in a row that count as having left the surface
/// (one free step alone can be a chord that ended a hair clear of it).
const FREE_STEPS: usize = 3;

/// How far `x` is from the free flight through `p` at time 0 with velocity
/// `u` under gravity `a`, over the `reach` seconds before (a dense scan of
/// the parabola, then a finer one about the nearest sample).
fn distance_to_flight(x: DVec2, p: DVec2, u: DVec2, a: DVec2, reach: f64) -> f64 {
    let at = |tau: f64| p + u * tau + 0.5 * a * tau * tau;
    let n = 2000;
    let nearest = (0..=n)
        .map(|i| -reach * i as f64 / n as f64)
        .min_by(|&s, &t| (at(s) - x).length().total_cmp(&(at(t) - x).length()))
        .unwrap();
    let h = reach / n as f64;
    (0..=2000)
        .map(|i| nearest - h + 2.0 * h * i as f64 / 2000.0)
        .map(|t| (at(t) - x).length())
        .fold(f64::INFINITY, f64::min)
}

/// Steps a frictionless, non-bouncing ball actor of radius `r` from the
/// bottom of the loop `set` (centre `center`, the ball's centre on a circle
/// of radius `path`) at speed `v0` for `seconds`. Returns how it ended and
/// the worst energy drift while the loop held it (over `½ v₀²`).
///
/// It has left once it flies free [`FREE_STEPS`] steps in a row (the
/// velocity is free flight's to 1 % of a step's gravity: the surface did
/// not act, or hardly: its push fades to nothing where it lets go). Where
/// it left is seen from the flight alone, not from what the step says of
/// itself: the free steps' positions give the parabola (velocity by a
/// central difference, exact for constant acceleration whatever the
/// integrator), and it left where that parabola's curvature is the path
/// circle's ([`flight_leaves_circle_at`]). The step's own answer
/// ([`StepReport::left_dip_at`], in the last step the surface acted in, else
/// the first one after; none is a failure) is then checked against it.
///
/// (Judging the report by its distance from the flight alone could not
/// fail: the flight osculates the circle at the closed form's point, so
/// every flight of the right energy passes within 1e-4 px of it. Where the
/// curvatures match is a simple root instead, and a flight that left from
/// anywhere else matches them off the circle, or at another angle.)
fn ball_in_loop(
    set: &TerrainSet,
    (center, path, r): (Vec2, f64, f32),
    (v0, g, dt): (f64, f64, f32),
    seconds: f64,
) -> (BallInLoop, f64) {
    let gravity = Vec2::new(0.0, -g as f32);
    let bottom = center - Vec2::Y * path as f32;
    let mut b = Body::new(
        ActorShape::Circle { radius: r },
        bottom,
        Vec2::new(v0 as f32, 0.0),
        0.0,
    );
    let energy = |b: &Body| {
        let v = b.velocity.length() as f64;
        0.5 * v * v + g * (b.position.y - bottom.y) as f64
    };
    let e0 = energy(&b);
    let (mut turned, mut last, mut drift) = (0.0f64, 0.0f64, 0.0f64);
    // Positions since the surface last acted (from the start of the first
    // free step), and where it let go.
    let mut free: Vec<DVec2> = Vec::new();
    let mut left_at: Option<Vec2> = None;
    let mut held = false;
    for _ in 0..(seconds / dt as f64) as usize {
        let v_before = b.velocity;
        let p_before = b.position;
        let rep = step_body(set, &mut b, gravity, dt);
        assert!(rep.error.is_none(), "{:?}", rep.error);
        let th = angle_from_bottom(b.position, center);
        turned += turn_between(last, th);
        last = th;
        if (b.velocity - (v_before + gravity * dt)).length() < 1e-2 * g as f32 * dt {
            if free.is_empty() {
                free.push(p_before.as_dvec2());
            }
            left_at = left_at.or(rep.left_dip_at);
            free.push(b.position.as_dvec2());
            if held && free.len() > FREE_STEPS {
                let n = free.len();
                let u = (free[n - 1] - free[n - 3]) / (2.0 * dt as f64);
                let x = left_at.expect("the ball flew off with no step saying where it let go");
                let reach = n as f64 * dt as f64;
                let off_flight =
                    distance_to_flight(x.as_dvec2(), free[n - 2], u, -g * DVec2::Y, reach);
                let seen =
                    flight_leaves_circle_at(free[n - 2], u, -g * DVec2::Y, path, reach + dt as f64)
                        .expect("the flight's curvature never matched the circle's");
                let th = angle_from_bottom(seen.as_vec2(), center);
                return (
                    BallInLoop::Left {
                        th,
                        off_path: ((seen - center.as_dvec2()).length() - path).abs(),
                        reported_off: turn_between(th, angle_from_bottom(x, center)),
                        off_flight,
                    },
                    drift,
                );
            }
            continue;
        }
        free.clear();
        left_at = rep.left_dip_at;
        held = true;
        drift = drift.max((energy(&b) - e0).abs() / (0.5 * v0 * v0));
        if turned >= std::f64::consts::TAU {
            return (BallInLoop::Round, drift);
        }
    }
    (BallInLoop::Swung, drift)
}

#[test]
fn ball_actors_go_round_a_loop_or_leave_it_where_the_closed_form_says() {
    let mut rng = Rng::new(41);
    let (mut round, mut left, mut swung, mut near_boundary) = (0, 0, 0, 0);
    let (mut worst_angle, mut worst_off_path, mut worst_off_flight, mut worst_energy) =
        (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut worst_reported = 0.0f64;
    let cases = 2000;
    for case in 0..cases {
        let LoopCase {
            loop_radius,
            body: r,
            k,
            center,
            g,
        } = LoopCase::draw(&mut rng);
        let set = TerrainSet::new(loop_of_cubics(center, loop_radius, k)).unwrap();
        // The ball starts resting on the loop, a hair inside the skin.
        let path = loop_radius - r as f64 - 0.02;
        let lambda = rng.range(0.5, 8.0); // v₀² / (g R)
        // Within 5 % of a boundary the ball creeps near the middle or the
        // top for longer than a fair run: not judged.
        if (lambda / 5.0 - 1.0).abs() < 0.05 || (lambda / 2.0 - 1.0).abs() < 0.05 {
            near_boundary += 1;
            continue;
        }
        let v0 = (lambda * g * path).sqrt();
        let seconds = if lambda < 2.0 { 10.0 } else { 30.0 } * (path / g).sqrt();
        let (outcome, drift) = ball_in_loop(&set, (center, path, r), (v0, g, DT), seconds);
        let what = format!(
            "case {case}: λ = v₀²/gR = {lambda:.3} (R = {path:.1}, g = {g:.0}, r = {r:.1}, {k} pieces)"
        );
        worst_energy = worst_energy.max(drift);
        assert!(
            drift < 0.005,
            "{what}: energy drifted by {:.3} %",
            100.0 * drift
        );
        match (lambda > 5.0, lambda > 2.0, outcome) {
            (true, _, BallInLoop::Round) => round += 1,
            (
                false,
                true,
                BallInLoop::Left {
                    th,
                    off_path,
                    reported_off,
                    off_flight,
                },
            ) => {
                worst_reported = worst_reported.max(reported_off.abs().to_degrees());
                let expected = ((2.0 - lambda) / 3.0).acos();
                let err = (th - expected).abs().to_degrees();
                worst_angle = worst_angle.max(err);
                worst_off_path = worst_off_path.max(off_path);
                worst_off_flight = worst_off_flight.max(off_flight);
                assert!(
                    err < 1.0
                        && off_path < 0.1
                        && reported_off.abs().to_degrees() < 1.0
                        && off_flight < 0.05,
                    "{what}: the flight left at {:.2}° ({off_path:.3} px off the path; the step \
                     said {:.2}° off that, {off_flight:.3} px off the flight), the closed form \
                     says {:.2}°",
                    th.to_degrees(),
                    reported_off.to_degrees(),
                    expected.to_degrees(),
                );
                left += 1;
            }
            (false, false, BallInLoop::Swung) => swung += 1,
            (_, _, got) => panic!("{what}: ended {got:?}"),
        }
    }
    println!(
        "ball actors in loops: {cases} drawn, {round} round, {left} left, {swung} swung back, \
         {near_boundary} within 5 % of a boundary (not judged); worst leaving angle seen from \
         the flight's curvature {worst_angle:.2}° off the closed form (that point \
         {worst_off_path:.3} px off the path); the step's own report at worst \
         {worst_reported:.2}° from it and {worst_off_flight:.3} px off the flight; worst energy \
         drift {:.3} %",
        100.0 * worst_energy
    );
    assert!(
        round >= 400 && left >= 550 && swung >= 250,
        "{round} {left} {swung}"
    );
}
