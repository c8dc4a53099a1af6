//! The level a new file starts as: a closed room with a floor, a hill, a
//! spawn and a goal (the CLI's `new`, and a Tiled import into a level that
//! does not exist yet).

/// A small starter level: a closed room with a floor, a hill, a spawn and a goal.
pub fn starter_level(name: &str) -> String {
    let mut rows = Vec::new();
    let (w, h) = (40, 14);
    for y in 0..h {
        let row: String = (0..w)
            .map(|x| {
                if y == 0 || y == h - 1 || x == 0 || x == w - 1 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(format!("        {row:?},"));
    }
    format!(
        "// A new Tangent level. Format: docs/level-format.md. Edit this file while the\n\
         // game runs, or press Tab in the game to edit it with the mouse.\n\
         (\n    name: {name:?},\n    tile_size: 32,\n    legend: {{\n        '#': Solid,\n        '.': Empty,\n        '=': OneWay,\n        '%': Decor,\n    }},\n    tiles: [\n{}\n    ],\n    curves: [\n        (points: [(320, 32), (480, 160), (640, 32)]),\n    ],\n    spawn: (96, 46.5),\n    player: Rect(half_extents: (10, 14)),\n    actors: [],\n    goal: (position: (1200, 64), size: (32, 64)),\n)\n",
        rows.join("\n")
    )
}
