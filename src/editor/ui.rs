//! The editor's face in the game window. `Tab` (or `E`) toggles edit mode
//! ([`GameMode::Editing`]): the simulation pauses, the camera pans (arrow keys) and zooms (mouse
//! wheel), the mouse paints tiles and drags handles, and every change is
//! checked and shown live. Keys are listed in [`HELP`].

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

use super::model::{Edit, EditorModel, GridSide, Handle, snap};
use super::save::{save_level, write_over};
use crate::collision::plugin::{PhysicsPosition, PreviousPhysicsPosition};
use crate::level::files::read_level_text;
use crate::level::format::{LevelFile, ShapeDef, Side, TileDef};
use crate::level::spawn::{CurrentLevel, LevelCommand};
use crate::level::validate::Level;
use crate::mode::GameMode;
use crate::player::Player;
use crate::player::camera::GameCamera;
use crate::ui::label;

/// The key help shown in edit mode.
pub const HELP: &str = "EDIT MODE  Tab: play | 1 solid 2 one-way 3 decor 4 erase 5-8 spikes up/down/left/right, left paint, right erase | \
drag handles: curve points, spawn, goal, actors | Q / C add quadratic / cubic | \
B / K add ball / crate | X delete selected | O one-way | [ ] restitution | G snap | \
arrows pan, wheel zoom | Ctrl+arrow add a row/column on that side, Ctrl+Shift+arrow remove one | Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo | Ctrl+S save";

/// What the left mouse button paints.
const PALETTE: [TileDef; 8] = [
    TileDef::Solid,
    TileDef::OneWay,
    TileDef::Decor,
    TileDef::Empty,
    TileDef::Spikes(Side::Up),
    TileDef::Spikes(Side::Down),
    TileDef::Spikes(Side::Left),
    TileDef::Spikes(Side::Right),
];

/// What is selected for delete / one-way / restitution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selected {
    Curve(usize),
    Actor(usize),
}

/// The editor's state.
#[derive(Resource, Default)]
pub struct EditorState {
    model: Option<EditorModel>,
    /// The file's text and parsed form as last loaded or saved.
    saved: Option<(String, LevelFile)>,
    brush: usize,
    dragging: Option<Handle>,
    selected: Option<Selected>,
    snap: bool,
    /// The last check or save result shown to the person.
    pub message: String,
}

#[derive(Component)]
struct EditorText;

pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EditorState>()
            .add_systems(Startup, spawn_text)
            .add_systems(OnEnter(GameMode::Editing), open_editor)
            .add_systems(OnExit(GameMode::Editing), close_editor)
            .add_systems(
                Update,
                (
                    (keys, mouse, pan_zoom, draw)
                        .chain()
                        .run_if(in_state(GameMode::Editing)),
                    show_text,
                )
                    .chain(),
            );
    }
}

fn spawn_text(mut commands: Commands) {
    let panel = Node {
        bottom: px(8),
        left: px(8),
        right: px(8),
        ..default()
    };
    commands.spawn((
        EditorText,
        label(15.0, Color::WHITE, panel),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
        Visibility::Hidden,
    ));
}

/// Entering edit mode: the level in play becomes the model, and the file
/// on disk the baseline for saving.
fn open_editor(mut state: ResMut<EditorState>, current: Option<Res<CurrentLevel>>) {
    let Some(current) = current else {
        return;
    };
    // The baseline for saving is the file as it is on disk (or shipped);
    // the level in play may hold edits from an earlier edit session not
    // yet saved.
    let text = read_level_text(&current.path).unwrap_or_default();
    let name = current.path.display().to_string();
    let on_disk = Level::parse(&text, &name).map(|l| l.file);
    state.saved = Some(match on_disk {
        Ok(file) => (text, file),
        // Unreadable or invalid on disk: the next save writes it anew.
        Err(_) => (String::new(), current.level.file.clone()),
    });
    state.model = Some(EditorModel::new(current.level.file.clone()));
    state.message = format!("editing {}", current.path.display());
}

/// Leaving edit mode: back to play on the edited level, at once.
fn close_editor(mut state: ResMut<EditorState>) {
    state.dragging = None;
}

