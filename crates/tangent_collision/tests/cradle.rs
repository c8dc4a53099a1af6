//! Newton's cradle: a row of touching balls on a frictionless floor, e = 1,
//! one more rolling into it: the last ball leaves at the incoming speed
//! (±1 %), the others stop, and momentum and energy are kept to 1 %. The
//! issue's case (5 balls, 600 px/s) and then swept: 2–8 balls of 2–40 px,
//! 20–20 000 px/s, gravity 0–6 000 px/s², anywhere within ±8 000 px, the
//! balls listed in random order (so they take their turns in any order).
//! The sweep again with the row asleep before the knock (the incoming ball
//! set going by game code, as a player would kick it): the knock must wake
//! each ball and pass along just the same. A head-on knock met mid-step
//! reports the closing speed, and a bounce only when it is elastic at all.

mod common;

use common::bodies::{deepest_overlap, kinetic_energy, momentum};
use common::rng::Rng;
use glam::Vec2;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{WorldScratch, step_bodies};
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

struct Outcome {
    /// Last ball's speed over the incoming speed.
    last: f32,
    /// Fastest other ball over the incoming speed.
    others: f32,
    momentum: f32,
    energy: f32,
    overlap: f32,
}

/// A row of `n` balls of radius `r` touching (a skin apart) on a floor at
/// `origin`, a ball rolling in from the left at `speed`; stepped until the
/// last ball has moved a row's length on.
fn cradle(
    n: usize,
    r: f32,
    (speed, g): (f32, f32),
    origin: Vec2,
    asleep: bool,
    rng: &mut Rng,
) -> Outcome {
    let floor = Segment::new(
        origin - Vec2::new(600.0, 0.0),
        origin + Vec2::new(1200.0, 0.0),
    );
    let set = TerrainSet::new(vec![TerrainPiece::solid(floor)]).unwrap();
    let ball = |x: f32, v: f32| {
        Body::new(
            ActorShape::Circle { radius: r },
            origin + Vec2::new(x, r + SKIN),
            Vec2::new(v, 0.0),
            1.0,
        )
    };
    let pitch = 2.0 * r + SKIN;
    let mut bodies: Vec<Body> = (0..n).map(|k| ball(k as f32 * pitch, 0.0)).collect();
    // The incoming ball starts up to half a step's travel short of the row.
    let gap = rng.range(0.0, 0.5) as f32 * speed * DT;
    bodies.push(ball(-pitch - gap, speed));
    // Shuffle the list: the turn order must not matter.
    let mut order: Vec<usize> = (0..=n).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, rng.below(k + 1));
    }
    let mut shuffled: Vec<Body> = order.iter().map(|&k| bodies[k]).collect();
    let last = order.iter().position(|&k| k == n - 1).unwrap();
    let mut scratch = WorldScratch::default();
    let gravity = Vec2::new(0.0, -g);
    if asleep {
        // Everyone still until asleep, then the incoming ball set going.
        let incoming = order.iter().position(|&k| k == n).unwrap();
        shuffled[incoming].velocity = Vec2::ZERO;
        for _ in 0..40 {
            step_bodies(&set, &mut shuffled, &mut scratch, gravity, DT);
        }
        assert!(
            (0..=n).all(|i| scratch.is_asleep(i)),
            "not all asleep: {shuffled:?}"
        );
        shuffled[incoming].velocity = Vec2::new(speed, 0.0);
    }
    let p0 = momentum(&shuffled);
    let e0 = kinetic_energy(&shuffled);
    let mut overlap = 0.0f32;
    // A knock passes along the row within a step when the balls ahead have
    // not taken their turn yet, and one ball a step at worst.
    let steps = (((n as f32 + 2.0) * pitch + gap) / (speed * DT)).ceil() as usize + n + 3;
    for _ in 0..steps.min(2000) {
        step_bodies(&set, &mut shuffled, &mut scratch, gravity, DT);
        overlap = overlap.max(deepest_overlap(&shuffled));
    }
    let others = (0..=n)
        .filter(|&k| k != last)
        .map(|k| shuffled[k].velocity.length())
        .fold(0.0f32, f32::max);
    Outcome {
        last: shuffled[last].velocity.x / speed,
        others: others / speed,
        momentum: (momentum(&shuffled).x / p0.x - 1.0).abs(),
        energy: (kinetic_energy(&shuffled) / e0 - 1.0).abs() as f32,
        overlap,
    }
}

