//! The in-game level editor: the edit model with undo/redo ([`model`]),
//! saving that keeps comments and unknown fields ([`save`]), and the
//! mouse-and-keyboard face over the running level ([`ui`]).

pub mod model;
pub mod save;
pub mod ui;
