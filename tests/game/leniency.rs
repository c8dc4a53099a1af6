//! The leniency measure and the mindless plays (#61's tools), checked on
//! test levels whose answers are known:
//! - Flat, won by holding Right: every perturbed run of `0 R` reaches the
//!   goal, and Right alone plays it.
//! - Dash Gap, won only by a jump and a dash in the air over spikes: its
//!   replay wins unmoved (width 0) in every run; moved by up to 20 steps
//!   most runs fail; no mindless play (Right, Right mashing Jump every
//!   5–40 steps, Left) wins it.
//! - The same seeds give the same count.

use std::path::Path;

use tangent::player::Replay;
use tangent::sim::leniency::{Outcome, leniency, mindless_plays, plays_itself, replay_stats, run};

fn test_level(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(name)
}

#[test]
fn the_leniency_of_known_levels_is_what_their_shape_says() {
    let flat = test_level("flat.level.ron");
    let right = Replay::parse("0 R\n").unwrap();
    assert!(matches!(
        run(&flat, right.clone(), 600).unwrap(),
        Outcome::Goal(_)
    ));
    assert_eq!(leniency(&flat, &right, 3, 20).unwrap(), 20);
    assert_eq!(plays_itself(&flat, 600).unwrap().as_deref(), Some("Right"));

    let gap = test_level("dash-gap.level.ron");
    let text = std::fs::read_to_string(test_level("dash-gap.replay")).unwrap();
    let replay = Replay::parse(&text).unwrap();
    assert_eq!(leniency(&gap, &replay, 0, 5).unwrap(), 5);
    let tight = leniency(&gap, &replay, 3, 20).unwrap();
    let loose = leniency(&gap, &replay, 20, 20).unwrap();
    println!("Dash Gap: {tight}/20 runs moved by ±3 steps reach the goal, {loose}/20 by ±20");
    assert!(loose < 10, "{loose}");
    assert_eq!(leniency(&gap, &replay, 3, 20).unwrap(), tight);
    assert_eq!(plays_itself(&gap, 900).unwrap(), None);
    assert_eq!(mindless_plays(900).len(), 38);
}

#[test]
fn a_replays_time_action_rate_and_standing_still_are_measured() {
    let flat = test_level("flat.level.ron");
    // Right from the start: about 1 000 px at the run speed, never still.
    let go = replay_stats(&flat, &Replay::parse("0 R\n").unwrap()).unwrap();
    let steps = go.goal_steps.expect("Right reaches the goal");
    assert!((120..400).contains(&steps), "{steps}");
    assert!((go.changes_per_s - 60.0 / steps as f64).abs() < 1e-9);
    assert!(go.still_share < 0.05, "{}", go.still_share);
    // Two seconds standing on the floor first (after a fall of well under
    // a second from the spawn): the still share is most of those steps.
    let wait = replay_stats(&flat, &Replay::parse("0 -\n120 R\n").unwrap()).unwrap();
    let steps = wait.goal_steps.unwrap() as f64;
    println!(
        "Right at once: {:?} steps, still {:.3}; after 2 s: {steps} steps, still {:.3}",
        go.goal_steps, go.still_share, wait.still_share
    );
    assert!(wait.still_share > 70.0 / steps && wait.still_share < 120.0 / steps);
    // A replay that dies has no goal time.
    let gap = test_level("dash-gap.level.ron");
    let dies = replay_stats(&gap, &Replay::parse("0 R\n").unwrap()).unwrap();
    assert_eq!(dies.goal_steps, None);
}
