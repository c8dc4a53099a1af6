//! The scene bench's level: walls, a three-tile floor, scattered platforms,
//! quadratic hills and cubic waves, with balls in free cells; the same for
//! every engine and for `scene_probe`. Rows with movers add
//! [`moving_parts`]: sliding boxes, spinning cubic paddles and swinging
//! quadratic bridges, each with its pose a closed form of time.

use glam::Vec2;
use tangent_collision::geometry::Pose;
use tangent_collision::prelude::{
    ActorShape, Body, CubicBezier, Mover, QuadBezier, Segment, TerrainPiece, TileGrid, TileKind,
};

/// Fixed step, s.
pub const DT: f32 = 1.0 / 60.0;
/// Gravity, px/s².
pub const GRAVITY: Vec2 = Vec2::new(0.0, -3600.0);
/// Tile size, px.
pub const TILE: f32 = 16.0;

/// Deterministic pseudo-random numbers (the workspace's one generator,
/// `tangent_collision::seeded`), so runs compare.
pub struct Rng(tangent_collision::seeded::Xorshift64);

impl Rng {
    /// The numbers of `seed` (not zero).
    pub const fn new(seed: u64) -> Rng {
        Rng(tangent_collision::seeded::Xorshift64(seed))
    }
    pub fn unit(&mut self) -> f32 {
        self.0.unit_f32()
    }
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
}

#[derive(Clone, Copy)]
pub struct Ball {
    pub position: Vec2,
    pub velocity: Vec2,
    pub radius: f32,
    pub restitution: f32,
}

pub struct Scene {
    pub grid: TileGrid,
    pub curves: Vec<TerrainPiece>,
    pub balls: Vec<Ball>,
}

