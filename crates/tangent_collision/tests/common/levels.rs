//! Small test levels for the motion tests: a closed room of tiles with solid
//! blocks and closed curve "islands", and helpers to tell free space from solid.

use super::rng::Rng;
use glam::Vec2;
use kurbo::{Line, Point};
use tangent_collision::prelude::{
    ActorShape, Body, CubicBezier, QuadBezier, Segment, Terrain, TerrainPiece, TerrainSet,
    TileGrid, TileKind,
};

pub const TILE: f32 = 24.0;

/// A closed room: 48 x 32 tiles of 24 px with a solid border, two solid
/// blocks, and two islands bounded by curves (a lens of two quadratics and a
/// cubic dome closed by a segment), plus a quadratic bowl across the floor.
pub struct Room {
    /// Where the room's lower-left corner lies.
    pub origin: Vec2,
    pub grid: TileGrid,
    /// Closed boundaries of the curve islands, each a list of pieces.
    pub islands: Vec<Vec<Terrain>>,
    pub open_curves: Vec<Terrain>,
    pub set: TerrainSet,
}

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn moved(t: Terrain, by: Vec2) -> Terrain {
    match t {
        Terrain::Segment(s) => Terrain::Segment(Segment::new(s.a + by, s.b + by)),
        Terrain::Quad(q) => Terrain::Quad(QuadBezier::new(q.p0 + by, q.p1 + by, q.p2 + by)),
        Terrain::Cubic(c) => {
            Terrain::Cubic(CubicBezier::new(c.p0 + by, c.p1 + by, c.p2 + by, c.p3 + by))
        }
    }
}

pub fn room(restitution: f32) -> Room {
    room_at(restitution, Vec2::ZERO)
}

/// The room's size in pixels.
pub const ROOM_SIZE: Vec2 = Vec2::new(48.0 * TILE, 32.0 * TILE);

/// [`room`] with its lower-left corner at `origin`.
pub fn room_at(restitution: f32, origin: Vec2) -> Room {
    let (w, h) = (48usize, 32usize);
    let mut grid = TileGrid::new(w, h, TILE, origin);
    for x in 0..w {
        grid.set(x, 0, TileKind::Solid);
        grid.set(x, h - 1, TileKind::Solid);
    }
    for y in 0..h {
        grid.set(0, y, TileKind::Solid);
        grid.set(w - 1, y, TileKind::Solid);
    }
    for (x0, y0, x1, y1) in [(8, 10, 12, 12), (30, 20, 33, 26)] {
        for y in y0..y1 {
            for x in x0..x1 {
                grid.set(x, y, TileKind::Solid);
            }
        }
    }
    let lens = vec![
        Terrain::Quad(QuadBezier::new(
            v(500.0, 400.0),
            v(600.0, 520.0),
            v(700.0, 400.0),
        )),
        Terrain::Quad(QuadBezier::new(
            v(700.0, 400.0),
            v(600.0, 300.0),
            v(500.0, 400.0),
        )),
    ];
    let dome = vec![
        Terrain::Cubic(CubicBezier::new(
            v(150.0, 500.0),
            v(150.0, 640.0),
            v(350.0, 640.0),
            v(350.0, 500.0),
        )),
        Terrain::Segment(Segment::new(v(350.0, 500.0), v(150.0, 500.0))),
    ];
    let bowl = Terrain::Quad(QuadBezier::new(
        v(800.0, 200.0),
        v(950.0, -100.0),
        v(1100.0, 200.0),
    ));
    let islands: Vec<Vec<Terrain>> = [lens, dome]
        .into_iter()
        .map(|island| island.into_iter().map(|t| moved(t, origin)).collect())
        .collect();
    let open_curves = vec![moved(bowl, origin)];
    let mut pieces: Vec<TerrainPiece> = Vec::new();
    for shape in islands.iter().flatten().chain(open_curves.iter()) {
        pieces.push(TerrainPiece {
            shape: *shape,
            restitution,
            one_way: false,
            solid_behind: false,
        });
    }
    let set = TerrainSet::from_tiles(&grid, pieces).unwrap();
    Room {
        origin,
        grid,
        islands,
        open_curves,
        set,
    }
}

/// Whether `p` lies inside the closed boundary `pieces`: an odd number of
/// crossings (kurbo's line intersections: the oracle shares no code with
/// the crate) on at least two of three rays. A ray that grazes the
/// boundary (kurbo finds a tangency's double root once) or passes through
/// a joint (found on both pieces) miscounts. The room's tangencies and
/// joints lie at whole coordinates, where a body's `f32` position often
/// lands exactly (one ray to the right saw a body level with the lens's
/// lowest point, y 350, as inside it); so the rays leave at angles no
/// tangent or joint line of the room has, and a miss on one is outvoted.
fn inside(p: Vec2, pieces: &[Terrain]) -> bool {
    [0.3f32, 2.4, 4.4]
        .into_iter()
        .filter(|&angle| {
            let ray = Line::new(kp(p), kp(p + Vec2::from_angle(angle) * 10_000.0));
            let crossings: usize = pieces
                .iter()
                .map(|t| super::to_kurbo(t).intersect_line(ray).len())
                .sum();
            crossings % 2 == 1
        })
        .count()
        >= 2
}

