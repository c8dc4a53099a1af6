//! The levels the player can pick from: the level files beside the one
//! the game started with (keys 1-9, the level select menu).

use std::path::{Path, PathBuf};

use bevy::prelude::*;

/// The level files next to `first`, sorted by name (keys 1–9 pick them),
/// shipped ones included in the user level folder.
#[derive(Resource, Clone, Debug, Default)]
pub struct LevelList(pub Vec<PathBuf>);

impl LevelList {
    pub fn around(first: &Path) -> LevelList {
        LevelList(tangent_level::files::levels_beside(first))
    }
}
