//! The editor's keys outside the panels: tiles, adding and deleting,
//! materials of what is selected, the player's shape, copy and paste,
//! grid resizing, undo, saving. Listed in [`super::state::HELP`].

use bevy::prelude::*;

use super::edit::{Edit, GridSide};
use super::items::{self, Item};
use super::model::EditorModel;
use super::motion::stepped_motion;
use super::state::{EditorState, PALETTE, Panel, cursor_world, preview};
use crate::collision::{PhysicsPosition, PreviousPhysicsPosition};
use crate::level::{CurrentLevel, LevelCommand};
use crate::player::Player;
use crate::player::camera::GameCamera;
use crate::player::keys::DIGIT_KEYS;
use tangent_level::files::save::{save_level, write_over};
use tangent_level::format::{CurveFill, ShapeDef};
use tangent_level::validate::Level;

/// The player's physics position, moved with the level when the grid grows
/// or shrinks on the left or at the bottom.
type PlayerAt<'a> = (&'a mut PhysicsPosition, &'a mut PreviousPhysicsPosition);

#[allow(clippy::too_many_arguments)]
pub fn keys(
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
    let at = cursor_world(&cursor, &windows).map(|p| state.snapped(p));
    let state = &mut *state;
    if state.model.is_none() {
        return;
    }
    // Panels toggle; the tuning and legend panels take the arrows, digits
    // and their letters while open (see `panels`).
    if toggle_panels(&keys, ctrl, state) {
        return;
    }
    let panel_owns_keys = matches!(state.panel, Panel::Tuning | Panel::Legend);
    if !panel_owns_keys {
        // One number key per palette entry (1-9).
        for (i, k) in DIGIT_KEYS.iter().take(PALETTE.len()).enumerate() {
            if keys.just_pressed(*k) {
                state.brush = i;
                state.brush_char = None;
            }
        }
    }
    let sides = [
        (KeyCode::ArrowLeft, GridSide::Left),
        (KeyCode::ArrowRight, GridSide::Right),
        (KeyCode::ArrowUp, GridSide::Top),
        (KeyCode::ArrowDown, GridSide::Bottom),
    ];
    let resize_side = sides.iter().find(|(k, _)| ctrl && keys.just_pressed(*k));
    let changed = if let Some((_, side)) = resize_side {
        resize(state, *side, shift, &mut player)
    } else if ctrl && keys.just_pressed(KeyCode::KeyS) {
        save(state, &current);
        return;
    } else if ctrl {
        ctrl_keys(&keys, shift, at, state)
    } else {
        !panel_owns_keys && plain_keys(&keys, shift, at, state)
    };
    if changed {
        preview(state, &current, &mut commands);
    }
}

/// Ctrl with Z (undo; with Shift, redo), Y (redo), A (select all), C and
/// X (copy, cut) and V (paste at the cursor, the pasted items selected);
/// true if the level changed.
fn ctrl_keys(
    keys: &ButtonInput<KeyCode>,
    shift: bool,
    at: Option<Vec2>,
    state: &mut EditorState,
) -> bool {
    if keys.any_just_pressed([KeyCode::KeyC, KeyCode::KeyX]) {
        return copy(state, keys.just_pressed(KeyCode::KeyX));
    }
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    let mut changed = false;
    if keys.just_pressed(KeyCode::KeyZ) {
        changed = if shift { model.redo() } else { model.undo() };
        state.selection.clear();
    } else if keys.just_pressed(KeyCode::KeyY) {
        changed = model.redo();
        state.selection.clear();
    } else if keys.just_pressed(KeyCode::KeyA) {
        state.selection = items::all(&model.file);
    } else if keys.just_pressed(KeyCode::KeyV)
        && let (Some(p), Some(centre)) = (at, state.clipboard.centre())
    {
        let before = items::counts(&model.file);
        changed = model.apply(Edit::Paste(state.clipboard.clone(), p - centre));
        state.selection = items::added_since(&model.file, before);
    }
    changed
}

/// H, T and L open and close their panels (several in one frame toggle in
/// turn: H then T opens the tuning panel); true if one did.
fn toggle_panels(keys: &ButtonInput<KeyCode>, ctrl: bool, state: &mut EditorState) -> bool {
    let mut toggled = false;
    for (k, panel) in [
        (KeyCode::KeyH, Panel::Help),
        (KeyCode::KeyT, Panel::Tuning),
        (KeyCode::KeyL, Panel::Legend),
    ] {
        if !ctrl && !state.renaming && keys.just_pressed(k) {
            state.panel = if state.panel == panel {
                Panel::None
            } else {
                panel
            };
            state.row = 0;
            toggled = true;
        }
    }
    toggled
}

