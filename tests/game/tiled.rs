//! Tiled maps through the `tangent` binary and into the game: the CLI makes
//! a level of a map and a map of a level, a map with no spawn gets one, a
//! Tiled world becomes a run of levels, and Tiled's own sample maps import
//! and run. What needs no game (reading, writing, round trips, bad maps)
//! is tested in the level crate (`crates/tangent_level/tests/tiled.rs`).

use std::path::{Path, PathBuf};

use crate::common::{run_ok, tangent, temp_dir};

use tangent_level::Level;
use tangent_level::format::LevelFile;
use tangent_level::format::starter::starter_level;
use tangent_level::import::tiled::read::read_tmx;
use tangent_level::import::with_map;

/// `tangent import-tmx MAP --into LEVEL`, to run.
fn import_tmx(map: impl AsRef<Path>, level: impl AsRef<Path>) -> std::process::Command {
    let mut cmd = tangent();
    cmd.arg("import-tmx")
        .arg(map.as_ref())
        .arg("--into")
        .arg(level.as_ref());
    cmd
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels/tiled")
        .join(name)
}

#[test]
fn the_cli_makes_a_level_of_a_map_and_a_map_of_a_level() {
    let dir = temp_dir("tiled-cli");
    let level = dir.join("small.level.ron");
    let _ = std::fs::remove_file(&level);
    let said = run_ok(&mut import_tmx(fixture("small.tmx"), &level));
    assert!(
        said.contains("8 x 5 tiles, 2 actors, 1 checkpoints, 1 crystals, 5 curves"),
        "{said}"
    );
    assert!(
        said.contains("left out:") && said.contains("`note`"),
        "{said}"
    );
    let text = std::fs::read_to_string(&level).unwrap();
    let f = Level::parse(&text, "small").unwrap().file;
    assert_eq!(f.name, "Small & Tiled");
    // Back to a map, with the tileset image beside it.
    let map = dir.join("out/small.tmx");
    std::fs::create_dir_all(map.parent().unwrap()).unwrap();
    run_ok(
        tangent()
            .arg("export-tmx")
            .arg(&level)
            .arg("--out")
            .arg(&map),
    );
    let png = std::fs::read(dir.join("out/tangent-tiles.png")).unwrap();
    assert_eq!(png, tangent::assets::TILES_PNG.1);
    let again = read_tmx(&map).unwrap();
    assert_eq!(again.tiles, read_tmx(&fixture("small.tmx")).unwrap().tiles);
    // A bad map leaves the level as it was.
    let bad = dir.join("bad.tmx");
    // A map whose one tile is of a kind Tangent does not know (line 5).
    let lava = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<map version=\"1.10\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"2\" height=\"2\" tilewidth=\"32\" tileheight=\"32\" infinite=\"0\">
 <tileset firstgid=\"1\" name=\"t\" tilewidth=\"32\" tileheight=\"32\" tilecount=\"2\" columns=\"2\">
  <image source=\"t.png\" width=\"64\" height=\"32\"/>
  <tile id=\"1\"><properties><property name=\"kind\" value=\"lava\"/></properties></tile>
 </tileset>
 <layer id=\"1\" name=\"t\" width=\"2\" height=\"2\"><data encoding=\"csv\">1,0,0,2</data></layer>
</map>
";
    std::fs::write(&bad, lava).unwrap();
    let out = import_tmx(&bad, &level).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.tmx:5:") && err.contains("kind `lava`"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&level).unwrap(), text);
    // No --into: usage, exit 2.
    let out = tangent().arg("import-tmx").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// A single map with no spawn or goal object keeps the level's own where
/// they fit its tiles; where they do not (a new level: the starter's spawn
/// lands in the map's wall), both are placed as a world's maps get them,
/// and the import says so (and that the run ends at once where the one
/// place to stand is the spawn's). A map with no cell free, as a top-down map of
/// Tiled's examples has (every cell a tile of no kind: solid), is refused
/// saying to leave the cells empty or mark their tiles "decor".
#[test]
fn a_map_with_no_spawn_gets_one_where_the_player_can_stand() {
    let dir = temp_dir("tiled-no-spawn");
    let level = dir.join("room.level.ron");
    let _ = std::fs::remove_file(&level);
    // The world's empty room with a block in column 3, one up from the
    // floor, where the starter level's spawn (96, 46.5) is.
    let room = dir.join("room.tmx");
    let mut blocked = std::fs::read_to_string(fixture("world/room-x1-y0.tmx"))
        .unwrap()
        .replace("../walls.tsx", &fixture("walls.tsx").display().to_string());
    let free_row = "1,0,0,0,0,0,0,1,\n";
    let last = blocked.rfind(free_row).unwrap();
    blocked.replace_range(last..last + free_row.len(), "1,0,0,1,0,0,0,1,\n");
    assert!(
        blocked.contains("1,0,0,1,0,0,0,1,\n1,1,1,1,1,1,1,1\n</data>"),
        "{blocked}"
    );
    std::fs::write(&room, &blocked).unwrap();
    let said = run_ok(&mut import_tmx(&room, &level));
    let read = || {
        let text = std::fs::read_to_string(&level).unwrap();
        Level::parse(&text, "room").unwrap().file
    };
    // Worked out by hand as for the world: the player (20 x 28) stands in
    // the leftmost free column (centre x 48, feet at 32); the goal's box on
    // the floor farthest away (column 6).
    let placed = read();
    assert_eq!(placed.spawn, (48.0, 46.0), "{said}");
    assert_eq!(placed.goal.position, (208.0, 64.0), "{said}");
    assert!(
        said.contains("no spawn object: the player starts at (48, 46)")
            && said.contains("no goal object: the goal is at (208, 64)"),
        "{said}"
    );
    // A spawn and goal of the level's own that fit are kept.
    let text = std::fs::read_to_string(&level).unwrap();
    let moved = text.replacen("spawn: (48, 46),", "spawn: (176, 46),", 1);
    assert_ne!(moved, text, "the spawn is written as expected");
    std::fs::write(&level, moved).unwrap();
    let said = run_ok(&mut import_tmx(&room, &level));
    assert_eq!(read().spawn, (176.0, 46.0), "{said}");
    assert_eq!(read().goal.position, (208.0, 64.0), "{said}");
    assert!(!said.contains("no spawn object"), "{said}");
    // One place to stand (a shaft one tile wide): the goal is placed on
    // the spawn, and the import says the run ends at once.
    let shaft = dir.join("shaft.tmx");
    let one_column = blocked
        .replace("1,0,0,1,0,0,0,1,", "1,0,1,1,1,1,1,1,")
        .replace("1,0,0,0,0,0,0,1,", "1,0,1,1,1,1,1,1,");
    std::fs::write(&shaft, one_column).unwrap();
    let said = run_ok(&mut import_tmx(&shaft, dir.join("shaft.level.ron")));
    assert!(
        said.contains("no spawn object: the player starts at (48, 46)")
            && said.contains(
                "no goal object: the goal is at (48, 64), the one place to stand, where the \
                 player starts, so the run ends at once"
            ),
        "{said}"
    );
    // Every cell a tile of no kind: refused, saying what to do.
    let full = dir.join("full.tmx");
    let map = blocked.replace("0,", "1,");
    std::fs::write(&full, map).unwrap();
    let out = import_tmx(&full, dir.join("full.level.ron"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("no cell is free (a tile with no `kind` property or class is solid)")
            && err.contains("give their tiles the kind \"decor\""),
        "{err}"
    );
    assert!(!dir.join("full.level.ron").exists());
}

/// A Tiled world is a run of levels: its `.tmx` maps in reading order of
/// where the world puts them (listed, or matched by its patterns), each
/// one's `next` the one after; a map with no spawn or goal gets them where
/// the player can stand; a JSON map is said to be left out; a file name
/// whose number is too big to place is not matched (the `tiled` crate's
/// own matcher panics on it).
#[test]
fn a_tiled_world_imports_as_a_run_of_levels() {
    let dir = temp_dir("tiled-world");
    let level = dir.join("w.level.ron");
    for f in std::fs::read_dir(&dir).unwrap() {
        std::fs::remove_file(f.unwrap().path()).unwrap();
    }
    let said = run_ok(&mut import_tmx(fixture("world/demo.world"), &level));
    assert!(said.contains("3 levels imported"), "{said}");
    assert!(
        said.contains("left out: title.json: not a .tmx map"),
        "{said}"
    );
    let names = [
        "w.level.ron",
        "w-room-x1-y0.level.ron",
        "w-room-x0-y1.level.ron",
    ];
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    files.sort();
    let mut want: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(files, want);
    let read = |name: &str| {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        Level::parse(&text, &dir.join(name).display().to_string())
            .unwrap()
            .file
    };
    // In reading order: small.tmx at (0, 0), room-x1-y0 at (256, 0),
    // room-x0-y1 at (0, 160).
    let first = read(names[0]);
    let small = with_map(
        &LevelFile {
            curves: Vec::new(),
            ..Level::parse(&starter_level("w"), "w").unwrap().file
        },
        &read_tmx(&fixture("small.tmx")).unwrap(),
    );
    assert_eq!(
        (first.tiles.clone(), first.spawn),
        (small.tiles, small.spawn)
    );
    assert_eq!(first.next.as_deref(), Some(names[1]));
    let room = read(names[1]);
    assert_eq!(room.next.as_deref(), Some(names[2]));
    assert_eq!(read(names[2]).next, None);
    // No spawn or goal object: the player (20 x 28) stands on the floor in
    // the leftmost tile it fits (column 1, centre x 48, feet at 32); the
    // goal on the farthest (column 6).
    assert_eq!(room.spawn, (48.0, 46.0));
    assert_eq!(room.goal.position, (208.0, 64.0));
    assert!(
        said.contains("no spawn object") && said.contains("class \"spawn\""),
        "{said}"
    );
    // Each runs.
    for name in names {
        let mut app = tangent::sim::headless::headless_app(&dir.join(name), None).unwrap();
        for _ in 0..60 {
            app.update();
        }
    }
    // rs-tiled's worlds: maps it does not ship, and patterns that match
    // nothing here; each refused saying what is missing.
    let out = import_tmx(
        fixture("rs-tiled/world/world_basic.world"),
        dir.join("basic.level.ron"),
    )
    .output()
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("map01.tmx: cannot read"),
        "{err}"
    );
    let out = import_tmx(
        fixture("rs-tiled/world/world_pattern.world"),
        dir.join("pattern.level.ron"),
    )
    .output()
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("world_pattern.world: a world with no .tmx maps"),
        "{err}"
    );
    assert!(!dir.join("basic.level.ron").exists() && !dir.join("pattern.level.ron").exists());
}

