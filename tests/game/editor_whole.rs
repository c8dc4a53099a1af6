//! The editor edits the whole level: groups move, copy and paste; the
//! legend and tuning panels; the player's shape; a tuning change is live
//! (the player jumps higher); and saving after random edits of every kind
//! gives exactly the edited level while keeping every comment of the file
//! outside what was deleted.

use crate::common::Rng;
use bevy::prelude::*;
use tangent::editor::edit::{Edit, GridSide};
use tangent::editor::handle::Handle;
use tangent::editor::items::{self, Item};
use tangent::editor::model::EditorModel;
use tangent::editor::panels::{legend_keys, tuning_keys};
use tangent::editor::state::{EditorState, Panel};
use tangent::level::LevelCommand;
use tangent::player::{PlayerInput, PlayerTuning};
use tangent::sim::headless::headless_app;
use tangent_level::Level;
use tangent_level::files::SHIPPED_LEVELS;
use tangent_level::files::save::write_over;
use tangent_level::format::{CurveFill, LevelFile, ShapeDef, Side, TileDef};

fn shipped(file: &str) -> (String, LevelFile) {
    let (name, text) = SHIPPED_LEVELS
        .iter()
        .find(|(n, _)| *n == file)
        .unwrap_or_else(|| panic!("{file} is not shipped"));
    (text.to_string(), Level::parse(text, name).unwrap().file)
}

#[test]
fn a_group_moves_copies_and_pastes_exactly() {
    let (_, f) = shipped("2-1-bounce.level.ron"); // Bounce House: 3+ curves, 2 actors, a checkpoint
    let mut m = EditorModel::new(f.clone());
    let group = vec![
        Item::Curve(0),
        Item::Actor(1),
        Item::Checkpoint(0),
        Item::Spawn,
    ];
    let d = Vec2::new(64.0, -16.5);
    assert!(m.apply(Edit::Translate(group.clone(), d)));
    // Every item of the group moves by d (on the editor's 1/100 px grid
    // where it was on it: `items::moved`, tested on its own below).
    let moved = |p: (f32, f32)| items::moved(p, d);
    assert_eq!(
        m.file.curves[0].points,
        f.curves[0]
            .points
            .iter()
            .map(|p| moved(*p))
            .collect::<Vec<_>>()
    );
    assert_eq!(m.file.curves[1], f.curves[1]);
    assert_eq!(m.file.actors[1].position, moved(f.actors[1].position));
    assert_eq!(m.file.actors[0], f.actors[0]);
    assert_eq!(m.file.checkpoints[0], moved(f.checkpoints[0]));
    assert_eq!(m.file.spawn, moved(f.spawn));
    assert_eq!(m.file.goal, f.goal);
    // Dragging a group: every frame moves it from where the drag began.
    m.checkpoint();
    for k in 1..=10 {
        m.apply_from_checkpoint(Edit::Translate(group.clone(), Vec2::new(k as f32, 0.0)));
    }
    assert_eq!(m.file.spawn, (moved(f.spawn).0 + 10.0, moved(f.spawn).1));
    m.undo();
    m.undo();
    assert_eq!(m.file, f);
    // Copy and paste: the copies sit `d` away, actors renamed.
    let clip = items::copy(&f, &[Item::Curve(2), Item::Actor(0), Item::Actor(1)]);
    assert_eq!((clip.curves.len(), clip.actors.len()), (1, 2));
    assert!(m.apply(Edit::Paste(clip.clone(), d)));
    let pasted = f.curves.len();
    assert_eq!(m.file.curves.len(), pasted + 1);
    assert_eq!(
        m.file.curves[pasted].points,
        f.curves[2]
            .points
            .iter()
            .map(|p| moved(*p))
            .collect::<Vec<_>>()
    );
    let names: Vec<&str> = m.file.actors.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["ball", "crate", "ball-2", "crate-2"]);
    assert_eq!(m.file.actors[2].position, moved(f.actors[0].position));
    // The clipboard's centre is the middle of its box.
    let c = clip.centre().unwrap();
    let xs: Vec<f32> = f.curves[2]
        .points
        .iter()
        .map(|p| p.0)
        .chain(f.actors.iter().map(|a| a.position.0))
        .collect();
    let (lo, hi) = xs
        .iter()
        .fold((f32::MAX, f32::MIN), |(l, h), x| (l.min(*x), h.max(*x)));
    assert_eq!(c.x, (lo + hi) / 2.0);
    // Deleting a group keeps the others' order; the spawn and goal stay.
    assert!(m.apply(Edit::DeleteItems(vec![
        Item::Actor(0),
        Item::Curve(1),
        Item::Actor(2),
        Item::Spawn
    ])));
    let names: Vec<&str> = m.file.actors.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["crate", "crate-2"]);
    assert_eq!(m.file.curves.len(), pasted);
    assert_eq!(m.file.spawn, f.spawn);
    // A box selects what has a point in it: here the first curve's first.
    let p = Vec2::from(f.curves[0].points[0]);
    let (lo, hi) = (p - Vec2::splat(10.0), p + Vec2::splat(10.0));
    assert_eq!(items::in_box(&f, lo, hi), vec![Item::Curve(0)]);
    assert_eq!(Handle::Checkpoint(0).item(), Item::Checkpoint(0));
}

