//! The ghost of your best run: the path of the player on each fixed step
//! of a level's best run (not one made with an assist), kept in
//! `ghosts/LEVEL.ghost.ron` beside the records with a hash of the level it
//! was run on. Playing the level again shows it as a translucent player
//! beside you, step for step (the simulation is deterministic, so a run
//! pressing the same keys is exactly on it). A ghost whose level has
//! changed since is dropped with a note, not shown out of step. Settings
//! turn it off.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::records::{Records, record_key};
use super::settings::Settings;
use super::state::{ProfileDir, ProfileWarnings};
use super::store::{self, Stored};
use super::upkeep::save_file;
use crate::collision::PhysicsPosition;
use crate::level::{CurrentLevel, LevelFinished, LevelStatus, SimFrame};
use crate::player::Player;
use crate::player::assist::Assist;
use tangent_level::Level;

/// A ghost on disk.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GhostFile {
    /// [`level_hash`] of the level it was run on.
    pub level_hash: u64,
    /// The player's centre after each fixed step, from the first.
    pub path: Vec<(f32, f32)>,
}

impl Stored for GhostFile {
    fn check(&self) -> Result<(), String> {
        if self.path.iter().all(|p| p.0.is_finite() && p.1.is_finite()) {
            Ok(())
        } else {
            Err("a point of the path is not finite".into())
        }
    }
}

/// A hash of what the level is (its parsed file, so comments and spacing
/// do not count): FNV-1a of its RON.
///
/// ```
/// use tangent_level::Level;
/// use tangent_level::format::starter::starter_level;
/// use tangent::profile::ghost::level_hash;
/// let text = starter_level("A");
/// let a = Level::parse(&text, "a").unwrap();
/// let commented = Level::parse(&format!("// a note\n{text}"), "a").unwrap();
/// let moved = Level::parse(&text.replacen("spawn: (96", "spawn: (97", 1), "a").unwrap();
/// assert_eq!(level_hash(&a), level_hash(&commented));
/// assert_ne!(level_hash(&a), level_hash(&moved));
/// ```
pub fn level_hash(level: &Level) -> u64 {
    let text = ron::to_string(&level.file).unwrap_or_default();
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Where `level`'s ghost is kept within the profile folder.
fn ghost_name(level: &Path) -> String {
    format!("ghosts/{}.ghost.ron", record_key(level))
}

/// Where `level`'s ghost is kept in the profile folder `dir`.
pub fn ghost_file(dir: &Path, level: &Path) -> PathBuf {
    dir.join(ghost_name(level))
}

/// This run's path so far, and what it is a run of.
#[derive(Resource, Clone, Debug, Default)]
pub struct RunPath {
    level: Option<PathBuf>,
    start: u64,
    hash: u64,
    path: Vec<Vec2>,
}

/// The ghost shown in this run (empty: none).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct GhostRun {
    pub path: Vec<Vec2>,
}

/// The ghost's entity: where it is on this step.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct Ghost {
    pub at: Vec2,
}

/// Follows the run: a new level or a restart begins a new path (and loads
/// that level's ghost, or drops a stale one with a note, removing its
/// file); each step adds
/// the player's centre; the ghost goes to its own place on this step.
#[allow(clippy::too_many_arguments)]
pub(super) fn follow_run(
    (level, status, frame): (Option<Res<CurrentLevel>>, Res<LevelStatus>, Res<SimFrame>),
    (dir, settings): (Res<ProfileDir>, Res<Settings>),
    mut warnings: ResMut<ProfileWarnings>,
    mut run: ResMut<RunPath>,
    mut ghost: ResMut<GhostRun>,
    players: Query<&PhysicsPosition, With<Player>>,
    mut ghosts: Query<(&mut Ghost, &mut Transform, &mut Visibility)>,
    mut commands: Commands,
) {
    let Some(level) = level else {
        return;
    };
    if run.level.as_ref() != Some(&level.path) || run.start != status.start {
        let hash = level_hash(&level.level);
        *run = RunPath {
            level: Some(level.path.clone()),
            start: status.start,
            hash,
            path: Vec::new(),
        };
        ghost.path.clear();
        let file = ghost_file(&dir.0, &level.path);
        if settings.ghost && file.exists() {
            let (saved, problem) = store::load::<GhostFile>(&file, "ghost");
            if let Some(p) = problem {
                warnings.0.push(p);
            } else if saved.level_hash != hash {
                // Dropped for good (the file removed), so the note is shown
                // once, not at every restart.
                let note = format!(
                    "The ghost of {} was run on an older version of the level: dropped.",
                    record_key(&level.path)
                );
                info!("{note}");
                warnings.0.push(note);
                if let Err(e) = std::fs::remove_file(&file) {
                    warn!("{}: cannot remove the stale ghost: {e}", file.display());
                }
            } else {
                ghost.path = saved.path.iter().map(|&(x, y)| Vec2::new(x, y)).collect();
            }
        }
    }
    let steps = status.steps(*frame) as usize;
    if let Ok(p) = players.single() {
        while run.path.len() < steps {
            run.path.push(p.0);
        }
    }
    let shown = steps > 0 && steps <= ghost.path.len();
    let visibility = if shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    let at = shown.then(|| ghost.path[steps - 1]);
    if ghosts.is_empty() && !ghost.path.is_empty() {
        let at = at.unwrap_or(ghost.path[0]);
        commands.spawn((
            Ghost { at },
            Sprite::from_color(Color::srgba(0.45, 0.65, 1.0, 0.4), Vec2::new(20.0, 28.0)),
            Transform::from_translation(at.extend(0.9)),
            visibility,
        ));
    }
    for (mut g, mut t, mut visible) in &mut ghosts {
        if let Some(at) = at {
            g.at = at;
            t.translation = at.extend(t.translation.z);
        }
        visible.set_if_neq(visibility);
    }
}

/// Saves the path of a new best run (made with no assist) as the level's
/// ghost.
pub(super) fn save_best_run(
    mut finished: MessageReader<LevelFinished>,
    records: Res<Records>,
    assist: Res<Assist>,
    run: Res<RunPath>,
    dir: Res<ProfileDir>,
    mut warnings: ResMut<ProfileWarnings>,
) {
    for f in finished.read() {
        let best = records.get(&f.path).best_steps == Some(f.steps);
        if !best || assist.is_on() || run.level.as_ref() != Some(&f.path) {
            continue;
        }
        let n = (f.steps as usize).min(run.path.len());
        let file = GhostFile {
            level_hash: run.hash,
            path: run.path[..n].iter().map(|p| (p.x, p.y)).collect(),
        };
        save_file(&dir, &ghost_name(&f.path), &file, "ghost", &mut warnings);
    }
}
