//! Danger and retries in the headless game: spikes, a hazard curve and
//! leaving the level each kill the player, who comes back at the
//! last checkpoint touched (or the spawn) with no speed, the death counter
//! up by one; spikes are safe to jump up through; a jump whose head clips
//! a ceiling's corner by 0.5–3.5 px gets past it, by 4.5–8 px is stopped;
//! a checkpoint inside a wall is an error naming its line.

use std::path::PathBuf;

use bevy::prelude::*;
use tangent::collision::{PhysicsPosition, Velocity};
use tangent::level::LevelStatus;
use tangent::player::{Player, PlayerInput};
use tangent::sim::headless::headless_app;
use tangent_level::Level;

/// Writes a level: 40 × 12 tiles of 32 px, walls around, `rows` (top row
/// first) replacing the middle rows from the top, and extra fields.
fn level(name: &str, inner: &[&str], extra: &str) -> PathBuf {
    let mut rows = vec![format!("\"{}\"", "#".repeat(40))];
    for k in 0..10 {
        let row = inner
            .get(k)
            .map_or_else(|| format!("#{}#", ".".repeat(38)), |r| r.to_string());
        assert_eq!(row.chars().count(), 40, "{row}");
        rows.push(format!("\"{row}\""));
    }
    rows.push(format!("\"{}\"", "#".repeat(40)));
    let text = format!(
        "(name: \"{name}\", legend: {{ '#': Solid, '.': Empty, '^': Spikes(Up), ' ': Empty }},\n\
         tiles: [\n{}\n],\n\
         player: Rect(half_extents: (10, 14)),\n\
         goal: (position: (1200, 300)),\n{extra})",
        rows.join(",\n")
    );
    crate::common::write_level("hazards", name, &text)
}

/// The player's position and velocity.
fn player(app: &mut App) -> (Vec2, Vec2) {
    let (p, v, _) = crate::common::player(app);
    (p, v)
}

fn status(app: &App) -> LevelStatus {
    app.world().resource::<LevelStatus>().clone()
}

fn keys(left: bool, right: bool, jump: bool) -> PlayerInput {
    PlayerInput {
        left,
        right,
        jump,
        ..PlayerInput::NONE
    }
}

/// Runs with `input` until the first death (at most `steps`): the step it
/// died in and where the player was right after.
fn until_death(app: &mut App, input: PlayerInput, steps: usize) -> Option<(usize, Vec2, Vec2)> {
    crate::common::press(app, input);
    for k in 0..steps {
        app.update();
        if status(app).deaths > 0 {
            let (p, v) = player(app);
            return Some((k, p, v));
        }
    }
    None
}

/// A floor row of spikes at columns 30–33: the player runs right from x 100
/// past the checkpoint at x 600 into them.
pub(crate) fn spike_run() -> PathBuf {
    let floor = format!("#{}^^^^{}#", ".".repeat(29), ".".repeat(5));
    let mut inner = vec!["#......................................#"; 9];
    inner.push(&floor);
    level(
        "spikes",
        &inner,
        "spawn: (100, 46.5), checkpoints: [(600, 46.5)],",
    )
}

#[test]
fn spikes_kill_and_the_player_comes_back_at_the_checkpoint() {
    let mut app = headless_app(&spike_run(), None).unwrap();
    let (k, p, v) = until_death(&mut app, keys(false, true, false), 600).expect("never died");
    let s = status(&app);
    println!(
        "spikes: died at step {k}, back at {p}, checkpoint {:?}",
        s.checkpoint
    );
    assert_eq!(s.deaths, 1);
    assert_eq!(s.checkpoint, Some(0));
    assert_eq!((p, v), (Vec2::new(600.0, 46.5), Vec2::ZERO));
    // Standing still at the checkpoint: no more deaths.
    crate::common::hold(&mut app, keys(false, false, false), 120);
    assert_eq!(status(&app).deaths, 1);
}

#[test]
fn jumping_up_through_upward_spikes_is_safe_landing_on_them_is_not() {
    // The player spawns standing in a cell of upward spikes (column 20).
    let floor = format!("#{}^{}#", ".".repeat(19), ".".repeat(18));
    let mut inner = vec!["#......................................#"; 9];
    inner.push(&floor);
    let path = level("jump-through", &inner, "spawn: (656, 46.5),");
    let mut app = headless_app(&path, None).unwrap();
    // Set off upward from among the spikes: no death while rising.
    {
        let mut q = app
            .world_mut()
            .query_filtered::<&mut Velocity, With<Player>>();
        q.single_mut(app.world_mut()).unwrap().0 = Vec2::new(0.0, 600.0);
    }
    app.update();
    assert_eq!(status(&app).deaths, 0, "rising through spikes killed");
    // Coming back down onto them kills.
    let died = until_death(&mut app, keys(false, false, false), 240);
    assert!(died.is_some(), "landing on spikes did not kill");
    assert_eq!(status(&app).checkpoint, None);
    assert_eq!(died.unwrap().1, Vec2::new(656.0, 46.5), "back at the spawn");
}

