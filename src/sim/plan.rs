//! Replays written as plans (#61): a plan says what a player does in
//! lines of keys held for a number of steps or until the player gets
//! somewhere, and [`make_replay`] plays it on the level, step by step, into
//! the replay it stands for. Every shipped replay is made from a plan in
//! `assets/plans/` (`tangent plan`), so a level changed under a replay is
//! re-planned, not re-recorded. The format is [`Plan::parse`]'s.

use std::path::Path;

use bevy::prelude::*;

use super::headless::headless_app;
use super::leniency::GRACE_STEPS;
use super::replay::ReplayInput;
use crate::collision::{Grounded, PhysicsPosition, Velocity};
use crate::level::coins::CoinsTaken;
use crate::level::{LevelStatus, SimFrame};
use crate::player::{ControllerState, Player, PlayerInput, Replay};

/// The most steps an `until` line waits when it names no `max`.
pub const UNTIL_MAX: u32 = 900;

/// Sideways speed under which the `slow` test holds, px/s: more than half
/// a step of running acceleration (4 000 px/s² / 60), so a brake meets it.
pub const SLOW_SPEED: f32 = 40.0;

/// One test an `until` line waits for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cond {
    /// The player's centre x at least (`x>=`) or at most (`x<=`) this.
    XAtLeast(f32),
    XAtMost(f32),
    YAtLeast(f32),
    YAtMost(f32),
    /// On the ground / not.
    Ground,
    Air,
    /// A wall within reach (a wall jump would take it).
    Wall,
    /// Moving down / up.
    Falling,
    Rising,
    /// Moving sideways slower than [`SLOW_SPEED`] (a brake has done its work).
    Slow,
    /// At least this many coins taken.
    Coins(u32),
}

/// How long a line holds its keys.
#[derive(Clone, Debug, PartialEq)]
pub enum Hold {
    Steps(u32),
    /// Until every test holds, at most this many steps.
    Until(Vec<Cond>, u32),
}

/// A plan line: keys, how long, and its line number in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanLine {
    pub line: usize,
    pub keys: PlayerInput,
    pub hold: Hold,
}

/// A parsed plan: its leading comment (copied into the replay) and lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    pub header: Vec<String>,
    pub lines: Vec<PlanLine>,
}

impl Plan {
    /// Parses a plan. Each line is `KEYS N` (hold the keys for N steps) or
    /// `KEYS until TEST... [max N]` (hold them until every test holds,
    /// checked before each step). KEYS are the replay letters (`L R J D U
    /// X`, `-` for none); a test is `x>=N`, `x<=N`, `y>=N`, `y<=N`,
    /// `ground`, `air`, `wall`, `falling`, `rising`, `slow` or `coins>=N`. `#`
    /// starts a comment; the comment lines before the first plan line are
    /// the replay's header. After the last line its keys stay held (as a
    /// replay's do) until the goal.
    ///
    /// ```
    /// use tangent::sim::plan::{Cond, Hold, Plan};
    /// let p = Plan::parse("# Flat\nR until x>=300 ground\nRJ 12 # a hop\n").unwrap();
    /// assert_eq!(p.header, vec!["Flat".to_string()]);
    /// assert_eq!(p.lines[0].hold, Hold::Until(vec![Cond::XAtLeast(300.0), Cond::Ground], 900));
    /// assert_eq!(p.lines[1].hold, Hold::Steps(12));
    /// assert!(Plan::parse("R until x=>3").unwrap_err().contains("line 1"));
    /// ```
    pub fn parse(text: &str) -> Result<Plan, String> {
        let mut plan = Plan::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                if plan.lines.is_empty()
                    && let Some(c) = raw.trim().strip_prefix('#')
                {
                    plan.header.push(c.trim().to_string());
                }
                continue;
            }
            let err = |what: &str| format!("line {}: {what} in `{line}`", i + 1);
            let mut words = line.split_whitespace();
            let keys = words
                .next()
                .and_then(PlayerInput::from_letters)
                .ok_or_else(|| err("keys are the letters L R J D U X or -"))?;
            let rest: Vec<&str> = words.collect();
            let hold = match rest.as_slice() {
                [n] => Hold::Steps(n.parse().map_err(|_| err("expected a step count"))?),
                ["until", tests @ ..] => parse_until(tests).map_err(|e| err(&e))?,
                _ => return Err(err("expected `KEYS N` or `KEYS until TEST...`")),
            };
            plan.lines.push(PlanLine {
                line: i + 1,
                keys,
                hold,
            });
        }
        Ok(plan)
    }
}

