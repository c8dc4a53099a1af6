//! The campaign's bars (#61): at least 30 levels in at least 6 worlds,
//! whose shipped replays add up to at least 20 minutes with a median of at
//! least 40 s. Each level's shipped replay is at least 20 s long (but
//! a world's first level), averages at least one key change a second and
//! stands still at most 5 % of its steps; no mindless play (Right; Right
//! with Jump every 5–40 steps; Left) wins it, but the campaign's first
//! level; it has at least 3 coins and a collect-all replay (checked in
//! `plans.rs`). Leniency, the share of 40 seeded runs with every key change
//! moved by up to ±3 steps that reach the goal with no death: at least
//! 80 % on each level of the first world, each world's median below the
//! world's before it, and the last world's at most 35 %; the same bars on
//! the 200 runs a level are an ignored test that `.ci/run` runs
//! in a release build (`tangent leniency` prints them).
//! No two of these levels share more than 20 % of their tile columns (the
//! same column of tiles, top to bottom, at the same place or shifted).

use std::path::Path;

use tangent::level::list::LevelList;
use tangent::sim::leniency::measure;

use super::common::{first_level, shipped_replay};

/// Worlds (from the first) held to the bars: all of them.
const WORLDS_REBUILT: usize = 6;
/// Seeded perturbed runs a level in this test.
const RUNS: u64 = 40;

#[test]
fn the_rebuilt_worlds_meet_the_campaigns_bars() {
    let list = LevelList::around(&first_level());
    let worlds = list.worlds();
    let mut checked = 0;
    let mut medians = Vec::new();
    let mut times = Vec::new();
    for (w, world) in worlds.iter().take(WORLDS_REBUILT).enumerate() {
        let mut wins = Vec::new();
        for (k, &i) in world.levels.iter().enumerate() {
            let level = &list.0[i];
            let name = tangent_level::files::level_stem(level).unwrap();
            let replay = shipped_replay(&name);
            let m = measure(level, &replay, 3, RUNS, false).unwrap();
            let (stats, ok, itself) = (m.stats, m.wins, m.plays_itself);
            let steps = stats.goal_steps.expect("the replay reaches the goal");
            let secs = steps as f64 / 60.0;
            times.push(secs);
            println!(
                "{name}: {secs:.1} s, {:.2} key changes/s, still {:.1} %, {ok}/{RUNS} perturbed runs win, plays itself: {itself:?}",
                stats.changes_per_s,
                100.0 * stats.still_share
            );
            assert!(k == 0 || secs >= 20.0, "{name}: {secs:.1} s");
            assert!(
                stats.changes_per_s >= 1.0,
                "{name}: {:.2}/s",
                stats.changes_per_s
            );
            assert!(
                stats.still_share <= 0.05,
                "{name}: still {:.3}",
                stats.still_share
            );
            assert!(w > 0 || ok * 100 >= 80 * RUNS, "{name}: {ok}/{RUNS}");
            wins.push(ok);
            assert!(
                itself.is_none() || (w == 0 && k == 0),
                "{name} plays itself: {itself:?}"
            );
            checked += 1;
        }
        push_world_median(&mut medians, &mut wins, RUNS);
    }
    assert_eq!(
        worlds.len(),
        WORLDS_REBUILT,
        "every world is held to the bars"
    );
    assert!(worlds.len() >= 6, "{} worlds", worlds.len());
    assert!(checked >= 30, "{checked} levels");
    let last = *medians.last().unwrap();
    assert!(
        last * 100.0 <= 35.0 * RUNS as f64,
        "the last world's median: {last}/{RUNS}"
    );
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    let n = times.len();
    let median_time = (times[(n - 1) / 2] + times[n / 2]) / 2.0;
    println!(
        "{n} levels: replays {:.1} min in all, median {median_time:.1} s",
        total / 60.0
    );
    assert!(total >= 20.0 * 60.0, "{:.1} min", total / 60.0);
    assert!(median_time >= 40.0, "median {median_time:.1} s");
}

/// Seeded perturbed runs a level in the release test: the count.
const RUNS_RELEASE: u64 = 200;

