//! Movers (kinematic terrain): riders carried, bodies pushed, crushes,
//! and what a body keeps when it leaves a mover. Swept over the range a
//! level holds; each test prints its counts and worst figure.
//!
//! Oracles: the mover's pose (where a rider should be is its place on the
//! mover when the motion began, moved by the pose, in `f64`), kurbo's
//! nearest point and line crossings (`common::touches`) for "inside",
//! dense sampling for the side of a closed curve (winding number), and the
//! parabola's apex `v² / 2g` for a jump.

mod common;

use common::rng::Rng;
use common::touches;
use glam::{DVec2, Vec2};
use tangent_collision::dynamics::{WorldScratch, move_movers, step_bodies};
use tangent_collision::geometry::Rect;
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;
const SKIN: f32 = Body::SKIN;

/// A body of `shape` with `friction`, sleep off (a rider must be stepped
/// to be checked every step, not left asleep).
fn body(shape: ActorShape, at: Vec2, friction: f32) -> Body {
    let mut b = Body::new(shape, at, Vec2::ZERO, 0.0);
    b.friction = friction;
    b.can_sleep = false;
    b
}

/// A random platform with its top at `y = 0` over `x ∈ [0, w]` and
/// where a body of `half` height rests on it at `x`: a block of tiles, a
/// flat cubic (its control points along the top, unevenly spaced), or a
/// shallow quadratic bowl (its bottom at `x = w / 2`).
fn platform(
    rng: &mut Rng,
    kind: usize,
    shape: &ActorShape,
) -> (Vec<TerrainPiece>, Vec2, &'static str) {
    let w = rng.range(96.0, 400.0) as f32;
    match kind {
        0 => {
            let tile = rng.range(8.0, 32.0) as f32;
            let (cols, rows) = ((w / tile).ceil() as usize, rng.range(1.0, 4.0) as usize);
            // A ring of empty cells round the block (outside the grid is solid).
            let at = Vec2::new(-tile, -(rows as f32 + 1.0) * tile);
            let mut grid = TileGrid::new(cols + 2, rows + 2, tile, at);
            for x in 1..=cols {
                for y in 1..=rows {
                    grid.set(x, y, TileKind::Solid);
                }
            }
            // The block's own edges (not the grid's frame).
            let block =
                Rect::new(0.0, -(rows as f32) * tile, cols as f32 * tile, 0.0).inflate(0.01);
            let edges = grid
                .pieces()
                .into_iter()
                .filter(|p| p.shape.control_points().iter().all(|&q| block.contains(q)))
                .collect();
            let x = rng.range(0.3, 0.7) as f32 * cols as f32 * tile;
            (edges, Vec2::new(x, 0.0), "tiles")
        }
        1 => {
            let mut xs = [rng.range(0.0, 1.0) as f32, rng.range(0.0, 1.0) as f32];
            xs.sort_by(f32::total_cmp);
            let p = |x: f32| Vec2::new(x * w, 0.0);
            let top = CubicBezier::new(p(0.0), p(xs[0]), p(xs[1]), p(1.0));
            let x = rng.range(0.3, 0.7) as f32 * w;
            (
                vec![TerrainPiece::solid(top)],
                Vec2::new(x, 0.0),
                "flat cubic",
            )
        }
        _ => {
            // y = 4 h (x/w - 1/2)²: curvature radius w² / 8h at the bottom,
            // kept at least four times the body's size.
            let size = shape.aabb(Vec2::ZERO).size().max_element();
            let h = rng.range(2.0, 40.0).min((w * w / (32.0 * size)) as f64) as f32;
            let bowl = QuadBezier::new(Vec2::new(0.0, h), Vec2::new(0.5 * w, -h), Vec2::new(w, h));
            (
                vec![TerrainPiece::solid(bowl)],
                Vec2::new(0.5 * w, 0.0),
                "bowl",
            )
        }
    }
}

fn shifted_piece(p: &TerrainPiece, by: Vec2) -> TerrainPiece {
    TerrainPiece {
        shape: common::shifted(&p.shape, by),
        ..*p
    }
}

/// A triangle wave: 0 → `amplitude` → 0 at `speed`, `t` seconds in.
fn ping_pong(t: f64, speed: f64, amplitude: f64) -> f64 {
    let period = 2.0 * amplitude / speed;
    let phase = (t / period).fract() * period * speed;
    if phase <= amplitude {
        phase
    } else {
        2.0 * amplitude - phase
    }
}

