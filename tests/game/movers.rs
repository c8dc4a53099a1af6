//! Movers in the game: the player rides a lift (grounded every step, its
//! height over the lift constant), a crusher kills it (a crush death, back
//! at the spawn, never inside the crusher), and a level with movers runs
//! byte-identically twice, the movers' rows in its trace.

use bevy::prelude::*;
use tangent::collision::TerrainIndex;
use tangent::level::{DeathCause, Died, LevelStatus};
use tangent::player::PlayerInput;
use tangent::sim::headless::{HeadlessOptions, headless_app, run_headless};

use crate::common::{hold, player, steps, temp_dir, write_level};

/// A room 30 × 12 tiles of 32 px with `row5`, `row0` as its rows 5 and 0
/// from the bottom and `movers`; spawn at (96, 46.5).
fn room(row5: &str, row0: &str, movers: &str) -> String {
    let mut rows = vec!["#".repeat(30)];
    for y in (1..11).rev() {
        rows.push(if y == 5 {
            row5.to_string()
        } else {
            format!("#{}#", ".".repeat(28))
        });
    }
    rows.push(row0.to_string());
    let rows: Vec<String> = rows.iter().map(|r| format!("        {r:?},")).collect();
    format!(
        "(\n    name: \"Movers test\",\n    tile_size: 32,\n    legend: {{ '#': Solid, '.': Empty, '=': OneWay }},\n    tiles: [\n{}\n    ],\n    spawn: (96, 46.5),\n    movers: [{movers}],\n    goal: (position: (900, 300), size: (32, 64)),\n)\n",
        rows.join("\n")
    )
}

fn empty_row() -> String {
    format!("#{}#", ".".repeat(28))
}

/// The lift level: a one-way block in the floor at columns 10–12 that
/// waits for the player, then goes 200 px up and back for ever.
fn lift_level() -> String {
    let row0 = format!("{}==={}", "#".repeat(10), "#".repeat(17));
    room(
        &empty_row(),
        &row0,
        "(tiles: Some((x: 10, y: 0, width: 3)), path: [(0, 200)], speed: 150, easing: Linear, trigger: StoodOn)",
    )
}

#[test]
fn the_player_rides_a_lift_grounded_at_a_constant_height() {
    let path = write_level("movers", "lift", &lift_level());
    let mut app = headless_app(&path, None).unwrap();
    let right = PlayerInput {
        right: true,
        ..default()
    };
    // Onto the lift, then let go: the lift starts.
    hold(&mut app, right, 40);
    hold(&mut app, PlayerInput::default(), 30);
    // A one-way block is its top edge alone: its pivot is on it.
    let lift_top = |app: &mut App| {
        let index = app.world().resource::<TerrainIndex>();
        index.set.mover_pose(0).translation.y
    };
    let (mut lowest, mut highest) = (f32::MAX, f32::MIN);
    let (mut worst, mut grounded, mut moved) = (0.0f32, 0, 0.0f32);
    let start = player(&mut app).0.y - lift_top(&mut app);
    let first = lift_top(&mut app);
    for _ in 0..600 {
        steps(&mut app, 1);
        let (p, _, on_ground) = player(&mut app);
        let top = lift_top(&mut app);
        worst = worst.max((p.y - top - start).abs());
        grounded += on_ground as usize;
        moved = moved.max((top - first).abs());
        lowest = lowest.min(top);
        highest = highest.max(top);
    }
    println!(
        "lift rides: 600 steps, grounded {grounded}, lift from {lowest} to {highest} (moved up to {moved} px), worst height change {worst} px"
    );
    assert!(
        highest - lowest > 190.0 && moved > 0.0,
        "the lift went up and back: {lowest}..{highest}"
    );
    assert_eq!(grounded, 600);
    assert!(worst < 0.01, "{worst}");
    assert!((start - 14.02).abs() < 0.05, "stands on it: {start}");
}

