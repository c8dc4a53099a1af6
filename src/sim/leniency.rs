//! How forgiving a level is, measured (#61): its replay played again with
//! every key change moved at random by up to `width` steps ([`perturb`]),
//! many times with fixed seeds, counting the runs that still reach the goal
//! without dying ([`leniency`]); and whether a level plays itself: holding
//! Right, Right with Jump mashed every k steps, or Left alone
//! ([`plays_itself`]); and what a replay does unmoved: its time, key
//! changes a second, time standing still ([`replay_stats`]).

use std::path::Path;

use tangent_collision::seeded::Xorshift64;

use super::headless::headless_app;
use crate::level::LevelStatus;
use crate::player::{PlayerInput, Replay};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// At the goal, with no death, after this many steps.
    Goal(u64),
    /// Died on this step.
    Died(u64),
    /// Neither within the steps allowed.
    TimedOut,
}

/// Plays `replay` on `level` for at most `max_steps` steps: the goal
/// without a death, a death, or neither.
pub fn run(level: &Path, replay: Replay, max_steps: u64) -> Result<Outcome, String> {
    play(level, replay, max_steps, |_| {})
}

/// [`run`], calling `each` after every step that neither reached the goal
/// nor died.
fn play(
    level: &Path,
    replay: Replay,
    max_steps: u64,
    mut each: impl FnMut(&mut bevy::prelude::App),
) -> Result<Outcome, String> {
    let mut app = headless_app(level, Some(replay))?;
    for step in 1..=max_steps {
        app.update();
        let status = app.world().resource::<LevelStatus>();
        if status.deaths > 0 {
            return Ok(Outcome::Died(step));
        }
        if status.goals > 0 {
            return Ok(Outcome::Goal(step));
        }
        each(&mut app);
    }
    Ok(Outcome::TimedOut)
}

/// [`run`], and the player's place after every step.
pub fn run_path(
    level: &Path,
    replay: Replay,
    max_steps: u64,
) -> Result<(Outcome, Vec<bevy::prelude::Vec2>), String> {
    let mut path = Vec::new();
    let mut players = None;
    let outcome = play(level, replay, max_steps, |app| {
        let q = players.get_or_insert_with(|| {
            app.world_mut().query_filtered::<
                &crate::collision::PhysicsPosition,
                bevy::prelude::With<crate::player::Player>,
            >()
        });
        if let Ok(p) = q.single(app.world()) {
            path.push(p.0);
        }
    })?;
    Ok((outcome, path))
}

/// How far, px, a perturbed run may stray from the unmoved run's path
/// before it has gone off it ([`goes_off`]).
pub const PATH_SLACK: f32 = 48.0;

/// Steps of the unmoved run's path a perturbed run may get ahead in one
/// step when it is followed ([`goes_off`]).
pub const PATH_LOOKAHEAD: usize = 120;

/// The step of `along` (the unmoved run's path) where `path` leaves it:
/// `path` is followed along `along` in space, each of its places matched
/// to the nearest place of `along` at or up to [`PATH_LOOKAHEAD`] steps
/// past the last match (a perturbed run may be ahead or behind in time);
/// a place farther than [`PATH_SLACK`] from all of those is off it. Where
/// it left for good (off from there to its end) is reported, as the last
/// matched step of `along`; `None` if it ends on the route.
///
/// ```
/// use bevy::prelude::Vec2;
/// use tangent::sim::leniency::goes_off;
/// let along: Vec<Vec2> = (0..100).map(|i| Vec2::new(6.0 * i as f32, 0.0)).collect();
/// // Ten steps behind, then the same way: still on it.
/// let late: Vec<Vec2> = (0..100).map(|i| Vec2::new(6.0 * (i.max(10) - 10) as f32, 0.0)).collect();
/// assert_eq!(goes_off(&along, &late), None);
/// // Falling away from step 40 on: off where it left.
/// let falls: Vec<Vec2> = (0..100)
///     .map(|i| Vec2::new(6.0 * i as f32, -8.0 * (i as f32 - 40.0).max(0.0)))
///     .collect();
/// assert!((40..=47).contains(&goes_off(&along, &falls).unwrap()));
/// ```
pub fn goes_off(along: &[bevy::prelude::Vec2], path: &[bevy::prelude::Vec2]) -> Option<usize> {
    let mut j = 0;
    let mut off_since = None;
    for p in path {
        let hi = (j + PATH_LOOKAHEAD + 1).min(along.len());
        let best =
            (j..hi).min_by(|&a, &b| along[a].distance(*p).total_cmp(&along[b].distance(*p)))?;
        if along[best].distance(*p) > PATH_SLACK {
            off_since.get_or_insert(j);
        } else {
            off_since = None;
            j = best;
        }
    }
    off_since
}

