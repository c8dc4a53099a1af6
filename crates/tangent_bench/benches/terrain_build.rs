//! Building a level's terrain: tile edges of a 1 000 x 1 000 tile grid plus
//! 10 000 curves into a `TerrainSet` (validation, monotonic split, grid).
//! Two grids: a height-map landscape (typical) and 30 % random noise (worst
//! case: almost every tile has exposed edges).

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec2;
use std::hint::black_box;
use tangent_bench::scene::Rng;
use tangent_collision::prelude::{
    CubicBezier, QuadBezier, TerrainPiece, TerrainSet, TileGrid, TileKind,
};

const N: usize = 1000;
const TILE: f32 = 16.0;

fn heightmap() -> TileGrid {
    let mut g = TileGrid::new(N, N, TILE, Vec2::ZERO);
    for x in 0..N {
        let h = 300.0 + 120.0 * (x as f32 * 0.02).sin() + 40.0 * (x as f32 * 0.11).cos();
        for y in 0..h as usize {
            g.set(x, y, TileKind::Solid);
        }
    }
    g
}

fn noise() -> TileGrid {
    let mut g = TileGrid::new(N, N, TILE, Vec2::ZERO);
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for y in 0..N {
        for x in 0..N {
            if rng.unit() < 0.3 {
                g.set(x, y, TileKind::Solid);
            }
        }
    }
    g
}

fn curves() -> Vec<TerrainPiece> {
    let mut rng = Rng::new(42);
    let size = N as f32 * TILE;
    let mut p = || Vec2::new(rng.unit() * size, rng.unit() * size);
    (0..10_000)
        .map(|i| {
            let a = p();
            let o = |r: &mut dyn FnMut() -> Vec2| a + (r() - a) * 0.02;
            if i % 2 == 0 {
                TerrainPiece::solid(QuadBezier::new(a, o(&mut p), o(&mut p)))
            } else {
                TerrainPiece::solid(CubicBezier::new(a, o(&mut p), o(&mut p), o(&mut p)))
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let extra = curves();
    for (name, grid) in [("heightmap", heightmap()), ("noise30", noise())] {
        let edges = grid.pieces().len();
        eprintln!(
            "{name}: {} tiles -> {edges} merged edges + {} curves",
            N * N,
            extra.len()
        );
        let mut group = c.benchmark_group(format!("terrain_build/{name}"));
        group.sample_size(10);
        // The merged edges as pieces (`TileGrid::pieces`; the id is the old name).
        group.bench_function("tile_edges", |b| b.iter(|| black_box(&grid).pieces()));
        group.bench_function("tile_edges+curves->TerrainSet", |b| {
            b.iter(|| TerrainSet::from_tiles(black_box(&grid), extra.clone()).unwrap())
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