/// Refill crystals in the editor: added at the mouse, dragged, moved in a
/// group, copied, pasted and deleted, and written to the file so that the
/// file read back has them where the editor put them.
#[test]
fn crystals_are_placed_moved_copied_deleted_and_saved() {
    let (text, f) = shipped("1-1-hills.level.ron");
    assert!(
        f.crystals.is_empty(),
        "the test adds the level's first crystals"
    );
    let mut m = EditorModel::new(f.clone());
    assert!(m.apply(Edit::AddCrystal(Vec2::new(100.004, 200.0))));
    assert!(m.apply(Edit::AddCrystal(Vec2::new(300.0, 250.0))));
    assert_eq!(m.file.crystals, [(100.0, 200.0), (300.0, 250.0)]);
    assert!(m.handles().contains(&Handle::Crystal(1)));
    assert_eq!(
        m.handle_pos(Handle::Crystal(1)),
        Some(Vec2::new(300.0, 250.0))
    );
    assert_eq!(Handle::Crystal(1).item(), Item::Crystal(1));
    // Dragged by its handle, then moved with the goal as a group.
    assert!(m.apply(Edit::Move(Handle::Crystal(0), Vec2::new(120.0, 210.0))));
    assert!(m.apply(Edit::Translate(
        vec![Item::Crystal(1), Item::Goal],
        Vec2::new(16.0, 8.0)
    )));
    assert_eq!(m.file.crystals, [(120.0, 210.0), (316.0, 258.0)]);
    // A box around the second selects it alone; copy, paste, delete.
    let picked = items::in_box(&m.file, Vec2::new(310.0, 255.0), Vec2::new(320.0, 260.0));
    assert_eq!(picked, [Item::Crystal(1)]);
    let clip = items::copy(&m.file, &picked);
    assert_eq!(clip.crystals, [(316.0, 258.0)]);
    assert!(m.apply(Edit::Paste(clip, Vec2::new(0.0, 64.0))));
    assert_eq!(m.file.crystals.len(), 3);
    assert_eq!(m.file.crystals[2], (316.0, 322.0));
    assert!(m.apply(Edit::DeleteItems(vec![Item::Crystal(0)])));
    assert_eq!(m.file.crystals, [(316.0, 258.0), (316.0, 322.0)]);
    // Saved over the shipped text and read back: the same crystals.
    let written = write_over(&text, &f, &m.file);
    let back = Level::parse(&written, "1-1-hills.level.ron").unwrap().file;
    assert_eq!(back.crystals, m.file.crystals);
    assert!(written.contains("crystals: ["), "{written}");
}

/// Coins in the editor, as crystals: added (Shift+D), dragged, copied,
/// pasted, deleted and saved.
#[test]
fn coins_are_placed_moved_copied_deleted_and_saved() {
    let (text, shipped_file) = shipped("2-1-bounce.level.ron");
    // The test adds the level's first coins: it starts with none.
    let mut f = shipped_file.clone();
    f.coins.clear();
    let mut m = EditorModel::new(f);
    assert!(m.apply(Edit::AddCoin(Vec2::new(100.004, 200.0))));
    assert!(m.apply(Edit::AddCoin(Vec2::new(300.0, 250.0))));
    assert_eq!(m.file.coins, [(100.0, 200.0), (300.0, 250.0)]);
    assert_eq!(m.handle_pos(Handle::Coin(1)), Some(Vec2::new(300.0, 250.0)));
    assert_eq!(Handle::Coin(1).item(), Item::Coin(1));
    assert!(m.apply(Edit::Move(Handle::Coin(0), Vec2::new(120.0, 210.0))));
    let picked = items::in_box(&m.file, Vec2::new(295.0, 245.0), Vec2::new(305.0, 255.0));
    assert_eq!(picked, [Item::Coin(1)]);
    let clip = items::copy(&m.file, &picked);
    assert_eq!(clip.coins, [(300.0, 250.0)]);
    assert!(m.apply(Edit::Paste(clip, Vec2::new(0.0, 64.0))));
    assert_eq!(
        m.file.coins,
        [(120.0, 210.0), (300.0, 250.0), (300.0, 314.0)]
    );
    assert!(m.apply(Edit::DeleteItems(vec![Item::Coin(0)])));
    let written = write_over(&text, &shipped_file, &m.file);
    let back = Level::parse(&written, "2-1-bounce.level.ron").unwrap().file;
    assert_eq!(back.coins, [(300.0, 250.0), (300.0, 314.0)]);
    assert!(written.contains("coins: ["), "{written}");
}