/// Where the perturbed runs of [`leniency`] that fail go wrong: for each
/// failing seed, how it ended, the unmoved run's place where it went off
/// that run's path (see [`goes_off`]) and its own last place.
pub fn failures(
    level: &Path,
    replay: &Replay,
    width: u64,
    runs: u64,
) -> Result<Vec<(u64, Outcome, bevy::prelude::Vec2, bevy::prelude::Vec2)>, String> {
    let last = replay.changes.last().map_or(0, |c| c.0);
    let (_, along) = run_path(level, replay.clone(), last + GRACE_STEPS)?;
    let mut out = Vec::new();
    for seed in 1..=runs {
        let (o, path) = run_path(level, perturb(replay, width, seed), last + GRACE_STEPS)?;
        if !matches!(o, Outcome::Goal(_)) {
            let k = goes_off(&along, &path).unwrap_or(path.len().saturating_sub(1));
            let at = along.get(k).or(along.last()).copied().unwrap_or_default();
            out.push((seed, o, at, path.last().copied().unwrap_or_default()));
        }
    }
    Ok(out)
}

/// The steps a play gets past its replay's last key change.
pub const GRACE_STEPS: u64 = 600;

/// `replay` with each key change moved by a whole number of steps drawn
/// evenly from `-width..=width` (not before step 0), in `seed`'s order;
/// changes that land on the same step keep the later one's keys.
///
/// ```
/// use tangent::player::{PlayerInput, Replay};
/// use tangent::sim::leniency::perturb;
/// let r = Replay::parse("0 R\n50 RJ\n60 R\n").unwrap();
/// let p = perturb(&r, 3, 7);
/// assert_eq!(p, perturb(&r, 3, 7));            // the seed decides
/// assert_eq!(perturb(&r, 0, 7), r);             // no width, no change
/// for ((f, k), (g, l)) in r.changes.iter().zip(&p.changes) {
///     assert!(f.abs_diff(*g) <= 3 && k == l);
/// }
/// ```
pub fn perturb(replay: &Replay, width: u64, seed: u64) -> Replay {
    let mut rng = Xorshift64::new(seed);
    let mut moved: Vec<(u64, PlayerInput)> = replay
        .changes
        .iter()
        .map(|&(f, k)| {
            let shift = (rng.next_u64() % (2 * width + 1)) as i64 - width as i64;
            ((f as i64 + shift).max(0) as u64, k)
        })
        .collect();
    // Stable: changes that cross keep their order on a shared step.
    moved.sort_by_key(|c| c.0);
    let mut changes: Vec<(u64, PlayerInput)> = Vec::with_capacity(moved.len());
    for (f, k) in moved {
        match changes.last_mut() {
            Some(last) if last.0 == f => last.1 = k,
            _ => changes.push((f, k)),
        }
    }
    Replay { changes }
}