#[test]
fn a_hazard_curve_kills_and_leaving_the_level_kills() {
    // A red-hot bump on the floor in the way.
    let path = level(
        "curve",
        &[],
        "spawn: (100, 46.5),\n\
         curves: [(points: [(500, 32), (540, 80), (580, 32)], hazard: true)],",
    );
    let mut app = headless_app(&path, None).unwrap();
    let (_, p, _) = until_death(&mut app, keys(false, true, false), 600).expect("curve");
    assert_eq!((status(&app).deaths, p), (1, Vec2::new(100.0, 46.5)));
    // Levels are closed by their walls (outside the grid is solid), so a
    // player only leaves one when something puts it there: knocked out of
    // it, or moved by game code. That kills too, after the checkpoint.
    let path = level(
        "out",
        &[],
        "spawn: (100, 46.5), checkpoints: [(200, 46.5)],",
    );
    let mut app = headless_app(&path, None).unwrap();
    until_death(&mut app, keys(false, true, false), 20);
    assert_eq!(status(&app).deaths, 0);
    crate::common::hold(&mut app, keys(false, false, false), 60);
    assert_eq!(
        status(&app).checkpoint,
        Some(0),
        "walked past the checkpoint"
    );
    {
        let mut q = app
            .world_mut()
            .query_filtered::<&mut PhysicsPosition, With<Player>>();
        q.single_mut(app.world_mut()).unwrap().0 = Vec2::new(300.0, -500.0);
    }
    let (_, p, v) = until_death(&mut app, keys(false, false, false), 2).expect("out");
    assert_eq!(
        (status(&app).deaths, p, v),
        (1, Vec2::new(200.0, 46.5), Vec2::ZERO)
    );
}

/// A jump under a ceiling block (column 20, its bottom at y 128, within
/// the jump's reach) with the head overlapping its left corner by `overlap`
/// px: the highest the player's centre gets in a second.
fn jump_under_corner(overlap: f32, from_left: bool) -> f32 {
    let mut ceiling = "#......................................#".to_string();
    ceiling.replace_range(20..21, "#");
    let mut inner = vec!["#......................................#"; 10];
    inner[6] = &ceiling; // the fifth row from the bottom: y from 128 to 160
    let x = if from_left {
        640.0 - 10.0 + overlap
    } else {
        672.0 + 10.0 - overlap
    };
    let name = format!("corner-{overlap}-{from_left}");
    let path = level(&name, &inner, &format!("spawn: ({x}, 46.5),"));
    let mut app = headless_app(&path, None).unwrap();
    crate::common::press(&mut app, keys(false, false, true));
    let mut top = f32::MIN;
    for _ in 0..60 {
        app.update();
        top = top.max(player(&mut app).0.y);
    }
    top
}

#[test]
fn a_jump_clipping_a_ceiling_corner_by_a_few_pixels_gets_past_it() {
    let (mut past, mut stopped) = (0, 0);
    for k in 1..=16 {
        let overlap = 0.5 * k as f32;
        for from_left in [true, false] {
            let top = jump_under_corner(overlap, from_left);
            // Past: the centre rises above the block's bottom (128); stopped:
            // the head stays under it.
            // `corner_correction` is 4 px: a nudge of at most 4 px clears a
            // clip of less than that (the player keeps its skin); a clip of
            // exactly 4 px stays.
            if overlap < 4.0 {
                assert!(
                    top > 128.0,
                    "{overlap} px, left {from_left}: stopped at {top}"
                );
                past += 1;
            } else {
                assert!(
                    top <= 128.0 - 14.0 + 0.1,
                    "{overlap} px: went past to {top}"
                );
                stopped += 1;
            }
        }
    }
    println!("corner jumps: {past} got past (0.5–3.5 px), {stopped} stopped (4–8 px)");
    // Every case is asserted above, one way or the other (32 in all).
}

#[test]
fn a_checkpoint_inside_a_wall_is_an_error_naming_its_line() {
    let text = "(name: \"x\", legend: { '#': Solid, '.': Empty },\n\
                tiles: [\"####\", \"#..#\", \"####\"],\n\
                spawn: (48, 48),\n\
                checkpoints: [(16, 16)],\n\
                goal: (position: (48, 48)))";
    let e = Level::parse(text, "bad.level.ron").unwrap_err();
    println!("{e}");
    assert_eq!(e.line, 4);
    assert!(
        e.to_string().contains("checkpoint 1 is inside solid tile"),
        "{e}"
    );
}
