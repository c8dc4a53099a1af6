//! Rolling (`player::roll`): down at speed curls the player into a ball
//! that slows by its friction alone and uncurls when let go; a ball rolls
//! under a curve too low to stand under and stays curled there; a
//! frictionless ball runs a loop at the speed the closed form says; ball
//! and crate actors go into a loop and not through it; a rolling ball
//! bounces along a curve's normal, crosses joints at speed without a hop,
//! and (as any surface runner) meets crates and balls in its way.

use bevy::prelude::*;
use tangent::collision::{Actor, ActorShape};
use tangent::player::{Player, PlayerInput};
use tangent::sim::headless::headless_app;

use crate::common::{Rng, hold, player, player_actor, write_level};
use crate::surface_run::{
    RIGHT, controller, judge_loop_runs, loop_ron, room, room_tuned, set_velocity,
};

fn shape(app: &mut App) -> ActorShape {
    player_actor(app).shape
}

const DOWN: PlayerInput = PlayerInput {
    left: false,
    right: false,
    jump: false,
    down: true,
    ..PlayerInput::NONE
};

#[test]
fn down_at_speed_curls_into_a_ball_that_slows_by_its_friction_alone() {
    let path = write_level("rolling", "flat", &room(12, "", Vec2::new(100.0, 46.02)));
    let mut app = headless_app(&path, None).unwrap();
    // Down while standing still is no roll (it drops through one-ways).
    hold(&mut app, DOWN, 5);
    assert!(!controller(&mut app).rolling);
    hold(&mut app, RIGHT, 40);
    let (_, v, _) = player(&mut app);
    assert!((v.x - 360.0).abs() < 1e-3, "not at the top run speed: {v}");
    hold(
        &mut app,
        PlayerInput {
            down: true,
            ..RIGHT
        },
        1,
    );
    assert!(
        controller(&mut app).rolling,
        "down at 360 px/s did not curl"
    );
    assert_eq!(shape(&mut app), ActorShape::Circle { radius: 10.0 });
    // Feet kept: the floor is at y = 32; a 10 px ball, a skin off it.
    let (p, _, _) = player(&mut app);
    assert!((p.y - 42.02).abs() < 0.05, "ball centre at {}", p.y);
    // Rolling on with down held (right held too: no speed from it), it
    // slows by the friction alone, step by step: Sonic's rolling friction,
    // 0.0234375 px/frame² at 60 frames a second (REFERENCE.md), so each
    // step takes 0.0234375 × 60 px/s off the speed and 45 steps take
    // 45 × 1.40625 = 63.28125 px/s.
    let per_step = 0.0234375 * 60.0;
    let (_, v0, _) = player(&mut app);
    let mut before = v0.x;
    let mut worst = 0.0f32;
    for k in 0..45 {
        hold(
            &mut app,
            PlayerInput {
                down: true,
                ..RIGHT
            },
            1,
        );
        let (_, v, _) = player(&mut app);
        worst = worst.max((before - v.x - per_step).abs());
        assert!(
            (before - v.x - per_step).abs() < 1e-3,
            "step {k}: slowed by {} px/s, Sonic's friction says {per_step}",
            before - v.x
        );
        before = v.x;
    }
    let expected = v0.x - 45.0 * per_step;
    println!(
        "rolling: {} px/s after 45 steps, closed form {expected}, worst step off by {worst}",
        before
    );
    assert!(
        (before - expected).abs() < 0.01,
        "rolled at {before}, the closed form says {expected}"
    );
    // Let go of down on flat ground: the box again, standing on the floor.
    hold(&mut app, PlayerInput::default(), 2);
    assert!(!controller(&mut app).rolling);
    assert_eq!(
        shape(&mut app),
        ActorShape::Rect {
            half_extents: Vec2::new(10.0, 14.0)
        }
    );
    let (p, _, _) = player(&mut app);
    assert!((p.y - 46.02).abs() < 0.05, "stood up at {}", p.y);
}

