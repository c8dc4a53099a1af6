//! The filled body drawn under a curve, and the matching "is this point in
//! the ground" test used to reject spawns inside it.
//!
//! A curve is flattened into a polyline fine enough to look exact on screen
//! (segments of about 4 px, at least 16). [`CurveFill::Below`] extrudes each
//! segment straight down to `y = 0` (two triangles per segment, so curves
//! that fold back in x still fill without a polygon triangulator);
//! [`CurveFill::Chord`] fans from the first point, which is exact for a
//! quadratic (convex with its chord) and close for gentle cubics.

use bevy::math::Vec2;

use super::format::CurveFill;
use crate::collision::Terrain;

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
        CurveFill::Line => {}
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
        CurveFill::Chord => {
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
