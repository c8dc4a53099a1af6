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
use tangent::sim::leniency::{Outcome, leniency, mindless_plays, plays_itself, run};

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