#[test]
fn a_crusher_kills_the_player_who_comes_back_at_the_spawn() {
    // A block at row 5 (columns 12–14) pressing down to the floor; a wall
    // at column 15 stops the player under it.
    let row5 = format!("#{}###{}#", ".".repeat(11), ".".repeat(14));
    let mut text = room(
        &row5,
        &"#".repeat(30),
        "(tiles: Some((x: 12, y: 5, width: 3)), path: [(0, -128)], speed: 400, wait: 0.2)",
    );
    // The wall: column 15, rows 1–4.
    let wall = format!("#{}#{}#", ".".repeat(14), ".".repeat(13));
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let first = lines.iter().position(|l| l.contains("tiles: [")).unwrap() + 1;
    for y in 1..5 {
        lines[first + 11 - y] = format!("        {wall:?},");
    }
    text = lines.join("\n");
    let path = write_level("movers", "crusher", &text);
    let mut app = headless_app(&path, None).unwrap();
    let right = PlayerInput {
        right: true,
        ..default()
    };
    press(&mut app, right);
    let mut crushes = 0;
    let mut worst = f32::NEG_INFINITY;
    let mut cursor = app
        .world_mut()
        .resource_mut::<Messages<Died>>()
        .get_cursor();
    for _ in 0..600 {
        steps(&mut app, 1);
        let messages = app.world().resource::<Messages<Died>>();
        for d in cursor.read(messages) {
            assert_eq!(d.cause, DeathCause::Crushed, "{d:?}");
            assert_eq!(d.back_to, Vec2::new(96.0, 46.5));
            crushes += 1;
        }
        // The player's box (half extents 10 x 14) never overlaps the
        // crusher's block by more than the collision skin (0.02 px) on
        // both axes at once, crushed or not.
        let (p, _, _) = player(&mut app);
        let index = app.world().resource::<TerrainIndex>();
        let block = index.set.mover_aabb(0);
        let half = Vec2::new(10.0, 14.0);
        let depth = (p + half).min(block.max) - (p - half).max(block.min);
        let overlap = depth.min_element();
        worst = worst.max(overlap);
        assert!(
            overlap <= 0.02,
            "player at {p} overlaps the crusher {block:?} by {depth}"
        );
    }
    let deaths = app.world().resource::<LevelStatus>().deaths;
    println!(
        "crusher: {crushes} crush deaths in 10 s (deaths counted {deaths}); \
         deepest overlap with the block {worst} px"
    );
    assert!(crushes >= 2, "{crushes}");
    assert_eq!(deaths as usize, crushes);
}

fn press(app: &mut App, keys: PlayerInput) {
    crate::common::press(app, keys);
}

#[test]
fn a_level_with_movers_runs_byte_identically_with_the_movers_in_its_trace() {
    let dir = temp_dir("movers-trace");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = |k: usize| {
        let trace = dir.join(format!("run{k}.csv"));
        let summary = run_headless(&HeadlessOptions {
            level: root.join("tests/levels/moving-parts.level.ron"),
            frames: 900,
            replay: Some(root.join("tests/levels/moving-parts.replay")),
            trace: Some(trace.clone()),
        })
        .unwrap();
        (summary.goals, std::fs::read(trace).unwrap())
    };
    let (goals, a) = run(0);
    let (_, b) = run(1);
    assert_eq!(goals, 1, "the replay reaches the flag");
    assert!(a == b, "two runs differ");
    let text = String::from_utf8(a).unwrap();
    let mover_rows = text.lines().filter(|l| l.contains(",mover ")).count();
    // Eight movers, every step up to the goal (the level then ends).
    println!("{mover_rows} mover rows, identical twice");
    assert!(mover_rows > 8 * 700, "{mover_rows}");
    // The paddle turns: its angle column changes.
    let angles: std::collections::BTreeSet<&str> = text
        .lines()
        .filter(|l| l.contains(",mover 8,"))
        .filter_map(|l| l.rsplit(',').next())
        .collect();
    assert!(angles.len() > 100, "{}", angles.len());
}