#[test]
fn a_ball_rolls_under_a_curve_too_low_to_stand_under() {
    // A ceiling 24 px over the floor from x = 400 to 800: a 20 px ball
    // fits, the 28 px box does not.
    let low = "(points: [(400, 56), (600, 56), (800, 56)])";
    let path = write_level("rolling", "low", &room(12, low, Vec2::new(100.0, 46.02)));
    let mut app = headless_app(&path, None).unwrap();
    hold(&mut app, RIGHT, 40);
    // Standing, it cannot get under: it stops at the curve's end.
    let mut blocked_app = headless_app(&path, None).unwrap();
    hold(&mut blocked_app, RIGHT, 120);
    let (p, _, _) = player(&mut blocked_app);
    assert!(p.x < 400.0, "a standing player got under a 24 px gap: {p}");
    // Curled, it rolls under; letting go of down there keeps it a ball.
    hold(
        &mut app,
        PlayerInput {
            down: true,
            ..RIGHT
        },
        1,
    );
    assert!(controller(&mut app).rolling);
    let mut under_and_curled = 0;
    let mut rng = Rng::new(43);
    for _ in 0..150 {
        let keys = if rng.below(2) == 0 {
            RIGHT
        } else {
            PlayerInput {
                down: true,
                ..RIGHT
            }
        };
        hold(&mut app, keys, 1);
        let (p, _, _) = player(&mut app);
        if p.x > 420.0 && p.x < 780.0 {
            assert!(
                controller(&mut app).rolling,
                "uncurled under the curve at {p}"
            );
            assert!(p.y < 50.0, "inside the curve at {p}");
            under_and_curled += 1;
        }
        if p.x > 860.0 {
            break;
        }
    }
    assert!(
        under_and_curled >= 20,
        "never rolled under ({under_and_curled} steps)"
    );
    // Out from under it, down let go: standing again.
    hold(&mut app, RIGHT, 5);
    let (p, _, _) = player(&mut app);
    assert!(
        p.x > 800.0 && !controller(&mut app).rolling,
        "still a ball at {p}"
    );
}

#[test]
fn a_frictionless_ball_runs_the_loop_at_the_closed_forms_speed() {
    // As for the runner (`surface_run.rs`), with the ball's 10 px radius:
    // the top's path radius 169.7 − 10 = 159.7 px, the rise from the floor
    // to the top 276.7 px, cos 10° kept at the way in; and no input adds
    // speed to a ball, so the bands are tighter.
    let critical = (3600.0f32 * (159.7 + 2.0 * 276.7)).sqrt() / 10f32.to_radians().cos();
    let mut rng = Rng::new(44);
    let speeds: Vec<f32> = (0..16)
        .map(|k| critical * (0.7 + 0.6 * (k as f32 + rng.range(0.0, 1.0)) / 16.0))
        .collect();
    let (round, back, near) = judge_loop_runs(&speeds, true, critical, (1.02, 0.98));
    println!(
        "rolling loop: {round} went round and on, {back} fell back inside, {near} within 2 % of \
         the closed form's {critical:.0} px/s (not judged)"
    );
    assert!(round >= 5 && back >= 5);
}

/// One actor's run into a loop: its speed in, its size (radius or half
/// size: how far its centre stands off the floor), and what it did over
/// 5 s.
struct LoopRun {
    v: f32,
    size: f32,
    /// Went over the loop's top.
    over: bool,
    /// Came out past the way in low down without having gone over.
    through: bool,
    /// Later went back out under the last curve's tail.
    out_left: bool,
    /// Position and velocity at the end.
    end: (Vec2, Vec2),
}

impl LoopRun {
    /// Frictionless, it can be still only on the flat floor.
    fn stuck(&self) -> bool {
        let (p, vel) = self.end;
        vel.length() <= 1.0 && p.y >= 32.0 + self.size + 0.5
    }
}

