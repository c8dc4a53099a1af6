//! The in-game level editor.
//!
//! - Data, no Bevy: the edit model with undo/redo ([`model`]), an edit
//!   ([`edit`]) and what it does ([`apply`]), what can be dragged
//!   ([`handle`]), growing the grid ([`resize`]), a mover's motion stepped
//!   by keys ([`motion`]), whole things
//!   selected, moved, copied and pasted ([`items`]), the legend
//!   ([`legend`]); saving keeps comments and unknown fields
//!   ([`tangent_level::files::save`]).
//! - The face over the running level: the plugin (here), the editor's
//!   state ([`state`]), entering and leaving edit mode ([`session`]), keys
//!   ([`keys`]), panels ([`panels`]), the mouse ([`mouse`]), the marks
//!   drawn ([`draw`]) and the words on screen ([`text`]).

pub mod apply;
pub mod draw;
pub mod edit;
pub mod handle;
pub mod items;
pub mod keys;
pub mod legend;
pub mod model;
pub mod motion;
pub mod mouse;
pub mod panels;
pub mod resize;
pub mod session;
pub mod state;
pub mod text;

use bevy::prelude::*;

use crate::mode::GameMode;
use state::EditorState;

/// The editor: its state, its text, and its systems while editing (panel
/// keys, keys, the mouse, the view, the handles drawn, in that order).
pub struct EditorPlugin;

impl Plugin for EditorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<EditorState>()
            .add_systems(Startup, text::spawn_text)
            .add_systems(OnEnter(GameMode::Editing), session::open_editor)
            .add_systems(OnExit(GameMode::Editing), session::close_editor)
            .add_systems(
                Update,
                (
                    (
                        panels::panel_keys,
                        keys::keys,
                        mouse::mouse,
                        mouse::pan_zoom,
                        draw::draw,
                    )
                        .chain()
                        .run_if(in_state(GameMode::Editing)),
                    text::show_text,
                )
                    .chain(),
            );
    }
}
