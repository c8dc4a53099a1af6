//! No body passes through another. A 4 px ball at 20 000 px/s fired from
//! 10 000 random angles and spots at a 16 px crate resting on the floor of a
//! closed room: it never passes through the crate (the straight path of no
//! step crosses the crate's box shrunk by a pixel, a crossing the sweeps
//! would have to miss) nor ends a step inside it. And two bodies closing
//! head-on at random speeds up to 20 000 px/s, random circles and rects
//! 2–40 px, random gravity, anywhere within ±16 000 px: on a line in the
//! air their order along it never flips, and (on the line or over a floor,
//! rolling and bouncing off it) they never overlap by more than the skin.

mod common;

use common::bodies::overlap;
use common::rng::Rng;
use glam::Vec2;
const SKIN: f32 = tangent_collision::prelude::Body::SKIN;
use tangent_collision::dynamics::{WorldScratch, step_bodies};
use tangent_collision::geometry::Rect;
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;
const ROOM: Vec2 = Vec2::new(1200.0, 800.0);

/// A closed box room, floor at y = 0, elastic walls.
fn box_room() -> TerrainSet {
    let c = [
        Vec2::ZERO,
        Vec2::new(ROOM.x, 0.0),
        ROOM,
        Vec2::new(0.0, ROOM.y),
    ];
    // Counter-clockwise corners: each wall's solid side faces out.
    TerrainSet::new(
        (0..4)
            .map(|k| TerrainPiece::solid(Segment::new(c[k], c[(k + 1) % 4])))
            .collect(),
    )
    .unwrap()
}

/// Whether the segment from `a` to `b` crosses the box `r` (slab test).
fn crosses(a: Vec2, b: Vec2, r: Rect) -> bool {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, v, lo, hi) in [(a.x, d.x, r.min.x, r.max.x), (a.y, d.y, r.min.y, r.max.y)] {
        if v == 0.0 {
            if p < lo || p > hi {
                return false;
            }
            continue;
        }
        let (s0, s1) = ((lo - p) / v, (hi - p) / v);
        t0 = t0.max(s0.min(s1));
        t1 = t1.min(s0.max(s1));
    }
    t0 <= t1
}

#[test]
fn a_bullet_never_passes_through_a_crate() {
    let mut rng = Rng::new(0x00B0_11E7);
    let room = box_room();
    let floor_y = 0.0;
    let (mut shots, mut hits, mut worst) = (0, 0, 0.0f32);
    for shot in 0..10_000 {
        let crate_at = Vec2::new(rng.range(0.2, 0.8) as f32 * ROOM.x, floor_y + 8.0 + SKIN);
        let box_ = Body::new(
            ActorShape::Rect {
                half_extents: Vec2::splat(8.0),
            },
            crate_at,
            Vec2::ZERO,
            0.5,
        )
        .with_grip();
        // From a random spot in the room, aimed at a random point of the crate.
        let from = Vec2::new(
            rng.range(0.05, 0.95) as f32 * ROOM.x,
            floor_y + rng.range(4.0, 0.8 * ROOM.y as f64) as f32,
        );
        let target = crate_at + Vec2::new(rng.range(-8.0, 8.0) as f32, rng.range(-8.0, 8.0) as f32);
        let aim = (target - from).normalize();
        let bullet = Body::new(
            ActorShape::Circle { radius: 2.0 },
            from,
            aim * 20_000.0,
            rng.unit() as f32,
        );
        if overlap(&bullet, &box_) > 0.0 {
            continue;
        }
        let mut bodies = [box_, bullet];
        let mut scratch = WorldScratch::default();
        let gravity = Vec2::new(0.0, -rng.log_range(300.0, 6000.0) as f32);
        let mut touched = false;
        for _ in 0..6 {
            let (a, c) = (bodies[1].position, bodies[0].position);
            step_bodies(&room, &mut bodies, &mut scratch, gravity, DT);
            // The crate's box grown by the bullet, less a pixel, where the
            // crate started the step (it only moves after a hit).
            let solid = Rect::from_center_half_size(c, Vec2::splat(8.0 + 2.0 - 1.0));
            let moved_crate = (bodies[0].position - c).length() > 1e-3;
            assert!(
                moved_crate || !crosses(a, bodies[1].position, solid),
                "shot {shot}: passed through the crate from {a} to {}",
                bodies[1].position
            );
            let depth = overlap(&bodies[0], &bodies[1]);
            worst = worst.max(depth);
            assert!(depth <= SKIN, "shot {shot}: {depth} px inside the crate");
            touched |= scratch.reports()[1]
                .contacts
                .iter()
                .any(|c| c.body() == Some(0));
        }
        shots += 1;
        hits += usize::from(touched);
    }
    println!("{shots} shots at 20 000 px/s, {hits} hit the crate; deepest overlap {worst:.5} px");
    // Every shot is aimed at the crate: every one must hit it.
    assert!(shots > 9_000 && hits == shots, "{shots} shots, {hits} hits");
}