/// 12 frictionless actors of `shape(size)`, `size` drawn from `sizes`,
/// rolled or slid along the floor at 600–2 400 px/s (one in each twelfth)
/// into a loop drawn by `tangent_level::format::loops` at x = 700.
fn into_a_loop(
    tag: &str,
    seed: u64,
    sizes: (f32, f32),
    shape: impl Fn(f32) -> String,
) -> Vec<LoopRun> {
    use tangent::collision::{PhysicsPosition, Velocity};
    use tangent::level::LevelActor;
    let entry = Vec2::new(700.0, 32.0);
    let curves = loop_ron(entry);
    let mut rng = Rng::new(seed);
    (0..12)
        .map(|k| {
            let v = 600.0 + 1800.0 * (k as f32 + rng.range(0.0, 1.0)) / 12.0;
            let size = rng.range(sizes.0, sizes.1);
            let actor = format!(
                "(name: \"{tag}\", shape: {}, position: (300, {}), velocity: ({v}, 0), restitution: 0)",
                shape(size),
                32.0 + size + 0.02
            );
            let text = room(24, &curves, Vec2::new(100.0, 46.02)).replace(
                "goal: (position: (1200, 64)),",
                &format!("actors: [{actor}],\n goal: (position: (1200, 64)),"),
            );
            let path = write_level("rolling", &format!("{tag}{k}"), &text);
            let mut app = headless_app(&path, None).unwrap();
            let mut run = LoopRun {
                v,
                size,
                over: false,
                through: false,
                out_left: false,
                end: (Vec2::ZERO, Vec2::ZERO),
            };
            let mut entered = false;
            for _ in 0..300 {
                app.update();
                let (p, vel) = app
                    .world_mut()
                    .query_filtered::<(&PhysicsPosition, &Velocity), With<LevelActor>>()
                    .single(app.world())
                    .map(|(p, v)| (p.0, v.0))
                    .unwrap();
                run.end = (p, vel);
                run.over |= p.y > entry.y + 200.0;
                run.through |= p.x > entry.x + 180.0 && p.y < entry.y + 100.0 && !run.over;
                entered |= p.x > entry.x;
                run.out_left |= entered && p.x < entry.x - 260.0 && p.y < entry.y + 60.0;
            }
            run
        })
        .collect()
}

/// Balls (level actors) rolled along the floor into a loop drawn by
/// `tangent_level::format::loops`: each goes round (and round again: a ball has no
/// memory of the pieces it ran) or falls back inside, and none passes
/// through the loop's way in or is left stuck in the wedge under it. (One
/// may later roll back out the way it came, under the last curve's tail.)
#[test]
fn balls_rolled_into_a_loop_go_round_or_fall_back_inside_never_through() {
    let runs = into_a_loop("balls", 45, (6.0, 16.0), |r| format!("Circle(radius: {r})"));
    for run in &runs {
        let (v, r) = (run.v, run.size);
        assert!(
            !run.through,
            "a ball at {v:.0} px/s (r {r:.1}) went through the loop"
        );
        assert!(
            !run.stuck(),
            "stuck at {} after 5 s ({v:.0} px/s in, size {r:.1})",
            run.end.0
        );
    }
    let round = runs.iter().filter(|r| r.over).count();
    let back = runs.len() - round;
    let rolled_back = runs.iter().filter(|r| r.out_left).count();
    println!(
        "balls into a loop: {round} went round, {back} fell back inside; {rolled_back} of them \
         later rolled back out the way they came (under the last curve's tail, from outside)"
    );
    assert!(round >= 3 && back >= 3);
}

/// Crates (level actors, frictionless) slid along the floor into a loop drawn by
/// `tangent_level::format::loops`, as the balls above: each goes round or falls
/// back inside, none passes through the way in, and none is left stopped
/// dead off the floor (a crate sliding down the inside of the loop's last
/// quarter to the floor used to stop a thousandth of a pixel off the
/// one-way curve: `one_way_sweep.rs` has the case swept).
#[test]
fn crates_slid_into_a_loop_go_round_or_fall_back_inside_never_through() {
    let runs = into_a_loop("crates", 48, (4.0, 16.0), |h| {
        format!("Rect(half_extents: ({h}, {h}))")
    });
    for run in &runs {
        assert!(
            !run.through,
            "a crate at {:.0} px/s (half size {:.1}) went through the loop",
            run.v, run.size
        );
        assert!(
            !run.stuck(),
            "a crate at {:.0} px/s (half size {:.1}) stopped dead at {} off the floor",
            run.v,
            run.size,
            run.end.0
        );
    }
    let round = runs.iter().filter(|r| r.over).count();
    let back = runs.len() - round;
    let slid_back = runs.iter().filter(|r| r.out_left).count();
    let stuck = runs.iter().filter(|r| r.stuck()).count();
    println!(
        "crates into a loop: {round} went round, {back} fell back inside; {slid_back} of them \
         later slid back out the way they came; {stuck} stopped dead off the floor"
    );
    assert!(round >= 3 && back >= 3);
}