/// Ctrl+arrow: a row or column added on that side (with Shift, removed),
/// the player kept where it stands in the level; true if the level changed.
fn resize(
    state: &mut EditorState,
    side: GridSide,
    shift: bool,
    player: &mut Query<PlayerAt, With<Player>>,
) -> bool {
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    let n = if shift { -1 } else { 1 };
    let spawn_before = model.file.spawn;
    let changed = model.apply(Edit::Resize(side, n));
    let moved = Vec2::new(
        model.file.spawn.0 - spawn_before.0,
        model.file.spawn.1 - spawn_before.1,
    );
    for (mut p, mut prev) in player {
        p.0 += moved;
        prev.0 += moved;
    }
    if !changed {
        state.message =
            format!("cannot remove a row or column at the {side:?} side: something is there");
    }
    changed
}

/// Ctrl+C / Ctrl+X: the selection to the clipboard (cut: and deleted);
/// true if the level changed.
fn copy(state: &mut EditorState, cut: bool) -> bool {
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    let clip = items::copy(&model.file, &state.selection);
    if clip.is_empty() {
        state.message =
            "nothing to copy: select curves, actors, checkpoints, crystals or coins".into();
        return false;
    }
    state.message = format!(
        "copied {} curves, {} actors, {} checkpoints, {} crystals, {} coins",
        clip.curves.len(),
        clip.actors.len(),
        clip.checkpoints.len(),
        clip.crystals.len(),
        clip.coins.len()
    );
    state.clipboard = clip;
    cut && model.apply(Edit::DeleteItems(std::mem::take(&mut state.selection)))
}