/// The leniency bars on 200 runs a level (the levels measured on rayon's
/// threads): each of world 1's levels at least 80 %, each world's median
/// below the one before, the last at most 35 %. About 3 minutes of a
/// release build on two cores; hours of the debug one.
#[test]
#[ignore = "200 perturbed runs of 30 levels: run in a release build (`.ci/run` does)"]
fn the_worlds_leniency_climbs_on_200_runs_a_level() {
    use rayon::prelude::*;
    let list = LevelList::around(&first_level());
    let worlds = list.worlds();
    let mut medians: Vec<f64> = Vec::new();
    for (w, world) in worlds.iter().enumerate() {
        let mut wins: Vec<u64> = world
            .levels
            .par_iter()
            .map(|&i| {
                let level = &list.0[i];
                let name = tangent_level::files::level_stem(level).unwrap();
                let replay = shipped_replay(&name);
                let ok = tangent::sim::leniency::leniency(level, &replay, 3, RUNS_RELEASE).unwrap();
                println!("{name}: {ok}/{RUNS_RELEASE} perturbed runs win");
                assert!(
                    w > 0 || ok * 100 >= 80 * RUNS_RELEASE,
                    "{name}: {ok}/{RUNS_RELEASE}"
                );
                ok
            })
            .collect();
        push_world_median(&mut medians, &mut wins, RUNS_RELEASE);
    }
    assert!(medians.len() >= 6, "{} worlds", medians.len());
    let last = *medians.last().unwrap();
    assert!(
        last * 100.0 <= 35.0 * RUNS_RELEASE as f64,
        "the last world's median: {last}/{RUNS_RELEASE}"
    );
}

/// Pushes the next world's median of `wins` (of `runs`) onto `medians`,
/// asserted below the world's before it.
fn push_world_median(medians: &mut Vec<f64>, wins: &mut [u64], runs: u64) {
    let median = median(wins);
    let world = medians.len() + 1;
    println!("world {world}: median {median}/{runs}");
    if let Some(&before) = medians.last() {
        assert!(
            median < before,
            "world {world}: median {median} not below {before}"
        );
    }
    medians.push(median);
}

/// The median of a world's wins (the mean of the middle two for an even
/// count), in runs.
fn median(wins: &mut [u64]) -> f64 {
    wins.sort_unstable();
    let n = wins.len();
    (wins[(n - 1) / 2] + wins[n / 2]) as f64 / 2.0
}

/// The tile columns of a level file, each read top to bottom.
fn columns(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    let rows = tangent_level::Level::parse(&text, &name)
        .unwrap()
        .file
        .tiles;
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    (0..width)
        .map(|x| {
            grid.iter()
                .map(|r| r.get(x).copied().unwrap_or('.'))
                .collect()
        })
        .collect()
}

/// The most columns of `a` equal to the column of `b` `shift` places on,
/// over every shift, as a share of the narrower level.
fn shared_columns(a: &[String], b: &[String]) -> f64 {
    let same = |shift: isize| {
        (0..a.len() as isize)
            .filter(|&i| {
                let j = i + shift;
                j >= 0 && (j as usize) < b.len() && a[i as usize] == b[j as usize]
            })
            .count()
    };
    let best = (-(a.len() as isize)..b.len() as isize)
        .map(same)
        .max()
        .unwrap_or(0);
    best as f64 / a.len().min(b.len()).max(1) as f64
}

#[test]
fn no_two_rebuilt_levels_share_a_fifth_of_their_columns() {
    // The check finds a copy: a level and itself plus 40 columns share all
    // of the shorter one's columns, shifted or not.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let one = columns(&root.join("assets/levels/1-3-pit-stops.level.ron"));
    let mut longer = vec![one[0].clone(); 40];
    longer.extend(one.iter().cloned());
    assert_eq!(shared_columns(&one, &longer), 1.0);
    let list = LevelList::around(&root.join("assets/levels/1-1-hills.level.ron"));
    let levels: Vec<_> = list
        .worlds()
        .iter()
        .take(WORLDS_REBUILT)
        .flat_map(|w| w.levels.clone())
        .map(|i| list.0[i].clone())
        .collect();
    let cols: Vec<_> = levels.iter().map(|p| columns(p)).collect();
    let mut pairs = 0;
    let mut worst = (0.0, 0, 0);
    for i in 0..cols.len() {
        for j in i + 1..cols.len() {
            let share = shared_columns(&cols[i], &cols[j]);
            if share > worst.0 {
                worst = (share, i, j);
            }
            pairs += 1;
        }
    }
    let name = |i: usize| levels[i].file_name().unwrap().to_string_lossy().to_string();
    println!(
        "{pairs} pairs; the most alike: {} and {}, {:.0} % of columns",
        name(worst.1),
        name(worst.2),
        100.0 * worst.0
    );
    assert!(pairs >= 28, "{pairs} pairs");
    assert!(
        worst.0 <= 0.2,
        "{} and {} share {:.0} % of their columns",
        name(worst.1),
        name(worst.2),
        100.0 * worst.0
    );
}
