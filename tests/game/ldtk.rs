//! LDtk projects through `tangent import-ldtk` and into the game: each of
//! LDtk's own sample projects (kept in `tests/levels/ldtk`) imports, every
//! level it makes loads and runs headless with the player held right; the
//! levels follow one another by `next` in the project's order; `--level`
//! takes one; a bad project leaves the level as it was; each level is drawn
//! in its project's own art where it draws tiles, none blank. How each level's
//! tiles and things are read is checked in `crates/tangent_level/tests/ldtk.rs`.

use std::path::{Path, PathBuf};

use crate::common::{hold, player, run_ok, tangent, temp_dir};

use bevy::prelude::default;
use tangent::player::PlayerInput;
use tangent::sim::headless::headless_app;
use tangent_level::Level;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/ldtk")
}

/// The level files `import-ldtk` wrote, in `next` order from `first`.
fn chain_from(first: &Path) -> Vec<(PathBuf, Level)> {
    let mut out = Vec::new();
    let mut at = Some(first.to_path_buf());
    while let Some(path) = at {
        let text = std::fs::read_to_string(&path).unwrap();
        let level = Level::parse(&text, &path.display().to_string()).unwrap();
        at = level.file.next.as_ref().map(|n| path.with_file_name(n));
        out.push((path, level));
        assert!(out.len() < 100, "a next that loops");
    }
    out
}

