//! The level editor's model and saving, headless: every edit undoes and
//! redoes, save-then-load gives the same level, an unchanged level saves
//! byte-identical, comments and unknown fields survive an edit, and a
//! half-written save never replaces the file.

use bevy::math::Vec2;
use tangent::editor::model::{Edit, EditorModel, Handle, starter_level};
use tangent::editor::save::{save, save_with, write_over};
use tangent::level::format::{LevelFile, TileDef};
use tangent::level::validate::Level;

fn original() -> (String, LevelFile) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/01-hills.level.ron"
    ))
    .unwrap();
    let file = Level::parse(&text, "hills").unwrap().file;
    (text, file)
}

fn all_edits() -> Vec<Edit> {
    vec![
        Edit::PaintTile(Vec2::new(300.0, 300.0), TileDef::Solid),
        Edit::PaintTile(Vec2::new(600.0, 16.0), TileDef::Empty),
        Edit::Move(Handle::CurvePoint(0, 1), Vec2::new(352.0, 150.0)),
        Edit::AddCurve(4, Vec2::new(900.0, 400.0)),
        Edit::AddCurve(3, Vec2::new(1000.0, 450.0)),
        Edit::ToggleOneWay(4),
        Edit::SetRestitution(5, 0.9),
        Edit::DeleteCurve(3),
        Edit::Move(Handle::Spawn, Vec2::new(120.0, 46.5)),
        Edit::Move(Handle::Goal, Vec2::new(1900.0, 64.0)),
        Edit::AddActor(true, Vec2::new(500.0, 400.0)),
        Edit::AddActor(false, Vec2::new(1100.0, 48.0)),
        Edit::Move(Handle::Actor(0), Vec2::new(710.0, 260.0)),
        Edit::DeleteActor(1),
    ]
}

#[test]
fn every_edit_undoes_and_redoes() {
    let (_, file) = original();
    let mut m = EditorModel::new(file.clone());
    let mut states = vec![file.clone()];
    for e in all_edits() {
        assert!(m.apply(e.clone()), "{e:?} changed nothing");
        states.push(m.file.clone());
    }
    for want in states.iter().rev().skip(1) {
        assert!(m.undo());
        assert_eq!(&m.file, want);
    }
    assert!(!m.undo());
    for want in states.iter().skip(1) {
        assert!(m.redo());
        assert_eq!(&m.file, want);
    }
    assert!(!m.redo());
    // A new edit after undo clears the redo history.
    m.undo();
    m.apply(Edit::ToggleOneWay(0));
    assert!(!m.can_redo());
}

#[test]
fn painting_the_same_tile_twice_is_one_undo_step() {
    let (_, file) = original();
    let mut m = EditorModel::new(file);
    assert!(m.apply(Edit::PaintTile(Vec2::new(300.0, 300.0), TileDef::Solid)));
    assert!(!m.apply(Edit::PaintTile(Vec2::new(301.0, 301.0), TileDef::Solid)));
    m.undo();
    assert!(!m.can_undo());
}

#[test]
fn save_then_load_gives_the_same_level() {
    let (text, file) = original();
    let mut m = EditorModel::new(file.clone());
    for e in all_edits() {
        m.apply(e);
    }
    let written = write_over(&text, &file, &m.file);
    let again = Level::parse(&written, "saved").unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again.file, m.file);
}

#[test]
fn an_unchanged_level_saves_byte_identical() {
    let (text, file) = original();
    assert_eq!(write_over(&text, &file, &file), text);
    // Also after an edit that is undone.
    let mut m = EditorModel::new(file.clone());
    m.apply(Edit::ToggleOneWay(0));
    m.undo();
    assert_eq!(write_over(&text, &file, &m.file), text);
}

#[test]
fn comments_and_unknown_fields_survive_an_edit() {
    let (text, _) = original();
    let text = text.replacen(
        "    spawn: (96, 46.5),",
        "    // Where you start.\n    spawn: (96, 46.5),\n    author: \"someone\",",
        1,
    );
    let file = Level::parse(&text, "x").unwrap().file;
    let mut m = EditorModel::new(file.clone());
    m.apply(Edit::Move(
        Handle::CurvePoint(1, 1),
        Vec2::new(680.0, 170.0),
    ));
    let written = write_over(&text, &file, &m.file);
    assert!(
        written.contains("// Where you start.\n    spawn: (96, 46.5),\n    author: \"someone\",")
    );
    assert!(written.starts_with("// Rolling Hills"));
    assert!(
        written.contains("(points: [(520, 32), (680, 170), (840, 32)])"),
        "{written}"
    );
    // Only the curves changed.
    let changed: Vec<_> = text
        .lines()
        .zip(written.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
}

#[test]
fn fields_new_to_the_file_are_added() {
    let text = starter_level("Fresh");
    let file = Level::parse(&text, "fresh").unwrap().file;
    let mut m = EditorModel::new(file.clone());
    m.file.next = Some("02-halfpipe.level.ron".into());
    m.apply(Edit::AddActor(true, Vec2::new(500.0, 300.0)));
    let written = write_over(&text, &file, &m.file);
    let again = Level::parse(&written, "again").unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again.file, m.file);
}

#[test]
fn a_half_written_save_never_replaces_the_file() {
    let dir = std::env::temp_dir().join(format!("tangent-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("level.level.ron");
    std::fs::write(&path, "the good level").unwrap();
    let err = save_with(&path, "the new level", |f, t| {
        use std::io::Write;
        f.write_all(&t.as_bytes()[..4])?;
        Err(std::io::Error::other("disk full"))
    });
    assert!(err.is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "the good level");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "temporary file left behind"
    );
    save(&path, "the new level").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "the new level");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_starter_level_is_valid() {
    Level::parse(&starter_level("New"), "new.level.ron").unwrap();
}
