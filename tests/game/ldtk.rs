//! LDtk projects through `tangent import-ldtk` and into the game: each of
//! LDtk's own sample projects (kept in `tests/levels/ldtk`) imports, every
//! level it makes loads and runs headless with the player held right; the
//! levels follow one another by `next` in the project's order; `--level`
//! takes one; a bad project leaves the level as it was. How each level's
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
        for (path, level) in &chain {
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
         at most {worst_out:.1} px outside the level"
    );
    assert_eq!(projects, 15);
    assert!(levels >= 58, "{levels} levels");
    // Open levels let the player fall out: it dies on leaving the grid and
    // is put back at the spawn, never far out (measured 128 px, sampled
    // every 10 steps).
    assert!(worst_out < 200.0, "{worst_out}");
    assert!(moved * 10 >= levels * 9, "{moved} of {levels} moved");
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
