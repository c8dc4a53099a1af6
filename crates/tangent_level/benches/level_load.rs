//! Loading a big level: parse the RON text, validate it, build the tile
//! edges and the broad phase (`Level::parse` does all four), for a
//! 1 000 x 1 000 tile level with 1 000 curves and 100 actors, written here as
//! text the way a person or the editor would. In the level crate, so it
//! builds without Bevy: `cargo bench -p tangent_level --bench level_load`.

use std::fmt::Write;
use std::hint::black_box;

#[path = "../../../benches/support/timing.rs"]
mod timing;

use tangent_level::validate::Level;

const N: usize = 1000;
const TILE: f32 = 16.0;

/// The level as text: a height-map landscape with a cave band, quadratic
/// hills on the surface, actors in the air above it.
fn level_text() -> String {
    let height = |x: usize| {
        (300.0 + 120.0 * (x as f32 * 0.02).sin() + 40.0 * (x as f32 * 0.11).cos()) as usize
    };
    let mut s = String::from(
        "(\n  name: \"Big\",\n  tile_size: 16,\n  legend: { '#': Solid, '.': Empty },\n  tiles: [\n",
    );
    for row in 0..N {
        let y = N - 1 - row;
        let line: String = (0..N)
            .map(|x| {
                let wall = x == 0 || x == N - 1 || y == 0;
                let cave = (150..160).contains(&y) && (x / 40) % 3 != 0;
                if wall || (y < height(x) && !cave) {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        writeln!(s, "    \"{line}\",").unwrap();
    }
    s.push_str("  ],\n  curves: [\n");
    for i in 0..1000 {
        let x0 = (i % 500) * 2 + 1;
        let y0 = height(x0).max(height(x0 + 1)) as f32 * TILE + 2.0 + (i / 500) as f32 * 200.0;
        let (x, y) = (x0 as f32 * TILE, y0);
        if i % 2 == 0 {
            writeln!(
                s,
                "    (points: [({x}, {y}), ({}, {}), ({}, {y})]),",
                x + 8.0,
                y + 10.0,
                x + 16.0
            )
            .unwrap();
        } else {
            writeln!(
                s,
                "    (points: [({x}, {y}), ({}, {}), ({}, {}), ({}, {y})], restitution: 0.5),",
                x + 5.0,
                y + 12.0,
                x + 11.0,
                y - 6.0,
                x + 16.0
            )
            .unwrap();
        }
    }
    s.push_str("  ],\n  actors: [\n");
    for i in 0..100 {
        let x = (5 + i * 9) as f32 * TILE;
        writeln!(
            s,
            "    (name: \"ball{i}\", shape: Circle(radius: 5), position: ({x}, {}), restitution: 0.8),",
            (N - 20) as f32 * TILE
        )
        .unwrap();
    }
    let top = (N - 30) as f32 * TILE;
    write!(
        s,
        "  ],\n  spawn: (40, {top}),\n  player: Rect(half_extents: (5, 7)),\n  goal: (position: (15000, {top}), size: (16, 32)),\n)\n"
    )
    .unwrap();
    s
}

fn main() {
    let text = level_text();
    let level = Level::parse(&text, "big.level.ron").expect("the generated level is valid");
    eprintln!(
        "level_load: {} bytes of text, {} tiles -> {} terrain pieces ({} curves)",
        text.len(),
        N * N,
        level.terrain.len(),
        level.curves().len()
    );
    println!("level_load: the goal is under 100 ms (#62)");
    timing::time(
        "level_load: parse+validate+edges+broadphase 1000x1000",
        timing::quick_or(2),
        timing::quick_or(10),
        || Level::parse(black_box(&text), "big.level.ron").unwrap(),
    );
}
