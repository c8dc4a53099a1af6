//! Where the game keeps what it writes: the player's level copies, the
//! settings and the best times. `$TANGENT_DATA_DIR` when that variable is
//! set (tests, portable installs), else the platform's data folder from the
//! `directories` crate (`~/.local/share/tangent` on Linux,
//! `%APPDATA%\tangent\data` on Windows, `~/Library/Application
//! Support/tangent` on macOS), else the system's temporary folder when the
//! platform names none (no home directory).

use std::path::PathBuf;

/// The game's data folder (see the module header); it may not exist yet.
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TANGENT_DATA_DIR") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "tangent")
        .map(|p| p.data_dir().to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("tangent"))
}