/// Of `runs` perturbed plays of `replay` (seeds 1..=runs, each change moved
/// by up to `width` steps), how many reach the goal without dying, each
/// allowed the replay's length and [`GRACE_STEPS`] more (ten seconds).
pub fn leniency(level: &Path, replay: &Replay, width: u64, runs: u64) -> Result<u64, String> {
    let last = replay.changes.last().map_or(0, |c| c.0);
    let mut ok = 0;
    for seed in 1..=runs {
        let r = perturb(replay, width, seed);
        if matches!(run(level, r, last + GRACE_STEPS)?, Outcome::Goal(_)) {
            ok += 1;
        }
    }
    Ok(ok)
}

/// What a replay does, played unmoved: the steps to the goal (none: it
/// does not get there without dying), key changes a second up to the goal,
/// and the share of its steps the player stands still (under
/// [`STILL_SPEED`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReplayStats {
    pub goal_steps: Option<u64>,
    pub changes_per_s: f64,
    pub still_share: f64,
}

/// Slower than this, px/s, the player stands still.
pub const STILL_SPEED: f32 = 1.0;

/// Plays `replay` on `level` unmoved and measures it ([`ReplayStats`]).
pub fn replay_stats(level: &Path, replay: &Replay) -> Result<ReplayStats, String> {
    let last = replay.changes.last().map_or(0, |c| c.0);
    let mut players = None;
    let mut still = 0u64;
    let outcome = play(level, replay.clone(), last + GRACE_STEPS, |app| {
        let players = players.get_or_insert_with(|| {
            app.world_mut().query_filtered::<&crate::collision::Velocity, bevy::prelude::With<crate::player::Player>>()
        });
        if players
            .iter(app.world())
            .all(|v| v.0.length() < STILL_SPEED)
        {
            still += 1;
        }
    })?;
    let goal = match outcome {
        Outcome::Goal(step) => Some(step),
        _ => None,
    };
    let steps = goal.unwrap_or(last + GRACE_STEPS).max(1);
    let changes = replay.changes.iter().filter(|c| c.0 < steps).count();
    let secs = steps as f64 / crate::collision::CollisionPlugin::FIXED_HZ;
    Ok(ReplayStats {
        goal_steps: goal,
        changes_per_s: changes as f64 / secs,
        still_share: still as f64 / steps as f64,
    })
}

/// The plays no level but the first should be won by: Right held, Right
/// held with Jump pressed for a step every k steps (k = 5 to 40), Left
/// held; each named.
pub fn mindless_plays(steps: u64) -> Vec<(String, Replay)> {
    let right = PlayerInput {
        right: true,
        ..Default::default()
    };
    let left = PlayerInput {
        left: true,
        ..Default::default()
    };
    let mut plays = vec![(
        "Right".to_string(),
        Replay {
            changes: vec![(0, right)],
        },
    )];
    for k in 5..=40 {
        let mut changes = Vec::new();
        for f in (0..steps).step_by(k as usize) {
            changes.push((
                f,
                PlayerInput {
                    jump: true,
                    ..right
                },
            ));
            changes.push((f + 1, right));
        }
        plays.push((format!("Right, Jump every {k}"), Replay { changes }));
    }
    plays.push((
        "Left".to_string(),
        Replay {
            changes: vec![(0, left)],
        },
    ));
    plays
}

/// The first mindless play ([`mindless_plays`]) that wins `level` within
/// `steps` steps, if any.
pub fn plays_itself(level: &Path, steps: u64) -> Result<Option<String>, String> {
    for (name, replay) in mindless_plays(steps) {
        if matches!(run(level, replay, steps)?, Outcome::Goal(_)) {
            return Ok(Some(name));
        }
    }
    Ok(None)
}

/// One level's figures: its replay's ([`replay_stats`]), how many of
/// `runs` perturbed plays win, the first mindless play that wins it, and
/// (when asked for) the failing runs ([`failures`]).
#[derive(Clone, Debug)]
pub struct LevelMeasure {
    pub stats: ReplayStats,
    pub wins: u64,
    pub plays_itself: Option<String>,
    pub failures: Vec<(u64, Outcome, bevy::prelude::Vec2, bevy::prelude::Vec2)>,
}

