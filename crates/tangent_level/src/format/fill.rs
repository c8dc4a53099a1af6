//! The filled body drawn under a curve, and the matching "is this point in
//! the ground" test used to reject spawns inside it.
//!
//! A curve is flattened into a polyline fine enough to look exact on screen
//! (segments of about 4 px, at least 16). [`CurveFill::Below`] extrudes each
//! segment straight down to `y = 0` (two triangles per segment, so curves
//! that fold back in x still fill without a polygon triangulator);
//! [`CurveFill::Chord`] fans from the first point, which is exact for a
//! quadratic (convex with its chord) and close for gentle cubics;
//! [`CurveFill::Closed`] curves that close up into an outline are filled as
//! one polygon, cut into triangles by ear clipping ([`bodies`]).

use tangent_collision::prelude::Vec2;

use crate::format::CurveFill;
use tangent_collision::prelude::Terrain;

/// The curve as a polyline from `t = 0` to `t = 1`.
pub fn flatten(curve: &Terrain) -> Vec<Vec2> {
    let pts = curve.control_points();
    let hull: f32 = pts.windows(2).map(|w| w[0].distance(w[1])).sum();
    let n = ((hull / 4.0).ceil() as usize).clamp(16, 512);
    (0..=n).map(|i| curve.point(i as f32 / n as f32)).collect()
}

/// Triangles covering the curve's body.
pub fn fill_triangles(fill: CurveFill, line: &[Vec2]) -> Vec<[Vec2; 3]> {
    let mut tris = Vec::new();
    match fill {
        CurveFill::Below => {
            for w in line.windows(2) {
                let (a, b) = (w[0], w[1]);
                let (a0, b0) = (Vec2::new(a.x, 0.0), Vec2::new(b.x, 0.0));
                tris.push([a, b, b0]);
                tris.push([a, b0, a0]);
            }
        }
        CurveFill::Chord => {
            for w in line.windows(2).skip(1) {
                tris.push([line[0], w[0], w[1]]);
            }
        }
        CurveFill::Closed => tris = ear_clip(line),
        CurveFill::Line => {}
    }
    tris
}

/// A filled region of the level's curves: its fill, its outline (a polyline
/// for `Below`, a closed polygon for `Chord` and `Closed`) and the first
/// curve it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub fill: CurveFill,
    pub line: Vec<Vec2>,
    pub curve: usize,
}

/// How close two ends must be to join an outline, px.
pub const JOIN: f32 = 1e-3;

/// The bodies of curves with `fills` and flattened `lines` (same order):
/// one per `Below` or `Chord` curve, and one per run of consecutive
/// `Closed` curves that joins end to start and comes back to its start.
pub fn bodies(fills: &[CurveFill], lines: &[Vec<Vec2>]) -> Vec<Body> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fills.len() {
        match fills[i] {
            CurveFill::Below | CurveFill::Chord => out.push(Body {
                fill: fills[i],
                line: lines[i].clone(),
                curve: i,
            }),
            CurveFill::Closed => {
                // The run of joined Closed curves from i.
                let mut j = i;
                let mut polygon = lines[i].clone();
                while j + 1 < fills.len()
                    && fills[j + 1] == CurveFill::Closed
                    && polygon.last().unwrap().distance(lines[j + 1][0]) <= JOIN
                    && polygon.last().unwrap().distance(polygon[0]) > JOIN
                {
                    j += 1;
                    polygon.extend_from_slice(&lines[j][1..]);
                }
                if polygon.len() > 3 && polygon.last().unwrap().distance(polygon[0]) <= JOIN {
                    polygon.pop();
                    out.push(Body {
                        fill: CurveFill::Closed,
                        line: polygon,
                        curve: i,
                    });
                }
                i = j;
            }
            CurveFill::Line => {}
        }
        i += 1;
    }
    out
}

/// Twice the signed area of a polygon (positive counter-clockwise).
fn area2(poly: &[Vec2]) -> f32 {
    let n = poly.len();
    (0..n).map(|i| poly[i].perp_dot(poly[(i + 1) % n])).sum()
}

/// Triangles covering a simple polygon (either winding), by ear clipping:
/// repeatedly cut off a convex corner whose triangle holds no other corner.
/// A polygon that crosses itself gets as many ears as can be found, then a
/// fan of the rest.
pub fn ear_clip(poly: &[Vec2]) -> Vec<[Vec2; 3]> {
    let mut idx: Vec<usize> = (0..poly.len()).collect();
    if area2(poly) < 0.0 {
        idx.reverse();
    }
    let mut tris = Vec::with_capacity(poly.len().saturating_sub(2));
    let inside = |p: Vec2, a: Vec2, b: Vec2, c: Vec2| {
        (b - a).perp_dot(p - a) > 0.0
            && (c - b).perp_dot(p - b) > 0.0
            && (a - c).perp_dot(p - c) > 0.0
    };
    let mut guard = 0;
    let mut k = 0;
    while idx.len() > 3 && guard < idx.len() {
        let n = idx.len();
        let (ia, ib, ic) = (idx[(k + n - 1) % n], idx[k % n], idx[(k + 1) % n]);
        let (a, b, c) = (poly[ia], poly[ib], poly[ic]);
        let convex = (b - a).perp_dot(c - b) > 0.0;
        let empty = convex
            && idx
                .iter()
                .all(|&m| m == ia || m == ib || m == ic || !inside(poly[m], a, b, c));
        if empty {
            tris.push([a, b, c]);
            idx.remove(k % n);
            guard = 0;
        } else {
            k = (k + 1) % n;
            guard += 1;
        }
    }
    if idx.len() >= 3 {
        for w in idx[1..].windows(2) {
            tris.push([poly[idx[0]], poly[w[0]], poly[w[1]]]);
        }
    }
    tris
}