/// Elevators and sliders: random platforms (a block of tiles, a flat cubic,
/// a quadratic bowl) moving up and down, sideways or on a slant, ping-pong,
/// at 20–1 500 px/s over 50–600 px, with a circle or a box 2–64 px across
/// (friction 0–1) resting on them, under gravity 300–3 000 px/s², anywhere
/// within ±4 000 px, for 60 s each: grounded every step, its place on the
/// platform kept to 0.01 px, never inside it.
#[test]
fn riders_keep_their_place_on_lifts_and_sliders() {
    let mut rng = Rng::new(0x5EED_0036);
    let cases = 90;
    let (mut worst, mut worst_case) = (0.0f64, 0);
    let mut by_kind = [0usize; 3];
    let mut by_way = [0usize; 3];
    let mut steps = 0usize;
    for case in 0..cases {
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let shape = match shape {
            ActorShape::Rect { half_extents } => ActorShape::Rect {
                half_extents: half_extents.min(Vec2::splat(32.0)),
            },
            c => c,
        };
        let kind = case % 3;
        let (pieces, rest_at, _) = platform(&mut rng, kind, &shape);
        let far = if case % 2 == 0 { 15_000.0 } else { 1_000.0 };
        let origin = Vec2::new(rng.range(-far, far) as f32, rng.range(-far, far) as f32);
        let pieces: Vec<TerrainPiece> = pieces.iter().map(|p| shifted_piece(p, origin)).collect();
        let pivot = origin + rest_at;
        let mut set =
            TerrainSet::with_movers(vec![], vec![Mover::around(pivot, pieces.clone())]).unwrap();
        let way = rng.below(3);
        let dir = match way {
            0 => Vec2::Y,
            1 => Vec2::X,
            _ => Vec2::from_angle(
                rng.range(0.2, 1.37) as f32 * if rng.chance(0.5) { 1.0 } else { -1.0 },
            ),
        };
        let speed = rng.log_range(20.0, 1500.0);
        let amplitude = rng.range(50.0, 600.0);
        let gravity = Vec2::new(0.0, -rng.range(300.0, 3000.0) as f32);
        let friction = rng.range(0.0, 1.0) as f32;
        let half_h = shape.aabb(Vec2::ZERO).max.y;
        let mut bodies = vec![body(shape, pivot + Vec2::new(0.0, half_h + 0.5), friction)];
        let mut world = WorldScratch::default();
        let still = [Pose::new(pivot, 0.0)];
        for _ in 0..90 {
            move_movers(&mut set, &still, &mut bodies, &mut world, gravity, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
        }
        assert!(
            world.reports()[0].grounded,
            "case {case}: did not settle: {:?}",
            bodies[0]
        );
        let place = bodies[0].position.as_dvec2() - pivot.as_dvec2();
        for k in 1..=3600 {
            let s = ping_pong(k as f64 * DT as f64, speed, amplitude);
            let at = pivot.as_dvec2() + dir.as_dvec2() * s;
            let pose = Pose::new(at.as_vec2(), 0.0);
            move_movers(&mut set, &[pose], &mut bodies, &mut world, gravity, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
            let b = &bodies[0];
            let off = (b.position.as_dvec2() - pose.translation.as_dvec2() - place).length();
            if off > worst {
                (worst, worst_case) = (off, case);
            }
            assert!(
                world.reports()[0].grounded,
                "case {case} step {k}: not grounded: {b:?}"
            );
            assert!(
                off <= 0.01,
                "case {case} step {k}: {off} px off its place (speed {speed}, {dir})"
            );
            for p in 0..set.len() {
                assert!(
                    !touches(&set.piece(p).shape, &b.shape, b.position),
                    "case {case} step {k}: inside piece {p} {:?} ({dir}, {speed} px/s, pose {pose:?}, place {place}): {b:?}",
                    set.piece(p).shape
                );
            }
            steps += 1;
        }
        by_kind[kind] += 1;
        by_way[way] += 1;
    }
    println!(
        "riders: {cases} platforms (tiles/cubic/bowl {by_kind:?}; up-down/sideways/slant {by_way:?}), \
         {steps} steps, worst drift {worst:.5} px (case {worst_case})"
    );
    assert_eq!(steps, cases * 3600);
}

/// A closed, star-shaped blob of `n` quadratics and cubics about the
/// origin, `radius` across at most: corners at even angles and random
/// radii, control points between them (bulging outward).
fn blob(rng: &mut Rng, radius: f32) -> Vec<TerrainPiece> {
    let n = 3 + rng.below(4);
    let step = std::f32::consts::TAU / n as f32;
    let corners: Vec<Vec2> = (0..n)
        .map(|k| Vec2::from_angle(k as f32 * step) * radius * rng.range(0.6, 1.0) as f32)
        .collect();
    let mut pieces = Vec::new();
    for k in 0..n {
        let (a, b) = (corners[k], corners[(k + 1) % n]);
        let r = [rng.range(0.5, 1.0) as f32, rng.range(0.5, 1.0) as f32];
        let at = |s: f32, r: f32| Vec2::from_angle((k as f32 + s) * step) * radius * r;
        let shape: Terrain = if rng.chance(0.5) {
            QuadBezier::new(a, at(0.5, r[0]), b).into()
        } else {
            CubicBezier::new(a, at(0.33, r[0]), at(0.67, r[1]), b).into()
        };
        pieces.push(TerrainPiece::solid(shape));
    }
    pieces
}

/// The winding number of the closed chain `pieces` (sampled densely by
/// kurbo) about `p`: 0 outside.
fn winding(pieces: &[TerrainPiece], p: Vec2) -> i32 {
    let mut turn = 0.0f64;
    let p = p.as_dvec2();
    for piece in pieces {
        let mut prev = common::eval(&piece.shape, 0.0) - p;
        for k in 1..=256 {
            let q = common::eval(&piece.shape, k as f64 / 256.0) - p;
            turn += prev.perp_dot(q).atan2(prev.dot(q));
            prev = q;
        }
    }
    (turn / std::f64::consts::TAU).round() as i32
}

/// `shape` shrunk by `by` px on every side (none left: a point).
fn shrunk(shape: &ActorShape, by: f32) -> ActorShape {
    match *shape {
        ActorShape::Circle { radius } => ActorShape::Circle {
            radius: (radius - by).max(0.0),
        },
        ActorShape::Rect { half_extents } => ActorShape::Rect {
            half_extents: (half_extents - Vec2::splat(by)).max(Vec2::ZERO),
        },
    }
}

/// Turning and swinging curves: closed blobs of 3–6 quadratics and cubics,
/// 20–200 px across, turning about a pivot up to their size off centre at
/// up to 3 turns a second, or swinging through up to ±180° with the same
/// top rate, among balls and boxes 2–64 px across thrown at 10–5 000 px/s
/// from outside towards them, under gravity 0–3 000 px/s², anywhere within ±15 000 px:
/// after every step no body's centre is inside a blob (winding number by
/// dense sampling) and no body overlaps a blob by more than the skin
/// (kurbo). Bodies do not meet each other here (layers): only the curve
/// pushes them.
#[test]
fn turning_curves_never_let_a_body_through() {
    let mut rng = Rng::new(0x5EED_7075);
    let cases = 500;
    let per_case = 20;
    let (mut thrown, mut close, mut pushed_steps, mut worst) = (0usize, 0usize, 0usize, 0.0f32);
    let (mut fastest, mut moved_by_blob, mut bodies_met) = (0.0f32, 0usize, 0usize);
    for case in 0..cases {
        let radius = rng.range(10.0, 100.0) as f32;
        let local = blob(&mut rng, radius);
        let centre =
            common::far_point(&mut rng).clamp(Vec2::splat(-15_000.0), Vec2::splat(15_000.0));
        let pivot_off =
            Vec2::new(rng.range(-1.0, 1.0) as f32, rng.range(-1.0, 1.0) as f32) * radius;
        let pieces: Vec<TerrainPiece> = local.iter().map(|p| shifted_piece(p, centre)).collect();
        let pivot = centre + pivot_off;
        let mut set = TerrainSet::with_movers(vec![], vec![Mover::around(pivot, pieces)]).unwrap();
        let top = std::f64::consts::TAU * 3.0 * rng.range(0.05, 1.0);
        let swing = rng.chance(0.5);
        let (amp, sign) = (
            rng.range(0.1, std::f64::consts::PI),
            if rng.chance(0.5) { 1.0 } else { -1.0 },
        );
        let angle = |t: f64| {
            if swing {
                // A sin(ω t): top rate A ω.
                amp * (top / amp * t).sin()
            } else {
                sign * top * t
            }
        };
        let gravity = Vec2::new(0.0, -rng.range(0.0, 3000.0) as f32);
        let mut bodies = Vec::new();
        while bodies.len() < per_case {
            let size = rng.log_range(1.0, 32.0) as f32;
            let shape = common::circle_or_rect(&mut rng, size);
            let at = centre
                + Vec2::from_angle(rng.range(0.0, 6.3) as f32)
                    * rng.range(0.0, 2.5 * radius as f64 + 40.0) as f32;
            let here: Vec<TerrainPiece> = (0..set.len()).map(|p| *set.piece(p)).collect();
            if winding(&here, at) != 0 || here.iter().any(|p| touches(&p.shape, &shape, at)) {
                continue;
            }
            let speed = rng.log_range(10.0, 5000.0) as f32;
            // Aimed at the blob, give or take a radian.
            let aim = Vec2::from_angle(rng.range(-1.0, 1.0) as f32)
                .rotate((centre - at).normalize_or(Vec2::X));
            let mut b = Body::new(shape, at, aim * speed, rng.range(0.0, 1.0) as f32);
            b.layers = Layers::NONE;
            b.friction = rng.range(0.0, 1.0) as f32;
            bodies.push(b);
        }
        thrown += bodies.len();
        let mut world = WorldScratch::default();
        let mut met = vec![false; bodies.len()];
        for k in 1..=40 {
            let pose = Pose::new(pivot, angle(k as f64 * DT as f64) as f32);
            let before: Vec<Vec2> = bodies.iter().map(|b| b.position).collect();
            move_movers(&mut set, &[pose], &mut bodies, &mut world, gravity, DT).unwrap();
            for (i, b) in bodies.iter().enumerate() {
                if b.position != before[i] {
                    moved_by_blob += 1;
                    met[i] = true;
                }
            }
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
            let here: Vec<TerrainPiece> = (0..set.len()).map(|p| *set.piece(p)).collect();
            for (i, b) in bodies.iter().enumerate() {
                fastest = fastest.max(b.velocity.length());
                assert_eq!(
                    winding(&here, b.position),
                    0,
                    "case {case} step {k} body {i}: inside the blob: {b:?}"
                );
                let deep = shrunk(&b.shape, SKIN);
                for (p, piece) in here.iter().enumerate() {
                    assert!(
                        !touches(&piece.shape, &deep, b.position),
                        "case {case} step {k} body {i}: overlaps piece {p} beyond the skin: {b:?}"
                    );
                }
                let near = here
                    .iter()
                    .map(|p| {
                        common::nearest(&p.shape, b.position).1 as f32
                            - common::extent_along(&b.shape, Vec2::Y)
                                .min(common::extent_along(&b.shape, Vec2::X))
                    })
                    .fold(f32::INFINITY, f32::min);
                if near < 1.0 {
                    close += 1;
                    worst = worst.min(near);
                }
                if world.reports()[i]
                    .contacts
                    .iter()
                    .any(|c| c.piece().is_some())
                {
                    pushed_steps += 1;
                    met[i] = true;
                }
            }
            assert!(
                world.crushes().is_empty(),
                "case {case}: a crush with nothing to crush against"
            );
        }
        bodies_met += met.iter().filter(|&&m| m).count();
    }
    println!(
        "turning curves: {cases} blobs, {thrown} bodies, {bodies_met} met a blob; {moved_by_blob} body-steps \
         pushed or carried by one, {pushed_steps} touching one, {close} within 1 px; fastest {fastest:.0} px/s, \
         closest centre-to-curve minus half-size {worst:.4} px"
    );
    assert_eq!(thrown, cases * per_case);
    assert!(
        bodies_met > 3_500 && moved_by_blob > 5_000,
        "{bodies_met} met, {moved_by_blob} pushed"
    );
}

/// Crushes: a body resting on a tile floor is pressed by a mover (a block
/// of tiles or a curve, `k` of the cases) coming down on it, sideways into
/// a wall, or sideways into another mover coming the other way, at
/// 20–1 500 px/s, stopping either past where the body could be (crushed:
/// exactly one crush message names it and the mover) or a little short of
/// it (0.1–5 px: no crush, the body pushed but whole). Circles and boxes
/// 2–64 px across. Where the mover stops when blocked (a third of the
/// would-be crushes) there is no crush and it reports being blocked. A
/// crushed body is taken away (as the game respawns it)
/// and no body is ever inside the terrain beyond the skin (kurbo).
#[test]
fn movers_crush_what_they_trap_once_and_never_leave_it_inside() {
    let mut rng = Rng::new(0x5EED_C2A5);
    let cases = 600;
    let (mut crushed, mut spared, mut pushed, mut stopped) = (0usize, 0usize, 0usize, 0usize);
    let mut by_way = [0usize; 3];
    for case in 0..cases {
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let half = shape.aabb(Vec2::ZERO).max;
        let floor = TerrainPiece {
            solid_behind: true,
            ..TerrainPiece::solid(Segment::new(Vec2::new(400.0, 0.0), Vec2::new(-400.0, 0.0)))
        };
        let floor = TerrainPiece {
            shape: Segment::new(Vec2::new(-400.0, 0.0), Vec2::new(400.0, 0.0)).into(),
            ..floor
        };
        let wall = TerrainPiece::solid(Segment::new(
            Vec2::new(-100.0, 0.0),
            Vec2::new(-100.0, 400.0),
        ));
        let way = rng.below(3);
        let crush = rng.chance(0.6);
        let speed = rng.log_range(20.0, 1500.0) as f32;
        // The mover's face: a flat segment or a curve bulging towards the
        // body (its nearest point on the line of approach).
        let face = |rng: &mut Rng, along: Vec2, across: Vec2| -> Terrain {
            let w = rng.range(20.0, 80.0) as f32 + 2.0 * half.max_element();
            if rng.chance(0.5) {
                Segment::new(-across * w, across * w).into()
            } else {
                let bulge = rng.range(1.0, 20.0) as f32;
                QuadBezier::new(
                    -across * w - along * bulge,
                    along * bulge,
                    across * w - along * bulge,
                )
                .into()
            }
        };
        let start_x = -100.0 + half.x + SKIN + rng.range(0.0, 60.0) as f32;
        let at = Vec2::new(start_x, half.y + 0.05);
        let gap = rng.range(0.1, 5.0) as f32;
        // Each mover: its face about its pivot, where it starts, where it stops.
        let mut movers = Vec::new();
        let mut ends = Vec::new();
        let statics = match way {
            0 => {
                // Down onto the body.
                let f = face(&mut rng, Vec2::NEG_Y, Vec2::X);
                let top = at.y + half.y;
                let stop = if crush {
                    rng.range(0.2, 0.9) as f32 * 2.0 * half.y
                } else {
                    2.0 * half.y + gap + 0.05
                };
                let start = top + rng.range(5.0, 200.0) as f32;
                movers.push(Mover {
                    pieces: vec![TerrainPiece::solid(f)],
                    pose: Pose::new(Vec2::new(at.x, start), 0.0),
                    stops_when_blocked: false,
                    turns_riders: false,
                });
                ends.push(Vec2::new(at.x, stop));
                vec![floor]
            }
            1 => {
                // Sideways into the wall.
                let f = face(&mut rng, Vec2::NEG_X, Vec2::Y);
                let stop = if crush {
                    -100.0 + rng.range(0.2, 0.9) as f32 * 2.0 * half.x
                } else {
                    -100.0 + 2.0 * half.x + gap
                };
                let start = at.x + half.x + rng.range(5.0, 200.0) as f32;
                movers.push(Mover {
                    pieces: vec![TerrainPiece::solid(f)],
                    pose: Pose::new(Vec2::new(start, at.y), 0.0),
                    stops_when_blocked: false,
                    turns_riders: false,
                });
                ends.push(Vec2::new(stop, at.y));
                vec![floor, wall]
            }
            _ => {
                // Two movers closing on it from both sides, meeting where
                // it is (the left one arrives first).
                let left = face(&mut rng, Vec2::X, Vec2::Y);
                let right = face(&mut rng, Vec2::NEG_X, Vec2::Y);
                let meet = at.x;
                let room = if crush {
                    rng.range(0.2, 0.9) as f32 * 2.0 * half.x
                } else {
                    2.0 * half.x + gap
                };
                let lx = meet - half.x - rng.range(2.0, 100.0) as f32;
                let rx = meet + half.x + rng.range(60.0, 200.0) as f32;
                movers.push(Mover {
                    pieces: vec![TerrainPiece::solid(left)],
                    pose: Pose::new(Vec2::new(lx, at.y), 0.0),
                    stops_when_blocked: false,
                    turns_riders: false,
                });
                movers.push(Mover {
                    pieces: vec![TerrainPiece::solid(right)],
                    pose: Pose::new(Vec2::new(rx, at.y), 0.0),
                    stops_when_blocked: false,
                    turns_riders: false,
                });
                ends.push(Vec2::new(meet - half.x + 0.5 * (2.0 * half.x - room), at.y));
                ends.push(Vec2::new(meet + half.x - 0.5 * (2.0 * half.x - room), at.y));
                // Left face ends at meet - half + (2half - room)/2, right at
                // meet + half - (2half - room)/2: room between them.
                vec![floor]
            }
        };
        // Some movers that would crush stop short instead.
        let stops = crush && rng.chance(0.35);
        for m in &mut movers {
            m.stops_when_blocked = stops;
        }
        let starts: Vec<Vec2> = movers.iter().map(|m| m.pose.translation).collect();
        let mut set = TerrainSet::with_movers(statics, movers).unwrap();
        let mut bodies = vec![body(shape, at, rng.range(0.0, 1.0) as f32)];
        let gravity = Vec2::new(0.0, -900.0);
        let mut world = WorldScratch::default();
        let mut messages = 0;
        let mut gone = false;
        let mut moved = false;
        let mut blocked = false;
        // Until every mover has reached its end, and a second more.
        let way_long = starts
            .iter()
            .zip(&ends)
            .map(|(s, e)| s.distance(*e))
            .fold(0.0, f32::max);
        let steps = (way_long / (speed * DT)) as usize + 60;
        for k in 1..=steps {
            let poses: Vec<Pose> = starts
                .iter()
                .zip(&ends)
                .map(|(&s, &e)| {
                    let d = e - s;
                    let along = (speed * k as f32 * DT).min(d.length());
                    Pose::new(s + d.normalize_or_zero() * along, 0.0)
                })
                .collect();
            let before = bodies[0].position;
            move_movers(&mut set, &poses, &mut bodies, &mut world, gravity, DT).unwrap();
            moved |= !gone && bodies[0].position != before;
            blocked |= !world.blocked().is_empty();
            for c in world.crushes() {
                assert_eq!(c.body, 0, "case {case}");
                assert!(
                    !gone,
                    "case {case} step {k}: crushed again after it was taken away"
                );
                messages += 1;
                // Taken away, as the game respawns it: far off, out of play.
                bodies[0].position = Vec2::new(5000.0, 5000.0);
                bodies[0].velocity = Vec2::ZERO;
                bodies[0].gravity_scale = 0.0;
                gone = true;
            }
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
            let b = &bodies[0];
            let deep = shrunk(&b.shape, SKIN);
            for p in 0..set.len() {
                assert!(
                    !touches(&set.piece(p).shape, &deep, b.position),
                    "case {case} step {k} (way {way}, crush {crush}): inside piece {p} {:?}: {b:?}",
                    set.piece(p).shape
                );
            }
        }
        if stops {
            assert_eq!(
                messages, 0,
                "case {case} (way {way}): crushed by a mover that stops when blocked"
            );
            assert!(blocked, "case {case} (way {way}): never blocked");
            stopped += 1;
        } else if crush {
            assert!(!blocked, "case {case}: blocked, though it crushes");
            assert_eq!(
                messages,
                1,
                "case {case} (way {way}): {messages} crush messages; body {:?} at {} (started {at}), speed {speed}, movers {:?}",
                bodies[0].shape,
                bodies[0].position,
                (0..set.len())
                    .map(|p| set.piece(p).shape)
                    .collect::<Vec<_>>()
            );
            crushed += 1;
        } else {
            assert!(!blocked, "case {case}: blocked with room to spare");
            assert_eq!(
                messages, 0,
                "case {case} (way {way}): crushed with {gap} px to spare"
            );
            spared += 1;
        }
        pushed += moved as usize;
        by_way[way] += 1;
    }
    println!(
        "crushes: {cases} cases (down/wall/two movers {by_way:?}): {crushed} crushed once each, \
         {stopped} stopped short by movers that stop when blocked, {spared} spared, {pushed} bodies moved by a mover"
    );
    assert!(crushed > 200 && stopped > 100 && spared > 200 && pushed > 250);
}

/// Leaving a mover: a jump of 100–1 500 px/s from a lift rising at 20–1 500
/// px/s peaks `(j + v)² / 2g` above where it left (the body takes the
/// lift's speed: the lift boost), within 1 px; a jump straight up from a
/// platform sliding at 20–1 500 px/s keeps the platform's speed
/// sideways (measured from its positions in flight, to 0.1 px/s) and
/// peaks `j² / 2g` up.
#[test]
fn a_body_leaving_a_mover_keeps_its_velocity() {
    let mut rng = Rng::new(0x5EED_1EAF);
    let cases = 200;
    let (mut worst_apex, mut worst_speed) = (0.0f32, 0.0f32);
    for case in 0..cases {
        let sideways = case % 2 == 1;
        let v = rng.log_range(20.0, 1500.0) as f32;
        let j = rng.range(100.0, 1500.0) as f32;
        let g = rng.range(300.0, 3000.0) as f32;
        let gravity = Vec2::new(0.0, -g);
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let half = shape.aabb(Vec2::ZERO).max;
        let top = TerrainPiece::solid(Segment::new(Vec2::new(-200.0, 0.0), Vec2::new(200.0, 0.0)));
        let mut set =
            TerrainSet::with_movers(vec![], vec![Mover::around(Vec2::ZERO, vec![top])]).unwrap();
        let dir = if sideways { Vec2::X } else { Vec2::Y };
        let mut bodies = vec![body(shape, Vec2::new(0.0, half.y + 0.05), 0.0)];
        let mut world = WorldScratch::default();
        let ride = 10 + rng.below(20);
        let mut launch = Vec2::ZERO;
        let mut apex = f32::NEG_INFINITY;
        let mut flight = Vec::new();
        // Long enough to pass the apex; a lift stops after the jump (it
        // would catch a body slower than itself before its apex).
        let steps = ride + ((j + v) / g / DT) as usize + 30;
        for k in 1..=steps {
            let pose = Pose::new(
                dir * v * k.min(if sideways { steps } else { ride }) as f32 * DT,
                0.0,
            );
            if k == ride {
                assert!(
                    world.reports()[0].grounded,
                    "case {case}: not on the mover at the jump"
                );
                launch = bodies[0].position;
                bodies[0].velocity.y = j;
            }
            move_movers(&mut set, &[pose], &mut bodies, &mut world, gravity, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
            if k >= ride && world.reports()[0].contacts.is_empty() {
                apex = apex.max(bodies[0].position.y);
                flight.push(bodies[0].position);
            } else if !flight.is_empty() {
                break; // landed: the first flight is the one measured
            }
        }
        let rise = if sideways { j } else { j + v };
        let want = rise * rise / (2.0 * g);
        let err = (apex - launch.y - want).abs();
        worst_apex = worst_apex.max(err);
        assert!(
            err <= 1.0,
            "case {case}: peaked {} above the launch, closed form {want}",
            apex - launch.y
        );
        if sideways {
            assert!(
                flight.len() >= 3,
                "case {case}: {} flight steps",
                flight.len()
            );
            for w in flight.windows(2) {
                let vx = (w[1].x - w[0].x) / DT;
                worst_speed = worst_speed.max((vx - v).abs());
                assert!(
                    (vx - v).abs() <= 0.1,
                    "case {case}: {vx} px/s sideways in flight, the platform {v}"
                );
            }
        }
    }
    println!(
        "leaving movers: {cases} jumps (half from lifts, half from sliders), worst apex error {worst_apex:.4} px, \
         worst sideways speed error {worst_speed:.4} px/s"
    );
}

/// Stacks ride: columns of 2–4 crates 8–48 px (or crates with a ball on
/// top), friction 0.5–1, on a lift or a slider moving ping-pong at 20–600
/// px/s for 20 s: every body keeps its place on the mover to 0.05 px, and
/// each is grounded every step (standing on the one below).
#[test]
fn stacks_ride_movers() {
    let mut rng = Rng::new(0x5EED_57AC);
    let cases = 60;
    let (mut worst, mut bodies_checked) = (0.0f64, 0usize);
    for case in 0..cases {
        let top = TerrainPiece::solid(Segment::new(Vec2::new(-150.0, 0.0), Vec2::new(150.0, 0.0)));
        let origin = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let mut set = TerrainSet::with_movers(
            vec![],
            vec![Mover::around(origin, vec![shifted_piece(&top, origin)])],
        )
        .unwrap();
        let count = 2 + rng.below(3);
        let mut bodies = Vec::new();
        let mut y = origin.y;
        for k in 0..count {
            let half = rng.range(4.0, 24.0) as f32;
            let ball = k == count - 1 && rng.chance(0.3);
            let shape = if ball {
                ActorShape::Circle { radius: half }
            } else {
                ActorShape::Rect {
                    half_extents: Vec2::splat(half),
                }
            };
            bodies.push(body(
                shape,
                Vec2::new(origin.x, y + half + 0.05),
                rng.range(0.5, 1.0) as f32,
            ));
            y += 2.0 * half + 0.1;
        }
        let dir = if case % 2 == 0 { Vec2::Y } else { Vec2::X };
        let speed = rng.log_range(20.0, 600.0);
        let amplitude = rng.range(50.0, 400.0);
        let gravity = Vec2::new(0.0, -900.0);
        let mut world = WorldScratch::default();
        let still = [Pose::new(origin, 0.0)];
        for _ in 0..120 {
            move_movers(&mut set, &still, &mut bodies, &mut world, gravity, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
        }
        let places: Vec<DVec2> = bodies
            .iter()
            .map(|b| b.position.as_dvec2() - origin.as_dvec2())
            .collect();
        for k in 1..=1200 {
            let s = ping_pong(k as f64 * DT as f64, speed, amplitude);
            let pose = Pose::new((origin.as_dvec2() + dir.as_dvec2() * s).as_vec2(), 0.0);
            move_movers(&mut set, &[pose], &mut bodies, &mut world, gravity, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
            for (i, b) in bodies.iter().enumerate() {
                let off =
                    (b.position.as_dvec2() - pose.translation.as_dvec2() - places[i]).length();
                worst = worst.max(off);
                assert!(
                    world.reports()[i].grounded,
                    "case {case} step {k} body {i}: not grounded: {b:?}"
                );
                assert!(
                    off <= 0.05,
                    "case {case} step {k} body {i}: {off} px off its place ({dir}, {speed} px/s)"
                );
            }
        }
        bodies_checked += bodies.len();
    }
    println!(
        "stacks on movers: {cases} stacks, {bodies_checked} bodies, 20 s each, worst drift {worst:.5} px"
    );
    assert!(bodies_checked >= 2 * cases);
}

/// One-way movers: a one-way platform (a segment or a flat cubic, drawn left
/// to right: it holds from above) coming down at 20–1 500 px/s onto a body
/// resting on a fixed floor passes through it (the body does not move), and
/// going back up picks it up from below its feet and carries it to the top,
/// where it stands on the platform. Circles and boxes 2–64 px across.
#[test]
fn one_way_movers_carry_from_above_and_let_bodies_through_from_below() {
    let mut rng = Rng::new(0x5EED_0E1A);
    let cases = 200;
    let (mut passed, mut carried) = (0usize, 0usize);
    for case in 0..cases {
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let half = shape.aabb(Vec2::ZERO).max;
        let w = 2.0 * half.x + rng.range(20.0, 200.0) as f32;
        let face: Terrain = if rng.chance(0.5) {
            Segment::new(Vec2::new(-w, 0.0), Vec2::new(w, 0.0)).into()
        } else {
            let (a, b) = (rng.range(-0.9, 0.0) as f32, rng.range(0.0, 0.9) as f32);
            CubicBezier::new(
                Vec2::new(-w, 0.0),
                Vec2::new(a * w, 0.0),
                Vec2::new(b * w, 0.0),
                Vec2::new(w, 0.0),
            )
            .into()
        };
        let platform = TerrainPiece {
            one_way: true,
            ..TerrainPiece::solid(face)
        };
        let floor =
            TerrainPiece::solid(Segment::new(Vec2::new(-500.0, 0.0), Vec2::new(500.0, 0.0)));
        let speed = rng.log_range(20.0, 1500.0) as f32;
        let gravity = Vec2::new(0.0, -900.0);
        // The platform goes from under the floor's body to 3 body-heights
        // above it and back, through the body sitting on the floor.
        let low = -10.0;
        let high = 6.0 * half.y + 20.0;
        let mut set = TerrainSet::with_movers(
            vec![floor],
            vec![Mover {
                pieces: vec![platform],
                pose: Pose::new(Vec2::new(0.0, low), 0.0),
                stops_when_blocked: false,
                turns_riders: false,
            }],
        )
        .unwrap();
        let sitter = body(shape, Vec2::new(0.0, half.y + 0.05), 0.5);
        let mut bodies = vec![sitter];
        let mut world = WorldScratch::default();
        set.set_mover_pose(0, Pose::new(Vec2::new(0.0, high), 0.0))
            .unwrap();
        for _ in 0..30 {
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
        }
        let rest = bodies[0].position;
        let travel = high - low;
        let steps = (travel / (speed * DT)).ceil() as usize;
        let mut picked = None;
        for k in 1..=2 * steps + 30 {
            let s = if k <= steps {
                k as f32 / steps as f32
            } else {
                (2 * steps).saturating_sub(k) as f32 / steps as f32
            };
            let y = high - travel * s;
            move_movers(
                &mut set,
                &[Pose::new(Vec2::new(0.0, y), 0.0)],
                &mut bodies,
                &mut world,
                gravity,
                DT,
            )
            .unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
            let b = &bodies[0];
            if k <= steps {
                let d = b.position.distance(rest);
                assert!(
                    d < 1e-3,
                    "case {case} step {k}: the one-way mover coming down moved the body {d} px"
                );
            } else if picked.is_none() && b.position.y > rest.y + 1e-3 {
                picked = Some(k);
            }
        }
        assert!(
            picked.is_some(),
            "case {case}: the one-way mover going up did not pick the body up"
        );
        passed += 1;
        let b = &bodies[0];
        let on_top = b.position.y - high - half.y;
        assert!(
            world.reports()[0].grounded
                && (0.0..0.2).contains(&on_top)
                && (b.position.x - rest.x).abs() < 1e-3,
            "case {case}: not standing on the one-way mover at the top ({on_top} px above it): {b:?}"
        );
        carried += 1;
    }
    println!(
        "one-way movers: {passed} came down through a body, {carried} picked it up going back up and carried it to the top"
    );
    assert_eq!((passed, carried), (cases, cases));
}

/// Bodies of no size are pushed too: a point, and boxes of no width or no
/// height, at rest with no gravity in the way of a wall (a segment mover)
/// sliding through at 20–1 500 px/s from 0.5–50 px off, end on the wall's
/// far side, ahead of it, never behind.
#[test]
fn movers_push_bodies_of_no_size() {
    let mut rng = Rng::new(0x5EED_0512);
    let cases = 300;
    let mut pushed = 0;
    for case in 0..cases {
        let shape = match case % 3 {
            0 => ActorShape::Circle { radius: 0.0 },
            1 => ActorShape::Rect {
                half_extents: Vec2::new(0.0, rng.range(0.0, 8.0) as f32),
            },
            _ => ActorShape::Rect {
                half_extents: Vec2::new(rng.range(0.0, 8.0) as f32, 0.0),
            },
        };
        let wall = TerrainPiece::solid(Segment::new(Vec2::new(0.0, -50.0), Vec2::new(0.0, 50.0)));
        let mut set =
            TerrainSet::with_movers(vec![], vec![Mover::around(Vec2::ZERO, vec![wall])]).unwrap();
        let gap = rng.range(0.5, 50.0) as f32;
        let at = Vec2::new(
            gap + shape.aabb(Vec2::ZERO).max.x,
            rng.range(-20.0, 20.0) as f32,
        );
        let mut bodies = vec![body(shape, at, 0.0)];
        let speed = rng.log_range(20.0, 1500.0) as f32;
        let mut world = WorldScratch::default();
        let steps = ((gap + 40.0) / (speed * DT)).ceil() as usize;
        for k in 1..=steps {
            let x = speed * k as f32 * DT;
            move_movers(
                &mut set,
                &[Pose::new(Vec2::new(x, 0.0), 0.0)],
                &mut bodies,
                &mut world,
                Vec2::ZERO,
                DT,
            )
            .unwrap();
            step_bodies(&set, &mut bodies, &mut world, Vec2::ZERO, DT);
            let left = bodies[0].position.x - bodies[0].shape.aabb(Vec2::ZERO).max.x;
            assert!(
                left >= x,
                "case {case} step {k}: {shape:?} {} px behind the wall at {x}",
                x - left
            );
        }
        pushed += 1;
    }
    println!("bodies of no size: {pushed} pushed along by a wall, none left behind it");
    assert_eq!(pushed, cases);
}

/// A mover made with `turns_riders` turns its riders' own velocities by
/// its turn; one made without leaves them as they were. Random platforms
/// (tiles, a flat cubic, a bowl) with a circle or box 2–64 px across at
/// rest on them, given a velocity of 0–1 000 px/s in any direction, then
/// turned about a pivot up to 200 px off by up to 3 turns/s for a step,
/// within ±15 000 px. Oracle: the velocity turned in `f64`.
#[test]
fn movers_that_turn_their_riders_turn_their_velocities() {
    let mut rng = Rng::new(0x5EED_7221);
    let cases = 600;
    let (mut turned, mut kept, mut worst) = (0, 0, 0.0f64);
    for case in 0..cases {
        let size = rng.log_range(1.0, 32.0) as f32;
        let shape = common::circle_or_rect(&mut rng, size);
        let (pieces, rest_at, _) = platform(&mut rng, case % 3, &shape);
        let origin = Vec2::new(
            rng.range(-15_000.0, 15_000.0) as f32,
            rng.range(-15_000.0, 15_000.0) as f32,
        );
        let pieces: Vec<TerrainPiece> = pieces.iter().map(|p| shifted_piece(p, origin)).collect();
        let pivot = origin
            + rest_at
            + Vec2::new(
                rng.range(-200.0, 200.0) as f32,
                rng.range(-200.0, 200.0) as f32,
            );
        let turns = case % 2 == 0;
        let mut mover = Mover::around(pivot, pieces);
        if turns {
            mover = mover.turns_riders();
        }
        let mut set = TerrainSet::with_movers(vec![], vec![mover]).unwrap();
        let gravity = Vec2::new(0.0, -rng.range(300.0, 3000.0) as f32);
        let half_h = shape.aabb(Vec2::ZERO).max.y;
        let mut bodies = vec![body(
            shape,
            origin + rest_at + Vec2::new(0.0, half_h + 0.5),
            0.5,
        )];
        let mut world = WorldScratch::default();
        let still = [Pose::new(pivot, 0.0)];
        for _ in 0..90 {
            move_movers(&mut set, &still, &mut bodies, &mut world, gravity, DT).unwrap();
            step_bodies(&set, &mut bodies, &mut world, gravity, DT);
        }
        assert!(world.reports()[0].grounded, "case {case}: did not settle");
        let v = Vec2::from_angle(rng.range(0.0, std::f64::consts::TAU) as f32)
            * rng.range(0.0, 1000.0) as f32;
        bodies[0].velocity = v;
        let turn = rng.range(-1.0, 1.0) as f32 * 3.0 * std::f32::consts::TAU * DT;
        move_movers(
            &mut set,
            &[Pose::new(pivot, turn)],
            &mut bodies,
            &mut world,
            gravity,
            DT,
        )
        .unwrap();
        let got = bodies[0].velocity.as_dvec2();
        let want = if turns {
            let (s, c) = (turn as f64).sin_cos();
            let v = v.as_dvec2();
            DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
        } else {
            v.as_dvec2()
        };
        let off = (got - want).length();
        worst = worst.max(off);
        assert!(
            off <= 1e-3,
            "case {case} (turns {turns}): velocity {got} for {want}, turned {turn}"
        );
        if turns && turn.abs() > 1e-3 && v.length() > 1.0 {
            turned += 1;
        } else if !turns {
            kept += 1;
        }
    }
    println!(
        "turning riders: {cases} cases, {turned} velocities turned by their mover, {kept} kept, worst {worst:.2e} px/s off the rotation"
    );
    assert!(turned >= 250 && kept >= 300, "{turned} {kept}");
}
