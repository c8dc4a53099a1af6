//! Tangent's level files, without Bevy, a folder each: the RON format
//! ([`mod@format`]: the file, curves, movers and their paths, the player's
//! feel numbers, loops, fills, a new level's text),
//! the limits on every number ([`limits`]), SVG drawings read exactly
//! ([`svg`]), checking a file into a playable [`Level`] with `file:line`
//! errors ([`validate`]), where files come from and saving an
//! edited level back over its text, comments kept, and the campaign's worlds ([`files`]), and import
//! and export per tool ([`import`]: the commands, Tiled maps, LDtk
//! projects).
//!
//! ```
//! use tangent_level::{Level, format::starter::starter_level};
//!
//! let level = Level::parse(&starter_level("Demo"), "demo.level.ron").unwrap();
//! assert_eq!(level.file.name, "Demo");
//! // A bad file names the file, the line and what is wrong.
//! let e = Level::parse("(name: 3)", "bad.level.ron").unwrap_err();
//! assert!(e.to_string().starts_with("bad.level.ron:1:"), "{e}");
//! ```

pub mod files;
pub mod format;
pub mod import;
pub mod limits;
pub mod svg;
pub mod validate;

pub use format::LevelFile;
pub use format::tuning::Tuning;
pub use validate::{Level, LevelError};