#[test]
fn numbers_off_the_editors_grid_keep_their_precision_when_moved() {
    let p = (0.123_456_7_f32, 1_000.000_1_f32);
    let q = items::moved(p, Vec2::new(32.0, 0.0));
    assert_eq!(q, (p.0 + 32.0, p.1));
    assert_eq!(
        items::moved((10.25, 3.5), Vec2::new(0.1, 0.2)),
        (10.35, 3.7)
    );
}

fn press(keys: &[KeyCode]) -> ButtonInput<KeyCode> {
    let mut input = ButtonInput::default();
    for k in keys {
        input.press(*k);
    }
    input
}

fn editing(f: LevelFile) -> EditorState {
    EditorState {
        model: Some(EditorModel::new(f)),
        ..Default::default()
    }
}

#[test]
fn the_legend_panel_changes_kinds_adds_renames_and_removes() {
    let (_, f) = shipped("1-1-hills.level.ron");
    let mut s = editing(f.clone());
    s.panel = Panel::Legend;
    let chars: Vec<char> = f.legend.keys().copied().collect();
    let solid = chars
        .iter()
        .position(|c| f.legend[c] == TileDef::Solid)
        .unwrap();
    let solid_char = chars[solid];
    let uses = tangent::editor::legend::uses(&f, solid_char);
    assert!(uses > 0);
    // Pick the solid entry, make it decor: every one of its tiles changes.
    for _ in 0..solid {
        legend_keys(&press(&[KeyCode::ArrowDown]), &[], &mut s);
    }
    assert!(legend_keys(&press(&[KeyCode::Digit3]), &[], &mut s));
    let m = s.model.as_ref().unwrap();
    assert_eq!(m.file.legend[&solid_char], TileDef::Decor);
    let level = Level::parse(&tangent_level::files::save::write_new(&m.file), "x").unwrap();
    assert_eq!(level.file.legend[&solid_char], TileDef::Decor);
    // It is used, so it cannot be removed.
    assert!(!legend_keys(&press(&[KeyCode::KeyX]), &[], &mut s));
    assert!(
        s.message.contains(&format!("used by {uses} tiles")),
        "{}",
        s.message
    );
    // Rename it: R, then the character typed.
    legend_keys(&press(&[KeyCode::KeyR]), &[], &mut s);
    assert!(s.renaming);
    assert!(legend_keys(&ButtonInput::default(), &["@".into()], &mut s));
    let m = s.model.as_ref().unwrap();
    assert!(!m.file.legend.contains_key(&solid_char));
    assert_eq!(tangent::editor::legend::uses(&m.file, '@'), uses);
    // A taken character is refused with the reason.
    legend_keys(&press(&[KeyCode::KeyR]), &[], &mut s);
    let taken = chars
        .iter()
        .find(|c| **c != solid_char)
        .unwrap()
        .to_string();
    assert!(!legend_keys(&ButtonInput::default(), &[taken], &mut s));
    assert!(s.message.contains("already in the legend"), "{}", s.message);
    // Add an entry, paint with it, remove it once unused.
    let before = s.model.as_ref().unwrap().file.legend.len();
    assert!(legend_keys(&press(&[KeyCode::KeyA]), &[], &mut s));
    assert_eq!(s.model.as_ref().unwrap().file.legend.len(), before + 1);
    legend_keys(&press(&[KeyCode::Enter]), &[], &mut s);
    let new_char = s.brush_char.unwrap();
    let m = s.model.as_mut().unwrap();
    assert!(m.apply(Edit::PaintChar(Vec2::new(48.0, 200.0), new_char)));
    assert_eq!(tangent::editor::legend::uses(&m.file, new_char), 1);
    m.undo();
    assert!(legend_keys(&press(&[KeyCode::KeyX]), &[], &mut s));
    assert_eq!(s.model.as_ref().unwrap().file.legend.len(), before);
}

