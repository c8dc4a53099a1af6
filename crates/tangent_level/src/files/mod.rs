//! Where level files come from: the disk, or the shipped levels built into
//! the binary, so `tangent` plays from any working directory.
//!
//! The shipped levels live, for the game, in the **user level folder**
//! ([`user_level_dir`]: `$TANGENT_DATA_DIR/levels` when that variable is set,
//! else the platform's data folder, e.g. `~/.local/share/tangent/levels` on
//! Linux). A path there that is not on disk reads as the shipped level of
//! that name; a file there (the editor's Ctrl+S writes one) is the player's
//! own copy and wins. The binary's set is never written. Run from the
//! repository, the game plays `assets/levels/` from disk instead
//! ([`default_level`]), so edits there show live while developing.

pub mod data_dir;
pub(crate) mod ron_text;
pub mod save;
mod shipped;
pub mod splice;
pub mod worlds;

use std::path::{Path, PathBuf};

pub use shipped::{SHIPPED_LEVELS, SHIPPED_REPLAYS};

/// The first level, as found in a checkout of the repository.
const REPOSITORY_FIRST_LEVEL: &str = "assets/levels/1-1-hills.level.ron";

/// The folder of the player's copies of shipped levels (see the module
/// header): `levels` in the game's [data folder](crate::files::data_dir).
pub fn user_level_dir() -> PathBuf {
    crate::files::data_dir::data_dir().join("levels")
}

/// The level `tangent` starts with when given none: the repository's
/// `assets/levels/1-1-hills.level.ron` when run from a checkout, else the
/// first shipped level in the user level folder.
pub fn default_level() -> PathBuf {
    let here = PathBuf::from(REPOSITORY_FIRST_LEVEL);
    if here.is_file() {
        here
    } else {
        user_level_dir().join(SHIPPED_LEVELS[0].0)
    }
}

/// The shipped level `path` stands for: a file name of [`SHIPPED_LEVELS`]
/// in the user level folder.
fn shipped_level(path: &Path) -> Option<&'static str> {
    let name = path.file_name()?.to_str()?;
    let (_, text) = SHIPPED_LEVELS.iter().find(|(n, _)| *n == name)?;
    (path.parent()? == user_level_dir()).then_some(*text)
}

/// Reads a level file's text: from disk, else (for a path in the user level
/// folder) the shipped level of that name. The error names the path (and
/// the line, for text that is not UTF-8).
pub fn read_level_text(path: &Path) -> Result<String, String> {
    match std::fs::read(path) {
        Ok(bytes) => level_text(&bytes, &path.display().to_string()).map(str::to_string),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => shipped_level(path)
            .map(str::to_string)
            .ok_or_else(|| format!("{}: cannot read: {e}", path.display())),
        Err(e) => Err(format!("{}: cannot read: {e}", path.display())),
    }
}

/// A level file's bytes as text, or `file:line:column: not UTF-8 text` at
/// the first byte that is not.
///
/// ```
/// use tangent_level::files::level_text;
/// assert_eq!(level_text(b"(\n  name: \"a\",", "x.level.ron"), Ok("(\n  name: \"a\","));
/// let e = level_text(b"(\n  name: \"\xff\",", "x.level.ron").unwrap_err();
/// assert_eq!(e, "x.level.ron:2:10: not UTF-8 text (byte 0xff)");
/// ```
pub fn level_text<'a>(bytes: &'a [u8], file: &str) -> Result<&'a str, String> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = 1 + good.iter().filter(|b| **b == b'\n').count();
        let start = good.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        let column = 1 + String::from_utf8_lossy(&good[start..]).chars().count();
        format!(
            "{file}:{line}:{column}: not UTF-8 text (byte 0x{:02x})",
            bytes[e.valid_up_to()]
        )
    })
}

/// Whether a level can be read at `path` (on disk or shipped).
pub fn level_exists(path: &Path) -> bool {
    path.is_file() || shipped_level(path).is_some()
}

/// The level files in `path`'s folder, sorted by name: those on disk, and
/// in the user level folder the shipped ones too (keys 1–9 pick them).
pub fn levels_beside(path: &Path) -> Vec<PathBuf> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.to_string_lossy().ends_with(".level.ron"))
                .collect()
        })
        .unwrap_or_default();
    if dir == user_level_dir() {
        files.extend(SHIPPED_LEVELS.iter().map(|(n, _)| dir.join(n)));
    }
    files.sort();
    files.dedup();
    files
}

/// Reads a replay: from disk, else, for a bare file name such as
/// `1-1-hills.replay`, the shipped replay of that name.
pub fn read_replay_text(path: &Path) -> Result<String, String> {
    let bare = path.parent().is_none_or(|d| d.as_os_str().is_empty());
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(e) => {
            let name = path.to_str().unwrap_or_default();
            SHIPPED_REPLAYS
                .iter()
                .find(|(n, _)| bare && *n == name)
                .map(|(_, text)| text.to_string())
                .ok_or_else(|| format!("{}: cannot read replay: {e}", path.display()))
        }
    }
}

/// A level file's name without `.level.ron` (`cave` for
/// `levels/cave.level.ron`), or `None` for a path with no file name.
///
/// ```
/// use std::path::Path;
/// use tangent_level::files::level_stem;
/// assert_eq!(level_stem(Path::new("levels/cave.level.ron")).as_deref(), Some("cave"));
/// assert_eq!(level_stem(Path::new("/")), None);
/// ```
pub fn level_stem(path: &Path) -> Option<String> {
    path.file_name().map(|n| {
        n.to_string_lossy()
            .trim_end_matches(".level.ron")
            .to_string()
    })
}

/// A plain file's bytes, at most `max_bytes` (never a device or a folder,
/// which could hang or fail oddly); `kind` names what the file should be
/// in the error (`a map`).
pub fn read_capped(path: &Path, max_bytes: u64, kind: &str) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a file"));
    }
    if meta.len() > max_bytes {
        return Err(std::io::Error::other(format!(
            "{} bytes, more than the {max_bytes} {kind} may have",
            meta.len()
        )));
    }
    std::fs::read(path)
}
