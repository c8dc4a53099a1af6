//! Movers in level files: built (their tiles leave the fixed grid, their
//! pieces follow the curves in the set), refused with the mover's line and
//! what to fix, and moved along paths that agree with closed forms; every
//! accepted mover, drawn at random, stays within the speed limits.

use tangent_collision::prelude::{TileKind, Vec2};
use tangent_level::Level;
use tangent_level::format::mover::{Easing, MoverDef, Repeat, Swing, Trigger, WhenBlocked};
use tangent_level::format::mover_path::{
    FALL_FOR, GONE_FOR, MoverRun, Phase, RunInput, path_offset, path_time,
};
use tangent_level::format::starter::starter_level;
use tangent_level::limits::{MAX_MOVER_SPEED, MAX_MOVER_SPIN};

mod common;
use common::Rng;

/// The starter room (40 × 14 tiles of 32 px, spawn at (96, 46.5)) with a
/// 3-tile block at row 5 (from the bottom), columns 20–22, and `movers`.
fn level_text(movers: &str) -> String {
    let base = starter_level("Movers");
    let row = format!("\"#{}###{}#\"", ".".repeat(19), ".".repeat(16));
    let mut lines: Vec<String> = base.lines().map(String::from).collect();
    // Row 5 from the bottom is text row 14 - 1 - 5 = 8 of the tiles.
    let first = lines.iter().position(|l| l.contains("tiles: [")).unwrap() + 1;
    lines[first + 8] = format!("        {row},");
    let mut text = lines.join("\n");
    text = text.replace("    goal:", &format!("    movers: [{movers}],\n    goal:"));
    text
}

fn parse(movers: &str) -> Result<Level, String> {
    Level::parse(&level_text(movers), "m.level.ron").map_err(|e| e.to_string())
}

#[test]
fn a_tile_block_and_a_curve_become_movers_after_the_curves() {
    let level = parse(
        "(tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 128)], speed: 100),
         (curves: [(points: [(600, 250), (650, 300), (700, 250)])], spin: 90)",
    )
    .unwrap();
    let set = &level.terrain;
    assert_eq!(set.mover_count(), 2);
    // The block left the fixed tiles.
    for x in 20..23 {
        assert_eq!(level.grid.get(x, 5), TileKind::Empty);
    }
    assert_eq!(level.movers[0].cells.len(), 3);
    // Its pivot is the middle of the block; the curve's the middle of its box.
    assert_eq!(level.movers[0].pivot, Vec2::new(21.5 * 32.0, 5.5 * 32.0));
    assert_eq!(level.movers[1].pivot, Vec2::new(650.0, 275.0));
    // A block's edges go round it; the curve is the last piece; the
    // level's own curve sits just before the movers.
    let mut bounds = tangent_collision::geometry::Rect::EMPTY;
    for i in set.mover_pieces(0) {
        bounds = bounds.union(set.piece(i).shape.aabb());
    }
    assert_eq!(
        (bounds.min, bounds.max),
        (Vec2::new(640.0, 160.0), Vec2::new(736.0, 192.0))
    );
    assert_eq!(set.mover_pieces(1), set.len() - 1..set.len());
    assert_eq!(
        level.curve_range(),
        set.mover_pieces(0).start - 1..set.mover_pieces(0).start
    );
    assert_eq!(level.curves().len(), 1);
    // Stopping and turning riders are the file's choices, off by default.
    assert!(!set.mover_stops_when_blocked(0) && !set.mover_turns_riders(0));
    let level = parse(
        "(tiles: Some((x: 20, y: 5, width: 3)), spin: 30, turns_riders: true, when_blocked: Reverse)",
    )
    .unwrap();
    assert!(level.terrain.mover_turns_riders(0) && level.terrain.mover_stops_when_blocked(0));
    // A file without movers writes no `movers` field back.
    let plain = Level::parse(&starter_level("P"), "p.level.ron").unwrap();
    assert!(!ron::to_string(&plain.file).unwrap().contains("movers"));
}