/// A ball rolling into a one-way curve from below passes through it, as a
/// ball actor does; into the same curve made solid, it is stopped.
#[test]
fn a_rolling_player_passes_a_one_way_curve_from_below() {
    // A curve 16 px over the floor from x = 400 to 600: below a rolling
    // ball's top (20 px) and above its centre (10 px): met from below.
    let run = |one_way: bool| {
        let curve = format!("(points: [(400, 48), (500, 48), (600, 48)], one_way: {one_way})");
        let name = if one_way { "oneway" } else { "solid" };
        let path = write_level("rolling", name, &room(12, &curve, Vec2::new(100.0, 46.02)));
        let mut app = headless_app(&path, None).unwrap();
        hold(&mut app, RIGHT, 40);
        hold(
            &mut app,
            PlayerInput {
                down: true,
                ..RIGHT
            },
            80,
        );
        let rolling = controller(&mut app).rolling;
        (player(&mut app).0, rolling)
    };
    let (through, rolling) = run(true);
    assert!(
        rolling && through.x > 650.0,
        "stopped by a one-way curve from below at {through}"
    );
    let (stopped, _) = run(false);
    assert!(stopped.x < 400.0, "passed a solid curve at {stopped}");
}

/// Curls the player, standing in the air, into a ball where it is.
fn curl_in_the_air(app: &mut App) {
    let mut q = app
        .world_mut()
        .query_filtered::<(&mut Actor, &mut tangent::player::ControllerState), With<Player>>();
    let (mut actor, mut st) = q.single_mut(app.world_mut()).unwrap();
    st.standing = Some(actor.shape);
    st.rolling = true;
    actor.shape = ActorShape::Circle { radius: 10.0 };
}

/// A rolling ball dropped onto a curve bounces off it along the curve's
/// normal at the point it hit, by `roll_restitution`. The oracle is the
/// parabola itself: the hill `y = c − a x²` is drawn as one quadratic, the
/// point whose normal passes through the falling ball's centre is found
/// by bisection on that formula, and the reflection `v − (1 + e)(v·n)n` of
/// the speed energy gives at that height sets the horizontal speed after
/// the bounce (no air control while rolling, so it is kept in flight) and
/// the speed the ball has at any later height.
#[test]
fn a_rolling_ball_bounces_off_a_curve_along_its_normal() {
    use tangent::collision::Gravity;
    let r = 10.0f64;
    let (cx, c, w) = (640.0f64, 260.0f64, 300.0f64);
    let mut rng = Rng::new(46);
    let (mut cases, mut worst_vx, mut worst_energy) = (0, 0.0f64, 0.0f64);
    for k in 0..40 {
        let a = rng.range(2.0e-4, 2.4e-3) as f64;
        let x_off = rng.range(-0.8, 0.8) as f64 * w; // up to 49° steep
        let e = rng.range(0.2, 1.0) as f64;
        let drop = rng.range(40.0, 300.0) as f64;
        // The hill as one quadratic: ends at ±w, the middle control point
        // at twice the apex's height over the ends' line.
        let curve = format!(
            "(points: [({}, {}), ({cx}, {}), ({}, {})], restitution: 1)",
            cx - w,
            c - a * w * w,
            c + a * w * w,
            cx + w,
            c - a * w * w
        );
        // Where the ball meets it: x_c = x_p + r n_x, n = (2 a x_p, 1)/|..|.
        let normal = |x: f64| {
            let n = (2.0 * a * x, 1.0);
            let l = (n.0 * n.0 + n.1 * n.1).sqrt();
            (n.0 / l, n.1 / l)
        };
        let (mut lo, mut hi) = (-w, w);
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if mid + r * normal(mid).0 < x_off {
                lo = mid
            } else {
                hi = mid
            }
        }
        let n = normal(lo);
        let y_hit = c - a * lo * lo + r * n.1;
        let start = Vec2::new((cx + x_off) as f32, (y_hit + drop) as f32);
        let text = room_tuned(
            24,
            &curve,
            start,
            &format!("max_fall: 5000, roll_restitution: {e}"),
        );
        let path = write_level("rolling", &format!("bounce{k}"), &text);
        let mut app = headless_app(&path, None).unwrap();
        app.update();
        curl_in_the_air(&mut app);
        let g = -app.world().resource::<Gravity>().0.y as f64;
        let v = (2.0 * g * drop).sqrt();
        // v_in = (0, −v): v_out = v_in + (1 + e) v n_y n.
        let out = ((1.0 + e) * v * n.1 * n.0, -v + (1.0 + e) * v * n.1 * n.1);
        let mut judged = false;
        for _ in 0..200 {
            app.update();
            let (p, vel, _) = player(&mut app);
            // It fell straight down: the first step with a sideways speed,
            // or rising, is the bounce's.
            if vel.x.abs() > 1e-3 || vel.y > 0.0 {
                let vx_err = (vel.x as f64 - out.0).abs() / v;
                let speed2 = out.0 * out.0 + out.1 * out.1 - 2.0 * g * (p.y as f64 - y_hit);
                let energy_err = ((vel.length_squared() as f64) - speed2).abs()
                    / (out.0 * out.0 + out.1 * out.1);
                worst_vx = worst_vx.max(vx_err);
                worst_energy = worst_energy.max(energy_err);
                assert!(
                    vx_err < 0.01 && energy_err < 0.01,
                    "case {k}: a = {a:.5}, x {x_off:.1}, e {e:.2}, drop {drop:.0}: bounced at {vel} \
                     from {p}, the normal at the hit says vx {:.1} ({vx_err:.4} of the impact \
                     speed), energy off by {energy_err:.4}",
                    out.0
                );
                assert!(controller(&mut app).rolling && controller(&mut app).surface.is_none());
                judged = true;
                break;
            }
        }
        assert!(judged, "case {k}: never bounced (e {e:.2}, drop {drop:.0})");
        cases += 1;
    }
    println!(
        "rolling bounce: {cases} drops onto parabolas, worst horizontal speed off by {:.4} % of the \
         impact speed, worst energy off by {:.4} %",
        100.0 * worst_vx,
        100.0 * worst_energy
    );
    assert_eq!(cases, 40);
}

