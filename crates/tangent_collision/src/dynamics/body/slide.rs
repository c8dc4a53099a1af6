//! Sliding against several surfaces at once: a crease.
//!
//! A slide removes the part of the velocity that goes into the surface,
//! `v ← v - min(v·n, 0) n`. Where two surfaces meet in a V (a ball in the
//! corner between a curve and a tile wall), removing it for one surface can
//! send the body into the other, and slide after slide only shrinks the
//! velocity by `cos θ` each time, using up a step's iterations. The limit of
//! those alternating slides is the velocity that goes into none of the
//! touching surfaces, which is what [`clip_to_cone`] computes at once: the
//! nearest vector to `v` in the cone `{u : u·nᵢ ≥ 0 for every i}`.
//!
//! In 2D that cone is a wedge bounded by the surfaces' tangents (or a half
//! plane, or a line, or just `0`), so its nearest point to `v` is `v` itself,
//! `v`'s slide along one of the surfaces (`v - (v·nᵢ)nᵢ`, when that goes into
//! none of the others), or `0` (the body is stuck in the V).

use glam::Vec2;

/// Relative slack of the "goes into no surface" test, so that two nearly
/// collinear surfaces (a seam between a curve and a tile edge) never stop a
/// body that slides from one onto the other.
const SLACK: f32 = 1e-5;

/// `true` when `u` goes into none of the surfaces with unit normals
/// `normals` (facing the body), up to [`SLACK`] of `scale`.
fn clear_of(u: Vec2, normals: &[Vec2], scale: f32) -> bool {
    normals.iter().all(|n| u.dot(*n) >= -SLACK * scale)
}

/// The nearest vector to `v` that goes into none of the surfaces with unit
/// normals `normals`: `v` itself when it goes into none, else the slide of
/// `v` along one surface that goes into no other (the longest such slide is
/// the nearest), else zero. Normals need not be distinct.
pub(in crate::dynamics) fn clip_to_cone(v: Vec2, normals: &[Vec2]) -> Vec2 {
    // Exact for `v` itself, so a slide always removes all of the velocity
    // into the surface it meets; the slack is only for the slides' others.
    if clear_of(v, normals, 0.0) {
        return v;
    }
    let scale = v.length();
    let mut best = Vec2::ZERO;
    for n in normals {
        let vn = v.dot(*n);
        if vn >= 0.0 {
            continue;
        }
        let u = v - vn * *n;
        if clear_of(u, normals, scale) && u.length_squared() > best.length_squared() {
            best = u;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::poly::testing::unit_rng;

    fn unit(angle: f32) -> Vec2 {
        Vec2::from_angle(angle)
    }

    #[test]
    fn a_free_velocity_is_kept() {
        let v = Vec2::new(3.0, 4.0);
        assert_eq!(clip_to_cone(v, &[Vec2::Y, Vec2::X]), v);
        assert_eq!(clip_to_cone(v, &[]), v);
    }

    #[test]
    fn one_surface_removes_the_normal_part() {
        let v = Vec2::new(3.0, -4.0);
        assert_eq!(clip_to_cone(v, &[Vec2::Y]), Vec2::new(3.0, 0.0));
    }

    #[test]
    fn a_v_stops_a_body_falling_into_it() {
        let (a, b) = (unit(1.0), unit(std::f32::consts::PI - 1.0));
        assert_eq!(clip_to_cone(Vec2::new(0.2, -5.0), &[a, b]), Vec2::ZERO);
    }

    #[test]
    fn sliding_onto_a_nearly_collinear_surface_keeps_going() {
        // Floor, then a surface tilted up by 0.1°: the body slides on up it.
        let (floor, ramp) = (
            Vec2::Y,
            unit(std::f32::consts::FRAC_PI_2 + 0.1f32.to_radians()),
        );
        let v = Vec2::new(300.0, 0.0);
        let u = clip_to_cone(v, &[floor, ramp]);
        assert!(u.length() > 299.9, "{u}");
        assert!(u.dot(ramp) >= -1e-3 && u.dot(floor) >= -1e-3, "{u}");
    }

    /// Against brute force: over 20 000 random velocities and sets of one to
    /// three normals, the answer goes into no surface, and no vector of a
    /// dense polar grid that goes into no surface is nearer to `v`.
    #[test]
    fn nearest_in_the_cone_against_a_dense_grid() {
        let mut f = unit_rng(0x5EED_C0DE_1234_5678);
        for case in 0..20_000 {
            let k = 1 + case % 3;
            let normals: Vec<Vec2> = (0..k)
                .map(|_| unit(f() as f32 * std::f32::consts::TAU))
                .collect();
            let v = unit(f() as f32 * std::f32::consts::TAU) * (0.1 + 100.0 * f() as f32);
            let u = clip_to_cone(v, &normals);
            let scale = v.length();
            assert!(
                normals.iter().all(|n| u.dot(*n) >= -2.0 * SLACK * scale),
                "case {case}: {u} goes into one of {normals:?}"
            );
            let err = (u - v).length();
            for i in 0..720 {
                let dir = unit(i as f32 / 720.0 * std::f32::consts::TAU);
                // The best point along this ray is the projection of v on it.
                let w = dir * v.dot(dir).max(0.0);
                if normals.iter().all(|n| w.dot(*n) >= 0.0) {
                    assert!(
                        (w - v).length() >= err - 1e-3 * scale,
                        "case {case}: {w} is nearer to {v} than {u} ({normals:?})"
                    );
                }
            }
        }
    }
}
