//! Movers in the editor's model, headless: their pivots, waypoints and
//! curve points are handles where the loader puts them; dragging them,
//! adding and removing waypoints, stepping the motion's numbers and
//! choices, making a mover of curves, moving and deleting a mover are
//! edits that undo and redo; the result is a level that loads, and saving
//! rewrites only the mover that changed. The preview's ghost is where the
//! motion's closed form puts it.

use bevy::math::Vec2;
use tangent::editor::draw::ghost_lines;
use tangent::editor::edit::Edit;
use tangent::editor::handle::Handle;
use tangent::editor::items::{Item, all, translate};
use tangent::editor::model::EditorModel;
use tangent::editor::motion::stepped_motion;
use tangent_level::files::save::write_over;
use tangent_level::format::LevelFile;
use tangent_level::format::mover::{Easing, MoverDef, Repeat, Trigger};
use tangent_level::validate::Level;

fn moving_parts() -> (String, Level) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/levels/moving-parts.level.ron"
    ))
    .unwrap();
    let level = Level::parse(&text, "08").unwrap();
    (text, level)
}

/// The editor's model of a level, with the loader's pivots (as the editor
/// opens it).
fn model_of(level: &Level) -> EditorModel {
    let mut m = EditorModel::new(level.file.clone());
    m.pivots = level.movers.iter().map(|p| p.pivot).collect();
    m
}

fn loads(file: &LevelFile, text: &str, old: &LevelFile) -> Level {
    let written = write_over(text, old, file);
    Level::parse(&written, "edited").unwrap_or_else(|e| panic!("{e}\n{written}"))
}

#[test]
fn a_movers_handles_are_where_the_loader_puts_it() {
    let (_, level) = moving_parts();
    let model = model_of(&level);
    let n = level.file.movers.len();
    let handles = model.handles();
    for g in 0..n {
        let pivot = level.movers[g].pivot;
        assert_eq!(model.handle_pos(Handle::Pivot(g)), Some(pivot));
        for (k, w) in level.file.movers[g].path.iter().enumerate() {
            let at = pivot + Vec2::new(w.0, w.1);
            assert_eq!(model.handle_pos(Handle::Waypoint(g, k)), Some(at));
            assert!(handles.contains(&Handle::Waypoint(g, k)));
        }
    }
    // The lift's one waypoint is 320 px above its pivot, and picked there.
    let lift_top = level.movers[0].pivot + Vec2::new(0.0, 320.0);
    assert_eq!(
        model.pick(lift_top + Vec2::new(2.0, 1.0), 8.0),
        Some(Handle::Waypoint(0, 0))
    );
    assert_eq!(Handle::Waypoint(0, 0).item(), Item::Mover(0));
    // The swinging bridge's curve points are handles too.
    let bridge = (0..n)
        .find(|&g| level.file.movers[g].swing.is_some())
        .unwrap();
    let p0 = level.file.movers[bridge].curves[0].points[0];
    assert_eq!(
        model.handle_pos(Handle::MoverPoint(bridge, 0, 0)),
        Some(Vec2::new(p0.0, p0.1))
    );
}

#[test]
fn dragging_waypoints_pivots_and_points_edits_the_mover_and_undoes() {
    let (text, level) = moving_parts();
    let mut model = model_of(&level);
    let before = model.file.clone();
    let pivot = level.movers[0].pivot;
    // The lift's top moved to 200 px up and 64 right: its offset is that.
    let to = pivot + Vec2::new(64.0, 200.0);
    assert!(model.apply(Edit::Move(Handle::Waypoint(0, 0), to)));
    assert_eq!(model.file.movers[0].path, vec![(64.0, 200.0)]);
    assert_eq!(model.handle_pos(Handle::Waypoint(0, 0)), Some(to));
    // A pivot dragged is written: the waypoints go with it (offsets).
    let new_pivot = pivot + Vec2::new(0.0, -10.0);
    assert!(model.apply(Edit::Move(Handle::Pivot(0), new_pivot)));
    assert_eq!(model.file.movers[0].pivot, Some((new_pivot.x, new_pivot.y)));
    assert_eq!(
        model.handle_pos(Handle::Waypoint(0, 0)),
        Some(to + Vec2::new(0.0, -10.0))
    );
    // A bridge's curve point.
    let bridge = (0..model.file.movers.len())
        .find(|&g| model.file.movers[g].swing.is_some())
        .unwrap();
    assert!(model.apply(Edit::Move(
        Handle::MoverPoint(bridge, 0, 1),
        Vec2::new(2040.0, 320.0)
    )));
    assert_eq!(
        model.file.movers[bridge].curves[0].points[1],
        (2040.0, 320.0)
    );
    // A waypoint added at the mouse, then removed.
    assert!(model.apply(Edit::AddWaypoint(0, new_pivot + Vec2::new(-32.0, 96.0))));
    assert_eq!(
        model.file.movers[0].path,
        vec![(64.0, 200.0), (-32.0, 96.0)]
    );
    assert!(model.apply(Edit::RemoveWaypoint(0)));
    assert_eq!(model.file.movers[0].path.len(), 1);
    loads(&model.file, &text, &before);
    for _ in 0..5 {
        assert!(model.undo());
    }
    assert_eq!(model.file, before);
    assert!(!model.undo());
    for _ in 0..5 {
        assert!(model.redo());
    }
    assert_eq!(model.file.movers[0].path, vec![(64.0, 200.0)]);
}