/// The gap between a circle at `c` (radius `r`) and an actor `shape` at
/// `at`: the circle's distance to the box (or disc) less its radius.
fn gap_to(c: Vec2, r: f32, shape: ActorShape, at: Vec2) -> f32 {
    match shape {
        ActorShape::Circle { radius } => c.distance(at) - r - radius,
        ActorShape::Rect { half_extents: h } => {
            let q = (c - at).abs() - h;
            q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - r
        }
    }
}

/// A player running a surface (a rolling ball, or a runner faster than the
/// top run speed) meets crates and balls in its way: it never passes into
/// one, and the two trade the impulse of a collision along the line of
/// centres. Oracle: the closed form of an impact of masses `m_p`, `m_c`
/// with restitution `e` (the product of the two) along the normal `n` from
/// the body's nearest point to the runner's centre: the body leaves at
/// `(1 + e)(v·n) m_p / (m_p + m_c) n` and the runner keeps the part along
/// the floor of `v − (1 + e)(v·n) m_c / (m_p + m_c) n`; the gap checked
/// every step by the distance from a circle to a box.
#[test]
fn a_surface_runner_meets_crates_and_balls_in_its_way() {
    use tangent::collision::{PhysicsPosition, Velocity};
    use tangent::level::LevelActor;
    let mut rng = Rng::new(47);
    let (mut cases, mut worst_speed, mut worst_overlap) = (0, 0.0f32, 0.0f32);
    for k in 0..24 {
        let rolling = k % 2 == 0;
        let v = rng.range(400.0, 2000.0);
        let size = rng.range(4.0, 32.0);
        let e = rng.range(0.0, 1.0);
        let shape = if k % 3 == 0 {
            format!("Circle(radius: {size})")
        } else {
            format!("Rect(half_extents: ({size}, {size}))")
        };
        let body = format!(
            "(name: \"body\", shape: {shape}, position: (400, {}), restitution: {e})",
            64.0 + size + 0.02
        );
        // A level curve for a floor: a runner faster than the top run
        // speed runs it as a surface (a tile floor only a ball does).
        let floor = "(points: [(40, 64), (640, 64), (1240, 64)])";
        let text = room_tuned(12, floor, Vec2::new(100.0, 78.02), "").replace(
            "goal: (position: (1200, 64)),",
            &format!("actors: [{body}],\n goal: (position: (1200, 64)),"),
        );
        let path = write_level("rolling", &format!("meet{k}"), &text);
        let mut app = headless_app(&path, None).unwrap();
        app.update();
        set_velocity(&mut app, Vec2::new(v, 0.0));
        let keys = if rolling {
            DOWN
        } else {
            PlayerInput::default()
        };
        hold(&mut app, keys, 1);
        let st = controller(&mut app);
        assert!(
            st.surface.is_some() && st.rolling == rolling,
            "case {k}: not on the surface"
        );
        let body_of = |app: &mut App| {
            app.world_mut()
                .query_filtered::<(&Actor, &PhysicsPosition, &Velocity), With<LevelActor>>()
                .single(app.world())
                .map(|(a, p, v)| (a.shape, a.inverse_mass, a.restitution, p.0, v.0))
                .unwrap()
        };
        let mut judged = false;
        for _ in 0..120 {
            let (_, before, _) = player(&mut app);
            let a = player_actor(&mut app);
            let runner = (a.shape, a.inverse_mass, a.restitution);
            hold(&mut app, keys, 1);
            let (p, after, _) = player(&mut app);
            let (shape, wc, ec, at, vc) = body_of(&mut app);
            if let ActorShape::Circle { radius } = runner.0 {
                let overlap = -gap_to(p, radius, shape, at);
                worst_overlap = worst_overlap.max(overlap);
                assert!(
                    overlap < 0.01,
                    "case {k} (rolling {rolling}, {shape:?}, judged {judged}): the runner at {p} \
                     ({after}) is {overlap} px into the body at {at} ({vc})"
                );
            }
            if !judged && vc != Vec2::ZERO {
                // Just hit: the step's impulse, before the body's own step,
                // along the normal from the body's nearest point (or
                // centre) to the runner's centre.
                let nearest = match shape {
                    ActorShape::Circle { .. } => at,
                    ActorShape::Rect { half_extents: h } => p.clamp(at - h, at + h),
                };
                let n = (p - nearest).normalize();
                let (mp, mc) = (1.0 / runner.1, 1.0 / wc);
                let e = runner.2 * ec;
                let vn = before.dot(n);
                let body = (1.0 + e) * vn * mp / (mp + mc) * n;
                let runner_speed = (before - (1.0 + e) * vn * mc / (mp + mc) * n).x;
                let err = (vc - body).length().max((after.x - runner_speed).abs()) / before.x;
                worst_speed = worst_speed.max(err);
                assert!(
                    err < 0.02,
                    "case {k} (rolling {rolling}, {shape:?}, e {e:.2}): hit at {:.0} px/s along \
                     {n}; body left at {vc} (closed form {body}), runner at {after} \
                     ({runner_speed:.1})",
                    before.x
                );
                judged = true;
            }
        }
        assert!(judged, "case {k}: never met the body");
        cases += 1;
    }
    println!(
        "surface runner into bodies: {cases} impacts, speeds within {:.3} % of the impact speed of \
         the closed form, deepest overlap {worst_overlap:.4} px",
        100.0 * worst_speed
    );
    assert_eq!(cases, 24);
}