/// A room 30 tiles wide of 32 px: `rows` top row first (walls added at
/// both ends), a solid row on top, the player spawned at `spawn`.
fn room_of(rows: &[String], spawn: (f32, f32), movers: &str) -> String {
    let mut all = vec!["#".repeat(30)];
    all.extend(rows.iter().map(|r| format!("#{r:.<28}#")));
    let rows: Vec<String> = all.iter().map(|r| format!("        {r:?},")).collect();
    format!(
        "(\n    name: \"Movers test\",\n    tile_size: 32,\n    legend: {{ '#': Solid, '.': Empty, '=': OneWay }},\n    tiles: [\n{}\n    ],\n    spawn: ({}, {}),\n    movers: [{movers}],\n    goal: (position: (900, 300), size: (32, 64)),\n)\n",
        rows.join("\n"),
        spawn.0,
        spawn.1
    )
}

/// A headless game of `text` (written as `name`) whose player has walked
/// right 40 steps from the spawn (onto the lift the tests put there) and
/// then stood still `idle` steps.
fn onto_the_lift(name: &str, text: &str, idle: usize) -> App {
    let path = write_level("movers", name, text);
    let mut app = headless_app(&path, None).unwrap();
    let right = PlayerInput {
        right: true,
        ..default()
    };
    hold(&mut app, right, 40);
    hold(&mut app, PlayerInput::default(), idle);
    app
}

/// The player's vertical speed after jumping `k` steps after walking off
/// the right edge of what it stands on (`None`: it never walked off),
/// with its vertical speed the step before the jump.
fn jump_after_walking_off(app: &mut App, k: usize) -> Option<(f32, f32)> {
    let right = PlayerInput {
        right: true,
        ..default()
    };
    press(app, right);
    for _ in 0..200 {
        steps(app, 1);
        if !player(app).2 {
            // In the air: k - 1 more steps, then a jump.
            steps(app, k - 1);
            let before = player(app).1.y;
            hold(
                app,
                PlayerInput {
                    right: true,
                    jump: true,
                    ..default()
                },
                1,
            );
            return Some((before, player(app).1.y));
        }
    }
    None
}

#[test]
fn a_jump_just_after_walking_off_a_rising_lift_keeps_its_boost() {
    // A one-way lift in the floor (columns 10–12) that waits for the
    // player, then rises 300 px at 150 px/s; a ledge of the same height as
    // the floor to compare with (the floor's right edge at column 12 when
    // the lift is not there).
    let coyote = (tangent_level::Tuning::default().coyote_time * 60.0).round() as usize;
    let lift = 150.0;
    // The floor is row 2, with an empty row and a solid one under it.
    let rows_with = |floor: String| {
        let mut rows = vec![String::new(); 8];
        rows.extend([floor, String::new(), "#".repeat(28)]);
        rows
    };
    let lift_rows = rows_with(format!("{}==={}", "#".repeat(9), ".".repeat(16)));
    let ledge_rows = rows_with(format!("{}{}", "#".repeat(12), ".".repeat(16)));
    let (mut boosted, mut plain) = (Vec::new(), Vec::new());
    for k in 1..=coyote + 2 {
        // Onto the lift; it rises half a second; then off its right edge.
        let text = room_of(
            &lift_rows,
            (96.0, 110.5),
            &format!(
                "(tiles: Some((x: 10, y: 2, width: 3)), path: [(0, 300)], speed: {lift}, easing: Linear, trigger: StoodOn, repeat: Once)"
            ),
        );
        let mut app = onto_the_lift(&format!("lift-boost-{k}"), &text, 30);
        let index = app.world().resource::<TerrainIndex>();
        let risen = index.set.mover_pose(0).translation.y - 96.0;
        assert!(
            player(&mut app).2 && risen > 40.0,
            "rising with it: {risen}"
        );
        boosted.push(jump_after_walking_off(&mut app, k).expect("walked off the lift"));

        // The same off a fixed ledge.
        let text = room_of(&ledge_rows, (96.0, 110.5), "");
        let path = write_level("movers", &format!("ledge-{k}"), &text);
        let mut app = headless_app(&path, None).unwrap();
        hold(&mut app, PlayerInput::default(), 10);
        plain.push(jump_after_walking_off(&mut app, k).expect("walked off the ledge"));
    }
    let jump = tangent_level::Tuning::default().jump_speed;
    let (mut worst, mut jumps) = (0.0f32, 0);
    for (k, (&(up_before, up), &(flat_before, flat))) in (1..).zip(boosted.iter().zip(plain.iter()))
    {
        println!(
            "off the lift {k} steps ago: {up_before:.2} then {up:.2} px/s; off the ledge: {flat_before:.2} then {flat:.2} px/s"
        );
        // Walking off keeps the lift's speed: the lift's rise beside the
        // ledge's same fall.
        assert!(
            (up_before - flat_before - lift).abs() < 0.5,
            "{k}: kept {up_before} vs {flat_before}"
        );
        if flat > flat_before + jump / 2.0 {
            // A jump in the coyote time: the lift's speed again on top
            // of the jump (a jump sets the jump speed).
            jumps += 1;
            worst = worst.max((up - flat - lift).abs());
        } else {
            // Past it: no jump either way (falling on, gravity halved near
            // the apex while jump is held, so the two fall apart).
            assert!(
                flat < flat_before && up < up_before,
                "{k}: no jump: {flat}, {up}"
            );
            assert!(k > coyote - 1, "{k}: no jump within the coyote time");
        }
    }
    println!(
        "lift boost: {jumps} jumps in the grace ({coyote} steps) and {} past it, worst boost error {worst:.4} px/s against {lift} px/s",
        coyote + 2 - jumps
    );
    assert!(jumps >= coyote - 1 && jumps <= coyote, "{jumps}");
    assert!(
        worst < 0.5,
        "a jump in the grace window rises {lift} px/s faster"
    );
}

