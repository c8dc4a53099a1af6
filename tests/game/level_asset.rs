//! Levels load through Bevy's asset server with the `LevelLoader`, with the
//! art of the map they name, and a bad file fails with the validation
//! message.

use crate::common::temp_dir;
use std::time::Duration;

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;
use tangent::level::LevelAssetPlugin;
use tangent::level::loader::LevelAsset;

fn app() -> App {
    app_in(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"))
}

/// An app loading assets from `folder`.
fn app_in(folder: &str) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: folder.to_string(),
            ..default()
        },
        LevelAssetPlugin,
    ));
    app
}

fn wait(app: &mut App, handle: &Handle<LevelAsset>) -> LoadState {
    for _ in 0..500 {
        app.update();
        let state = app.world().resource::<AssetServer>().load_state(handle);
        if matches!(state, LoadState::Loaded | LoadState::Failed(_)) {
            return state;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("level never finished loading");
}

#[test]
fn a_shipped_level_loads_through_the_asset_server() {
    let mut app = app();
    let handle: Handle<LevelAsset> = app
        .world()
        .resource::<AssetServer>()
        .load("levels/1-1-hills.level.ron");
    assert!(matches!(wait(&mut app, &handle), LoadState::Loaded));
    let levels = app.world().resource::<Assets<LevelAsset>>();
    let level = &levels.get(&handle).unwrap().0;
    assert_eq!(level.file.name, "Rolling Hills");
    assert!(level.terrain.len() > 4);
}

#[test]
fn a_bad_level_fails_to_load_with_the_validation_message() {
    let dir = temp_dir("asset");
    let good = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/1-1-hills.level.ron"
    ))
    .unwrap();
    std::fs::write(
        dir.join("bad.level.ron"),
        good.replacen("spawn: (96, 46.5)", "spawn: (96, NaN)", 1),
    )
    .unwrap();
    let mut app = app_in(&dir.display().to_string());
    let handle: Handle<LevelAsset> = app.world().resource::<AssetServer>().load("bad.level.ron");
    match wait(&mut app, &handle) {
        LoadState::Failed(e) => {
            let msg = e.to_string();
            assert!(
                msg.contains("bad.level.ron") && msg.contains("spawn must be finite"),
                "{msg}"
            );
        }
        other => panic!("expected a failure, got {other:?}"),
    }
    std::fs::remove_dir_all(dir).ok();
}

/// A level naming an LDtk project as its art, loaded through the asset
/// server from a folder of its own: the art is read from beside it.
#[test]
fn a_level_loads_with_its_art_through_the_asset_server() {
    let dir = temp_dir("asset-art");
    crate::map_art_ldtk::write_project(&dir, 1);
    let mut app = app_in(&dir.display().to_string());
    let handle: Handle<LevelAsset> = app
        .world()
        .resource::<AssetServer>()
        .load("colours.level.ron");
    assert!(matches!(wait(&mut app, &handle), LoadState::Loaded));
    let levels = app.world().resource::<Assets<LevelAsset>>();
    let level = &levels.get(&handle).unwrap().0;
    let art = level.art.as_ref().expect("the art is read");
    assert!(art.problems.is_empty(), "{:?}", art.problems);
    assert!(art.layers.len() >= 3 && art.background.is_some());
    std::fs::remove_dir_all(&dir).ok();
}