#[test]
fn every_sample_project_imports_and_each_level_runs() {
    let dir = temp_dir("ldtk-samples");
    let mut samples: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ldtk"))
        .collect();
    samples.sort();
    let (mut projects, mut levels, mut moved) = (0, 0, 0);
    let (mut drawn, mut shots) = (0, Vec::new());
    let mut worst_out = 0.0f32;
    for project in &samples {
        let stem = project.file_stem().unwrap().to_string_lossy().to_string();
        let into = dir.join(format!("{stem}.level.ron"));
        let said = run_ok(
            tangent()
                .arg("import-ldtk")
                .arg(project)
                .arg("--into")
                .arg(&into),
        );
        let count: usize = said
            .lines()
            .next()
            .and_then(|l| l.split(": ").nth(1))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{said}"));
        let chain = chain_from(&into);
        assert_eq!(chain.len(), count, "{said}");
        // The project's level identifiers, in its order (read generically).
        let json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(project).unwrap()).unwrap();
        let listed = |v: &serde_json::Value| v["levels"].as_array().cloned().unwrap_or_default();
        let mut in_order = listed(&json);
        for world in json["worlds"].as_array().cloned().unwrap_or_default() {
            in_order.extend(listed(&world));
        }
        let ids: Vec<String> = (in_order.iter())
            .map(|l| l["identifier"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(ids.len(), count);
        for (k, (path, level)) in chain.iter().enumerate() {
            // Drawn in its own art where the project draws tiles, but for
            // an `.aseprite` tileset (not a PNG) or a project of no tiles.
            let loaded = tangent::level::play::load_level_file(path).unwrap();
            match (&level.file.art, &loaded.art) {
                (Some(_), Some(art)) if art.problems.is_empty() && !art.layers.is_empty() => {
                    drawn += 1;
                    if k == 0 {
                        // The same level without its art, beside it.
                        let text = std::fs::read_to_string(path).unwrap();
                        let plain = path.with_file_name("plain.level.ron");
                        let art_line = |l: &&str| !l.trim_start().starts_with("art:");
                        let lines: Vec<&str> = text.lines().filter(art_line).collect();
                        std::fs::write(&plain, lines.join("\n")).unwrap();
                        shots.push((shot_colours(path), shot_colours(&plain)));
                    }
                }
                (None, _) => {
                    // The level draws no tiles, or from a tileset that is
                    // not a PNG (the import said so).
                    let id = &ids[k];
                    let art = tangent_level::import::ldtk::read_ldtk_art(project, Some(id));
                    let art = art.unwrap_or_else(|e| panic!("{e}"));
                    assert!(
                        art.layers.is_empty() || said.contains(".aseprite"),
                        "{}: no art: {said}",
                        path.display()
                    );
                }
                (art, got) => panic!("{}: art {art:?}, read {got:?}", path.display()),
            }
            // Runs: loads, two seconds holding right, the player never
            // anything but finite, and inside the level or respawned.
            let mut app = headless_app(path, None).unwrap_or_else(|e| panic!("{e}"));
            let (start, _, _) = player(&mut app);
            let (w, h) = (
                level.grid.width as f32 * level.grid.tile_size,
                level.grid.height as f32 * level.grid.tile_size,
            );
            for _ in 0..12 {
                hold(
                    &mut app,
                    PlayerInput {
                        right: true,
                        ..default()
                    },
                    10,
                );
                let (p, v, _) = player(&mut app);
                assert!(
                    p.is_finite() && v.is_finite(),
                    "{}: {p} {v}",
                    path.display()
                );
                let out = (-p.x).max(p.x - w).max(-p.y).max(p.y - h);
                worst_out = worst_out.max(out);
            }
            let (end, _, _) = player(&mut app);
            moved += (end != start) as usize;
            levels += 1;
        }
        projects += 1;
    }
    println!(
        "{projects} projects, {levels} levels imported and run; {moved} players moved; \
         at most {worst_out:.1} px outside the level; {drawn} drawn in their own art; \
         % of each project's first level's frame in its tilesets' colours, with and without its art {shots:?}"
    );
    // All but WorldMap_Free_layout's 12 (an `.aseprite` sheet), the 3 of
    // SeparateLevelFiles and the 2 of `hand.ldtk` (no drawn tiles). None
    // blank on screen: each frame shows more of the tilesets' colours than
    // the same level in the theme's tiles (measured 5.3-62.8 % against
    // 1.2-2.0 %: the HUD's black and white among them).
    assert!(drawn >= levels - 17, "{drawn} of {levels} drawn");
    assert!(shots.len() >= 12, "{shots:?}");
    for &(art, theme) in &shots {
        assert!(art > theme + 1.5, "{shots:?}");
    }
    assert_eq!(projects, 15);
    assert!(levels >= 58, "{levels} levels");
    // Open levels let the player fall out: it dies on leaving the grid and
    // is put back at the spawn, never far out (measured 128 px, sampled
    // every 10 steps).
    assert!(worst_out < 200.0, "{worst_out}");
    assert!(moved * 10 >= levels * 9, "{moved} of {levels} moved");
}

/// The share of a frame of the level at `path` (in percent) whose pixels
/// are colours of LDtk's sample tilesets (an opaque pixel of any image in
/// `atlas/`): near 0 for a blank level or one in the theme's tiles.
fn shot_colours(path: &Path) -> f64 {
    let mut palette = std::collections::HashSet::new();
    for png in std::fs::read_dir(fixtures().join("atlas")).unwrap() {
        let png = png.unwrap().path();
        if png.extension().is_some_and(|e| e == "png") {
            let (_, rgba) = crate::map_art_ldtk::read_rgba(&png);
            palette.extend(
                rgba.chunks(4)
                    .filter(|p| p[3] == 255)
                    .map(|p| [p[0], p[1], p[2]]),
            );
        }
    }
    let opts = tangent::screenshot::ShotOptions {
        level: path.to_path_buf(),
        replay: None,
        frame: 30,
        size: bevy::math::UVec2::new(320, 180),
        press: Vec::new(),
        title: false,
    };
    let frame = tangent::screenshot::render_frame(&opts).unwrap();
    let pixels: Vec<[u8; 3]> = frame.rgb.chunks(3).map(|p| [p[0], p[1], p[2]]).collect();
    let tileset = pixels.iter().filter(|p| palette.contains(*p)).count();
    (1000 * tileset / pixels.len()) as f64 / 10.0
}

#[test]
fn the_cli_imports_one_level_and_a_bad_project_changes_nothing() {
    let dir = temp_dir("ldtk-cli");
    let level = dir.join("hand.level.ron");
    let _ = std::fs::remove_file(&level);
    let said = run_ok(
        tangent()
            .arg("import-ldtk")
            .arg(fixtures().join("hand.ldtk"))
            .arg("--level")
            .arg("Second")
            .arg("--into")
            .arg(&level),
    );
    assert!(
        said.contains("1 level imported") && said.contains("`Second` into"),
        "{said}"
    );
    assert!(said.contains("no spawn entity"), "{said}");
    let text = std::fs::read_to_string(&level).unwrap();
    let f = Level::parse(&text, "hand").unwrap().file;
    assert_eq!((f.name.as_str(), f.next.as_deref()), ("Second", None));
    assert!(!dir.join("hand-First_Room.level.ron").exists());
    // A project whose level is bad leaves the level as it was.
    let bad = dir.join("bad.ldtk");
    let good = std::fs::read_to_string(fixtures().join("hand.ldtk")).unwrap();
    std::fs::write(&bad, good.replacen("\"Exit\"", "\"Player\"", 1)).unwrap();
    std::fs::create_dir_all(dir.join("hand")).unwrap();
    std::fs::copy(
        fixtures().join("hand/Second.ldtkl"),
        dir.join("hand/Second.ldtkl"),
    )
    .unwrap();
    let out = tangent()
        .arg("import-ldtk")
        .arg(&bad)
        .arg("--into")
        .arg(&level)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "bad.ldtk: levels[0].layerInstances[0].entityInstances[1] (`Player`): a second spawn"
        ),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&level).unwrap(), text);
    // No --into: usage, exit 2.
    let out = tangent().arg("import-ldtk").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