#[test]
fn bad_movers_name_their_line_and_what_to_fix() {
    let cases: &[(&str, &str)] = &[
        ("(path: [(0, 10)], speed: 10)", "carries nothing"),
        (
            "(tiles: Some((x: 39, y: 5, width: 3)), spin: 10)",
            "not within the 40 × 14",
        ),
        (
            "(tiles: Some((x: 5, y: 5)), spin: 10)",
            "hold no solid or one-way tile",
        ),
        ("(tiles: Some((x: 20, y: 5, width: 3)))", "does not move"),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 100)])",
            "no `speed` or `leg_time`",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 100)], speed: 1500)",
            "at most 2000",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 100)], leg_time: 0.01, easing: Linear)",
            "10000 px/s",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), spin: 2000)",
            "3 turns a second",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), swing: Some((angle: 90, period: 0.1)))",
            "3 turns a second",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), swing: Some((angle: 30, period: 0)))",
            "period above 0",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), spin: 10, pivot: Some((inf, 0)))",
            "pivot must be a finite",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), spin: NaN)",
            "finite numbers",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 10)], speed: -3)",
            "must not be negative",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), trigger: Crumble(-1))",
            "Crumble's delay",
        ),
        (
            "(curves: [(points: [(1, 1), (2, 2)])], spin: 10)",
            "mover 2 curve 1 has 2 points",
        ),
        (
            "(curves: [(points: [(600, 250), (600.2, 250), (600.4, 250.1)])], spin: 10)",
            "degenerate",
        ),
        // Down from row 5 to the floor, over the spawn at (96, 46.5).
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(-600, -120)], speed: 200)",
            "passes through the spawn",
        ),
        // Through the spawn in the middle of a fast leg between long waits.
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(-1184, -260)], speed: 1900, easing: Linear, wait: 100)",
            "passes through the spawn",
        ),
        // A bar swung round through the spawn.
        (
            "(curves: [(points: [(90, 100), (180, 100), (270, 100)])], spin: 90)",
            "passes through the spawn",
        ),
        (
            "(tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 16300)], speed: 100)",
            "past 16384",
        ),
    ];
    for (k, (mover, want)) in cases.iter().enumerate() {
        // The bad mover second, after a good one, so the line is its own.
        let good = "(curves: [(points: [(900, 300), (950, 350), (1000, 300)])], spin: 30),";
        let text = level_text(&format!("\n        {good}\n        {mover},\n    "));
        let e = Level::parse(&text, "m.level.ron").unwrap_err().to_string();
        let line = text.lines().position(|l| l.contains(mover)).unwrap() + 1;
        assert!(
            e.starts_with(&format!("m.level.ron:{line}:")) && e.contains(want),
            "case {k} ({mover}): want line {line} and {want:?}, got {e}"
        );
        assert!(e.contains("mover 2"), "case {k}: names the mover: {e}");
    }
    println!("{} bad movers refused at their own line", cases.len());
}

#[test]
fn two_movers_cannot_share_a_tile() {
    let e = parse(
        "(tiles: Some((x: 20, y: 5, width: 3)), spin: 10),
         (tiles: Some((x: 21, y: 5)), spin: 10)",
    )
    .unwrap_err();
    assert!(
        e.contains("mover 2") && e.contains("another mover took them"),
        "{e}"
    );
}

/// A triangle wave: ping-pong at constant speed between 0 and `len`, the
/// closed form of a linear there-and-back path.
fn triangle(t: f64, len: f64, speed: f64) -> f64 {
    let period = 2.0 * len / speed;
    let u = t.rem_euclid(period) * speed;
    if u <= len { u } else { 2.0 * len - u }
}

#[test]
fn paths_follow_their_closed_forms() {
    // Linear ping-pong: a triangle wave.
    let def = MoverDef {
        path: vec![(0.0, 300.0)],
        speed: 120.0,
        easing: Easing::Linear,
        ..Default::default()
    };
    let mut worst = 0.0f64;
    for k in 0..10_000 {
        let t = k as f64 * 0.0137;
        let want = triangle(t, 300.0, 120.0);
        worst = worst.max((path_offset(&def, t).y as f64 - want).abs());
    }
    println!("linear ping-pong vs triangle wave: worst {worst:.2e} px over 10 000 times");
    assert!(worst < 1e-3, "{worst}");
    // Smooth: halfway in time is halfway along (symmetry); a quarter of the
    // way in time is 3/16 − 2/64 = 0.15625 of the way (smoothstep).
    let def = MoverDef {
        path: vec![(400.0, 0.0)],
        leg_time: 2.0,
        ..Default::default()
    };
    assert!((path_offset(&def, 1.0).x - 200.0).abs() < 1e-3);
    assert!((path_offset(&def, 0.5).x - 0.15625 * 400.0).abs() < 1e-3);
    // Waits: a wait of 1 s at each end holds the ends for a second.
    let def = MoverDef {
        path: vec![(0.0, 100.0)],
        leg_time: 1.0,
        wait: 1.0,
        easing: Easing::Linear,
        ..Default::default()
    };
    assert_eq!(path_time(&def), 4.0);
    for t in [1.0, 1.5, 1.99] {
        assert_eq!(path_offset(&def, t).y, 100.0, "at {t}");
    }
    for t in [3.0, 3.5, 3.99, 4.0] {
        assert_eq!(path_offset(&def, t).y, 0.0, "at {t}");
    }
    // Once: stays at the end.
    let def = MoverDef {
        path: vec![(50.0, 0.0), (50.0, 50.0)],
        speed: 50.0,
        repeat: Repeat::Once,
        ..Default::default()
    };
    assert_eq!(path_offset(&def, 100.0), Vec2::new(50.0, 50.0));
}