/// The tests of an `until` line and its optional `max N`.
fn parse_until(words: &[&str]) -> Result<Hold, String> {
    let mut conds = Vec::new();
    let mut max = UNTIL_MAX;
    let mut it = words.iter();
    while let Some(w) = it.next() {
        let num = |s: &str| {
            s.parse::<f32>()
                .map_err(|_| format!("`{w}` needs a number"))
        };
        let c = match *w {
            "max" => {
                max = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("`max` needs a step count")?;
                continue;
            }
            "ground" => Cond::Ground,
            "air" => Cond::Air,
            "wall" => Cond::Wall,
            "falling" => Cond::Falling,
            "rising" => Cond::Rising,
            "slow" => Cond::Slow,
            _ if w.starts_with("x>=") => Cond::XAtLeast(num(&w[3..])?),
            _ if w.starts_with("x<=") => Cond::XAtMost(num(&w[3..])?),
            _ if w.starts_with("y>=") => Cond::YAtLeast(num(&w[3..])?),
            _ if w.starts_with("y<=") => Cond::YAtMost(num(&w[3..])?),
            _ if w.starts_with("coins>=") => Cond::Coins(num(&w[7..])? as u32),
            _ => return Err(format!("unknown test `{w}`")),
        };
        conds.push(c);
    }
    if conds.is_empty() {
        return Err("`until` needs a test".into());
    }
    Ok(Hold::Until(conds, max))
}

/// What the player is doing before a step, as the tests see it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Seen {
    pub pos: Vec2,
    pub vel: Vec2,
    pub ground: bool,
    pub wall: bool,
    pub coins: u32,
}

impl Cond {
    /// Whether the test holds for what is seen.
    pub fn holds(&self, s: &Seen) -> bool {
        match *self {
            Cond::XAtLeast(v) => s.pos.x >= v,
            Cond::XAtMost(v) => s.pos.x <= v,
            Cond::YAtLeast(v) => s.pos.y >= v,
            Cond::YAtMost(v) => s.pos.y <= v,
            Cond::Ground => s.ground,
            Cond::Air => !s.ground,
            Cond::Wall => s.wall,
            Cond::Falling => s.vel.y < 0.0,
            Cond::Rising => s.vel.y > 0.0,
            Cond::Slow => s.vel.x.abs() < SLOW_SPEED,
            Cond::Coins(n) => s.coins >= n,
        }
    }
}

/// A plan played: its replay, the step the goal was reached, the coins
/// taken, and its log: a line for each plan line as it started (and the
/// player's place every `every` steps, see [`play_plan`]).
#[derive(Clone, Debug, Default)]
pub struct Planned {
    pub replay: Replay,
    pub goal_step: u64,
    pub coins: u32,
    pub log: Vec<String>,
}

/// Plays `plan` on `level` into a replay. An error names the plan line
/// under way and where the player was: a death, an `until` not met in
/// time, or no goal within [`GRACE_STEPS`] after the last line.
pub fn make_replay(level: &Path, plan: &Plan) -> Result<Planned, String> {
    match play_plan(level, plan, 0)? {
        (out, None) => Ok(out),
        (_, Some(e)) => Err(e),
    }
}

/// [`make_replay`], keeping what was played when the plan fails (for its
/// log), and logging where the player is every `every` steps (0: never).
pub fn play_plan(
    level: &Path,
    plan: &Plan,
    every: u64,
) -> Result<(Planned, Option<String>), String> {
    let mut app = headless_app(level, Some(Replay::default()))?;
    let mut out = Planned::default();
    let failed = follow(&mut app, plan, every, &mut out).err();
    // The replay is the one the app played, grown a change at a time.
    out.replay = app.world().resource::<ReplayInput>().0.clone();
    Ok((out, failed))
}

/// Steps `app` through the plan's lines, then its last keys until the goal.
fn follow(app: &mut App, plan: &Plan, every: u64, out: &mut Planned) -> Result<(), String> {
    let mut q = app
        .world_mut()
        .query_filtered::<PlayerQuery, With<Player>>();
    let mut seen = look(&mut q, app.world(), 0)?;
    let at = |s: &Seen| format!("({:.0}, {:.0})", s.pos.x, s.pos.y);
    // One step, logging where the player is every `every` steps.
    let mut advance = |app: &mut App, keys: PlayerInput, out: &mut Planned, seen: &Seen| {
        let frame = app.world().resource::<SimFrame>().0;
        if every > 0 && frame.is_multiple_of(every) {
            out.log.push(format!("  step {frame}: {}", at(seen)));
        }
        step(app, &mut q, keys, out)
    };
    for l in &plan.lines {
        out.log.push(format!(
            "step {}: line {} {} from {}",
            app.world().resource::<SimFrame>().0,
            l.line,
            l.keys.letters(),
            at(&seen)
        ));
        let fail =
            |e: String, s: &Seen| format!("plan line {}: {e}, the player at {}", l.line, at(s));
        match &l.hold {
            Hold::Steps(n) => {
                for _ in 0..*n {
                    seen = advance(app, l.keys, out, &seen).map_err(|e| fail(e, &seen))?;
                    if out.goal_step > 0 {
                        return Ok(());
                    }
                }
            }
            Hold::Until(conds, max) => {
                let mut n = 0;
                while !conds.iter().all(|c| c.holds(&seen)) {
                    if n == *max {
                        return Err(fail(format!("not there after {max} steps"), &seen));
                    }
                    seen = advance(app, l.keys, out, &seen).map_err(|e| fail(e, &seen))?;
                    if out.goal_step > 0 {
                        return Ok(());
                    }
                    n += 1;
                }
            }
        }
    }
    let last = plan.lines.last().map_or(PlayerInput::NONE, |l| l.keys);
    for _ in 0..GRACE_STEPS {
        seen = advance(app, last, out, &seen)
            .map_err(|e| format!("after the plan: {e}, the player at {}", at(&seen)))?;
        if out.goal_step > 0 {
            return Ok(());
        }
    }
    Err(format!(
        "no goal {GRACE_STEPS} steps after the plan, the player at {}",
        at(&seen)
    ))
}

