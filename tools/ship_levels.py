#!/usr/bin/env python3
"""Rewrites the shipped level and replay lists,
crates/tangent_level/src/files/shipped.rs, from assets/levels and
assets/replays, so a new level is shipped by adding its files and running this."""
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FILES = os.path.join(ROOT, "crates/tangent_level/src/files/shipped.rs")

HEADER = """//! The shipped levels and replays, built into the binary (written by
//! `tools/ship_levels.py` from `assets/levels/` and `assets/replays/`).

/// `(file name, text)` of a file under `assets/DIR/`, built in.
macro_rules! asset {
    ($dir:literal, $name:literal) => {
        (
            $name,
            include_str!(concat!("../../../../assets/", $dir, "/", $name)),
        )
    };
}
"""


def array(const, about, folder, names):
    rows = "".join(f'    asset!("{folder}", "{n}"),\n' for n in names)
    return f"\n/// {about}\npub const {const}: [(&str, &str); {len(names)}] = [\n{rows}];\n"


def main():
    text = HEADER
    for const, about, folder, ext in [
        ("SHIPPED_LEVELS", "The shipped levels, by file name, in play order.", "levels", ".level.ron"),
        ("SHIPPED_REPLAYS", "The shipped replays (and collect-all replays), by file name.", "replays", ".replay"),
    ]:
        names = sorted(
            f for f in os.listdir(os.path.join(ROOT, "assets", folder)) if f.endswith(ext)
        )
        text += array(const, about, folder, names)
    open(FILES, "w").write(text)


if __name__ == "__main__":
    main()
