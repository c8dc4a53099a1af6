#!/usr/bin/env bash
# Remakes every picture in docs/ (the README's among them) with
# `tangent screenshot`: each a level at a step of its shipped replay, drawn
# with no window (software Vulkan where there is no GPU: apt-get install
# mesa-vulkan-drivers), some with keys tapped to open a menu, the editor
# or the collision overlay. Deterministic: the same build draws the same
# pictures.
#
#     bash tools/make_screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tangent-target}"
cargo build -q
tangent="$CARGO_TARGET_DIR/debug/tangent"

# shot PICTURE LEVEL STEP [OPTIONS...]: docs/PICTURE.png of LEVEL at STEP
# of its replay. LEVEL is a shipped level's name, or a path without the
# `.level.ron` whose replay lies beside it (tests/levels/loop-valley).
shot() {
    local name=$1 level=$2 step=$3
    shift 3
    local file="assets/levels/$level.level.ron" replay="$level.replay"
    if [[ $level == */* ]]; then
        file="$level.level.ron" replay="$level.replay"
    fi
    "$tangent" screenshot --level "$file" --replay "$replay" --frame "$step" \
        --out "docs/$name.png" "$@" 2>/dev/null
}

shot world-1 1-3-pit-stops 120
shot world-2 2-3-stairway 285
shot world-3 3-3-swing-set 800
shot world-4 4-1-halfpipe 782
shot world-5 5-1-gauntlet 622
shot world-6 6-5-dawn 900
shot loop tests/levels/loop-valley 220
shot hazards 2-2-spike-garden 300
shot movers tests/levels/moving-parts 500
shot title 1-1-hills 0 --title
shot pause 2-2-spike-garden 200 --press Escape
# The pause menu's third item, Levels: the level select.
shot levels 1-4-hill-country 60 --press Escape --press Down --press Down --press Enter
shot worlds 1-1-hills 30 --press Escape --press Down --press Down --press Enter --press Right
shot editor 1-2-drawn 90 --press Tab
shot editor-tuning 2-1-bounce 200 --press Tab --press T
shot editor-movers tests/levels/moving-parts 300 --press Tab
shot debug-overlay tests/levels/loop-valley 200 --press F1
ls -l docs/*.png