type PlayerQuery = (
    &'static PhysicsPosition,
    &'static Velocity,
    &'static Grounded,
    &'static ControllerState,
);

/// What the player is doing now.
fn look(
    q: &mut QueryState<PlayerQuery, With<Player>>,
    world: &World,
    coins: u32,
) -> Result<Seen, String> {
    let (p, v, g, st) = q.single(world).map_err(|e| e.to_string())?;
    Ok(Seen {
        pos: p.0,
        vel: v.0,
        ground: g.0,
        wall: st.wall.is_some(),
        coins,
    })
}

/// One step with `keys` held (a change goes into the replay the app
/// plays); an error on a death; notes the goal and the coins.
fn step(
    app: &mut App,
    q: &mut QueryState<PlayerQuery, With<Player>>,
    keys: PlayerInput,
    out: &mut Planned,
) -> Result<Seen, String> {
    let frame = app.world().resource::<SimFrame>().0;
    let mut playing = app.world_mut().resource_mut::<ReplayInput>();
    if playing.0.keys_at(frame) != keys {
        playing.0.changes.push((frame, keys));
    }
    app.update();
    let status = app.world().resource::<LevelStatus>();
    if status.deaths > 0 {
        return Err(format!("died at step {}", frame + 1));
    }
    if status.goals > 0 && out.goal_step == 0 {
        out.goal_step = frame + 1;
    }
    let coins = app
        .world()
        .get_resource::<CoinsTaken>()
        .map_or(0, |c| c.count());
    out.coins = out.coins.max(coins);
    look(q, app.world(), out.coins)
}

/// The replay's text: the plan's header as comments, then the changes.
pub fn replay_text(plan: &Plan, planned: &Planned) -> String {
    let mut s = String::from("# tangent replay v1\n");
    for h in &plan.header {
        s.push_str(&format!("# {h}\n"));
    }
    s.push_str("# Made by `tangent plan` from assets/plans/: edit the plan, not this file.\n");
    for (f, k) in &planned.replay.changes {
        s.push_str(&format!("{f} {}\n", k.letters()));
    }
    s
}

/// `tangent plan`: reads the plan at `plan_path`, plays it on `level`,
/// writes the replay to `out` (when given; a failing plan's to
/// `OUT.failed`) and returns the log: each line's start (and the
/// player's place every `every` steps), the goal's step and the coins
/// taken; a failing plan's error comes after its log.
pub fn plan_file(
    level: &Path,
    plan_path: &Path,
    out: Option<&Path>,
    every: u64,
) -> Result<String, String> {
    let text =
        std::fs::read_to_string(plan_path).map_err(|e| format!("{}: {e}", plan_path.display()))?;
    let plan = Plan::parse(&text).map_err(|e| format!("{}: {e}", plan_path.display()))?;
    let (planned, failed) = play_plan(level, &plan, every)?;
    let mut log = planned.log.join("\n");
    // A failing plan's replay goes beside `out`, as `OUT.failed`, to be
    // watched (`tangent screenshot`), never over it.
    let out = out.map(|o| match failed {
        Some(_) => o.with_extension("replay.failed"),
        None => o.to_path_buf(),
    });
    if let Some(out) = &out {
        std::fs::write(out, replay_text(&plan, &planned))
            .map_err(|e| format!("{}: {e}", out.display()))?;
    }
    if let Some(e) = failed {
        return Err(format!("{log}\n{}: {e}", plan_path.display()));
    }
    log.push_str(&format!(
        "\ngoal at step {} ({:.2} s), {} coins, {} key changes",
        planned.goal_step,
        planned.goal_step as f64 / 60.0,
        planned.coins,
        planned.replay.changes.len()
    ));
    Ok(log)
}