/// Tiled's own Sticker Knight example (public domain, kept): its two maps
/// are tile objects on object layers with no tile layer; each imports (the
/// level keeps its own spawn: there is nothing to stand on) and runs. As a
/// world, its first map in reading order (`sandbox.tmx`, highest) is
/// refused saying what to add, since a room with nothing to stand on gets
/// no spawn placed; its JSON map would be left out.
#[test]
fn tileds_sticker_knight_maps_import_and_run_and_its_world_says_what_to_add() {
    let dir = temp_dir("tiled-sticker");
    for map in ["sandbox", "sandbox2"] {
        let level = dir.join(format!("{map}.level.ron"));
        let _ = std::fs::remove_file(&level);
        let said = run_ok(&mut import_tmx(
            fixture(&format!("sticker-knight/map/{map}.tmx")),
            &level,
        ));
        assert!(said.contains("left out:"), "{said}");
        let mut app = tangent::sim::headless::headless_app(&level, None).unwrap();
        for _ in 0..60 {
            app.update();
        }
    }
    let out = import_tmx(
        fixture("sticker-knight/sticker-knight.world"),
        dir.join("knight.level.ron"),
    )
    .output()
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains(
            "sandbox.tmx: no spawn object, and no place where the player (20 x 28 px) could \
             stand on a tile with free cells above it: add a point object of class \"spawn\""
        ),
        "{err}"
    );
    assert!(!dir.join("knight.level.ron").exists());
}
