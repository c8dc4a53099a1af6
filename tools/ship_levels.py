#!/usr/bin/env python3
"""Rewrites the shipped level and replay lists in
crates/tangent_level/src/files/mod.rs from assets/levels and assets/replays,
so a new level is shipped by adding its files and running this."""
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FILES = os.path.join(ROOT, "crates/tangent_level/src/files/mod.rs")


def array(names, folder):
    return "".join(
        f'    (\n        "{n}",\n        include_str!("../../../../assets/{folder}/{n}"),\n    ),\n'
        for n in names
    )


def main():
    text = open(FILES).read()
    for const, folder, ext in [
        ("SHIPPED_LEVELS", "levels", ".level.ron"),
        ("SHIPPED_REPLAYS", "replays", ".replay"),
    ]:
        names = sorted(
            f for f in os.listdir(os.path.join(ROOT, "assets", folder)) if f.endswith(ext)
        )
        text = re.sub(
            rf"pub const {const}: \[\(&str, &str\); \d+\] = \[\n.*?\n\];",
            f"pub const {const}: [(&str, &str); {len(names)}] = [\n{array(names, folder)}];",
            text,
            flags=re.S,
        )
    open(FILES, "w").write(text)


if __name__ == "__main__":
    main()
