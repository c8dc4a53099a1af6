//! Every shipped replay is made from a plan in `assets/plans/` (#61): the
//! plan played on its level makes exactly the shipped replay, reaching the
//! goal with no death; a plan's bad line and a plan that leads to a death
//! or nowhere are errors naming the plan line.

use std::path::Path;

use tangent::player::{PlayerInput, Replay};
use tangent::sim::plan::{Plan, make_replay};

use super::common::{hold, player, steps};
use super::game_headless::replays;

fn plan_for(replay: &Path) -> std::path::PathBuf {
    let name = replay
        .file_name()
        .unwrap()
        .to_string_lossy()
        .replace(".replay", ".plan");
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/plans")
        .join(name)
}

/// The plan `text` (from `plan_path`) played on `level`, asserted to make
/// exactly the replay shipped at `shipped_path` without a death or a
/// stuck line (`make_replay`'s errors).
fn planned_as_shipped(
    level: &Path,
    text: &str,
    plan_path: &Path,
    shipped_path: &Path,
) -> tangent::sim::plan::Planned {
    let planned = make_replay(level, &Plan::parse(text).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", plan_path.display()));
    let shipped = Replay::parse(&std::fs::read_to_string(shipped_path).unwrap()).unwrap();
    assert_eq!(
        planned.replay,
        shipped,
        "{} is not what {} makes: remake it with `tangent plan`",
        shipped_path.display(),
        plan_path.display()
    );
    planned
}

#[test]
fn each_shipped_replay_is_its_plan_played_reaching_the_goal() {
    let all = replays();
    assert!(all.len() >= 5, "expected at least five shipped levels");
    for (level, replay) in all {
        let plan_path = plan_for(&replay);
        let text = std::fs::read_to_string(&plan_path)
            .unwrap_or_else(|e| panic!("{}: {e}", plan_path.display()));
        let planned = planned_as_shipped(&level, &text, &plan_path, &replay);
        assert!(planned.goal_step > 0);
        println!(
            "{}: goal at step {}, {} key changes",
            plan_path.display(),
            planned.goal_step,
            planned.replay.changes.len()
        );
    }
}

/// The collect-all replays (`NAME.coins.replay`, from `NAME.coins.plan`):
/// each is its plan played, takes every coin of its level and reaches the
/// goal with no death.
#[test]
fn each_collect_all_replay_takes_every_coin_and_reaches_the_goal() {
    let mut played = 0;
    for (level, replay) in replays() {
        let plan_path = plan_for(&replay).with_extension("coins.plan");
        let Ok(text) = std::fs::read_to_string(&plan_path) else {
            continue;
        };
        let shipped_path = replay.with_extension("coins.replay");
        let planned = planned_as_shipped(&level, &text, &plan_path, &shipped_path);
        let coins = tangent::level::play::load_level_file(&level)
            .unwrap()
            .file
            .coins
            .len();
        assert!(coins >= 3, "{}: {coins} coins", level.display());
        assert_eq!(planned.coins as usize, coins, "{}", plan_path.display());
        println!(
            "{}: all {coins} coins, goal at step {}",
            plan_path.display(),
            planned.goal_step
        );
        played += 1;
    }
    println!("{played} levels with a collect-all replay");
    assert!(played >= 8, "{played} collect-all replays");
}

/// `slow` waits for a brake: Right up to x = 300, then Left until the
/// player moves sideways slower than `SLOW_SPEED`, which, held by hand,
/// happens on the step the plan's brake ends, and not before.
#[test]
fn a_plan_brakes_until_slow() {
    use tangent::sim::plan::SLOW_SPEED;
    let flat = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/flat.level.ron");
    let plan = Plan::parse("R until x>=300\nL until slow\nR 1\n").unwrap();
    let done = make_replay(&flat, &plan).unwrap();
    let frames: Vec<u64> = done.replay.changes.iter().map(|c| c.0).collect();
    assert_eq!(frames.len(), 3, "{frames:?}");
    assert!(
        frames[2] > frames[1] + 3,
        "a brake from full speed takes steps: {frames:?}"
    );
    let mut app = tangent::sim::headless::headless_app(&flat, None).unwrap();
    let keys = |l: &str| PlayerInput {
        right: l == "R",
        left: l == "L",
        ..Default::default()
    };
    hold(&mut app, keys("R"), frames[1] as usize);
    let vx = |app: &mut bevy::prelude::App| {
        let mut q = app.world_mut().query_filtered::<
            &tangent::collision::Velocity,
            bevy::prelude::With<tangent::player::Player>,
        >();
        q.single(app.world()).unwrap().0.x
    };
    assert!(vx(&mut app) > 300.0);
    hold(&mut app, keys("L"), (frames[2] - frames[1] - 1) as usize);
    assert!(vx(&mut app).abs() >= SLOW_SPEED, "{}", vx(&mut app));
    hold(&mut app, keys("L"), 1);
    assert!(vx(&mut app).abs() < SLOW_SPEED, "{}", vx(&mut app));
}

#[test]
fn a_plan_says_where_it_goes_wrong() {
    let flat = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/flat.level.ron");
    // Nothing for 20 steps (no change: a replay starts with none), Right
    // until x >= 300, a hop, Right on to the goal: the hop starts on the
    // step after the one that crossed x = 300.
    let plan = Plan::parse("- 20\nR until x>=300\nRJ 10\nR 1\n").unwrap();
    let done = make_replay(&flat, &plan).unwrap();
    let frames: Vec<u64> = done.replay.changes.iter().map(|c| c.0).collect();
    assert_eq!(frames.len(), 3, "{frames:?}");
    assert_eq!(frames[0], 20);
    assert_eq!(frames[2], frames[1] + 10);
    // Checked by holding the keys by hand: Right from step 20 first
    // crosses x = 300 on the step before the hop.
    let mut app = tangent::sim::headless::headless_app(&flat, None).unwrap();
    steps(&mut app, 20);
    let right = PlayerInput {
        right: true,
        ..Default::default()
    };
    hold(&mut app, right, (frames[1] - 21) as usize);
    assert!(player(&mut app).0.x < 300.0);
    hold(&mut app, right, 1);
    assert!(player(&mut app).0.x >= 300.0);
    assert_eq!(done.replay.keys_at(frames[1]).letters(), "RJ");
    // A wait for something that never comes names its line.
    let stuck = Plan::parse("- 5\n- until x>=300 max 50\n").unwrap();
    let e = make_replay(&flat, &stuck).unwrap_err();
    assert!(
        e.contains("plan line 2") && e.contains("after 50 steps"),
        "{e}"
    );
    // Left alone never reaches Flat's goal.
    let e = make_replay(&flat, &Plan::parse("L 10\n").unwrap()).unwrap_err();
    assert!(e.contains("no goal"), "{e}");
    for bad in [
        "Q 10",
        "R until",
        "R until x=>3",
        "R ten",
        "R until x>=3 max",
    ] {
        let e = Plan::parse(bad).unwrap_err();
        assert!(e.starts_with("line 1:"), "{bad}: {e}");
    }
}
