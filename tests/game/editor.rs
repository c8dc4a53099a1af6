//! The level editor's model and saving, headless: every edit undoes and
//! redoes, save-then-load gives the same level, an unchanged level saves
//! byte-identical, comments and unknown fields survive an edit, and a
//! half-written save never replaces the file.

use crate::common::temp_dir;
use bevy::math::Vec2;
use tangent::editor::edit::Edit;
use tangent::editor::handle::Handle;
use tangent::editor::model::EditorModel;
use tangent_level::files::save::{save, save_with, write_over};
use tangent_level::format::starter::starter_level;
use tangent_level::format::{LevelFile, TileDef};
use tangent_level::validate::Level;

fn original() -> (String, LevelFile) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/1-1-hills.level.ron"
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
        assert!(m.apply(e.clone()), "{e:?} changed nothing");
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
    m.file.next = Some("4-1-halfpipe.level.ron".into());
    m.file.open = true;
    m.file.par = Some(12.5);
    m.apply(Edit::AddActor(true, Vec2::new(500.0, 300.0)));
    let written = write_over(&text, &file, &m.file);
    let again = Level::parse(&written, "again").unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(again.file, m.file);
    // And back to the defaults.
    let back = write_over(&written, &again.file, &file);
    let closed = Level::parse(&back, "back").unwrap_or_else(|e| panic!("{e}\n{back}"));
    assert_eq!((closed.file.open, closed.file.par), (false, None), "{back}");
}

#[test]
fn a_half_written_save_never_replaces_the_file() {
    let dir = temp_dir("save");
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

/// Resizing the grid on every side, growing and shrinking by 1–3, on every
/// shipped level: the tiles under every curve point, actor, spawn, goal and
/// checkpoint are the same after (everything keeps its place in the level),
/// every coordinate moved by the tiles added on the left or at the bottom
/// (to the editor's 1/100 px), the curves' terrain pieces are the old ones moved by that much,
/// the saved text loads, and growing then shrinking gives the level back.
#[test]
fn resizing_the_grid_keeps_everything_in_place_and_saves_a_level_that_loads() {
    use tangent::editor::edit::GridSide;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".level.ron"))
        .collect();
    files.sort();
    let (mut checked, mut refused, mut points_checked, mut invalid) = (0, 0, 0, 0);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let old = Level::parse(&text, "old").unwrap();
        let model = EditorModel::new(old.file.clone());
        for side in [
            GridSide::Left,
            GridSide::Right,
            GridSide::Top,
            GridSide::Bottom,
        ] {
            for n in [-3, -2, -1, 1, 2, 3] {
                let Some(new_file) = model.resized(side, n) else {
                    refused += 1;
                    continue;
                };
                checked += 1;
                let ts = old.file.tile_size;
                let shift = match side {
                    GridSide::Left => Vec2::new(n as f32 * ts, 0.0),
                    GridSide::Bottom => Vec2::new(0.0, n as f32 * ts),
                    _ => Vec2::ZERO,
                };
                let new_model = EditorModel::new(new_file.clone());
                let pts = |f: &LevelFile| -> Vec<Vec2> {
                    let mut v = vec![f.spawn, f.goal.position];
                    v.extend(f.checkpoints.iter().copied());
                    v.extend(f.actors.iter().map(|a| a.position));
                    v.extend(f.curves.iter().flat_map(|c| c.points.iter().copied()));
                    v.into_iter().map(|p| Vec2::new(p.0, p.1)).collect()
                };
                let cell_char = |m: &EditorModel, p: Vec2| {
                    m.cell_at(p)
                        .map(|(r, c)| m.file.tiles[r].chars().nth(c).unwrap())
                };
                for (a, b) in pts(&old.file).into_iter().zip(pts(&new_file)) {
                    let off = (b - (a + shift)).abs().max_element();
                    assert!(
                        off <= 0.005,
                        "{side:?} {n} in {}: {a} -> {b}",
                        path.display()
                    );
                    // The tile under the point, and under its four
                    // neighbours half a tile away, is unchanged.
                    for d in [Vec2::ZERO, Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y] {
                        let (pa, pb) = (a + d * ts * 0.5, b + d * ts * 0.5);
                        let cells = (cell_char(&model, pa), cell_char(&new_model, pb));
                        if let (Some(x), Some(y)) = cells {
                            assert_eq!(x, y, "{side:?} {n} at {a} in {}", path.display());
                            points_checked += 1;
                        }
                    }
                }
                // Saved over the original text, the level loads, and its
                // curve pieces are the old ones moved by the shift.
                let written = write_over(&text, &old.file, &new_file);
                let new = match Level::parse(&written, "resized") {
                    Ok(l) => l,
                    // Shrinking can cut into room a body needs (the editor
                    // shows this error and keeps the level); growing never.
                    Err(e) if n < 0 => {
                        invalid += 1;
                        println!("{side:?} {n} in {}: {e}", path.display());
                        continue;
                    }
                    Err(e) => panic!("{side:?} {n} in {}: {e}", path.display()),
                };
                assert_eq!(new.file, new_file);
                let curve_pieces = |l: &Level| l.curves().to_vec();
                for (a, b) in curve_pieces(&old).iter().zip(curve_pieces(&new)) {
                    let (pa, pb) = (a.shape.control_points(), b.shape.control_points());
                    assert_eq!(pa.len(), pb.len());
                    for (p, q) in pa.iter().zip(&pb) {
                        assert!(
                            (*q - (*p + shift)).abs().max_element() <= 0.005,
                            "{p} -> {q}"
                        );
                    }
                }
                // Grow then shrink: the same level.
                if n > 0 {
                    let back = new_model.resized(side, -n).unwrap_or_else(|| {
                        panic!("{side:?} {n} in {}: does not shrink back", path.display())
                    });
                    // Exactly, but for numbers off the editor's 1/100 px
                    // grid (an imported drawing's): within an f32 step.
                    let (a, b) = (pts(&old.file), pts(&back));
                    for (p, q) in a.iter().zip(&b) {
                        assert!((*p - *q).abs().max_element() <= 2e-4, "{p} vs {q}");
                    }
                    let on_grid =
                        |f: &LevelFile| pts(f).iter().all(|p| (*p * 100.0).round() / 100.0 == *p);
                    if on_grid(&old.file) {
                        assert_eq!(back, old.file, "{side:?} {n} in {}", path.display());
                    }
                    assert_eq!(back.tiles, old.file.tiles);
                }
            }
        }
    }
    println!(
        "{checked} resizes checked ({points_checked} point/tile pairs), {refused} refused, \
         {invalid} shrinks that no longer validate"
    );
    assert!(checked - invalid >= 100, "{checked} - {invalid}");
}

#[test]
fn a_resize_that_would_leave_something_outside_is_refused() {
    use tangent::editor::edit::GridSide;
    let (_, file) = original();
    let model = EditorModel::new(file);
    let w = model.file.tiles[0].len() as i32;
    assert!(
        model.resized(GridSide::Left, -w).is_none(),
        "no columns left"
    );
    // The spawn is near the left wall: cutting 5 columns there cuts it off.
    assert!(model.resized(GridSide::Left, -5).is_none());
    assert!(model.resized(GridSide::Top, 0).is_none());
    let mut m = model.clone();
    assert!(m.apply(Edit::Resize(GridSide::Right, 2)));
    assert!(m.undo());
    assert_eq!(m.file, model.file);
}