/// A level `cols` x `rows` tiles: walls, a three-tile floor, scattered
/// platforms (1.5 % of cells start one), quadratic hills on the floor every
/// 24 tiles, floating cubic waves (one per 600 cells), and `n` balls in free
/// cells with random velocity, radius 4–8 px and restitution 0.3–0.9.
pub fn scene(cols: usize, rows: usize, n: usize) -> Scene {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
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

/// A checksum of every body's position and velocity bits, so two versions
/// of the step compare bit for bit.
pub fn checksum(bodies: &[Body]) -> u64 {
    let mut sum = 0u64;
    for b in bodies {
        for v in [b.position.x, b.position.y, b.velocity.x, b.velocity.y] {
            sum = sum.wrapping_mul(31).wrapping_add(v.to_bits() as u64);
        }
    }
    sum
}

/// Balls that ended inside a solid tile or outside the level.
pub fn escaped(grid: &TileGrid, positions: impl Iterator<Item = Vec2>) -> usize {
    positions
        .filter(|p| {
            let c = (*p / TILE).floor();
            !p.is_finite() || grid.get(c.x as i64, c.y as i64) != TileKind::Empty
        })
        .count()
}

impl Ball {
    /// The ball as a body of the collision crate.
    pub fn body(&self) -> Body {
        Body::new(
            ActorShape::Circle {
                radius: self.radius,
            },
            self.position,
            self.velocity,
            self.restitution,
        )
    }
}

/// How a moving part moves: its pose is a closed form of time.
#[derive(Clone, Copy, Debug)]
pub enum Motion {
    /// Back and forth, `amplitude · sin(2π t / period)` from where it starts.
    Slide { amplitude: Vec2, period: f32 },
    /// Turning at `rate` rad/s.
    Spin { rate: f32 },
    /// Swinging, `angle · sin(2π t / period)` rad.
    Swing { angle: f32, period: f32 },
}

/// A group of pieces moving rigidly about `pivot`: the pieces where they
/// start (world coordinates), and how they move.
#[derive(Clone, Debug)]
pub struct MovingPart {
    pub pieces: Vec<TerrainPiece>,
    pub pivot: Vec2,
    pub motion: Motion,
}

impl MovingPart {
    /// Where it is at time `t`, s: its pivot and its angle, rad.
    pub fn pose(&self, t: f32) -> Pose {
        let wave = |period: f32| (std::f32::consts::TAU * t / period).sin();
        match self.motion {
            Motion::Slide { amplitude, period } => {
                Pose::new(self.pivot + amplitude * wave(period), 0.0)
            }
            Motion::Spin { rate } => Pose::new(self.pivot, rate * t),
            Motion::Swing { angle, period } => Pose::new(self.pivot, angle * wave(period)),
        }
    }

    /// The collision crate's mover of it, at its start.
    pub fn mover(&self) -> Mover {
        Mover::around(self.pivot, self.pieces.clone())
    }
}

/// `n` moving parts over a level `cols` x `rows` tiles, in the air above
/// the floor (rows 6 to 4 short of the top): half sliding 48 x 8 px boxes
/// (four segments; 32–160 px either way, sideways, up and down or
/// diagonally, periods 1–4 s: up to about 1 000 px/s), a quarter spinning
/// 80 px cubic paddles (0.25–3 turns a second either way), a quarter
/// swinging 96 px quadratic bridges (±10–45°, periods 1.5–4 s). Their own
/// random numbers, so the scene without them is unchanged.
pub fn moving_parts(cols: usize, rows: usize, n: usize) -> Vec<MovingPart> {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let size = Vec2::new(cols as f32, rows as f32) * TILE;
    (0..n)
        .map(|i| {
            let pivot = Vec2::new(
                rng.range(0.05, 0.95) * size.x,
                rng.range(6.0 * TILE, size.y - 4.0 * TILE),
            );
            let solid = |a: Vec2, b: Vec2| TerrainPiece::solid(Segment::new(pivot + a, pivot + b));
            match i % 4 {
                0 | 1 => {
                    let (w, h) = (24.0, 4.0);
                    let corners = [
                        Vec2::new(-w, -h),
                        Vec2::new(w, -h),
                        Vec2::new(w, h),
                        Vec2::new(-w, h),
                    ];
                    let pieces = (0..4)
                        .map(|k| solid(corners[k], corners[(k + 1) % 4]))
                        .collect();
                    let reach = rng.range(32.0, 160.0);
                    let direction = match (rng.unit() * 3.0) as u32 {
                        0 => Vec2::X,
                        1 => Vec2::Y,
                        _ => Vec2::new(1.0, 1.0).normalize(),
                    };
                    MovingPart {
                        pieces,
                        pivot,
                        motion: Motion::Slide {
                            amplitude: direction * reach,
                            period: rng.range(1.0, 4.0),
                        },
                    }
                }
                2 => {
                    let turns = rng.range(0.25, 3.0) * if rng.unit() < 0.5 { -1.0 } else { 1.0 };
                    let paddle = CubicBezier::new(
                        pivot + Vec2::new(-40.0, 0.0),
                        pivot + Vec2::new(-13.0, 20.0),
                        pivot + Vec2::new(13.0, -20.0),
                        pivot + Vec2::new(40.0, 0.0),
                    );
                    MovingPart {
                        pieces: vec![TerrainPiece::solid(paddle)],
                        pivot,
                        motion: Motion::Spin {
                            rate: turns * std::f32::consts::TAU,
                        },
                    }
                }
                _ => {
                    let bridge = QuadBezier::new(
                        pivot + Vec2::new(-48.0, 0.0),
                        pivot + Vec2::new(0.0, -24.0),
                        pivot + Vec2::new(48.0, 0.0),
                    );
                    MovingPart {
                        pieces: vec![TerrainPiece::solid(bridge)],
                        pivot,
                        motion: Motion::Swing {
                            angle: rng.range(10.0, 45.0).to_radians(),
                            period: rng.range(1.5, 4.0),
                        },
                    }
                }
            }
        })
        .collect()
}