#[test]
fn the_motion_keys_step_every_number_and_choice() {
    let lift = MoverDef {
        path: vec![(0.0, 100.0)],
        speed: 100.0,
        ..MoverDef::default()
    };
    let faster = stepped_motion(&lift, 1.0, 0.0, 0.0, (false, false, false));
    assert_eq!(faster.speed, 110.0);
    let slower = stepped_motion(&lift, -0.1, 0.0, 0.0, (false, false, false));
    assert_eq!(slower.speed, 99.0);
    // Never below zero.
    let still = (0..20).fold(lift.clone(), |m, _| {
        stepped_motion(&m, -1.0, -1.0, 0.0, (false, false, false))
    });
    assert_eq!((still.speed, still.wait), (0.0, 0.0));
    // A mover timed by legs: faster is shorter legs.
    let timed = MoverDef {
        leg_time: 2.0,
        ..lift.clone()
    };
    let timed = MoverDef {
        speed: 0.0,
        ..timed
    };
    assert_eq!(
        stepped_motion(&timed, 1.0, 0.0, 0.0, (false, false, false)).leg_time,
        1.9
    );
    assert_eq!(
        stepped_motion(&lift, 0.0, 1.0, 0.0, (false, false, false)).wait,
        0.1
    );
    assert_eq!(
        stepped_motion(&lift, 0.0, 0.0, -2.0, (false, false, false)).spin,
        -30.0
    );
    // Each choice goes round its cycle and back.
    let mut m = lift.clone();
    let mut triggers = Vec::new();
    for _ in 0..4 {
        m = stepped_motion(&m, 0.0, 0.0, 0.0, (false, false, true));
        triggers.push((m.trigger, m.returns));
    }
    assert_eq!(
        triggers,
        vec![
            (Trigger::StoodOn, false),
            (Trigger::StoodOn, true),
            (Trigger::Crumble(0.5), false),
            (Trigger::Always, false)
        ]
    );
    let mut repeats = Vec::new();
    for _ in 0..3 {
        m = stepped_motion(&m, 0.0, 0.0, 0.0, (false, true, false));
        repeats.push(m.repeat);
    }
    assert_eq!(repeats, vec![Repeat::Loop, Repeat::Once, Repeat::PingPong]);
    m = stepped_motion(&m, 0.0, 0.0, 0.0, (true, false, false));
    assert_eq!(m.easing, Easing::Linear);
}

