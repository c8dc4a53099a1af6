//! Profiling probe: the scene bench's big-1k level (1 000 x 1 000 tiles,
//! 1 000 balls), stepped with one `StepScratch` for N steps (default 150),
//! printing a checksum of where the balls ended so two versions compare.
//!
//! `valgrind --tool=callgrind --toggle-collect='*step_body_with*' target/release/examples/scene_probe 150`

use glam::Vec2;
use tangent_collision::prelude::{
    ActorShape, Body, CubicBezier, QuadBezier, StepScratch, TerrainPiece, TerrainSet, TileGrid,
    TileKind, step_body_with,
};

const DT: f32 = 1.0 / 60.0;
const GRAVITY: Vec2 = Vec2::new(0.0, -3600.0);
const TILE: f32 = 16.0;
/// Deterministic pseudo-random numbers (xorshift), so runs compare.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

#[derive(Clone, Copy)]
struct Ball {
    position: Vec2,
    velocity: Vec2,
    radius: f32,
    restitution: f32,
}

struct Scene {
    grid: TileGrid,
    curves: Vec<TerrainPiece>,
    balls: Vec<Ball>,
}

/// A level `cols` x `rows` tiles: walls, a three-tile floor, scattered
/// platforms (1.5 % of cells start one), quadratic hills on the floor every
/// 24 tiles, floating cubic waves (one per 600 cells), and `n` balls in free
/// cells with random velocity, radius 4–8 px and restitution 0.3–0.9.
fn scene(cols: usize, rows: usize, n: usize) -> Scene {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut grid = TileGrid::new(cols, rows, TILE, Vec2::ZERO);
    for x in 0..cols {
        for y in 0..3 {
            grid.set(x, y, TileKind::Solid);
        }
        grid.set(x, rows - 1, TileKind::Solid);
    }
    for y in 0..rows {
        grid.set(0, y, TileKind::Solid);
        grid.set(cols - 1, y, TileKind::Solid);
    }
    for y in 8..rows - 2 {
        for x in 2..cols - 4 {
            if rng.unit() < 0.015 {
                let w = 1 + (rng.unit() * 3.0) as usize;
                for dx in 0..w {
                    grid.set(x + dx, y, TileKind::Solid);
                }
            }
        }
    }
    let mut curves = Vec::new();
    let floor = 3.0 * TILE;
    for i in 0..cols / 24 {
        let x = (i * 24 + 4) as f32 * TILE;
        let h = rng.range(3.0, 8.0) * TILE;
        curves.push(TerrainPiece::solid(QuadBezier::new(
            Vec2::new(x, floor),
            Vec2::new(x + 6.0 * TILE, floor + 2.0 * h),
            Vec2::new(x + 12.0 * TILE, floor),
        )));
    }
    let size = Vec2::new(cols as f32, rows as f32) * TILE;
    for _ in 0..(cols * rows / 600).max(1) {
        let a = Vec2::new(rng.range(0.05, 0.9) * size.x, rng.range(0.2, 0.95) * size.y);
        let w = rng.range(6.0, 14.0) * TILE;
        let h = rng.range(-4.0, 4.0) * TILE;
        curves.push(TerrainPiece::solid(CubicBezier::new(
            a,
            a + Vec2::new(w / 3.0, h),
            a + Vec2::new(2.0 * w / 3.0, -h),
            a + Vec2::new(w, 0.0),
        )));
    }
    let mut balls = Vec::with_capacity(n);
    while balls.len() < n {
        let (x, y) = (
            2 + (rng.unit() * (cols - 4) as f32) as usize,
            4 + (rng.unit() * (rows - 6) as f32) as usize,
        );
        if grid.get(x as i64, y as i64) != TileKind::Empty {
            continue;
        }
        balls.push(Ball {
            position: (Vec2::new(x as f32, y as f32) + 0.5) * TILE,
            velocity: Vec2::new(rng.range(-300.0, 300.0), rng.range(-300.0, 300.0)),
            radius: rng.range(4.0, 7.5),
            restitution: rng.range(0.3, 0.9),
        });
    }
    Scene {
        grid,
        curves,
        balls,
    }
}

fn main() {
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(150);
    // A second argument picks another row of the scene bench: small-10k.
    let s = match std::env::args().nth(2).as_deref() {
        Some("small-10k") => scene(256, 64, 10_000),
        _ => scene(1_000, 1_000, 1_000),
    };
    let set = TerrainSet::from_tiles(&s.grid, s.curves.clone()).expect("valid terrain");
    let mut bodies: Vec<Body> = s
        .balls
        .iter()
        .map(|b| {
            Body::new(
                ActorShape::Circle { radius: b.radius },
                b.position,
                b.velocity,
                b.restitution,
            )
        })
        .collect();
    let mut scratch = StepScratch::default();
    for _ in 0..steps {
        for body in &mut bodies {
            std::hint::black_box(step_body_with(&set, body, &mut scratch, GRAVITY, DT));
        }
    }
    let mut sum = 0u64;
    for b in &bodies {
        for v in [b.position.x, b.position.y, b.velocity.x, b.velocity.y] {
            sum = sum.wrapping_mul(31).wrapping_add(v.to_bits() as u64);
        }
    }
    println!(
        "{} bodies after {steps} steps, state checksum {sum:016x}",
        bodies.len()
    );
}