/// Checks the model and, when it is a valid level, shows it in the game.
fn preview(
    state: &mut EditorState,
    current: &CurrentLevel,
    commands: &mut MessageWriter<LevelCommand>,
) {
    let (Some(model), Some((text, file))) = (&state.model, &state.saved) else {
        return;
    };
    let written = write_over(text, file, &model.file);
    let name = current.path.display().to_string();
    match Level::parse(&written, &name) {
        Ok(level) => {
            commands.write(LevelCommand::Replace(Box::new(level)));
            if state.message.starts_with("error") {
                state.message = "ok".into();
            }
        }
        Err(e) => state.message = format!("error (not applied): {e}"),
    }
}

#[allow(clippy::too_many_arguments)]
/// The player's physics position, moved with the level when the grid grows
/// or shrinks on the left or at the bottom.
type PlayerAt<'a> = (&'a mut PhysicsPosition, &'a mut PreviousPhysicsPosition);

#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut state: ResMut<EditorState>,
    current: Option<Res<CurrentLevel>>,
    cursor: Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: Query<&Window>,
    mut commands: MessageWriter<LevelCommand>,
    mut player: Query<PlayerAt, With<Player>>,
) {
    let Some(current) = current else {
        return;
    };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let at = cursor_world(&cursor, &windows);
    let state = &mut *state;
    let (Some(model), at) = (state.model.as_mut(), at) else {
        return;
    };
    let mut changed = false;
    for (i, k) in [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
    ]
    .iter()
    .enumerate()
    {
        if keys.just_pressed(*k) {
            state.brush = i;
        }
    }
    let sides = [
        (KeyCode::ArrowLeft, GridSide::Left),
        (KeyCode::ArrowRight, GridSide::Right),
        (KeyCode::ArrowUp, GridSide::Top),
        (KeyCode::ArrowDown, GridSide::Bottom),
    ];
    let resize = sides.iter().find(|(k, _)| ctrl && keys.just_pressed(*k));
    if let Some((_, side)) = resize {
        let n = if shift { -1 } else { 1 };
        let spawn_before = model.file.spawn;
        changed = model.apply(Edit::Resize(*side, n));
        // Keep the player where it stands in the level, as everything else.
        let moved = Vec2::new(
            model.file.spawn.0 - spawn_before.0,
            model.file.spawn.1 - spawn_before.1,
        );
        for (mut p, mut prev) in &mut player {
            p.0 += moved;
            prev.0 += moved;
        }
        if !changed {
            state.message =
                format!("cannot remove a row or column at the {side:?} side: something is there");
        }
    } else if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        changed = if shift { model.redo() } else { model.undo() };
    } else if ctrl && keys.just_pressed(KeyCode::KeyY) {
        changed = model.redo();
    } else if ctrl && keys.just_pressed(KeyCode::KeyS) {
        let Some((text, file)) = state.saved.clone() else {
            return;
        };
        let written = write_over(&text, &file, &model.file);
        let name = current.path.display().to_string();
        state.message = match Level::parse(&written, &name) {
            Err(e) => format!("error (not saved): {e}"),
            Ok(_) => match save_level(&current.path, &written) {
                Ok(()) => {
                    state.saved = Some((written, model.file.clone()));
                    format!("saved {name}")
                }
                Err(e) => format!("error: cannot save {name}: {e}"),
            },
        };
    } else if !ctrl {
        let here = at.map(|p| {
            if state.snap {
                snap(p, model.file.tile_size)
            } else {
                p
            }
        });
        if let Some(p) = here {
            if keys.just_pressed(KeyCode::KeyQ) {
                changed = model.apply(Edit::AddCurve(3, p));
            }
            if keys.just_pressed(KeyCode::KeyC) {
                changed = model.apply(Edit::AddCurve(4, p));
            }
            if keys.just_pressed(KeyCode::KeyB) {
                changed = model.apply(Edit::AddActor(true, p));
            }
            if keys.just_pressed(KeyCode::KeyK) {
                changed = model.apply(Edit::AddActor(false, p));
            }
        }
        if keys.just_pressed(KeyCode::KeyG) {
            state.snap = !state.snap;
        }
        if keys.any_just_pressed([KeyCode::KeyX, KeyCode::Delete, KeyCode::Backspace]) {
            changed = match state.selected.take() {
                Some(Selected::Curve(i)) => model.apply(Edit::DeleteCurve(i)),
                Some(Selected::Actor(i)) => model.apply(Edit::DeleteActor(i)),
                None => false,
            };
        }
        if let Some(Selected::Curve(i)) = state.selected {
            let e = model.file.curves.get(i).map_or(1.0, |c| c.restitution);
            if keys.just_pressed(KeyCode::KeyO) {
                changed = model.apply(Edit::ToggleOneWay(i));
            }
            if keys.just_pressed(KeyCode::BracketLeft) {
                changed = model.apply(Edit::SetRestitution(i, e - 0.1));
            }
            if keys.just_pressed(KeyCode::BracketRight) {
                changed = model.apply(Edit::SetRestitution(i, e + 0.1));
            }
        }
    }
    if changed {
        preview(state, &current, &mut commands);
    }
}

