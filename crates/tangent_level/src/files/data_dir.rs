//! Where the game keeps what it writes: the player's level copies, the
//! settings and the best times. The folder given to [`use_data_dir`] when
//! one was (tests, a portable install), else `$TANGENT_DATA_DIR` when that
//! variable is set, else the platform's data folder from the `directories`
//! crate (`~/.local/share/tangent` on Linux, `%APPDATA%\tangent\data` on
//! Windows, `~/Library/Application Support/tangent` on macOS), else the
//! system's temporary folder when the platform names none (no home
//! directory).

use std::path::PathBuf;
use std::sync::OnceLock;

static CHOSEN: OnceLock<PathBuf> = OnceLock::new();

/// The game's data folder (see the module header); it may not exist yet.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = CHOSEN.get() {
        return dir.clone();
    }
    if let Some(dir) = std::env::var_os("TANGENT_DATA_DIR") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "tangent")
        .map(|p| p.data_dir().to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("tangent"))
}

/// Makes `dir` the data folder for the rest of the process, in place of
/// the environment (which a test binary's threads cannot safely change).
/// The first call wins; later ones return the folder already chosen.
///
/// ```
/// use tangent_level::files::data_dir::{data_dir, use_data_dir};
///
/// let dir = std::env::temp_dir().join("tangent-doc-data");
/// assert_eq!(use_data_dir(dir.clone()), dir);
/// assert_eq!(data_dir(), dir);
/// ```
pub fn use_data_dir(dir: PathBuf) -> PathBuf {
    CHOSEN.get_or_init(|| dir).clone()
}
