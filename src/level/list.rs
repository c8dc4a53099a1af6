//! The levels the player can pick from: the level files beside the one
//! the game started with (keys 1-9, the level select menu), and the worlds
//! they make (`worlds.ron` and each level's `next`: see
//! [`tangent_level::files::worlds`]).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use tangent_level::LevelFile;
use tangent_level::files::read_level_text;
use tangent_level::files::worlds::{World, group, read_worlds};

/// The level files next to `first`, sorted by name (keys 1–9 pick them),
/// shipped ones included in the user level folder.
#[derive(Resource, Clone, Debug, Default)]
pub struct LevelList(pub Vec<PathBuf>);

impl LevelList {
    pub fn around(first: &Path) -> LevelList {
        LevelList(tangent_level::files::levels_beside(first))
    }

    /// The worlds of the list, given each level's `next` (in the list's
    /// order), non-empty ones only. A worlds file that does not read is
    /// logged and the list is one world.
    pub fn worlds_with(&self, nexts: &[Option<String>]) -> Vec<World> {
        let defs = match self.0.first().map(|p| read_worlds(p)) {
            Some(Ok(Some(defs))) => defs,
            Some(Err(e)) => {
                warn!("{e}; the levels are shown as one world");
                Vec::new()
            }
            _ => Vec::new(),
        };
        let levels: Vec<(PathBuf, Option<String>)> =
            self.0.iter().cloned().zip(nexts.iter().cloned()).collect();
        let mut worlds = group(&defs, &levels);
        worlds.retain(|w| !w.levels.is_empty());
        worlds
    }

    /// [`LevelList::worlds_with`], each level's `next` read from its file
    /// (a file that does not read has none).
    pub fn worlds(&self) -> Vec<World> {
        let nexts: Vec<Option<String>> = self.0.iter().map(|p| next_of(p)).collect();
        self.worlds_with(&nexts)
    }

    /// Which of `worlds` (this list's) holds `level`.
    pub fn world_holding(&self, worlds: &[World], level: &Path) -> Option<usize> {
        let i = self.0.iter().position(|p| p == level)?;
        worlds.iter().position(|w| w.levels.contains(&i))
    }

    /// Which world (an index into [`LevelList::worlds`]) `level` is in.
    pub fn world_of(&self, level: &Path) -> Option<(usize, World)> {
        let mut worlds = self.worlds();
        let k = self.world_holding(&worlds, level)?;
        Some((k, worlds.swap_remove(k)))
    }
}

/// The `next` a level file names, read without checking the rest.
fn next_of(path: &Path) -> Option<String> {
    let text = read_level_text(path).ok()?;
    ron::from_str::<LevelFile>(&text).ok()?.next
}