fn cursor_world(
    camera: &Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: &Query<&Window>,
) -> Option<Vec2> {
    let (cam, tf) = camera.single().ok()?;
    let pos = windows.iter().next()?.cursor_position()?;
    cam.viewport_to_world_2d(tf, pos).ok()
}

fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    mut state: ResMut<EditorState>,
    current: Option<Res<CurrentLevel>>,
    cursor: Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: Query<&Window>,
    projection: Query<&Projection, With<GameCamera>>,
    mut commands: MessageWriter<LevelCommand>,
) {
    let (Some(current), Some(at)) = (current, cursor_world(&cursor, &windows)) else {
        return;
    };
    let scale = match projection.single() {
        Ok(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    let state = &mut *state;
    let Some(model) = state.model.as_mut() else {
        return;
    };
    let p = if state.snap {
        snap(at, model.file.tile_size)
    } else {
        at
    };
    let mut changed = false;
    if buttons.just_pressed(MouseButton::Left) {
        if let Some(h) = model.pick(at, 10.0 * scale) {
            state.dragging = Some(h);
            state.selected = match h {
                Handle::CurvePoint(i, _) => Some(Selected::Curve(i)),
                Handle::Actor(i) => Some(Selected::Actor(i)),
                _ => state.selected,
            };
            model.checkpoint();
        } else {
            model.checkpoint();
        }
    }
    if buttons.pressed(MouseButton::Left) {
        match state.dragging {
            Some(h) => model.apply_continuing(Edit::Move(h, p)),
            None => model.apply_continuing(Edit::PaintTile(at, PALETTE[state.brush])),
        }
    }
    if buttons.just_released(MouseButton::Left) {
        state.dragging = None;
        model.drop_empty_checkpoint();
        changed = true;
    }
    if buttons.just_pressed(MouseButton::Right) {
        model.checkpoint();
    }
    if buttons.pressed(MouseButton::Right) {
        model.apply_continuing(Edit::PaintTile(at, TileDef::Empty));
    }
    if buttons.just_released(MouseButton::Right) {
        model.drop_empty_checkpoint();
        changed = true;
    }
    if changed {
        preview(state, &current, &mut commands);
    }
}

fn pan_zoom(
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    mut camera: Query<(&mut Transform, &mut Projection), With<GameCamera>>,
) {
    let Ok((mut tf, mut projection)) = camera.single_mut() else {
        return;
    };
    let Projection::Orthographic(o) = &mut *projection else {
        return;
    };
    if scroll.delta.y != 0.0 {
        o.scale = (o.scale * (1.0 - 0.1 * scroll.delta.y.signum())).clamp(0.25, 6.0);
    }
    // Ctrl+arrows resize the grid (see `keys`), they do not pan.
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let mut d = Vec2::ZERO;
    for (k, v) in [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
    ] {
        if keys.pressed(k) {
            d += v;
        }
    }
    let step = d * 900.0 * o.scale * time.delta_secs();
    tf.translation += step.extend(0.0);
}

fn draw(
    state: Res<EditorState>,
    cursor: Query<(&Camera, &GlobalTransform), With<GameCamera>>,
    windows: Query<&Window>,
    mut gizmos: Gizmos,
) {
    let Some(model) = &state.model else {
        return;
    };
    let f = &model.file;
    let ts = f.tile_size;
    if let Some(at) = cursor_world(&cursor, &windows)
        && model.cell_at(at).is_some()
    {
        let c = (at / ts).floor() * ts + Vec2::splat(ts * 0.5);
        gizmos.rect_2d(c, Vec2::splat(ts), Color::srgb(1.0, 1.0, 0.3));
    }
    let handle = |gizmos: &mut Gizmos, p: Vec2, color: Color| {
        gizmos.circle_2d(p, 6.0, color);
    };
    for (i, c) in f.curves.iter().enumerate() {
        let pts: Vec<Vec2> = c.points.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        let sel = state.selected == Some(Selected::Curve(i));
        let poly = if sel {
            Color::srgb(1.0, 0.6, 0.1)
        } else {
            Color::srgba(1.0, 1.0, 1.0, 0.6)
        };
        gizmos.linestrip_2d(pts.iter().copied(), poly);
        for (k, p) in pts.iter().enumerate() {
            let end = k == 0 || k == pts.len() - 1;
            let color = if end {
                Color::srgb(0.2, 0.9, 1.0)
            } else {
                Color::srgb(1.0, 0.3, 0.9)
            };
            handle(&mut gizmos, *p, color);
        }
    }
    let spawn = Vec2::new(f.spawn.0, f.spawn.1);
    match f.player {
        ShapeDef::Circle { radius } => {
            gizmos.circle_2d(spawn, radius, Color::srgb(0.3, 0.5, 1.0));
        }
        ShapeDef::Rect { half_extents } => {
            gizmos.rect_2d(
                spawn,
                Vec2::new(half_extents.0, half_extents.1) * 2.0,
                Color::srgb(0.3, 0.5, 1.0),
            );
        }
    }
    handle(&mut gizmos, spawn, Color::srgb(0.3, 0.5, 1.0));
    let g = f.goal;
    gizmos.rect_2d(
        Vec2::new(g.position.0, g.position.1),
        Vec2::new(g.size.0, g.size.1),
        Color::srgb(1.0, 0.85, 0.2),
    );
    handle(
        &mut gizmos,
        Vec2::new(g.position.0, g.position.1),
        Color::srgb(1.0, 0.85, 0.2),
    );
    for (i, a) in f.actors.iter().enumerate() {
        let sel = state.selected == Some(Selected::Actor(i));
        let color = if sel {
            Color::srgb(1.0, 0.6, 0.1)
        } else {
            Color::srgb(0.9, 0.9, 0.9)
        };
        handle(&mut gizmos, Vec2::new(a.position.0, a.position.1), color);
    }
}

fn show_text(
    state: Res<EditorState>,
    mode: Res<State<GameMode>>,
    mut text: Query<(&mut Text, &mut Visibility), With<EditorText>>,
) {
    let Ok((mut t, mut vis)) = text.single_mut() else {
        return;
    };
    if *mode.get() != GameMode::Editing {
        *vis = Visibility::Hidden;
        return;
    }
    *vis = Visibility::Inherited;
    let brush = [
        "solid",
        "one-way",
        "decor",
        "erase",
        "spikes up",
        "spikes down",
        "spikes left",
        "spikes right",
    ][state.brush];
    let selected = match state.selected {
        Some(Selected::Curve(i)) => {
            let c = state.model.as_ref().and_then(|m| m.file.curves.get(i));
            c.map_or(String::new(), |c| {
                format!(
                    "curve {} (restitution {}, one-way {})",
                    i + 1,
                    c.restitution,
                    c.one_way
                )
            })
        }
        Some(Selected::Actor(i)) => format!("actor {}", i + 1),
        None => "nothing".into(),
    };
    let s = format!(
        "{HELP}\nbrush: {brush} | snap: {} | selected: {selected}\n{}",
        if state.snap { "on" } else { "off" },
        state.message
    );
    if t.0 != s {
        t.0 = s;
    }
}