#[test]
fn the_tuning_panel_steps_each_number_by_a_twentieth_of_its_default() {
    let (_, f) = shipped("1-1-hills.level.ron");
    let mut s = editing(f.clone());
    s.panel = Panel::Tuning;
    // Row 0 is gravity (down), then the tuning fields in file order.
    assert!(tuning_keys(&press(&[KeyCode::ArrowRight]), &mut s));
    assert_eq!(s.model.as_ref().unwrap().file.gravity, (0.0, -3780.0));
    let fields = f.tuning.fields();
    let jump = fields.iter().position(|(n, _)| *n == "jump_speed").unwrap();
    for _ in 0..=jump {
        tuning_keys(&press(&[KeyCode::ArrowDown]), &mut s);
    }
    assert!(tuning_keys(&press(&[KeyCode::ArrowRight]), &mut s));
    assert!(tuning_keys(&press(&[KeyCode::ArrowRight]), &mut s));
    assert_eq!(s.model.as_ref().unwrap().file.tuning.jump_speed, 462.0);
    assert!(tuning_keys(
        &press(&[KeyCode::ArrowLeft, KeyCode::ShiftLeft]),
        &mut s
    ));
    assert_eq!(s.model.as_ref().unwrap().file.tuning.jump_speed, 457.8);
    // Never below zero.
    let air = fields
        .iter()
        .position(|(n, _)| *n == "air_control")
        .unwrap();
    for _ in 0..(jump - air) {
        tuning_keys(&press(&[KeyCode::ArrowUp]), &mut s);
    }
    for _ in 0..40 {
        tuning_keys(&press(&[KeyCode::ArrowLeft]), &mut s);
    }
    assert_eq!(s.model.as_ref().unwrap().file.tuning.air_control, 0.0);
    let text = tangent::editor::panels::panel_text(&s);
    assert!(
        text.contains("> air_control: 0  (default 0.65) *"),
        "{text}"
    );
}

/// How high the player rises in a held jump from where it stands.
fn jump_height(app: &mut App) -> f32 {
    crate::common::steps(app, 30);
    let y0 = crate::common::player(app).0.y;
    let jump = PlayerInput {
        jump: true,
        ..Default::default()
    };
    let mut top = y0;
    for _ in 0..60 {
        crate::common::hold(app, jump, 1);
        top = top.max(crate::common::player(app).0.y);
    }
    crate::common::hold(app, PlayerInput::default(), 60);
    top - y0
}

#[test]
fn a_tuning_change_in_the_editor_is_live() {
    let path = crate::common::test_level("flat.level.ron");
    let mut app = headless_app(&path, None).unwrap();
    let before = jump_height(&mut app);
    let text = std::fs::read_to_string(&path).unwrap();
    let f = Level::parse(&text, "flat").unwrap().file;
    let mut m = EditorModel::new(f.clone());
    assert!(m.apply(Edit::SetTuning("jump_speed", f.tuning.jump_speed * 1.5)));
    // What the editor's preview does: check the written level, replace.
    let written = write_over(&text, &f, &m.file);
    let level = Level::parse(&written, path.to_str().unwrap()).unwrap();
    app.world_mut()
        .write_message(LevelCommand::Replace(Box::new(level)));
    app.update();
    assert_eq!(
        app.world().resource::<PlayerTuning>().0.jump_speed,
        f.tuning.jump_speed * 1.5
    );
    let after = jump_height(&mut app);
    println!("held jump: {before} px, then {after} px with 1.5x jump speed");
    assert!(after > before * 1.5, "{before} -> {after}");
}