#[test]
fn bodies_closing_head_on_never_pass() {
    let mut rng = Rng::new(0x0004_EAD0);
    let (mut cases, mut met, mut worst, mut swaps_checked) = (0, 0, 0.0f32, 0usize);
    for case in 0..5_000 {
        let size = |rng: &mut Rng| rng.range(1.0, 20.0) as f32;
        let (sa, sb) = (size(&mut rng), size(&mut rng));
        let shape_a = common::circle_or_rect(&mut rng, sa);
        let shape_b = common::circle_or_rect(&mut rng, sb);
        let dir = Vec2::from_angle(rng.range(0.0, std::f64::consts::TAU) as f32);
        let center = Vec2::new(
            rng.range(-15_000.0, 15_000.0) as f32,
            rng.range(-15_000.0, 15_000.0) as f32,
        );
        let apart = sa + sb + 2.0 + rng.range(0.0, 400.0) as f32;
        let (va, vb) = (
            rng.range(0.0, 20_000.0) as f32,
            rng.range(0.0, 20_000.0) as f32,
        );
        let mut a = Body::new(
            shape_a,
            center - dir * apart * 0.5,
            dir * va,
            rng.unit() as f32,
        );
        let b = Body::new(
            shape_b,
            center + dir * apart * 0.5,
            -dir * vb,
            rng.unit() as f32,
        );
        a.inverse_mass *= rng.log_range(0.1, 10.0) as f32;
        if overlap(&a, &b) > 0.0 {
            continue;
        }
        let gravity = Vec2::new(0.0, -rng.range(0.0, 6000.0) as f32);
        let on_line = rng.chance(0.5);
        let set = if !on_line {
            let y = center.y - 60.0;
            TerrainSet::new(vec![TerrainPiece::solid(Segment::new(
                Vec2::new(center.x - 600.0, y),
                Vec2::new(center.x + 600.0, y),
            ))])
            .unwrap()
        } else {
            TerrainSet::new(vec![]).unwrap()
        };
        let mut bodies = if rng.chance(0.5) { [a, b] } else { [b, a] };
        let (ia, ib) = if bodies[0] == a { (0, 1) } else { (1, 0) };
        let mut scratch = WorldScratch::default();
        let mut touched = false;
        let side = |bs: &[Body; 2]| (bs[ib].position - bs[ia].position).dot(dir);
        // How far apart they are across the line, and how far across it
        // their shapes reach together: closer than that, they cannot go
        // round each other.
        let across = |bs: &[Body; 2]| (bs[ib].position - bs[ia].position).dot(dir.perp()).abs();
        let reach =
            common::extent_along(&shape_a, dir.perp()) + common::extent_along(&shape_b, dir.perp());
        for step in 0..8 {
            let before = side(&bodies);
            let across_before = across(&bodies);
            // Closing (not moving apart after a knock: two bodies flying the
            // same way side by side take their turns one after the other and
            // may swap places, see `step_bodies`).
            let closing = (bodies[ib].velocity - bodies[ia].velocity).dot(dir) < 0.0;
            step_bodies(&set, &mut bodies, &mut scratch, gravity, DT);
            let depth = overlap(&bodies[0], &bodies[1]);
            worst = worst.max(depth);
            assert!(
                depth <= SKIN,
                "case {case} step {step}: overlap {depth}: {bodies:?}"
            );
            let met_now = scratch
                .reports()
                .iter()
                .any(|r| r.contacts.iter().any(|c| c.body().is_some()));
            // On a line (no floor: gravity moves both alike) two bodies
            // closing on each other never swap their order along it while
            // too close across it to go round each other, whether or not a
            // contact was reported: that would be a pass through. (A
            // glancing knock may send them round each other: allowed.)
            let swapped = before > 0.0 && side(&bodies) < 0.0;
            let in_the_way = across_before < reach && across(&bodies) < reach;
            assert!(
                !(on_line && closing && swapped && in_the_way),
                "case {case} step {step}: passed through: {bodies:?}"
            );
            swaps_checked += usize::from(on_line && closing);
            touched |= met_now;
        }
        cases += 1;
        met += usize::from(touched);
    }
    println!(
        "{cases} head-on pairs up to 20 000 px/s, {met} met; {swaps_checked} closing steps on a \
         line checked for a swap, none; deepest overlap {worst:.5} px"
    );
    // 4 982 pairs run and 3 734 meet within the 8 steps today (slow pairs
    // drawn far apart do not): floors in numbers.
    assert!(
        cases > 4_500 && met > 3_500 && swaps_checked > 7_000,
        "{cases} cases, {met} met, {swaps_checked} steps checked for a swap"
    );
}
