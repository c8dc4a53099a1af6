//! Ray casts against kurbo's line intersections, an independent oracle:
//! random rays at random segments, quadratics and cubics (a third far out
//! at the validator's range) hit where kurbo's first intersection with the
//! ray's segment is, within 1e-3 px of the piece (the distance along the
//! ray times the sine of the angle it meets the piece at), with the normal of unit
//! length, perpendicular to kurbo's `B'` there and facing the origin. Then
//! random sets of pieces (some one-way) against the brute-force nearest of
//! kurbo's intersections, one-way pieces letting by rays from their
//! underside.

mod common;

use common::rng::Rng;
use common::{deriv, far_point, random_piece, to_kurbo};
use glam::{DVec2, Vec2};
use kurbo::{Line, ParamCurve, Point};
use tangent_collision::prelude::*;

fn kp(v: Vec2) -> Point {
    Point::new(v.x as f64, v.y as f64)
}

/// kurbo's first intersection of the ray's segment with the piece: the
/// fraction along the ray and the piece's parameter there.
fn kurbo_first(t: &Terrain, origin: Vec2, motion: Vec2) -> Option<(f64, f64)> {
    to_kurbo(t)
        .intersect_line(Line::new(kp(origin), kp(origin + motion)))
        .iter()
        .map(|i| (i.line_t, i.segment_t))
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

#[test]
fn a_ray_hits_where_kurbo_says_with_the_normal_facing_its_origin() {
    let mut rng = Rng::new(0x4A7C_A570);
    let (mut hits, mut misses, mut grazes) = (0, 0, 0);
    let (mut worst, mut worst_cos) = (0.0f64, 0.0f64);
    for case in 0..4_000 {
        let at = if case % 3 == 0 {
            far_point(&mut rng)
        } else {
            Vec2::ZERO
        };
        let t = random_piece(&mut rng, at);
        let origin = at
            + Vec2::new(
                rng.range(-200.0, 200.0) as f32,
                rng.range(-200.0, 200.0) as f32,
            );
        let aim = at
            + Vec2::new(
                rng.range(-100.0, 100.0) as f32,
                rng.range(-100.0, 100.0) as f32,
            );
        let motion = (aim - origin) * rng.range(0.5, 2.0) as f32;
        let ours = t.ray_cast(origin, motion);
        let theirs = kurbo_first(&t, origin, motion);
        let len = motion.length() as f64;
        match (&ours, theirs) {
            (Some(hit), Some((s, u))) => {
                hits += 1;
                // Off along the ray, times the sine of the angle it meets
                // the piece at: how far off the piece our point is.
                let d = deriv(&t, u);
                let sine = if d.length() > 0.0 {
                    motion.as_dvec2().normalize().perp_dot(d.normalize()).abs()
                } else {
                    1.0
                };
                let off = (hit.fraction as f64 - s).abs() * len * sine.max(1e-3);
                worst = worst.max(off);
                assert!(
                    off < 1e-3,
                    "case {case}: fraction {} vs kurbo's {s} ({off} px)",
                    hit.fraction
                );
                assert!((hit.normal.length() - 1.0).abs() < 1e-5);
                assert!(
                    hit.normal.dot(motion) <= 0.0,
                    "case {case}: normal {} along the ray",
                    hit.normal
                );
                if d.length() > 1e-3 && u > 1e-3 && u < 1.0 - 1e-3 {
                    let cos = hit.normal.as_dvec2().dot(d.normalize());
                    if d.length() > 10.0 && sine > 0.34 {
                        worst_cos = worst_cos.max(cos.abs());
                    }
                    assert!(
                        cos.abs() < 1e-3,
                        "case {case}: normal {} not ⟂ kurbo's B' {d}",
                        hit.normal
                    );
                }
            }
            (None, None) => misses += 1,
            _ => {
                // A ray that only grazes the piece (within 0.05 px of
                // touching) may be judged either way.
                let seg = to_kurbo(&t);
                let near = (0..=2000)
                    .map(|k| {
                        let p = seg.eval(k as f64 / 2000.0);
                        let q = DVec2::new(p.x, p.y);
                        let (o, m) = (origin.as_dvec2(), motion.as_dvec2());
                        let s = ((q - o).dot(m) / m.length_squared()).clamp(0.0, 1.0);
                        (o + m * s - q).length()
                    })
                    .fold(f64::MAX, f64::min);
                assert!(
                    near < 0.05,
                    "case {case}: ours {ours:?}, kurbo's {theirs:?}, {near} px apart"
                );
                grazes += 1;
            }
        }
    }
    println!(
        "{hits} hits, {misses} misses as kurbo says, {grazes} grazes judged apart; worst {worst:.2e} px off the piece, cos {worst_cos:.2e}"
    );
    assert!(
        hits >= 1_000 && misses >= 500 && grazes <= 20,
        "{hits} {misses} {grazes}"
    );
}

#[test]
fn a_ray_through_a_set_stops_at_the_nearest_piece_one_way_from_above_only() {
    let mut rng = Rng::new(0x4A7C_5E70);
    let (mut checked, mut one_way_passed) = (0, 0);
    for case in 0..500 {
        let pieces: Vec<TerrainPiece> = (0..12)
            .map(|_| TerrainPiece {
                one_way: rng.chance(0.3),
                ..TerrainPiece::solid(random_piece(&mut rng, Vec2::ZERO))
            })
            .collect();
        let Ok(set) = TerrainSet::new(pieces.clone()) else {
            continue;
        };
        let origin = Vec2::new(
            rng.range(-200.0, 200.0) as f32,
            rng.range(-200.0, 200.0) as f32,
        );
        let motion = Vec2::from_angle(rng.range(0.0, std::f64::consts::TAU) as f32) * 400.0;
        // Brute force over kurbo: the nearest intersection of a solid piece,
        // or a one-way piece met from its holding (left) side.
        let mut want: Option<(usize, f64)> = None;
        for (i, p) in pieces.iter().enumerate() {
            let Some((s, u)) = kurbo_first(&p.shape, origin, motion) else {
                continue;
            };
            let left = deriv(&p.shape, u).perp();
            if p.one_way && motion.as_dvec2().dot(left) >= 0.0 {
                one_way_passed += 1;
                continue;
            }
            if want.is_none_or(|(_, b)| s < b) {
                want = Some((i, s));
            }
        }
        let got = set.ray_cast(origin, motion);
        match (got, want) {
            (Some((i, hit)), Some((j, s))) => {
                let off = (hit.fraction as f64 - s).abs() * 400.0;
                assert!(i == j || off < 1e-3, "case {case}: piece {i} vs {j}");
                assert!(off < 1e-3, "case {case}: {off} px off");
                checked += 1;
            }
            (None, None) => checked += 1,
            (got, want) => panic!("case {case}: ours {got:?}, brute force {want:?}"),
        }
    }
    println!(
        "{checked} rays through sets of 12 pieces as the brute force says; {one_way_passed} one-way pieces let a ray by"
    );
    assert!(
        checked >= 450 && one_way_passed >= 100,
        "{checked} {one_way_passed}"
    );
}

/// The hit is polished onto the ray: the piece's parameter comes from the
/// root finder in f32, and Newton steps in f64 on the crossing's own
/// equation put it on the ray (a straight piece in one step). Oracle: the
/// closed form of two lines crossing, `s = (p0 − o) × e / (d × e)`, in f64
/// from the same f32 points. Straight pieces up to 16 000 px out, rays
/// meeting them at 20° or more: the fraction is the closed form's to a few
/// f32 steps (of a number below 1): 1.11 at worst, where the root
/// finder alone is 12.3 off.
#[test]
fn a_rays_hit_on_a_straight_piece_is_polished_onto_the_ray() {
    let mut rng = Rng::new(0x9011_54ED);
    let (mut checked, mut worst) = (0, 0.0f64);
    for case in 0..4_000 {
        let at = if case % 2 == 0 {
            far_point(&mut rng)
        } else {
            Vec2::ZERO
        };
        let mut p = || {
            at + Vec2::new(
                rng.range(-100.0, 100.0) as f32,
                rng.range(-100.0, 100.0) as f32,
            )
        };
        let (p0, p1) = (p(), p());
        let origin = p() + p() - at;
        let motion = (p() - origin) * 2.0;
        let t = Terrain::Segment(Segment::new(p0, p1));
        let Some(hit) = t.ray_cast(origin, motion) else {
            continue;
        };
        let (o, d) = (origin.as_dvec2(), motion.as_dvec2());
        let (a, e) = (p0.as_dvec2(), (p1 - p0).as_dvec2());
        let sine = d.normalize().perp_dot(e.normalize()).abs();
        if sine < 0.34 {
            continue;
        }
        let s = (a - o).perp_dot(e) / d.perp_dot(e);
        checked += 1;
        let steps = (hit.fraction as f64 - s).abs() / f64::from(f32::EPSILON / 2.0);
        worst = worst.max(steps);
        assert!(
            steps <= 2.0,
            "case {case}: fraction {} vs {s}: {steps:.1} f32 steps",
            hit.fraction
        );
    }
    println!("{checked} hits at 20° or more: worst {worst:.2} f32 steps from the closed form");
    assert!(checked >= 1_000, "{checked}");
}