/// `true` when `p` is inside the curve's body by more than `margin` px
/// (vertically for `Below`).
pub fn fill_contains(fill: CurveFill, line: &[Vec2], p: Vec2, margin: f32) -> bool {
    match fill {
        CurveFill::Below => line.windows(2).any(|w| {
            let (a, b) = (w[0], w[1]);
            let (lo, hi) = (a.x.min(b.x), a.x.max(b.x));
            if p.x < lo || p.x > hi || hi - lo <= 0.0 {
                return false;
            }
            let y = a.y + (b.y - a.y) * (p.x - a.x) / (b.x - a.x);
            p.y < y - margin && p.y > 0.0
        }),
        CurveFill::Chord | CurveFill::Closed => {
            // Even-odd rule on the closed polyline.
            let mut inside = false;
            let n = line.len();
            for i in 0..n {
                let (a, b) = (line[i], line[(i + 1) % n]);
                if (a.y > p.y) != (b.y > p.y) {
                    let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
                    if p.x < x {
                        inside = !inside;
                    }
                }
            }
            inside
        }
        CurveFill::Line => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A star-shaped polygon (always simple): `n` corners around a centre
    /// at radii drawn from a fixed-seed generator.
    fn star(n: usize, seed: u64) -> Vec<Vec2> {
        let mut rng = tangent_collision::seeded::Xorshift64(seed);
        let mut next = || (rng.next_u64() % 10_000) as f32 / 10_000.0;
        (0..n)
            .map(|i| {
                let a = i as f32 / n as f32 * std::f32::consts::TAU;
                let r = 20.0 + 180.0 * next();
                Vec2::new(300.0 + r * a.cos(), 200.0 + r * a.sin())
            })
            .collect()
    }

    #[test]
    fn ear_clipping_covers_random_polygons_exactly_in_either_winding() {
        let mut checked = 0;
        let mut worst = 0.0f32;
        for seed in 1..=200u64 {
            let n = 3 + (seed as usize * 7) % 120;
            let mut poly = star(n, seed * 7919);
            if seed % 2 == 0 {
                poly.reverse();
            }
            let tris = ear_clip(&poly);
            assert_eq!(tris.len(), n - 2, "seed {seed}");
            let area = area2(&poly).abs() / 2.0;
            let sum: f32 = tris
                .iter()
                .map(|t| (t[1] - t[0]).perp_dot(t[2] - t[0]).abs() / 2.0)
                .sum();
            worst = worst.max((sum - area).abs() / area);
            // Every triangle lies inside (its centroid, by the even-odd rule).
            for t in &tris {
                let c = (t[0] + t[1] + t[2]) / 3.0;
                assert!(
                    fill_contains(CurveFill::Closed, &poly, c, 0.0),
                    "seed {seed}"
                );
            }
            checked += 1;
        }
        println!("{checked} polygons, worst area error {worst:.1e}");
        assert!(worst < 1e-4, "{worst}");
    }

    #[test]
    fn closed_runs_of_curves_become_one_body_and_open_runs_none() {
        let tri = [
            vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(50.0, 0.0),
                Vec2::new(100.0, 0.0),
            ],
            vec![
                Vec2::new(100.0, 0.0),
                Vec2::new(75.0, 50.0),
                Vec2::new(50.0, 100.0),
            ],
            vec![
                Vec2::new(50.0, 100.0),
                Vec2::new(25.0, 50.0),
                Vec2::new(0.0, 0.0),
            ],
        ];
        let lines: Vec<Vec<Vec2>> = tri.to_vec();
        let closed = [CurveFill::Closed; 3];
        let b = bodies(&closed, &lines);
        assert_eq!(b.len(), 1);
        assert_eq!((b[0].curve, b[0].line.len()), (0, 6));
        assert!(fill_contains(
            CurveFill::Closed,
            &b[0].line,
            Vec2::new(50.0, 40.0),
            0.0
        ));
        // Left open (the last piece missing), or broken by a Line: nothing.
        assert!(bodies(&closed[..2], &lines[..2]).is_empty());
        let broken = [CurveFill::Closed, CurveFill::Line, CurveFill::Closed];
        assert!(bodies(&broken, &lines).is_empty());
        // Below and Chord curves keep a body each, around a closed run.
        let mixed = [
            CurveFill::Below,
            CurveFill::Closed,
            CurveFill::Closed,
            CurveFill::Closed,
            CurveFill::Chord,
        ];
        let mut five = vec![tri[0].clone()];
        five.extend(tri.iter().cloned());
        five.push(tri[1].clone());
        let b = bodies(&mixed, &five);
        let kinds: Vec<(CurveFill, usize)> = b.iter().map(|b| (b.fill, b.curve)).collect();
        assert_eq!(
            kinds,
            [
                (CurveFill::Below, 0),
                (CurveFill::Closed, 1),
                (CurveFill::Chord, 4)
            ]
        );
    }
}