/// The crusher room: a block at row 5 (columns 12–14) going down to the
/// floor and back at 400 px/s, `extra` fields added to it; a wall at
/// column 15 (rows 1–4) stops a player walking right under it.
fn crusher_level(extra: &str) -> String {
    let mut rows = vec![String::new(); 10];
    rows[5] = format!("{}###", ".".repeat(11));
    for row in &mut rows[6..10] {
        *row = format!("{}#", ".".repeat(14));
    }
    rows.push("#".repeat(28));
    room_of(
        &rows,
        (96.0, 46.5),
        &format!(
            "(tiles: Some((x: 12, y: 5, width: 3)), path: [(0, -128)], speed: 400, wait: 0.2{extra})"
        ),
    )
}

/// What a player holding right under a crusher that does `when_blocked`
/// saw in `n` steps: (blocked messages, deaths, the block's lowest bottom,
/// its bottom each step).
fn under_a_blocked_crusher(app: &mut App, n: usize) -> (usize, usize, f32, Vec<f32>) {
    press(
        app,
        PlayerInput {
            right: true,
            ..default()
        },
    );
    let mut blocked = app
        .world_mut()
        .resource_mut::<Messages<tangent::collision::MoverBlocked>>()
        .get_cursor();
    let mut died = app
        .world_mut()
        .resource_mut::<Messages<Died>>()
        .get_cursor();
    let (mut times, mut deaths, mut lowest, mut bottoms) = (0, 0, f32::MAX, Vec::new());
    for _ in 0..n {
        steps(app, 1);
        let messages = app
            .world()
            .resource::<Messages<tangent::collision::MoverBlocked>>();
        times += blocked.read(messages).count();
        deaths += died.read(app.world().resource::<Messages<Died>>()).count();
        let (p, _, _) = player(app);
        let block = app.world().resource::<TerrainIndex>().set.mover_aabb(0);
        lowest = lowest.min(block.min.y);
        bottoms.push(block.min.y);
        // The player's box (21 × 28 px) never overlaps the block.
        let inside = (p.x - block.center().x).abs() < 48.0 + 10.5 - 0.1
            && (p.y - block.center().y).abs() < 16.0 + 14.0 - 0.1;
        assert!(!inside, "player at {p} inside the block {block:?}");
    }
    (times, deaths, lowest, bottoms)
}

