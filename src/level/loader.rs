//! The Bevy asset face of level files: `Handle<LevelAsset>` from
//! `asset_server.load("levels/NAME.level.ron")`, parsed and checked by the
//! same code as everything else ([`Level::parse`]), so a bad file fails to
//! load with the same `file:line: problem` message.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;

use tangent_level::files::level_text;
use tangent_level::validate::{Level, LevelError};

/// A checked level loaded through the asset server.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelAsset(pub Level);

/// Loads `*.level.ron` files.
#[derive(Default, TypePath)]
pub struct LevelLoader;

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
        Level::parse(text, &name)
            .map(LevelAsset)
            .map_err(LevelLoadError::Invalid)
    }

    fn extensions(&self) -> &[&str] {
        &["level.ron"]
    }
}