fn random_def(rng: &mut Rng) -> MoverDef {
    let legs = 1 + (rng.unit() * 4.0) as usize;
    let far = if rng.unit() < 0.5 { 200.0 } else { 3000.0 };
    MoverDef {
        tiles: Some(tangent_level::format::mover::CellRect {
            x: 20,
            y: 5,
            width: 3,
            height: 1,
        }),
        path: (0..legs)
            .map(|_| (rng.range(-far, far), rng.range(-100.0, 250.0)))
            .collect(),
        speed: if rng.unit() < 0.5 {
            rng.range(0.0, 2500.0)
        } else {
            0.0
        },
        leg_time: rng.range(0.0, 3.0),
        easing: if rng.unit() < 0.5 {
            Easing::Linear
        } else {
            Easing::Smooth
        },
        repeat: [Repeat::PingPong, Repeat::Loop, Repeat::Once][(rng.unit() * 3.0) as usize % 3],
        wait: if rng.unit() < 0.3 {
            rng.range(0.0, 1.0)
        } else {
            0.0
        },
        spin: if rng.unit() < 0.3 {
            rng.range(-1500.0, 1500.0)
        } else {
            0.0
        },
        swing: (rng.unit() < 0.3).then(|| Swing {
            angle: rng.range(-90.0, 90.0),
            period: rng.range(0.05, 4.0),
        }),
        when_blocked: WhenBlocked::Crush,
        ..Default::default()
    }
}

#[test]
fn every_accepted_mover_keeps_to_the_speed_limits() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut refused, mut steps) = (0, 0, 0u64);
    let (mut worst_speed, mut worst_spin) = (0.0f32, 0.0f32);
    for _ in 0..1_500 {
        let def = random_def(&mut rng);
        let text = level_text(&ron::to_string(&def).unwrap());
        let Ok(level) = Level::parse(&text, "r.level.ron") else {
            refused += 1;
            continue;
        };
        accepted += 1;
        let def = &level.file.movers[0];
        let mut run = MoverRun::start(def);
        let input = RunInput {
            dt: 1.0 / 60.0,
            ..Default::default()
        };
        let mut last = run.pose(def);
        let span = path_time(def).clamp(2.0, 20.0);
        for _ in 0..(span * 60.0) as usize {
            let now = run.advance(def, input);
            let v = (now.offset - last.offset).length() * 60.0;
            let mut turn = (now.angle - last.angle).abs();
            turn = turn.min(std::f32::consts::TAU - turn);
            worst_speed = worst_speed.max(v);
            worst_spin = worst_spin.max(turn.to_degrees() * 60.0);
            last = now;
            steps += 1;
        }
    }
    println!(
        "{accepted} movers accepted, {refused} refused; {steps} steps: fastest {worst_speed:.0} px/s (limit {MAX_MOVER_SPEED}), fastest turn {worst_spin:.0}°/s (limit {MAX_MOVER_SPIN})"
    );
    assert!(accepted >= 300 && refused >= 100, "{accepted} / {refused}");
    // A step's chord of a smooth leg is under its peak speed; 1 % for
    // the f32 positions.
    assert!(worst_speed <= MAX_MOVER_SPEED * 1.01, "{worst_speed}");
    assert!(worst_spin <= MAX_MOVER_SPIN * 1.01, "{worst_spin}");
    assert!(
        worst_speed > 0.5 * MAX_MOVER_SPEED,
        "the sweep reaches near the limit"
    );
}