/// A rolling ball over a straight run of level curves joined end to end
/// (segments drawn as straight quadratics and cubics of random lengths,
/// 20–160 px) at −40°…40°, started at 400–2 000 px/s either way: it is on
/// the surface and grounded every step, its centre the ball's radius from
/// the line (the oracle: the line itself) within 0.05 px, never a hop at a
/// joint.
#[test]
fn a_rolling_ball_crosses_joints_at_speed_without_a_hop() {
    let mut rng = Rng::new(49);
    let (mut cases, mut steps, mut worst) = (0, 0, 0.0f32);
    for k in 0..16 {
        let angle = rng.range(-40.0, 40.0).to_radians();
        let dir = Vec2::new(angle.cos(), angle.sin());
        // Pieces along the line to x = 1200, rising no more than 850 px.
        let total = (1120.0 / angle.cos()).min(850.0 / angle.sin().abs().max(1e-3));
        let rise = total * angle.sin().abs();
        let start = Vec2::new(80.0, if angle < 0.0 { 70.0 + rise } else { 70.0 });
        let (mut s, mut pieces) = (0.0, Vec::new());
        while s < total {
            let mut len = rng.range(20.0, 160.0).min(total - s);
            if total - s - len < 20.0 {
                len = total - s; // no sliver at the end
            }
            let (a, b) = (start + dir * s, start + dir * (s + len));
            let pts: Vec<Vec2> = match rng.below(3) {
                0 => vec![a, (a + b) / 2.0, b],
                1 => vec![a, a + (b - a) * 0.3, a + (b - a) * 0.7, b],
                // Straight, its middle point off centre: not uniform speed.
                _ => vec![a, a + (b - a) * 0.25, b],
            };
            let text: Vec<String> = pts.iter().map(|p| format!("({}, {})", p.x, p.y)).collect();
            pieces.push(format!("(points: [{}])", text.join(", ")));
            s += len;
        }
        let n = Vec2::new(-dir.y, dir.x);
        let spawn = start + dir * 60.0 + n * 30.0;
        let text = room_tuned(32, &pieces.join(",\n"), spawn, "max_fall: 3000");
        let path = write_level("rolling", &format!("seams{k}"), &text);
        let mut app = headless_app(&path, None).unwrap();
        hold(&mut app, PlayerInput::default(), 20);
        let v = rng.range(400.0, 2000.0) * if rng.below(2) == 0 { 1.0 } else { -1.0 };
        set_velocity(&mut app, dir * v);
        hold(&mut app, DOWN, 1);
        assert!(controller(&mut app).rolling, "case {k}: did not curl");
        for _ in 0..120 {
            hold(&mut app, DOWN, 1);
            let (p, vel, grounded) = player(&mut app);
            let along = (p - start).dot(dir);
            if along < 30.0 || along > total - 30.0 || vel.length() < 100.0 {
                break;
            }
            let off = ((p - start).dot(n) - 10.0).abs();
            worst = worst.max(off);
            assert!(
                grounded && controller(&mut app).surface.is_some() && off < 0.05,
                "case {k}: {:.1}° at {v:.0} px/s: at {p} ({along:.1} along) {off:.3} px off the \
                 line, grounded {grounded}",
                angle.to_degrees()
            );
            steps += 1;
        }
        cases += 1;
    }
    println!(
        "rolling over joints: {cases} runs, {steps} steps on the chain, farthest {worst:.4} px off \
         the line"
    );
    assert!(steps >= 200, "only {steps} steps judged");
}