fn check(o: &Outcome, what: &str) {
    assert!(
        (o.last - 1.0).abs() <= 0.01 && o.others <= 0.01 && o.momentum <= 0.01 && o.energy <= 0.01,
        "{what}: last {:.4}, others {:.4}, momentum {:.4}, energy {:.4}",
        o.last,
        o.others,
        o.momentum,
        o.energy
    );
    assert!(o.overlap <= SKIN, "{what}: overlap {}", o.overlap);
}

#[test]
fn five_balls_pass_600_px_s_along() {
    let o = cradle(
        5,
        10.0,
        (600.0, 3600.0),
        Vec2::new(100.0, 32.0),
        false,
        &mut Rng::new(5),
    );
    println!(
        "5 balls at 600 px/s: last leaves at {:.2} px/s, others ≤ {:.3} px/s, momentum {:.5}, energy {:.5}",
        600.0 * o.last,
        600.0 * o.others,
        o.momentum,
        o.energy
    );
    check(&o, "5 balls, 600 px/s");
}

/// 300 random cradles, the row awake or (`asleep`) sleeping when hit.
fn sweep(seed: u64, asleep: bool) {
    let mut rng = Rng::new(seed);
    let mut worst = [0.0f32; 3];
    let cases = 300;
    for case in 0..cases {
        let n = 2 + rng.below(7);
        let r = rng.log_range(1.0, 20.0) as f32;
        let speed = rng.log_range(20.0, 20_000.0) as f32;
        let g = if rng.chance(0.2) {
            0.0
        } else {
            rng.log_range(300.0, 6000.0) as f32
        };
        let origin = Vec2::new(
            rng.range(-8000.0, 8000.0) as f32,
            rng.range(-8000.0, 8000.0) as f32,
        );
        let o = cradle(n, r, (speed, g), origin, asleep, &mut rng);
        check(
            &o,
            &format!(
                "case {case}: {n} balls r {r}, {speed} px/s, g {g}, at {origin}, asleep {asleep}"
            ),
        );
        worst[0] = worst[0].max((o.last - 1.0).abs());
        worst[1] = worst[1].max(o.momentum);
        worst[2] = worst[2].max(o.energy);
    }
    println!(
        "{cases} cradles (asleep {asleep}): last ball's speed off by ≤ {:.5}, momentum ≤ {:.5}, energy ≤ {:.5}",
        worst[0], worst[1], worst[2]
    );
}

#[test]
fn cradles_swept_over_sizes_speeds_gravities_and_order() {
    sweep(0x00C4_AD1E, false);
}

#[test]
fn sleeping_cradles_wake_and_pass_the_knock_along() {
    sweep(0x0051_EE95, true);
}

/// A ball knocking another head on, the two meeting part-way through a
/// step (a chord meeting a body): the contact it reports has the closing
/// speed as its impact speed, and is a bounce exactly when the restitution
/// product is above zero (e = 0 is a perfectly inelastic knock, no bounce).
#[test]
fn a_knock_reports_the_closing_speed_and_bounces_only_when_elastic() {
    let floor = Segment::new(Vec2::new(-500.0, -400.0), Vec2::new(500.0, -400.0));
    let set = TerrainSet::new(vec![TerrainPiece::solid(floor)]).unwrap();
    let r = 8.0;
    for (e, speed) in [(0.0, 300.0), (1.0, 300.0), (0.5, 1200.0), (0.0, 2400.0)] {
        let ball = |x: f32, v: f32| {
            Body::new(
                ActorShape::Circle { radius: r },
                Vec2::new(x, 0.0),
                Vec2::new(v, 0.0),
                e,
            )
        };
        // 2 px apart: they meet within the first step.
        let mut bodies = vec![ball(0.0, speed), ball(2.0 * r + 2.0, 0.0)];
        let mut scratch = WorldScratch::default();
        step_bodies(&set, &mut bodies, &mut scratch, Vec2::ZERO, DT);
        let contact = scratch.reports()[0]
            .contacts
            .iter()
            .find(|c| c.with == Touched::Body(1))
            .unwrap_or_else(|| panic!("e {e}: no contact with the other ball"));
        println!(
            "e {e}, {speed} px/s: impact {} px/s, bounced {}",
            contact.impact_speed, contact.bounced
        );
        assert!(
            (contact.impact_speed - speed).abs() < 1e-3 * speed,
            "e {e}: impact speed {} for a closing speed {speed}",
            contact.impact_speed
        );
        assert_eq!(contact.bounced, e * e > 0.0, "e {e}");
    }
}
