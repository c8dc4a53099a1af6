//! Level files: every shipped level parses and validates; bad files give an
//! error naming the file, the line and the problem.

use std::path::Path;

use tangent_level::validate::{Level, LevelError};

fn shipped() -> Vec<std::path::PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("assets/levels");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".level.ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_level_loads_and_validates() {
    let files = shipped();
    assert!(!files.is_empty());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let level = Level::parse(&text, &f.to_string_lossy()).unwrap_or_else(|e| panic!("{e}"));
        assert!(!level.terrain.is_empty());
        if let Some(next) = &level.file.next {
            assert!(
                f.with_file_name(next).exists(),
                "{}: next level {next} missing",
                f.display()
            );
        }
    }
}

fn first_level_text() -> String {
    std::fs::read_to_string(&shipped()[0]).unwrap()
}

fn error_for(text: &str) -> LevelError {
    Level::parse(text, "test.level.ron").expect_err("should be rejected")
}

/// 1-based line number of the first line containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_ragged_row_names_its_line() {
    let text = first_level_text();
    let row = "\"#..............................................................#\",";
    let bad = text.replacen(
        row,
        "\"#.............................................................#\",",
        1,
    );
    let e = error_for(&bad);
    assert_eq!(e.line, line_of(&text, row), "{e}");
    assert!(e.message.contains("same length"), "{e}");
    assert!(e.to_string().starts_with("test.level.ron:"), "{e}");
}

#[test]
fn an_unknown_legend_char_names_line_and_column() {
    let text = first_level_text();
    let row = "\"#..............................................................#\",";
    let bad = text.replacen(
        row,
        "\"#......X.......................................................#\",",
        1,
    );
    let e = error_for(&bad);
    assert_eq!(e.line, line_of(&text, row));
    let col = text.lines().nth(e.line - 1).unwrap().find('"').unwrap() + 1 + 8;
    assert_eq!(e.column, Some(col), "{e}");
    assert!(e.message.contains("'X'"), "{e}");
}

#[test]
fn a_syntax_error_has_rons_position() {
    let text = first_level_text().replacen("spawn: (96, 46.5),", "spawn: (96, 46.5,", 1);
    let e = error_for(&text);
    assert!(e.line > 0 && e.column.is_some(), "{e}");
}

#[test]
fn non_finite_numbers_are_rejected() {
    let text = first_level_text();
    let bad = text.replacen(
        "(points: [(224, 32), (352, 128), (480, 32)])",
        "(points: [(224, 32), (NaN, 128), (480, 32)])",
        1,
    );
    let e = error_for(&bad);
    assert_eq!(e.line, line_of(&text, "(224, 32)"));
    assert!(e.message.contains("finite"), "{e}");
    let bad = text.replacen("spawn: (96, 46.5)", "spawn: (inf, 46.5)", 1);
    assert!(error_for(&bad).message.contains("finite"));
}

#[test]
fn a_degenerate_curve_is_rejected() {
    let text = first_level_text();
    let bad = text.replacen(
        "(points: [(224, 32), (352, 128), (480, 32)])",
        "(points: [(224, 32), (224, 32), (224.5, 32)])",
        1,
    );
    let e = error_for(&bad);
    assert_eq!(e.line, line_of(&text, "(224, 32)"));
    assert!(e.message.contains("degenerate"), "{e}");
}

#[test]
fn a_spawn_inside_solid_is_rejected() {
    let text = first_level_text();
    let bad = text.replacen("spawn: (96, 46.5)", "spawn: (96, 16)", 1);
    let e = error_for(&bad);
    assert_eq!(e.line, line_of(&text, "spawn:"));
    assert!(e.message.contains("solid"), "{e}");
    // Under a hill: inside the curve's ground, though not touching the curve.
    let bad = text.replacen("spawn: (96, 46.5)", "spawn: (352, 60)", 1);
    assert!(
        error_for(&bad).message.contains("ground of curve 1"),
        "{}",
        error_for(&bad)
    );
    // Across a hill's surface.
    let bad = text.replacen("spawn: (96, 46.5)", "spawn: (352, 80)", 1);
    assert!(error_for(&bad).message.contains("curve"));
}

#[test]
fn a_level_round_trips_through_ron() {
    let text = first_level_text();
    let level = Level::parse(&text, "a").unwrap();
    let written =
        ron::ser::to_string_pretty(&level.file, ron::ser::PrettyConfig::default()).unwrap();
    let again = Level::parse(&written, "b").unwrap();
    assert_eq!(level.file, again.file);
}

