//! Movers in the game: the player rides a lift (grounded every step, its
//! height over the lift constant), a crusher kills it (a crush death, back
//! at the spawn, never inside the crusher), and a level with movers runs
//! byte-identically twice, the movers' rows in its trace.

use bevy::prelude::*;
use tangent::collision::TerrainIndex;
use tangent::headless::{HeadlessOptions, headless_app, run_headless};
use tangent::level::{DeathCause, Died, LevelStatus};
use tangent::player::PlayerInput;

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
        // Never inside the crusher's block.
        let (p, _, _) = player(&mut app);
        let index = app.world().resource::<TerrainIndex>();
        let block = index.set.mover_aabb(0);
        let inside = p.x > block.min.x + 10.5
            && p.x < block.max.x - 10.5
            && p.y > block.min.y + 14.5
            && p.y < block.max.y - 14.5;
        assert!(!inside, "player at {p} inside the crusher {block:?}");
    }
    let deaths = app.world().resource::<LevelStatus>().deaths;
    println!("crusher: {crushes} crush deaths in 10 s (deaths counted {deaths})");
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
            level: root.join("assets/levels/08-moving-parts.level.ron"),
            frames: 900,
            replay: Some(root.join("assets/replays/08-moving-parts.replay")),
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