/// Loop Valley's ceiling run needs speed, and missing it is no dead end:
/// walked into from the floor at run speed the player goes up the wall and
/// falls back (the flag is on a ledge only the run's end reaches); from the
/// floor by the one-way steps, up them and down the slope after them, the
/// roll gets the speed to run the ceiling and be flung onto the ledge.
#[test]
fn loop_valleys_ceiling_run_needs_speed_and_can_be_retried_from_the_steps() {
    use tangent::level::LevelStatus;
    use tangent::player::Replay;
    let shipped = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/levels/loop-valley.level.ron"
    ))
    .unwrap();
    let from = |x: f32| shipped.replace("spawn: (100, 622.02)", &format!("spawn: ({x}, 46.02)"));
    assert_ne!(from(0.0), shipped, "the spawn line moved: update this test");
    let play = |name: &str, x: f32, replay: &str, frames: usize| {
        let path = write_level("ceiling", name, &from(x));
        let mut app = headless_app(&path, Some(Replay::parse(replay).unwrap())).unwrap();
        let mut highest = f32::MIN;
        for _ in 0..frames {
            app.update();
            highest = highest.max(player(&mut app).0.y);
            let status = app.world().resource::<LevelStatus>();
            assert_eq!(status.deaths, 0, "{name}: died");
            if status.goals > 0 {
                return (true, highest);
            }
        }
        (false, highest)
    };
    // Run speed from the floor just before the wall: up it and back down.
    let (reached, highest) = play("walk", 4990.0, "0 R", 400);
    assert!(!reached, "the ceiling run was walked at run speed");
    assert!(highest < 200.0, "walked up to {highest}");
    // Up the steps (one-way: jumped through from below), off the top one
    // onto the slope, and round.
    let steps = "0 -\n5 J\n30 -\n50 LJ\n72 -\n100 RJ\n125 R";
    let (reached, highest) = play("retry", 4624.0, steps, 600);
    assert!(
        reached,
        "the steps and the slope did not reach the flag (highest {highest})"
    );
}
