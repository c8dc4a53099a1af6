//! The Bevy asset face of level files: `Handle<LevelAsset>` from
//! `asset_server.load("levels/NAME.level.ron")`, parsed and checked by the
//! same code as everything else ([`Level::parse`]), so a bad file fails to
//! load with the same `file:line: problem` message; a level's `art` map is
//! read from beside the file in the asset folder, as the game's loader
//! reads it.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use tangent_level::files::level_text;
use tangent_level::validate::{Level, LevelError};

/// A checked level loaded through the asset server.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelAsset(pub Level);

/// Loads `*.level.ron` files from the asset folder `root` (where the art
/// maps levels name are read from; `AssetPlugin::file_path` as Bevy's file
/// reader finds it).
#[derive(Default, TypePath)]
pub struct LevelLoader {
    pub root: std::path::PathBuf,
}

/// Why a level asset failed to load.
#[derive(Debug)]
pub enum LevelLoadError {
    Io(std::io::Error),
    /// Not UTF-8 text: `file:line:column` and the byte.
    NotText(String),
    Invalid(LevelError),
}

impl std::fmt::Display for LevelLoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LevelLoadError::Io(e) => write!(f, "cannot read level: {e}"),
            LevelLoadError::NotText(e) => write!(f, "{e}"),
            LevelLoadError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LevelLoadError {}

impl AssetLoader for LevelLoader {
    type Asset = LevelAsset;
    type Settings = ();
    type Error = LevelLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LevelAsset, LevelLoadError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(LevelLoadError::Io)?;
        let name = load_context.path().to_string();
        let text = level_text(&bytes, &name).map_err(LevelLoadError::NotText)?;
        let level = Level::parse(text, &name).map_err(LevelLoadError::Invalid)?;
        let file = self.root.join(load_context.path().path());
        let file = file.display().to_string();
        Ok(LevelAsset(tangent_level::import::art::with_art(
            level, text, &file,
        )))
    }

    fn extensions(&self) -> &[&str] {
        &["level.ron"]
    }
}
