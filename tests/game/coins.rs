//! Coins: the player takes one by touching it, once a run; the count goes
//! with the finish (`LevelFinished::coins`); a restart puts them back; a
//! coin out of the level's range is refused at the `coins` line.

use crate::common::write_level;
use bevy::prelude::*;
use tangent::level::coins::CoinsTaken;
use tangent::level::{LevelCommand, LevelFinished, LevelStatus};
use tangent::player::Replay;
use tangent::sim::headless::headless_app_with;

/// Flat (`tests/levels/flat.level.ron`) with two coins: one on the way to
/// the goal at the player's height on the floor, one high above it.
fn level_with_coins(coins: &str) -> std::path::PathBuf {
    let flat = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/flat.level.ron"),
    )
    .unwrap();
    let text = flat.replacen(
        "    curves: [],",
        &format!("    curves: [],\n    coins: {coins},"),
        1,
    );
    assert_ne!(text, flat);
    write_level("coins", "coins.level.ron", &text)
}

#[derive(Resource, Default)]
struct Finishes(Vec<LevelFinished>);

fn keep_finishes(mut read: MessageReader<LevelFinished>, mut kept: ResMut<Finishes>) {
    kept.0.extend(read.read().cloned());
}

#[test]
fn coins_are_taken_by_touch_counted_at_the_finish_and_put_back_on_restart() {
    let level = level_with_coins("[(600, 46), (600, 300)]");
    let right = Replay::parse("0 R\n").unwrap();
    let mut app = headless_app_with(&level, Some(right), |app| {
        app.init_resource::<Finishes>()
            .add_systems(Update, keep_finishes);
    })
    .unwrap();
    let mut took_at = None;
    for step in 0..600 {
        app.update();
        let taken = app.world().resource::<CoinsTaken>().clone();
        if took_at.is_none() && taken.count() == 1 {
            took_at = Some(step);
            assert!(taken.0[0] && !taken.0[1], "{taken:?}");
        }
        if app.world().resource::<LevelStatus>().goals > 0 {
            break;
        }
    }
    let finishes = &app.world().resource::<Finishes>().0;
    assert_eq!(finishes.len(), 1);
    assert_eq!(
        finishes[0].coins, 1,
        "the low coin on the way, not the high one"
    );
    println!(
        "the low coin taken on step {took_at:?}; the finish counts {}",
        finishes[0].coins
    );
    // A restart puts them back.
    app.world_mut().write_message(LevelCommand::Restart);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<CoinsTaken>().count(), 0);
}

#[test]
fn a_coin_out_of_range_is_refused_at_its_line() {
    let level = level_with_coins("[(1e9, 46)]");
    let e = tangent::level::play::load_level_file(&level).unwrap_err();
    assert!(e.contains("coin"), "{e}");
    let text = std::fs::read_to_string(&level).unwrap();
    let line = text.lines().position(|l| l.contains("coins:")).unwrap() + 1;
    assert!(e.contains(&format!(":{line}:")), "{e} (line {line})");
}