#[test]
fn set_motion_keeps_what_the_mover_carries_and_saves_only_that_mover() {
    let (text, level) = moving_parts();
    let mut model = model_of(&level);
    let old = model.file.clone();
    let slider = 5;
    assert_eq!(old.movers[slider].speed, 240.0);
    let faster = stepped_motion(&old.movers[slider], 2.0, 0.0, 0.0, (false, false, false));
    // A motion with other pieces: the mover keeps its own.
    let with_other_pieces = MoverDef {
        tiles: None,
        curves: Vec::new(),
        ..faster
    };
    assert!(model.apply(Edit::SetMotion(slider, with_other_pieces)));
    assert_eq!(model.file.movers[slider].speed, 260.0);
    assert_eq!(model.file.movers[slider].tiles, old.movers[slider].tiles);
    let written = write_over(&text, &old, &model.file);
    loads(&model.file, &text, &old);
    // Only the slider's line changed; every comment kept.
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(written.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(changed[0].1.contains("speed: 260"), "{changed:?}");
    assert_eq!(text.lines().count(), written.lines().count());
}

#[test]
fn selected_curves_become_a_mover_that_loads_and_undoes() {
    let (text, level) = moving_parts();
    let mut model = model_of(&level);
    let original = model.file.clone();
    // 08 has no curves of its own: one added in the air first.
    assert!(model.apply(Edit::AddCurve(3, Vec2::new(1200.0, 300.0))));
    let old = model.file.clone();
    let movers = old.movers.len();
    let taken = old.curves[0].clone();
    assert!(
        !model.apply(Edit::MakeMover(vec![Item::Spawn])),
        "no curve selected"
    );
    assert!(model.apply(Edit::MakeMover(vec![Item::Curve(0)])));
    assert_eq!(model.file.curves.len(), old.curves.len() - 1);
    assert_eq!(model.file.movers.len(), movers + 1);
    let made = &model.file.movers[movers];
    assert_eq!(made.curves, vec![taken]);
    assert_eq!(made.path, vec![(0.0, 4.0 * old.tile_size)]);
    let edited = loads(&model.file, &text, &original);
    assert_eq!(edited.terrain.mover_count(), movers + 1);
    // Moving it moves its curves; deleting it drops it.
    let mut moved = model.file.clone();
    translate(&mut moved, &[Item::Mover(movers)], Vec2::new(10.0, -5.0));
    let p = model.file.movers[movers].curves[0].points[0];
    assert_eq!(
        moved.movers[movers].curves[0].points[0],
        (p.0 + 10.0, p.1 - 5.0)
    );
    assert!(all(&model.file).contains(&Item::Mover(movers)));
    assert!(model.apply(Edit::DeleteItems(vec![Item::Mover(movers)])));
    assert_eq!(model.file.movers.len(), movers);
    assert!(model.undo() && model.undo());
    assert_eq!(model.file, old);
    assert!(model.undo());
    assert_eq!(model.file, original);
}

#[test]
fn the_previews_ghost_follows_the_motions_closed_form() {
    // A 64 px bar of curve going 100 px up in 1 s, linear, and back: at
    // 0.25 s it is 25 px up, at 1.5 s 50 px up on its way back.
    let bar = tangent_level::format::CurveDef {
        points: vec![(0.0, 0.0), (32.0, 0.0), (64.0, 0.0)],
        restitution: 1.0,
        one_way: false,
        fill: tangent_level::format::CurveFill::Line,
        hazard: false,
    };
    let m = MoverDef {
        curves: vec![bar],
        path: vec![(0.0, 100.0)],
        leg_time: 1.0,
        easing: Easing::Linear,
        ..MoverDef::default()
    };
    let pivot = Vec2::new(32.0, 0.0);
    for (clock, up) in [(0.0, 0.0), (0.25, 25.0), (1.0, 100.0), (1.5, 50.0)] {
        let lines = ghost_lines(&m, pivot, 32.0, clock);
        assert_eq!(lines.len(), 1);
        let (first, last) = (lines[0][0], *lines[0].last().unwrap());
        assert!(
            (first - Vec2::new(0.0, up)).length() < 1e-3,
            "{clock}: {first}"
        );
        assert!(
            (last - Vec2::new(64.0, up)).length() < 1e-3,
            "{clock}: {last}"
        );
    }
    // Spinning a quarter turn a second about its middle: at 1 s it stands
    // upright, its start below the pivot.
    let spinning = MoverDef {
        path: Vec::new(),
        spin: 90.0,
        ..m
    };
    let lines = ghost_lines(&spinning, pivot, 32.0, 1.0);
    assert!(
        (lines[0][0] - Vec2::new(32.0, -32.0)).length() < 1e-3,
        "{:?}",
        lines[0][0]
    );
    // A tile block's outline moves as a box.
    let block = MoverDef {
        tiles: Some(tangent_level::format::mover::CellRect {
            x: 2,
            y: 1,
            width: 3,
            height: 1,
        }),
        curves: Vec::new(),
        path: vec![(0.0, 64.0)],
        leg_time: 1.0,
        easing: Easing::Linear,
        ..MoverDef::default()
    };
    let lines = ghost_lines(&block, Vec2::new(80.0, 48.0), 32.0, 0.5);
    assert_eq!(lines[0][0], Vec2::new(64.0, 64.0));
    assert_eq!(lines[0][2], Vec2::new(160.0, 96.0));
}