#[test]
fn triggers_wait_return_and_crumble() {
    let dt = 1.0 / 60.0;
    let input = |stood_on| RunInput {
        dt,
        stood_on,
        home_clear: true,
        gravity: Vec2::new(0.0, -3600.0),
        ..Default::default()
    };
    // Stood on: waits, then runs while stood on, and comes back when left.
    let def = MoverDef {
        path: vec![(0.0, 200.0)],
        speed: 100.0,
        easing: Easing::Linear,
        repeat: Repeat::Once,
        trigger: Trigger::StoodOn,
        returns: true,
        ..Default::default()
    };
    let mut run = MoverRun::start(&def);
    for _ in 0..60 {
        assert_eq!(run.advance(&def, input(false)).offset, Vec2::ZERO);
    }
    let mut at = Vec2::ZERO;
    for _ in 0..60 {
        at = run.advance(&def, input(true)).offset;
    }
    assert!((at.y - 100.0).abs() < 0.01, "{at}");
    for _ in 0..30 {
        at = run.advance(&def, input(false)).offset;
    }
    assert!((at.y - 50.0).abs() < 0.01, "{at}");
    for _ in 0..60 {
        at = run.advance(&def, input(false)).offset;
    }
    assert_eq!((at, run.phase), (Vec2::ZERO, Phase::Waiting));
    // Crumble: shakes for its delay, falls by g t²/2, is gone, comes back
    // when its place is clear.
    let def = MoverDef {
        trigger: Trigger::Crumble(0.5),
        ..Default::default()
    };
    let mut run = MoverRun::start(&def);
    run.advance(&def, input(true));
    let mut shook = 0;
    while matches!(run.phase, Phase::Shaking(_)) {
        let p = run.advance(&def, input(false));
        assert_eq!(p.offset, Vec2::ZERO, "the shake is only drawn");
        assert!(run.shake().x.abs() == 1.0 || !matches!(run.phase, Phase::Shaking(_)));
        shook += 1;
    }
    assert!((29..=31).contains(&shook), "{shook} steps of shaking");
    let mut t = 0.0;
    let mut worst = 0.0f32;
    while matches!(run.phase, Phase::Falling(_)) {
        let p = run.advance(&def, input(false));
        t += dt;
        // Semi-implicit Euler: g t (t + dt) / 2, within g t dt / 2 of the
        // closed form.
        let closed = -0.5 * 3600.0 * t * t;
        worst = worst.max((p.offset.y - closed).abs() / (0.5 * 3600.0 * t * dt));
    }
    assert!((t - FALL_FOR).abs() < 2.0 * dt, "{t}");
    assert!(
        worst <= 1.01,
        "fall off its closed form by {worst} half-steps"
    );
    let gone = run.advance(&def, input(false));
    assert!(!gone.shown);
    let mut blocked = RunInput {
        home_clear: false,
        ..input(false)
    };
    for _ in 0..(GONE_FOR / dt) as usize + 30 {
        assert!(
            !run.advance(&def, blocked).placed,
            "not back while the place is taken"
        );
    }
    blocked.home_clear = true;
    let back = run.advance(&def, blocked);
    assert!(back.placed && back.shown && back.offset == Vec2::ZERO);
    assert_eq!(run.phase, Phase::Waiting);
}

#[test]
fn blocked_movers_wait_or_turn_back() {
    let def = MoverDef {
        path: vec![(100.0, 0.0)],
        speed: 60.0,
        easing: Easing::Linear,
        when_blocked: WhenBlocked::Stop,
        ..Default::default()
    };
    let step = |blocked| RunInput {
        dt: 1.0 / 60.0,
        blocked,
        ..Default::default()
    };
    let mut run = MoverRun::start(&def);
    let a = run.advance(&def, step(false));
    let b = run.advance(&def, step(true));
    assert_eq!(a.offset, b.offset, "a stopped mover waits");
    let def = MoverDef {
        when_blocked: WhenBlocked::Reverse,
        ..def
    };
    let mut run = MoverRun::start(&def);
    let a = run.advance(&def, step(false));
    let a2 = run.advance(&def, step(false));
    let b = run.advance(&def, step(true));
    assert!(
        b.offset.x < a2.offset.x && (b.offset.x - a.offset.x).abs() < 1e-4,
        "{a:?} {a2:?} {b:?}"
    );
}

#[test]
fn an_edited_mover_saves_element_by_element_and_loads_back() {
    let text = level_text(
        "\n        // The lift.\n        (tiles: Some((x: 20, y: 5, width: 3)), path: [(0, 128)], speed: 100),\n        (curves: [(points: [(600, 250), (650, 300), (700, 250)])], swing: Some((angle: 20, period: 2)), trigger: Crumble(0.25), when_blocked: Reverse),\n    ",
    );
    let old = Level::parse(&text, "m.level.ron").unwrap().file;
    let mut new = old.clone();
    new.movers[0].speed = 250.0;
    new.movers[0].wait = 0.5;
    new.movers[1].pivot = Some((640.0, 260.0));
    let saved = tangent_level::files::save::write_over(&text, &old, &new);
    assert!(saved.contains("// The lift."), "comments kept:\n{saved}");
    let back = Level::parse(&saved, "m.level.ron").unwrap().file;
    assert_eq!(back, new, "{saved}");
    // A file without movers gains them as a new field.
    let plain_text = starter_level("P");
    let plain = Level::parse(&plain_text, "p.level.ron").unwrap().file;
    let mut with = plain.clone();
    with.movers = new.movers.clone();
    let saved = tangent_level::files::save::write_over(&plain_text, &plain, &with);
    let back = Level::parse(&saved, "p.level.ron").map(|l| l.file.movers);
    // (The starter has no block at row 5: the first mover is refused, and
    // says so at its own line.)
    let e = back.unwrap_err().to_string();
    assert!(
        e.contains("mover 1") && e.contains("hold no solid"),
        "{e}\n{saved}"
    );
}
