//! Tangent's level files, without Bevy: the RON format ([`mod@format`], with
//! the player's feel numbers in [`tuning`]), checking a file into a playable
//! [`Level`] with `file:line` errors ([`validate`], [`limits`]), where files
//! come from ([`files`], [`data_dir`]), SVG drawings ([`svg`], [`arcs`]) and
//! curve fills ([`fill`]), loops you can run ([`loops`]), moving terrain
//! ([`mover_def`], [`mover_path`]), Tiled maps ([`tiled`]) and LDtk
//! projects ([`ldtk`]), the import and export
//! commands ([`import`]), the campaign's worlds ([`worlds`]), and saving an edited level back over its text,
//! comments kept ([`save`], [`splice`]).
//!
//! ```
//! use tangent_level::{Level, starter::starter_level};
//!
//! let level = Level::parse(&starter_level("Demo"), "demo.level.ron").unwrap();
//! assert_eq!(level.file.name, "Demo");
//! // A bad file names the file, the line and what is wrong.
//! let e = Level::parse("(name: 3)", "bad.level.ron").unwrap_err();
//! assert!(e.to_string().starts_with("bad.level.ron:1:"), "{e}");
//! ```

pub mod arcs;
pub mod curve_def;
pub mod data_dir;
pub mod files;
pub mod fill;
pub mod format;
pub mod import;
pub mod ldtk;
pub mod limits;
pub mod loops;
pub mod map_parts;
pub mod mover_def;
pub mod mover_path;
pub mod mover_props;
pub mod placing;
mod ron_text;
pub mod save;
pub mod splice;
pub mod starter;
pub mod svg;
pub mod tiled;
pub mod tuning;
pub mod validate;
pub mod worlds;

pub use format::LevelFile;
pub use tuning::Tuning;
pub use validate::{Level, LevelError};
