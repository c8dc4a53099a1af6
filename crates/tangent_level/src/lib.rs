//! Tangent's level files, without Bevy, a folder each: the RON format
//! ([`mod@format`]), number [`limits`], SVG drawings ([`svg`]), checking a
//! file into a playable [`Level`] with `file:line` errors ([`validate`]),
//! where files come from, the worlds and the comment-keeping save
//! ([`files`]), and import and export per tool ([`import`]).
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