#[test]
fn a_mover_that_stops_when_blocked_waits_on_the_player_then_goes_on() {
    let path = write_level("movers", "stopper", &crusher_level(", when_blocked: Stop"));
    let mut app = headless_app(&path, None).unwrap();
    let (times, deaths, _, bottoms) = under_a_blocked_crusher(&mut app, 600);
    // Its first trip down is over before the player is under it.
    let lowest = bottoms[90..].iter().copied().fold(f32::MAX, f32::min);
    // The player's top, standing on the floor (y = 32): the block stops on it.
    let head = player(&mut app).0.y + 14.0;
    let still = bottoms[300..]
        .iter()
        .all(|b| (b - bottoms[300]).abs() < 1e-3);
    println!(
        "stopper: {times} blocked steps in 600, {deaths} deaths, lowest bottom {lowest} (the player's head at {head}), still for the last 300 steps: {still}"
    );
    assert_eq!(deaths, 0);
    assert!(times > 100, "it waited on the player: {times}");
    // It stops where the step before left it: short of the head by at
    // most one step's travel at its top speed (Smooth: 1.5 × 400 px/s).
    let one_step = 1.5 * 400.0 / 60.0;
    assert!(
        lowest >= head - 0.1 && lowest < head + one_step,
        "{lowest} vs {head}"
    );
    assert!(still);
    // The player walks away: the block goes on down to the floor and back.
    hold(
        &mut app,
        PlayerInput {
            left: true,
            ..default()
        },
        30,
    );
    let mut reached = f32::MAX;
    for _ in 0..120 {
        steps(&mut app, 1);
        let block = app.world().resource::<TerrainIndex>().set.mover_aabb(0);
        reached = reached.min(block.min.y);
    }
    println!("stopper, the way clear: down to {reached}");
    assert!((reached - 32.0).abs() < 0.01, "{reached}");
}

#[test]
fn a_mover_that_reverses_when_blocked_turns_back_at_the_player() {
    let path = write_level(
        "movers",
        "reverser",
        &crusher_level(", when_blocked: Reverse"),
    );
    let mut app = headless_app(&path, None).unwrap();
    let (times, deaths, _, bottoms) = under_a_blocked_crusher(&mut app, 600);
    let lowest = bottoms[90..].iter().copied().fold(f32::MAX, f32::min);
    let head = player(&mut app).0.y + 14.0;
    // Turns at the player: lower than the steps either side (where it
    // waited a step or two, once), near its head.
    let mut path = bottoms[90..].to_vec();
    path.dedup();
    let turns = path
        .windows(3)
        .filter(|w| w[1] < w[0] && w[1] < w[2] && w[1] < head + 10.0)
        .count();
    let tops = bottoms.iter().filter(|&&b| b > 159.99).count();
    println!(
        "reverser: {times} blocked steps, {turns} turns at the player, {deaths} deaths, lowest bottom {lowest} (head at {head}), {tops} steps at the top"
    );
    assert_eq!(deaths, 0);
    assert!(times >= 3 && turns >= 3, "{times} {turns}");
    let one_step = 1.5 * 400.0 / 60.0;
    assert!(
        lowest >= head - 0.1 && lowest < head + one_step,
        "{lowest} vs {head}"
    );
    assert!(tops > 10, "went back up: {tops}");
}