fn kp(p: Vec2) -> Point {
    Point::new(p.x as f64, p.y as f64)
}

impl Room {
    /// How far (px) the bare `shape` at `center` reaches into solid: tiles,
    /// the inside of an island, or across any curve. 0 when it is in free space.
    pub fn penetration(&self, shape: &ActorShape, center: Vec2) -> f32 {
        // Tiles, in the room's own frame.
        let local = center - self.origin;
        let bb = shape.aabb(local);
        let mut depth = 0.0f32;
        // Tiles: overlap of the shape's box (circles: the circle) with solid cells.
        let (x0, y0) = (
            (bb.min.x / TILE).floor() as i64,
            (bb.min.y / TILE).floor() as i64,
        );
        let (x1, y1) = (
            (bb.max.x / TILE).floor() as i64,
            (bb.max.y / TILE).floor() as i64,
        );
        for y in y0..=y1 {
            for x in x0..=x1 {
                if self.grid.get(x, y) != TileKind::Solid {
                    continue;
                }
                let lo = v(x as f32, y as f32) * TILE;
                let hi = lo + Vec2::splat(TILE);
                let d = match *shape {
                    ActorShape::Circle { radius } => {
                        let q = local.clamp(lo, hi);
                        radius - (local - q).length()
                    }
                    ActorShape::Rect { half_extents } => {
                        let ox =
                            (bb.max.x.min(hi.x) - bb.min.x.max(lo.x)).min(2.0 * half_extents.x);
                        let oy =
                            (bb.max.y.min(hi.y) - bb.min.y.max(lo.y)).min(2.0 * half_extents.y);
                        ox.min(oy)
                    }
                };
                depth = depth.max(d);
            }
        }
        // Curves: the bare shape shrunk by 0.01 px must not touch any piece.
        let shrunk = match *shape {
            ActorShape::Circle { radius } => ActorShape::Circle {
                radius: (radius - 0.01).max(0.0),
            },
            ActorShape::Rect { half_extents } => ActorShape::Rect {
                half_extents: (half_extents - Vec2::splat(0.01)).max(Vec2::ZERO),
            },
        };
        for t in self.islands.iter().flatten().chain(self.open_curves.iter()) {
            if super::touches(t, &shrunk, center) {
                depth = depth.max(0.01);
            }
        }
        // Island interiors: odd crossing counts.
        for island in &self.islands {
            if inside(center, island) {
                depth = depth.max(1.0);
            }
        }
        depth
    }
}

/// The determinism tests' scene `seed`: 40 bodies in [`room`]`(1.0)`, a
/// rect every third (half-size 2–16 px), circles otherwise (radius 2–20
/// px), in free space, moving up to 2 000 px/s each way, restitution 0–1,
/// every fourth from the second gripping; and a gravity of 600–5 000 px/s²
/// down.
pub fn room_scene(seed: u64) -> (Room, Vec<Body>, Vec2) {
    let r = room(1.0);
    let mut rng = Rng::new(seed);
    let bodies = (0..40)
        .map(|i| {
            let shape = if i % 3 == 0 {
                ActorShape::Rect {
                    half_extents: Vec2::new(
                        rng.range(2.0, 16.0) as f32,
                        rng.range(2.0, 16.0) as f32,
                    ),
                }
            } else {
                ActorShape::Circle {
                    radius: rng.range(2.0, 20.0) as f32,
                }
            };
            let body = loop {
                let p = Vec2::new(
                    rng.range(60.0, 1090.0) as f32,
                    rng.range(60.0, 710.0) as f32,
                );
                if r.penetration(&shape, p) == 0.0 {
                    let v = Vec2::new(
                        rng.range(-2000.0, 2000.0) as f32,
                        rng.range(-2000.0, 2000.0) as f32,
                    );
                    break Body::new(shape, p, v, rng.unit() as f32);
                }
            };
            if i % 4 == 1 { body.with_grip() } else { body }
        })
        .collect();
    let gravity = Vec2::new(0.0, -rng.range(600.0, 5000.0) as f32);
    (r, bodies, gravity)
}

/// FNV-1a, 64 bit, over `bytes`, continuing from `h` (start from
/// `0xcbf2_9ce4_8422_2325`).
pub fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