/// A par and a dev time must be positive numbers of seconds up to an hour;
/// a bad one is named at its line. A level without a par has no medal to
/// give, without a dev time no dev's time to show.
#[test]
fn a_bad_par_or_dev_time_names_its_line() {
    let text = first_level_text();
    let good = Level::parse(&text, "test.level.ron").unwrap();
    let par = good.file.par.expect("the first level states a par");
    let dev = good
        .file
        .dev_time
        .expect("the first level states a dev time");
    for (key, value) in [("par", par), ("dev_time", dev)] {
        assert!(value > 0.0 && value <= 3600.0);
        let line = format!("{key}: Some({value})");
        assert!(text.contains(&line), "{line}");
        for bad in [
            "Some(0)",
            "Some(-3)",
            "Some(NaN)",
            "Some(inf)",
            "Some(3601)",
        ] {
            let bad_text = text.replacen(&line, &format!("{key}: {bad}"), 1);
            let e = error_for(&bad_text);
            assert_eq!(e.line, line_of(&text, &line), "{key}: {bad}: {e}");
            assert!(
                e.message.contains(&format!("{key} must be")),
                "{key}: {bad}: {e}"
            );
        }
        let none = Level::parse(&text.replacen(&format!("{line},"), "", 1), "t.level.ron")
            .unwrap()
            .file;
        assert_eq!(
            if key == "par" {
                none.par
            } else {
                none.dev_time
            },
            None
        );
    }
}

/// `open: true` leaves outside the grid empty (a gap in the bottom row has
/// no floor under it); the default walls it in; a value that is not a
/// bool is refused at its line.
#[test]
fn an_open_level_has_nothing_outside_its_tiles() {
    use tangent_level::format::LevelFile;
    let text = first_level_text();
    let closed = Level::parse(&text, "closed").unwrap();
    assert_eq!(
        closed.grid.get(-1, -1),
        tangent_collision::prelude::TileKind::Solid
    );
    let open_text = text.replacen(
        "    tile_size: 32,",
        "    tile_size: 32,\n    open: true,",
        1,
    );
    assert_ne!(open_text, text);
    let open = Level::parse(&open_text, "open").unwrap();
    assert!(open.file.open);
    assert_eq!(
        open.grid.get(-1, -1),
        tangent_collision::prelude::TileKind::Empty
    );
    // The closed level's outer faces (the walls' insides) are there in
    // both; the open one adds the walls' outsides, which face out.
    assert!(open.terrain.len() > closed.terrain.len());
    // Written back, `open` is kept; `false` is not written.
    let saved = ron::to_string(&open.file).unwrap();
    assert!(saved.contains("open:true"), "{saved}");
    assert!(!ron::to_string(&closed.file).unwrap().contains("open"));
    assert!(ron::from_str::<LevelFile>(&saved).unwrap().open);
    let bad = text.replacen("    tile_size: 32,", "    tile_size: 32,\n    open: 3,", 1);
    let e = error_for(&bad);
    assert_eq!(e.line, line_of(&bad, "open: 3"), "{e}");
}

/// Every shipped level sits in one of the six worlds `worlds.ron` names,
/// five or more to a world, in its `next` order; the last level of each
/// world leads to the next world's first.
#[test]
fn the_shipped_levels_make_six_worlds_in_next_order() {
    use tangent_level::files::worlds::{group, parse_worlds};
    let files = shipped();
    let dir = files[0].parent().unwrap();
    let text = std::fs::read_to_string(dir.join("worlds.ron")).unwrap();
    let defs = parse_worlds(&text, "worlds.ron").unwrap();
    let levels: Vec<_> = files
        .iter()
        .map(|f| {
            let t = std::fs::read_to_string(f).unwrap();
            (f.clone(), Level::parse(&t, "x").unwrap().file.next)
        })
        .collect();
    let worlds = group(&defs, &levels);
    assert_eq!(worlds.len(), 6, "{worlds:?}");
    let mut placed = 0;
    for (k, w) in worlds.iter().enumerate() {
        assert!(w.levels.len() >= 5, "{}: {:?}", w.name, w.levels);
        placed += w.levels.len();
        let last = *w.levels.last().unwrap();
        match worlds.get(k + 1) {
            Some(next) => {
                let first = files[next.levels[0]]
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                assert_eq!(
                    levels[last].1.as_deref(),
                    Some(first.as_str()),
                    "{}",
                    w.name
                );
            }
            None => assert_eq!(levels[last].1, None),
        }
    }
    assert_eq!(placed, files.len());
    println!("{placed} levels in {} worlds", worlds.len());
}

/// A level's view height: read, written back by the editor's writer, and
/// out of range an error at its line.
#[test]
fn a_levels_view_height_is_read_saved_and_checked() {
    use tangent_level::files::save::write_over;
    use tangent_level::format::starter::starter_level;
    let text = starter_level("View").replace("    goal:", "    view_height: Some(360),\n    goal:");
    let level = Level::parse(&text, "v.level.ron").unwrap();
    assert_eq!(level.file.view_height, Some(360.0));
    let mut f = level.file.clone();
    f.view_height = Some(512.0);
    let written = write_over(&text, &level.file, &f);
    assert_eq!(
        Level::parse(&written, "v").unwrap().file.view_height,
        Some(512.0)
    );
    let line = text
        .lines()
        .position(|l| l.contains("view_height"))
        .unwrap()
        + 1;
    let bad = text.replace("Some(360)", "Some(50)");
    let e = Level::parse(&bad, "v.level.ron").unwrap_err().to_string();
    assert!(e.starts_with(&format!("v.level.ron:{line}:")), "{e}");
    assert!(
        e.contains("view_height must be from 128 to 4096 px, not 50"),
        "{e}"
    );
}