/// Measures `level` with its `replay` ([`LevelMeasure`]); with
/// `list_failures`, the failing runs are listed and the count is what they
/// leave (each seed played once either way).
pub fn measure(
    level: &Path,
    replay: &Replay,
    width: u64,
    runs: u64,
    list_failures: bool,
) -> Result<LevelMeasure, String> {
    let stats = replay_stats(level, replay)?;
    let (wins, failures) = if list_failures {
        let failed = failures(level, replay, width, runs)?;
        (runs - failed.len() as u64, failed)
    } else {
        (leniency(level, replay, width, runs)?, Vec::new())
    };
    let length = replay.changes.last().map_or(0, |c| c.0);
    let plays_itself = plays_itself(level, length + GRACE_STEPS)?;
    Ok(LevelMeasure {
        stats,
        wins,
        plays_itself,
        failures,
    })
}

/// The report `tangent leniency` prints: for each world of the levels
/// beside `first` (its levels in order), each level's leniency (`runs`
/// perturbed plays of its shipped replay, each change moved by up to
/// `width` steps) and whether it plays itself, then the world's median;
/// with `only`, `first` alone.
pub fn campaign_report(first: &Path, runs: u64, width: u64, only: bool) -> Result<String, String> {
    let list = crate::level::list::LevelList::around(first);
    let mut out =
        format!("leniency: {runs} runs a level, key changes moved by up to ±{width} steps\n");
    let mut times = Vec::new();
    for world in list.worlds() {
        let mut shares = Vec::new();
        out.push_str(&format!("{}\n", world.name));
        for &i in &world.levels {
            let level = &list.0[i];
            if only && level.file_name() != first.file_name() {
                continue;
            }
            let name = tangent_level::files::level_stem(level).unwrap_or_default();
            let Ok(text) =
                tangent_level::files::read_replay_text(Path::new(&format!("{name}.replay")))
            else {
                out.push_str(&format!("  {name}: no replay\n"));
                continue;
            };
            let replay = Replay::parse(&text)?;
            let m = measure(level, &replay, width, runs, only)?;
            let (stats, ok, itself) = (m.stats, m.wins, m.plays_itself);
            let secs = stats.goal_steps.map_or(0.0, |s| s as f64 / 60.0);
            times.push(secs);
            for (seed, o, at, end) in &m.failures {
                out.push_str(&format!(
                    "    seed {seed}: {o:?} at ({:.0}, {:.0}), off the route near ({:.0}, {:.0})\n",
                    end.x, end.y, at.x, at.y
                ));
            }
            let share = ok as f64 / runs as f64;
            shares.push(share);
            out.push_str(&format!(
                "  {name}: replay {secs:.1} s, {:.2} key changes/s, still {:.0} %; lenient {ok}/{runs} ({:.0} %){}\n",
                stats.changes_per_s,
                100.0 * stats.still_share,
                100.0 * share,
                itself.map_or(String::new(), |p| format!("; plays itself: {p}"))
            ));
        }
        shares.sort_by(f64::total_cmp);
        if let Some(m) = median(&shares) {
            out.push_str(&format!("  median {:.0} %\n", 100.0 * m));
        }
    }
    times.sort_by(f64::total_cmp);
    out.push_str(&format!(
        "replays: {} levels, {:.1} min in all, median {:.1} s\n",
        times.len(),
        times.iter().sum::<f64>() / 60.0,
        median(&times).unwrap_or(0.0)
    ));
    Ok(out)
}

/// The middle of sorted `xs` (the mean of the two middle ones for an even
/// count).
fn median(xs: &[f64]) -> Option<f64> {
    let n = xs.len();
    (n > 0).then(|| 0.5 * (xs[(n - 1) / 2] + xs[n / 2]))
}
