//! The in-game level editor.
//!
//! - Data, no Bevy: the edit model with undo/redo ([`model`]), whole things
//!   selected, moved, copied and pasted ([`items`]), the legend
//!   ([`legend`]), saving that keeps comments and unknown fields ([`save`],
//!   [`splice`]).
//! - The face over the running level: the plugin and its state ([`ui`]),
//!   keys ([`keys`]), panels ([`panels`]), the mouse ([`mouse`]), the marks
//!   drawn ([`draw`]).

pub mod draw;
pub mod items;
pub mod keys;
pub mod legend;
pub mod model;
pub mod mouse;
pub mod panels;
pub mod save;
pub mod splice;
pub mod ui;
