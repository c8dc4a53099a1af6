//! Reading and writing the profile's small RON files safely.
//!
//! **Writes are atomic**: the text goes to `NAME.tmp` beside the file, is
//! flushed to disk, then renamed over `NAME`; a crash or a full disk leaves
//! the old file or the new one, never half of one.
//!
//! **Reads never fail**: a missing file gives the defaults (and writes them,
//! so the player finds a file to look at); a file that cannot be read or
//! parsed, or whose values are out of range, is moved aside to
//! `NAME.corrupt`, replaced with the defaults, and reported as a warning
//! that names the file and the problem.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Writes `text` to `path` atomically (see the module header), creating its
/// folder if needed.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = sibling(path, "tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// `path` with `.EXT` appended to its file name.
fn sibling(path: &Path, ext: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(ext);
    path.with_file_name(name)
}

/// A value of the profile kept in a RON file.
pub trait Stored: Serialize + DeserializeOwned + Default {
    /// Checks values the types cannot (ranges, non-finite numbers).
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// The value as RON text, with a header line naming what wrote it.
pub fn to_text<T: Stored>(value: &T, what: &str) -> String {
    let pretty = ron::ser::PrettyConfig::default();
    let body = ron::ser::to_string_pretty(value, pretty).expect("profile values serialize");
    format!("// Tangent {what}; the game rewrites this file.\n{body}\n")
}

/// Saves `value` to `path` atomically; an error names the file.
pub fn save<T: Stored>(path: &Path, value: &T, what: &str) -> Result<(), String> {
    write_atomic(path, &to_text(value, what))
        .map_err(|e| format!("{}: cannot write {what}: {e}", path.display()))
}

/// Loads `path`, or the defaults with a warning (see the module header).
/// Never fails; the warning says what happened and where.
pub fn load<T: Stored>(path: &Path, what: &str) -> (T, Option<String>) {
    let problem = match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let value = T::default();
            // A missing file is normal on a first run: no warning unless
            // the defaults cannot be written either.
            let warning = save(path, &value, what).err();
            if warning.is_none() {
                bevy::log::info!("{}: no {what} yet; wrote the defaults", path.display());
            }
            return (value, warning);
        }
        Err(e) => format!("cannot read: {e}"),
        Ok(text) => match ron::from_str::<T>(&text) {
            Ok(value) => match value.check() {
                Ok(()) => return (value, None),
                Err(e) => e,
            },
            Err(e) => format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code),
        },
    };
    let aside = sibling(path, "corrupt");
    let kept = match std::fs::rename(path, &aside) {
        Ok(()) => format!("the bad file was kept as {}", aside.display()),
        Err(_) => "the bad file could not be moved aside".to_string(),
    };
    let value = T::default();
    let written = match save(path, &value, what) {
        Ok(()) => String::new(),
        Err(e) => format!("; {e}"),
    };
    let warning = format!(
        "{}: {problem}; using default {what} ({kept}){written}",
        path.display()
    );
    (value, Some(warning))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, Default, Debug, PartialEq)]
    struct Volume {
        level: f32,
    }
    impl Stored for Volume {
        fn check(&self) -> Result<(), String> {
            if (0.0..=1.0).contains(&self.level) {
                Ok(())
            } else {
                Err(format!("level {} is not in 0..=1", self.level))
            }
        }
    }

    fn dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tangent-store-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn missing_gives_defaults_written_and_no_warning() {
        let path = dir("missing").join("sub").join("v.ron");
        let (v, w) = load::<Volume>(&path, "volume");
        assert_eq!((v, w), (Volume::default(), None));
        assert!(path.is_file(), "the defaults are written");
    }

    #[test]
    fn saved_values_load_back_and_no_temporary_file_is_left() {
        let path = dir("round").join("v.ron");
        save(&path, &Volume { level: 0.25 }, "volume").unwrap();
        assert_eq!(
            load::<Volume>(&path, "volume"),
            (Volume { level: 0.25 }, None)
        );
        assert!(!sibling(&path, "tmp").exists());
    }

    #[test]
    fn corrupt_or_out_of_range_files_are_replaced_with_a_warning() {
        for (i, bad) in [
            "(level: ",
            "garbage",
            "(level: 3.0)",
            "(level: NaN)",
            "\u{0}",
        ]
        .iter()
        .enumerate()
        {
            let path = dir(&format!("bad{i}")).join("v.ron");
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, bad).unwrap();
            let (v, w) = load::<Volume>(&path, "volume");
            assert_eq!(v, Volume::default(), "{bad:?}");
            let w = w.expect("a warning");
            assert!(w.starts_with(&path.display().to_string()), "{w}");
            assert!(w.contains("using default volume"), "{w}");
            assert_eq!(
                std::fs::read_to_string(sibling(&path, "corrupt")).unwrap(),
                *bad
            );
            assert_eq!(load::<Volume>(&path, "volume"), (Volume::default(), None));
        }
    }
}
