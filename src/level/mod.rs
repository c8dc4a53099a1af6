//! Levels: the file format, validation with file/line errors, the curve
//! bodies, spawning and switching levels, and (windowed) their visuals.

pub mod arcs;
pub mod clock;
pub mod fell_out;
pub mod files;
pub mod fill;
pub mod format;
pub mod hazard;
pub mod limits;
pub mod list;
pub mod loader;
pub mod render;
pub mod spawn;
pub mod svg;
pub mod validate;
pub mod watch;

pub use format::LevelFile;
pub use validate::{Level, LevelError};
