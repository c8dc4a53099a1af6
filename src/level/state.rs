//! The level in play as the rest of the game sees it: its entities'
//! markers, the current level and how it is going, and the messages that
//! switch levels and report goals, deaths and lost bodies.

use std::path::PathBuf;

use bevy::prelude::*;
use tangent_level::validate::Level;

/// Everything spawned for the current level (despawned on a switch).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct LevelEntity;

/// The goal box.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Goal(pub Rect);

/// An actor from the level file (a ball or a crate), by its file index.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelActor(pub usize);

/// A terrain entity made from a curve of the file, by its file index.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelCurve(pub usize);

/// The level being played.
#[derive(Resource, Clone, Debug)]
pub struct CurrentLevel {
    pub path: PathBuf,
    pub level: Level,
}

/// Fixed steps simulated since the app started: the game's one step
/// counter. During a fixed step's `FixedPreUpdate` and `FixedUpdate` it is
/// that step's index (a replay's frame); it advances at the start of
/// `FixedPostUpdate` ([`LevelSystems::Clock`]), so the level's rules and
/// everything after see the steps done, the current one included.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimFrame(pub u64);

/// The level's systems in `FixedPostUpdate`, in this order.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum LevelSystems {
    /// Advances [`SimFrame`].
    Clock,
    /// Lost bodies put back, checkpoints, deaths and respawns, the goal.
    Rules,
}

/// How the current level is going, for the HUD.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LevelStatus {
    /// The [`SimFrame`] at which the level (re)started: its clock is
    /// [`LevelStatus::steps`].
    pub start: u64,
    /// Reached the goal of the last level.
    pub won_all: bool,
    /// Goals reached since the game started.
    pub goals: u32,
    /// This level's goal was reached; the switch to the next level is on
    /// its way (fixed steps run before it do not count the goal again).
    pub goal_reached: bool,
    /// The last load or validation error, shown until a good load clears it.
    pub error: Option<String>,
    /// What the running level's file says that cannot be followed (its
    /// [`Level::warnings`](tangent_level::Level::warnings)), shown as it
    /// starts.
    pub warning: Option<String>,
    /// Deaths since the level started.
    pub deaths: u32,
    /// The last checkpoint touched (index in the level's `checkpoints`).
    pub checkpoint: Option<usize>,
}

impl LevelStatus {
    /// Fixed steps since the level (re)started, at `frame`.
    pub fn steps(&self, frame: SimFrame) -> u64 {
        frame.0.saturating_sub(self.start)
    }
}

/// Something to do with the level, applied in `Update`.
#[derive(Message, Clone, Debug)]
pub enum LevelCommand {
    /// Load a level file and start it.
    Load(PathBuf),
    /// Start a level already read and checked from the file `path` (no
    /// second read).
    Open { path: PathBuf, level: Box<Level> },
    /// Start the current level again.
    Restart,
    /// Go to the level named by the current one's `next`.
    Next,
    /// Replace the current level with an edited or reloaded one (same
    /// file), keeping the player where it is when that spot is still free.
    Replace(Box<Level>),
}

/// Sent after a level's entities were spawned.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct LevelSpawned {
    /// The level (re)started from its spawn point with its clock at zero;
    /// `false` for a reload or an edit, which keep the player and clock.
    pub started: bool,
}

/// The player reached the goal of the level in `path`, `steps` fixed steps
/// after it started, dying `deaths` times on the way.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct LevelFinished {
    pub path: PathBuf,
    pub steps: u64,
    pub deaths: u32,
    /// The coins taken on the way (`coins::CoinsTaken`).
    pub coins: u32,
}

/// How the player died.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeathCause {
    Spikes,
    HazardCurve,
    FellOut,
    /// Trapped by a mover against other solid.
    Crushed,
}

/// The player died at `at` and comes back at `back_to`.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Died {
    pub at: Vec2,
    pub back_to: Vec2,
    pub cause: DeathCause,
}

/// An actor left the level and was put back.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct FellOut {
    pub entity: Entity,
    /// Where it was found.
    pub at: Vec2,
    /// Where it was put back.
    pub back_to: Vec2,
}
