//! The game runs from any folder: the built binary, started in a temporary
//! folder with no `assets/`, plays the shipped levels (and their replays)
//! built into it; the art and sounds it draws and plays decode through the
//! same startup path as in the windowed game; `--help` and `--version`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use bevy::audio::Decodable;
use bevy::prelude::*;
use tangent::assets::{GameAssets, GameAssetsPlugin, check_wav, decode_tiles};
use tangent_level::files::{SHIPPED_LEVELS, SHIPPED_REPLAYS};

/// A fresh empty folder under the system's temporary folder.
fn empty_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tangent-{tag}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the built binary in `dir`, with its user level folder inside it.
fn tangent_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tangent"))
        .current_dir(dir)
        .env("TANGENT_DATA_DIR", dir.join("data"))
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn the_binary_plays_the_shipped_levels_from_a_folder_without_assets() {
    let dir = empty_dir("anywhere");
    let out = tangent_in(&dir, &["headless", "--frames", "60"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("ran 60 frames"), "{}", text(&out));
    // The first level's shipped replay, by name, reaches its goal, and the
    // level's `next` is found among the shipped levels.
    let out = tangent_in(
        &dir,
        &[
            "headless",
            "--frames",
            "2000",
            "--replay",
            "1-1-hills.replay",
        ],
    );
    assert!(out.status.success(), "{}", text(&out));
    // (Its last keys stay held into the next level, which they may finish
    // too: the Half-Pipe is ridden holding right.)
    assert!(
        !text(&out).contains("goals reached: 0")
            && !text(&out).contains("level at the end: Rolling Hills"),
        "{}",
        text(&out)
    );
    // Playing wrote nothing anywhere.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn help_lists_every_command_and_version_prints_the_version() {
    let dir = empty_dir("help");
    let out = tangent_in(&dir, &["--help"]);
    assert!(out.status.success());
    let help = text(&out);
    // Every command, and the play options of the bare `tangent`.
    for command in [
        "play",
        "headless",
        "record",
        "new-level",
        "import-svg",
        "import-tmx",
        "import-ldtk",
        "export-tmx",
        "--level <PATH>",
        "--record <FILE>",
        "--help",
        "--version",
    ] {
        assert!(help.contains(command), "--help lacks {command}:\n{help}");
    }
    // Each command's own help, generated from its options.
    for (command, options) in [
        (
            "headless",
            &["--frames <N>", "--replay <FILE>", "--trace <FILE.csv>"][..],
        ),
        ("record", &["<FILE>", "--level <PATH>"]),
        ("new-level", &["<PATH>"]),
        (
            "import-svg",
            &["<DRAWING>", "--into <INTO>", "--scale <SCALE>"],
        ),
        (
            "import-ldtk",
            &["<PROJECT>", "--level <LEVEL>", "--into <INTO>"],
        ),
        ("export-tmx", &["<LEVEL>", "--out <OUT>"]),
    ] {
        let out = tangent_in(&dir, &[command, "--help"]);
        assert!(out.status.success(), "{}", text(&out));
        for option in options {
            assert!(
                text(&out).contains(option),
                "{command} --help lacks {option}:\n{}",
                text(&out)
            );
        }
    }
    // It says where edited shipped levels go.
    assert!(help.contains(&dir.join("data").join("levels").display().to_string()));
    let out = tangent_in(&dir, &["--version"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("tangent {}", env!("CARGO_PKG_VERSION"))
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn every_shipped_level_and_replay_is_built_in() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    for (folder, ending, built_in) in [
        ("levels", ".level.ron", &SHIPPED_LEVELS[..]),
        ("replays", ".replay", &SHIPPED_REPLAYS[..]),
    ] {
        let mut on_disk: Vec<String> = std::fs::read_dir(root.join(folder))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .filter(|n| n.ends_with(ending))
            .collect();
        on_disk.sort();
        let names: Vec<String> = built_in.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(
            on_disk, names,
            "assets/{folder} and the built-in set differ"
        );
    }
}

#[test]
fn the_built_in_art_and_sounds_load_through_the_game_startup() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_asset::<AudioSource>()
        .add_plugins(GameAssetsPlugin);
    app.update();
    let world = app.world();
    let assets = world.resource::<GameAssets>();
    assert!(assets.problems.is_empty(), "{:?}", assets.problems);
    let tiles = world
        .resource::<Assets<Image>>()
        .get(&assets.tiles)
        .unwrap();
    assert_eq!((tiles.width(), tiles.height()), (256, 32));
    // The atlas is not blank: its cells differ (ground, one-way, spikes).
    let data = tiles.data.as_ref().unwrap();
    let pixel = |x: usize, y: usize| &data[(y * 256 + x) * 4..(y * 256 + x) * 4 + 4];
    assert_ne!(pixel(16, 16), pixel(48, 16));
    assert_ne!(pixel(16, 28), pixel(144, 28));
    // The player's 12 frames and the 5 props, not blank either.
    let images = world.resource::<Assets<Image>>();
    for (name, handle, size, cells) in [
        ("player", &assets.player, (288, 32), 12),
        ("props", &assets.props, (160, 32), 5),
    ] {
        let image = images.get(handle).unwrap();
        assert_eq!((image.width(), image.height()), size, "{name}");
        let data = image.data.as_ref().unwrap();
        let cell = size.0 as usize / cells;
        for c in 0..cells {
            let opaque = (0..32 * cell)
                .filter(|i| data[((i / cell) * size.0 as usize + c * cell + i % cell) * 4 + 3] > 0)
                .count();
            assert!(opaque > 100, "{name} cell {c}: {opaque} opaque pixels");
        }
    }
    let sounds = world.resource::<Assets<AudioSource>>();
    for (name, handle) in [
        ("jump", &assets.jump),
        ("land", &assets.land),
        ("bounce", &assets.bounce),
        ("die", &assets.die),
        ("dash", &assets.dash),
        ("slide", &assets.slide),
        ("crystal", &assets.crystal),
    ] {
        let source = sounds.get(handle.as_ref().unwrap()).unwrap();
        // The decoder Bevy plays it with reads every sample.
        let samples = source.decoder().count();
        assert!(samples > 1000, "{name}: {samples} samples");
    }
}

#[test]
fn art_or_sound_that_cannot_be_decoded_is_named_not_a_panic() {
    let e = decode_tiles("art/broken.png", b"not a png at all").unwrap_err();
    assert!(e.starts_with("art/broken.png: cannot decode"), "{e}");
    let e = check_wav("sounds/broken.wav", b"RIFF....OGGS....").unwrap_err();
    assert!(e.starts_with("sounds/broken.wav: not a WAV file"), "{e}");
    let fallback = tangent::assets::fallback_tiles();
    assert_eq!((fallback.width(), fallback.height()), (256, 32));
}
