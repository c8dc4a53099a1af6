//! The panels over the level in edit mode: every key (`H`), the tuning
//! (`T`: the level's gravity and feel numbers, each change live) and the
//! legend (`L`: what each tile character stands for). While the tuning or
//! legend panel is open it takes the arrows, the digits and its letters.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::edit::Edit;
use super::legend;
use super::state::{EditorState, HELP, PALETTE, Panel, preview};
use crate::level::{CurrentLevel, LevelCommand};
use crate::player::keys::DIGIT_KEYS;
use tangent_level::Tuning;
use tangent_level::format::{LevelFile, TileDef};

/// The tuning panel's rows: the level's gravity (down, px/s²), then every
/// tuning field, each with its default.
fn tuning_rows(f: &LevelFile) -> Vec<(&'static str, f32, f32)> {
    let mut rows = vec![("gravity", -f.gravity.1, -tangent_level::format::gravity().1)];
    rows.extend(
        f.tuning
            .fields()
            .into_iter()
            .zip(Tuning::default().fields())
            .map(|((n, v), (_, d))| (n, v, d)),
    );
    rows
}

/// The text of the open panel, empty when none is.
pub fn panel_text(state: &EditorState) -> String {
    let Some(model) = &state.model else {
        return String::new();
    };
    let f = &model.file;
    let mark = |i: usize| if i == state.row { "> " } else { "  " };
    match state.panel {
        Panel::None => String::new(),
        Panel::Help => HELP.to_string(),
        Panel::Tuning => {
            let mut s = String::from(
                "TUNING (T closes)  Up/Down pick, Left/Right change by 5% of the default (Shift: 1%); Tab to feel it\n",
            );
            for (i, (name, v, d)) in tuning_rows(f).into_iter().enumerate() {
                let changed = if v != d { " *" } else { "" };
                s.push_str(&format!("{}{name}: {v}  (default {d}){changed}\n", mark(i)));
            }
            s
        }
        Panel::Legend => {
            let mut s = String::from(
                "LEGEND (L closes)  Up/Down pick, 1-9 kind, A add, R rename, X remove, Enter paint with it\n",
            );
            for (i, (c, k)) in f.legend.iter().enumerate() {
                let n = legend::uses(f, *c);
                s.push_str(&format!("{}{c:?}: {k:?}  ({n} tiles)\n", mark(i)));
            }
            if state.renaming {
                s.push_str("type the new character for the picked entry (Esc: keep it)\n");
            }
            s
        }
    }
}

/// The keys of an open tuning or legend panel.
pub fn panel_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    mut state: ResMut<EditorState>,
    current: Option<Res<CurrentLevel>>,
    mut commands: MessageWriter<LevelCommand>,
) {
    let typed: Vec<String> = typed
        .read()
        .filter(|k| k.state.is_pressed())
        .filter_map(|k| match &k.logical_key {
            Key::Character(c) => Some(c.to_string()),
            _ => None,
        })
        .collect();
    let Some(current) = current else {
        return;
    };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return;
    }
    let changed = match state.panel {
        Panel::Tuning => tuning_keys(&keys, &mut state),
        Panel::Legend => legend_keys(&keys, &typed, &mut state),
        _ => false,
    };
    if changed {
        preview(&mut state, &current, &mut commands);
    }
}

fn move_row(keys: &ButtonInput<KeyCode>, state: &mut EditorState, rows: usize) {
    if keys.just_pressed(KeyCode::ArrowDown) {
        state.row = (state.row + 1) % rows.max(1);
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        state.row = (state.row + rows.max(1) - 1) % rows.max(1);
    }
}

/// The tuning panel's keys; `true` when the level changed.
pub fn tuning_keys(keys: &ButtonInput<KeyCode>, state: &mut EditorState) -> bool {
    let Some(model) = state.model.as_ref() else {
        return false;
    };
    let rows = tuning_rows(&model.file);
    move_row(keys, state, rows.len());
    let sign = if keys.just_pressed(KeyCode::ArrowRight) {
        1.0
    } else if keys.just_pressed(KeyCode::ArrowLeft) {
        -1.0
    } else {
        return false;
    };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let (name, v, d) = rows[state.row.min(rows.len() - 1)];
    let step = d * if shift { 0.01 } else { 0.05 };
    let new = (v + sign * step).max(0.0);
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    if name == "gravity" {
        let g = model.file.gravity;
        model.apply(Edit::SetGravity((g.0, -((new * 100.0).round() / 100.0))))
    } else {
        model.apply(Edit::SetTuning(name, new))
    }
}

/// The legend panel's keys (`typed`: characters typed this frame, for a
/// rename); `true` when the level changed.
pub fn legend_keys(keys: &ButtonInput<KeyCode>, typed: &[String], state: &mut EditorState) -> bool {
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    let entries: Vec<char> = model.file.legend.keys().copied().collect();
    let picked = entries
        .get(state.row.min(entries.len().saturating_sub(1)))
        .copied();
    if state.renaming {
        if keys.just_pressed(KeyCode::Escape) {
            state.renaming = false;
            return false;
        }
        let (Some(old), Some(text)) = (picked, typed.first()) else {
            return false;
        };
        state.renaming = false;
        let new = text.chars().next().unwrap_or(old);
        if let Some(e) = legend::refuse_rename(&model.file, old, new) {
            state.message = format!("cannot rename {old:?}: {e}");
            return false;
        }
        let changed = model.apply(Edit::RenameLegend(old, new));
        // Keep the renamed entry picked.
        state.row = model
            .file
            .legend
            .keys()
            .position(|c| *c == new)
            .unwrap_or(0);
        if state.brush_char == Some(old) {
            state.brush_char = Some(new);
        }
        return changed;
    }
    move_row(keys, state, entries.len());
    let Some(model) = state.model.as_mut() else {
        return false;
    };
    let mut changed = false;
    if let Some(c) = picked {
        let digits = &DIGIT_KEYS[..PALETTE.len()];
        if let Some(i) = digits.iter().position(|k| keys.just_pressed(*k)) {
            changed |= model.apply(Edit::SetLegend(c, PALETTE[i]));
        }
        if keys.just_pressed(KeyCode::KeyR) {
            state.renaming = true;
        }
        if keys.any_just_pressed([KeyCode::KeyX, KeyCode::Delete]) {
            match legend::refuse_remove(&model.file, c) {
                None => {
                    changed |= model.apply(Edit::RemoveLegend(c));
                    state.row = state.row.saturating_sub(1);
                }
                Some(e) => state.message = format!("cannot remove {c:?}: {e}"),
            }
        }
        if keys.just_pressed(KeyCode::Enter) {
            state.brush_char = Some(c);
            state.message = format!("painting with {c:?}");
        }
    }
    if keys.just_pressed(KeyCode::KeyA) {
        let c = legend::free_char(&model.file);
        changed |= model.apply(Edit::SetLegend(c, TileDef::Solid));
        state.row = model.file.legend.keys().position(|k| *k == c).unwrap_or(0);
    }
    changed
}
