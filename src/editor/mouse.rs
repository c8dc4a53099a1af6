//! The editor's mouse: paint tiles, drag a handle, select (click, Shift+click,
//! Shift+drag a box), move the selection, pan and zoom the view.

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

use super::edit::Edit;
use super::handle::Handle;
use super::items::{self, Item};
use super::state::{Drag, EditorState, PALETTE, cursor_world, preview};
use crate::level::{CurrentLevel, LevelCommand};
use crate::player::camera::GameCamera;
use tangent_level::LevelFile;
use tangent_level::format::TileDef;

#[allow(clippy::too_many_arguments)]
pub fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
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
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let p = state.snapped(at);
    let state = &mut *state;
    let Some(model) = state.model.as_mut() else {
        return;
    };
    let mut changed = false;
    if buttons.just_pressed(MouseButton::Left) {
        let picked = model.pick(at, 10.0 * scale);
        state.drag = Some(start_drag(picked, shift, at, p, &mut state.selection));
        model.checkpoint();
    }
    if buttons.pressed(MouseButton::Left) {
        match state.drag {
            Some(Drag::Handle(h)) => model.apply_continuing(Edit::Move(h, p)),
            Some(Drag::Group(from)) => {
                let list = state.selection.clone();
                model.apply_from_checkpoint(Edit::Translate(list, p - from));
            }
            Some(Drag::Paint) => model.apply_continuing(match state.brush_char {
                Some(c) => Edit::PaintChar(at, c),
                None => Edit::PaintTile(at, PALETTE[state.brush]),
            }),
            Some(Drag::Box(_)) | None => {}
        }
    }
    if buttons.just_released(MouseButton::Left) {
        if let Some(Drag::Box(from)) = state.drag
            && from.distance(at) > 4.0 * scale
        {
            let found = items::in_box(&model.file, from.min(at), from.max(at));
            for item in found {
                if !state.selection.contains(&item) {
                    state.selection.push(item);
                }
            }
        }
        state.drag = None;
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
    // Drop selected things that no longer exist (after a delete or undo).
    prune(&mut state.selection, &model.file);
    if changed {
        preview(state, &current, &mut commands);
    }
}

/// The handle being dragged, if one is (for drawing it).
pub fn dragged(state: &EditorState) -> Option<Handle> {
    match state.drag {
        Some(Drag::Handle(h)) => Some(h),
        _ => None,
    }
}

pub fn pan_zoom(
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    state: Res<EditorState>,
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
    // Ctrl+arrows resize the grid (see `keys`), and an open tuning or
    // legend panel takes the arrows: they do not pan then.
    let panel = matches!(
        state.panel,
        super::state::Panel::Tuning | super::state::Panel::Legend
    );
    if panel || keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
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

/// What a left press at `at` (snapped: `p`) starts, given the handle it
/// picked: Shift+click adds the item to the selection or takes it out and
/// starts a box; a click on a selected item of several drags the group;
/// on another item, selects it alone and drags its handle; on nothing,
/// clears the selection and paints.
fn start_drag(
    picked: Option<Handle>,
    shift: bool,
    at: Vec2,
    p: Vec2,
    selection: &mut Vec<Item>,
) -> Drag {
    match (picked, shift) {
        (Some(h), true) => {
            let item = h.item();
            match selection.iter().position(|s| *s == item) {
                Some(k) => drop(selection.remove(k)),
                None => selection.push(item),
            }
            Drag::Box(at)
        }
        (None, true) => Drag::Box(at),
        (Some(h), false) if selection.len() > 1 && selection.contains(&h.item()) => Drag::Group(p),
        (Some(h), false) => {
            *selection = vec![h.item()];
            Drag::Handle(h)
        }
        (None, false) => {
            selection.clear();
            Drag::Paint
        }
    }
}

/// The selection without items `f` no longer has.
fn prune(selection: &mut Vec<Item>, f: &LevelFile) {
    selection.retain(|i| match *i {
        Item::Curve(k) => k < f.curves.len(),
        Item::Actor(k) => k < f.actors.len(),
        Item::Checkpoint(k) => k < f.checkpoints.len(),
        Item::Crystal(k) => k < f.crystals.len(),
        Item::Coin(k) => k < f.coins.len(),
        Item::Mover(g) => g < f.movers.len(),
        Item::Spawn | Item::Goal => true,
    });
}