/// Ctrl+S: the edited level written over the file, if it is a valid level.
fn save(state: &mut EditorState, current: &CurrentLevel) {
    let (Some(model), Some((text, file))) = (&state.model, state.saved.clone()) else {
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
}

/// Keys without Ctrl: adding things, deleting, materials, the player.
fn plain_keys(
    keys: &ButtonInput<KeyCode>,
    shift: bool,
    at: Option<Vec2>,
    state: &mut EditorState,
) -> bool {
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    let mut changed = false;
    if let Some(p) = at {
        for (k, edit) in [
            (KeyCode::KeyQ, Edit::AddCurve(3, p)),
            (KeyCode::KeyC, Edit::AddCurve(4, p)),
            (KeyCode::KeyU, Edit::AddLoop(p)),
            (KeyCode::KeyB, Edit::AddActor(true, p)),
            (KeyCode::KeyK, Edit::AddActor(false, p)),
            (KeyCode::KeyJ, Edit::AddCheckpoint(p)),
        ] {
            if keys.just_pressed(k) {
                changed |= model.apply(edit);
            }
        }
        // D a dash crystal, Shift+D a coin.
        if keys.just_pressed(KeyCode::KeyD) {
            let edit = if shift {
                Edit::AddCoin(p)
            } else {
                Edit::AddCrystal(p)
            };
            changed |= model.apply(edit);
        }
    }
    if keys.just_pressed(KeyCode::KeyG) {
        state.snap = !state.snap;
    }
    if keys.any_just_pressed([KeyCode::KeyX, KeyCode::Delete, KeyCode::Backspace]) {
        changed |= model.apply(Edit::DeleteItems(std::mem::take(&mut state.selection)));
    }
    if keys.just_pressed(KeyCode::KeyP) {
        let shape = match model.file.player {
            ShapeDef::Rect { half_extents } => ShapeDef::Circle {
                radius: half_extents.0.max(half_extents.1),
            },
            ShapeDef::Circle { radius } => ShapeDef::Rect {
                half_extents: (radius * 0.75, radius),
            },
        };
        changed |= model.apply(Edit::SetPlayer(shape));
    }
    let step = |up: KeyCode, down: KeyCode| {
        if keys.just_pressed(up) {
            1.0
        } else if keys.just_pressed(down) {
            -1.0
        } else {
            0.0
        }
    };
    let bracket = step(KeyCode::BracketRight, KeyCode::BracketLeft);
    let friction = step(KeyCode::Equal, KeyCode::Minus);
    let fine = if shift { 0.01 } else { 0.1 };
    if keys.just_pressed(KeyCode::KeyN) {
        let made = model.apply(Edit::MakeMover(state.selection.clone()));
        if made {
            state.selection = vec![Item::Mover(model.file.movers.len() - 1)];
        } else {
            state.message = "N makes a mover of the selected curves: select some curves".into();
        }
        return made;
    }
    let selection = state.selection.clone();
    for item in selection {
        changed |= material_keys(keys, model, item, bracket * fine, friction * fine);
        if let Item::Mover(g) = item {
            changed |= mover_keys(keys, model, g, at, shift, (bracket, friction));
        }
    }
    changed
}

/// The motion keys applied to a selected mover: W adds a waypoint at the
/// mouse (Shift+W removes the last), `[ ]` its speed, `- =` its wait,
/// `, .` its spin, I its easing, R its repeat, Y its trigger.
fn mover_keys(
    keys: &ButtonInput<KeyCode>,
    model: &mut EditorModel,
    g: usize,
    at: Option<Vec2>,
    shift: bool,
    (faster, longer): (f32, f32),
) -> bool {
    let mut changed = false;
    if keys.just_pressed(KeyCode::KeyW) {
        changed |= match (shift, at) {
            (true, _) => model.apply(Edit::RemoveWaypoint(g)),
            (false, Some(p)) => model.apply(Edit::AddWaypoint(g, p)),
            (false, None) => false,
        };
    }
    let Some(m) = model.file.movers.get(g) else {
        return changed;
    };
    let spin = if keys.just_pressed(KeyCode::Period) {
        1.0
    } else if keys.just_pressed(KeyCode::Comma) {
        -1.0
    } else {
        0.0
    };
    let fine = if shift { 0.1 } else { 1.0 };
    let choices = (
        keys.just_pressed(KeyCode::KeyI),
        keys.just_pressed(KeyCode::KeyR),
        keys.just_pressed(KeyCode::KeyY),
    );
    let new = stepped_motion(m, faster * fine, longer * fine, spin * fine, choices);
    changed | model.apply(Edit::SetMotion(g, new))
}

/// The material keys applied to one selected item.
fn material_keys(
    keys: &ButtonInput<KeyCode>,
    model: &mut EditorModel,
    item: Item,
    restitution: f32,
    friction: f32,
) -> bool {
    let round = |x: f32| (x.max(0.0) * 100.0).round() / 100.0;
    match item {
        Item::Curve(i) => {
            let Some(mut c) = model.file.curves.get(i).cloned() else {
                return false;
            };
            if keys.just_pressed(KeyCode::KeyO) {
                c.one_way = !c.one_way;
            }
            if keys.just_pressed(KeyCode::KeyV) {
                c.hazard = !c.hazard;
            }
            if keys.just_pressed(KeyCode::KeyF) {
                c.fill = match c.fill {
                    CurveFill::Below => CurveFill::Chord,
                    CurveFill::Chord => CurveFill::Line,
                    CurveFill::Line => CurveFill::Closed,
                    CurveFill::Closed => CurveFill::Below,
                };
            }
            c.restitution = round(c.restitution + restitution);
            model.apply(Edit::SetCurve(i, c))
        }
        Item::Actor(i) => {
            let Some(mut a) = model.file.actors.get(i).cloned() else {
                return false;
            };
            a.restitution = round(a.restitution + restitution);
            a.friction = round(a.friction + friction);
            if keys.just_pressed(KeyCode::KeyM) {
                a.mass = if a.mass == 0.0 { f32::INFINITY } else { 0.0 };
            }
            model.apply(Edit::SetActor(i, a))
        }
        Item::Spawn if restitution != 0.0 => {
            // One px bigger or smaller per press (a tenth of one with Shift).
            let d = restitution * 10.0;
            let shape = match model.file.player {
                ShapeDef::Circle { radius } => ShapeDef::Circle {
                    radius: (radius + d).max(1.0),
                },
                ShapeDef::Rect {
                    half_extents: (w, h),
                } => ShapeDef::Rect {
                    half_extents: ((w + d).max(1.0), (h + d).max(1.0)),
                },
            };
            model.apply(Edit::SetPlayer(shape))
        }
        _ => false,
    }
}
