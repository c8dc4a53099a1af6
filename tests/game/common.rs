//! Helpers shared by the headless game tests: the player's state, holding
//! keys for some fixed steps, tapping a key, the level's name and goal, and
//! writing a test level to a temporary file, and running the `tangent` binary.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use tangent::collision::{Actor, Grounded, PhysicsPosition, Velocity};
use tangent::level::{CurrentLevel, Goal};
use tangent::player::{Player, PlayerInput};

/// The player's entity.
pub fn player_entity(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<Player>>()
        .single(app.world())
        .unwrap()
}

/// Puts body `e` at `at` moving at `v`.
pub fn place(app: &mut App, e: Entity, at: Vec2, v: Vec2) {
    app.world_mut().get_mut::<PhysicsPosition>(e).unwrap().0 = at;
    app.world_mut().get_mut::<Velocity>(e).unwrap().0 = v;
}

/// The player's position, velocity and whether it is on the ground.
/// The player's body definition as it is now (shape, gravity scale,
/// materials).
pub fn player_actor(app: &mut App) -> Actor {
    *app.world_mut()
        .query_filtered::<&Actor, With<Player>>()
        .single(app.world())
        .unwrap()
}

pub fn player(app: &mut App) -> (Vec2, Vec2, bool) {
    let mut q = app
        .world_mut()
        .query_filtered::<(&PhysicsPosition, &Velocity, &Grounded), With<Player>>();
    let (p, v, g) = q.single(app.world()).unwrap();
    (p.0, v.0, g.0)
}

/// Holds `keys` from the next step on.
pub fn press(app: &mut App, keys: PlayerInput) {
    *app.world_mut().resource_mut::<PlayerInput>() = keys;
}

/// Runs `n` updates (one fixed step each in the headless app).
pub fn steps(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// Holds `keys` for `n` steps.
pub fn hold(app: &mut App, keys: PlayerInput, n: usize) {
    press(app, keys);
    steps(app, n);
}

/// Writes `text` as `NAME.level.ron` in a temporary folder for this test
/// binary (`tangent-TAG-PID`), returning its path.
pub fn write_level(tag: &str, name: &str, text: &str) -> PathBuf {
    let path = temp_dir(tag).join(format!("{name}.level.ron"));
    std::fs::write(&path, text).unwrap();
    path
}

/// A temporary folder `tangent-TAG-PID`, made if missing: one per tag for
/// this run of the test binary.
pub fn temp_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tangent-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `tangent` binary, run from the package's root.
pub fn tangent() -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_tangent"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Runs `cmd`, asserting that it succeeds (its output shown when it does
/// not), and returns what it printed on stdout.
pub fn run_ok(cmd: &mut std::process::Command) -> String {
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Presses and releases `key` (a `ButtonInput<KeyCode>` driven by hand),
/// with an update after each so a state transition and what it spawns
/// apply.
pub fn tap_key(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

/// The name of the level being played.
pub fn level_name(app: &App) -> String {
    app.world()
        .resource::<CurrentLevel>()
        .level
        .file
        .name
        .clone()
}

/// The level's goal box.
pub fn goal_box(app: &mut App) -> Rect {
    app.world_mut()
        .query::<&Goal>()
        .single(app.world())
        .unwrap()
        .0
}

/// Random cases that repeat exactly: the workspace's one generator
/// (`tangent_collision::seeded`).
pub struct Rng(pub tangent_collision::seeded::Xorshift64);

impl Rng {
    /// The numbers of `seed`.
    pub fn new(seed: u64) -> Self {
        Rng(tangent_collision::seeded::Xorshift64(seed))
    }

    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (0 for `n = 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }

    /// Uniform in `[lo, hi)`, every bit of an f32's fraction used.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        self.0.range_f32(lo, hi)
    }
}

/// Fixed steps since the level (re)started.
pub fn level_steps(app: &App) -> u64 {
    let frame = *app.world().resource::<tangent::level::SimFrame>();
    app.world()
        .resource::<tangent::level::LevelStatus>()
        .steps(frame)
}

/// A shipped level's file, `assets/levels/NAME`.
pub fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/levels")
        .join(name)
}

/// A shipped level's replay, `assets/replays/NAME.replay` (NAME the
/// level's stem, or with `.coins` its collect-all replay), parsed.
pub fn shipped_replay(name: &str) -> tangent::player::Replay {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/replays")
        .join(format!("{name}.replay"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    tangent::player::Replay::parse(&text).unwrap()
}

/// The first shipped level (Rolling Hills).
pub fn first_level() -> PathBuf {
    shipped("1-1-hills.level.ron")
}

/// A test level's file, `tests/levels/NAME`.
pub fn test_level(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(name)
}
