//! Entering and leaving edit mode: the level in play becomes the model,
//! and the file on disk the baseline for saving.

use bevy::prelude::*;

use super::model::EditorModel;
use super::state::EditorState;
use crate::level::CurrentLevel;
use tangent_level::files::read_level_text;
use tangent_level::validate::Level;

/// Entering edit mode: the level in play becomes the model, and the file
/// on disk the baseline for saving.
pub(super) fn open_editor(mut state: ResMut<EditorState>, current: Option<Res<CurrentLevel>>) {
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
    let mut model = EditorModel::new(current.level.file.clone());
    model.pivots = current.level.movers.iter().map(|m| m.pivot).collect();
    state.model = Some(model);
    state.selection.clear();
    state.message = format!("editing {}", current.path.display());
}

/// Leaving edit mode: back to play on the edited level, at once.
pub(super) fn close_editor(mut state: ResMut<EditorState>) {
    state.drag = None;
    state.renaming = false;
}