#[test]
fn a_crumbled_bridge_comes_back_only_when_its_place_is_clear() {
    use tangent::level::movers::LevelMover;
    // A ledge (columns 1–8) and the bridge (9–11) at row 3, a shelf under
    // the bridge at row 2, the floor at row 0.
    let mut rows = vec![String::new(); 11];
    rows[7] = "#".repeat(11);
    rows[8] = format!("{}###", ".".repeat(8));
    rows[10] = "#".repeat(28);
    let text = room_of(
        &rows,
        (96.0, 142.5),
        "(tiles: Some((x: 9, y: 3, width: 3)), trigger: Crumble(0.5))",
    );
    let path = write_level("movers", "crumble", &text);
    let mut app = headless_app(&path, None).unwrap();
    let shown = |app: &mut App| {
        let mut q = app.world_mut().query::<(&LevelMover, &Visibility)>();
        let (_, v) = q.single(app.world()).unwrap();
        *v != Visibility::Hidden
    };
    let pose = |app: &mut App| app.world().resource::<TerrainIndex>().set.mover_pose(0);
    let home = pose(&mut app);
    // Onto the bridge's middle.
    press(
        &mut app,
        PlayerInput {
            right: true,
            ..default()
        },
    );
    while player(&mut app).0.x < 300.0 {
        steps(&mut app, 1);
    }
    hold(&mut app, PlayerInput::default(), 20);
    let (p, _, grounded) = player(&mut app);
    assert!(grounded && p.x > 300.0 && p.x < 372.0, "on the bridge: {p}");
    // It shakes 0.5 s, falls 1 s, is gone 2.5 s: the player stands on the
    // shelf under its place meanwhile, and for 5 s more: it stays away.
    let mut fell = 0;
    for _ in 0..(60 * 9) {
        steps(&mut app, 1);
        fell += (pose(&mut app).translation.y < home.translation.y - 1.0) as usize;
        assert!(pose(&mut app) != home || fell == 0, "back while taken");
    }
    let (p, _, grounded) = player(&mut app);
    println!("crumble: fell for {fell} steps; the player on the shelf at {p}");
    assert!(grounded && (p.y - 110.0).abs() < 0.1, "on the shelf: {p}");
    assert!(fell > 60 * 8 && !shown(&mut app));
    // Off the shelf to the floor: its place is clear, it is back.
    press(
        &mut app,
        PlayerInput {
            right: true,
            ..default()
        },
    );
    let mut back = None;
    for step in 0..120 {
        steps(&mut app, 1);
        if pose(&mut app) == home {
            back = Some((step, player(&mut app).0));
            break;
        }
    }
    let (step, p) = back.expect("the bridge comes back");
    println!("crumble: back {step} steps after the player left, the player at {p}");
    assert!(p.x - 10.5 > 384.0 || p.y + 14.0 < 96.0, "clear: {p}");
    steps(&mut app, 1);
    assert!(shown(&mut app) && pose(&mut app) == home);
}

#[test]
fn a_runner_steps_the_seam_between_a_lift_and_the_ground_it_stops_by() {
    // A lift (columns 10–12 of the floor) rises `rise` px once, beside
    // fixed ground at row 5 (top at 192 px) from column 13 on.
    let run_across = |rise: f32| {
        let mut rows = vec![String::new(); 10];
        rows[5] = format!("{}{}", ".".repeat(12), "#".repeat(16));
        rows.push("#".repeat(28));
        let text = room_of(
            &rows,
            (96.0, 46.5),
            &format!(
                "(tiles: Some((x: 10, y: 0, width: 3)), path: [(0, {rise})], speed: 200, trigger: StoodOn, repeat: Once)"
            ),
        );
        let mut app = onto_the_lift(&format!("seam-{rise}"), &text, 90);
        let right = PlayerInput {
            right: true,
            ..default()
        };
        let top = app
            .world()
            .resource::<TerrainIndex>()
            .set
            .mover_aabb(0)
            .max
            .y;
        assert!((top - 32.0 - rise).abs() < 1e-3, "the lift stopped: {top}");
        let (mut airborne, mut furthest) = (0, 0.0f32);
        press(&mut app, right);
        for _ in 0..60 {
            steps(&mut app, 1);
            let (p, _, grounded) = player(&mut app);
            airborne += !grounded as usize;
            furthest = furthest.max(p.x);
        }
        (airborne, furthest)
    };
    let mut crossed = 0;
    for step_up in [-0.5f32, 0.0, 0.25, 0.5, 0.9, 3.0] {
        let (airborne, furthest) = run_across(160.0 - step_up);
        println!(
            "seam: a step of {step_up} px: {airborne} steps off the ground, got to x = {furthest}"
        );
        if step_up <= tangent::player::corners::SEAM_STEP {
            assert_eq!(airborne, 0, "{step_up}");
            assert!(furthest > 416.0 + 120.0, "{step_up}: stopped at {furthest}");
            crossed += 1;
        } else {
            assert!(furthest < 416.0 - 10.0, "{step_up}: climbed to {furthest}");
        }
    }
    assert_eq!(crossed, 5);
}