/// A random edit of any kind for the level as it is now; `true` in the
/// second place when it may delete something (and so a comment with it).
fn random_edit(rng: &mut Rng, f: &LevelFile) -> (Edit, bool) {
    let w = f.tiles[0].chars().count() as f32 * f.tile_size;
    let h = f.tiles.len() as f32 * f.tile_size;
    let at = |rng: &mut Rng| Vec2::new(rng.range(0.0, w), rng.range(0.0, h));
    let kinds = [
        TileDef::Solid,
        TileDef::Empty,
        TileDef::OneWay,
        TileDef::Decor,
        TileDef::Spikes(Side::Left),
    ];
    let pick = |rng: &mut Rng, n: usize| rng.below(n);
    match rng.below(16) {
        0 => (Edit::PaintTile(at(rng), kinds[rng.below(5)]), false),
        1 if !f.curves.is_empty() => {
            let i = pick(rng, f.curves.len());
            let mut c = f.curves[i].clone();
            c.hazard = !c.hazard;
            c.fill = [CurveFill::Below, CurveFill::Line, CurveFill::Chord][rng.below(3)];
            c.restitution = (rng.range(0.0, 2.0) * 100.0).round() / 100.0;
            (Edit::SetCurve(i, c), false)
        }
        2 if !f.actors.is_empty() => {
            let i = pick(rng, f.actors.len());
            let mut a = f.actors[i].clone();
            a.friction = (rng.range(0.0, 1.0) * 100.0).round() / 100.0;
            a.mass = [0.0, f32::INFINITY][rng.below(2)];
            (Edit::SetActor(i, a), false)
        }
        3 => {
            let names = ["jump_speed", "max_run", "coyote_time", "max_fall"];
            (
                Edit::SetTuning(names[rng.below(4)], rng.range(0.05, 900.0)),
                false,
            )
        }
        4 => (
            Edit::SetGravity((0.0, -rng.range(100.0, 9000.0).round())),
            false,
        ),
        5 => (Edit::SetPlayer(ShapeDef::Circle { radius: 11.0 }), false),
        6 => {
            let mut group = vec![Item::Goal];
            if !f.curves.is_empty() {
                group.push(Item::Curve(pick(rng, f.curves.len())));
            }
            let d = Vec2::new(rng.range(-8.0, 8.0), rng.range(-8.0, 8.0));
            (Edit::Translate(group, d), false)
        }
        7 => {
            let clip = items::copy(f, &items::all(f)[..1.min(items::all(f).len())]);
            (Edit::Paste(clip, Vec2::new(32.0, 32.0)), false)
        }
        8 if !f.curves.is_empty() => (
            Edit::DeleteItems(vec![Item::Curve(pick(rng, f.curves.len()))]),
            true,
        ),
        9 => {
            let c = tangent::editor::legend::free_char(f);
            (Edit::SetLegend(c, TileDef::Decor), false)
        }
        10 => {
            let c = *f.legend.keys().nth(rng.below(f.legend.len())).unwrap();
            (Edit::SetLegend(c, kinds[rng.below(5)]), false)
        }
        11 => (Edit::Resize(GridSide::Right, 1), false),
        12 => (Edit::AddCheckpoint(at(rng)), false),
        13 => (Edit::AddCrystal(at(rng)), false),
        14 => (Edit::AddCoin(at(rng)), false),
        _ => (Edit::AddActor(rng.below(2) == 0, at(rng)), false),
    }
}

/// The `//` comments of a text, each with what follows it on its line.
fn comments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.find("//").map(|i| l[i..].trim().to_string()))
        .collect()
}

#[test]
fn random_edits_save_exactly_and_keep_the_files_comments() {
    let mut rng = Rng::new(0x5eed_c0de_2026_1124);
    let (mut cases, mut kept_checks, mut deleting, mut refused) = (0, 0, 0, 0);
    // Runs whose edits were all refused by the model (nothing to save) are
    // not cases: counted apart.
    let (mut no_op_runs, mut edits_applied) = (0, 0);
    for (name, text) in SHIPPED_LEVELS {
        let f = Level::parse(text, name).unwrap().file;
        let marks = comments(text);
        for _ in 0..150 {
            let mut m = EditorModel::new(f.clone());
            let mut deletes = false;
            let mut applied = 0;
            for _ in 0..1 + rng.below(4) {
                let (e, del) = random_edit(&mut rng, &m.file);
                if m.apply(e) {
                    applied += 1;
                    deletes |= del;
                }
            }
            if applied == 0 {
                no_op_runs += 1;
                continue;
            }
            edits_applied += applied;
            let written = write_over(text, &f, &m.file);
            match Level::parse(&written, name) {
                Ok(back) => assert_eq!(back.file, m.file, "{name}:\n{written}"),
                // An edit may make a level the checker refuses (a spawn
                // painted over); the text must still read as the edited file.
                Err(_) => {
                    let raw: LevelFile = ron::from_str(&written).unwrap();
                    assert_eq!(raw, m.file, "{name}:\n{written}");
                    refused += 1;
                }
            }
            cases += 1;
            if deletes {
                deleting += 1;
                continue;
            }
            for c in &marks {
                assert!(
                    written.contains(c.as_str()),
                    "{name}: lost `{c}`:\n{written}"
                );
                kept_checks += 1;
            }
        }
    }
    println!(
        "{cases} random edit runs over the shipped levels with {edits_applied} edits applied \
         ({no_op_runs} runs changed nothing and were not counted; {deleting} deleting, \
         {refused} giving a level the checker refuses): saved text read back as the edited \
         level; {kept_checks} comment checks, none lost"
    );
    assert!(kept_checks > 2000);
    assert!(
        cases >= 800 && cases - refused >= 600,
        "too few cases checked in full: {cases} runs, {refused} refused by the checker"
    );
}
