//! Behaviour of `step_body`: seams, bounces, curves, resting, slopes and
//! degenerate terrain. Closed-form expectations are stated in each test.

mod common;

use glam::Vec2;
use tangent_collision::dynamics::step_body;
use tangent_collision::prelude::{
    ActorShape, Body, CubicBezier, QuadBezier, Segment, Terrain, TerrainError, TerrainPiece,
    TerrainSet, TileGrid, TileKind,
};

const DT: f32 = 1.0 / 60.0;
const G: Vec2 = Vec2::new(0.0, -900.0);

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn circle(r: f32) -> ActorShape {
    ActorShape::Circle { radius: r }
}

fn rect(hx: f32, hy: f32) -> ActorShape {
    ActorShape::Rect {
        half_extents: v(hx, hy),
    }
}

fn set_of(shapes: &[Terrain]) -> TerrainSet {
    TerrainSet::new(shapes.iter().map(|s| TerrainPiece::solid(*s)).collect()).unwrap()
}

/// A floor of 1 000 tiles of 16 px (a 1000 x 2 grid, bottom row solid).
fn tile_floor() -> TerrainSet {
    let mut g = TileGrid::new(1000, 40, 16.0, Vec2::ZERO);
    for x in 0..1000 {
        g.set(x, 0, TileKind::Solid);
    }
    TerrainSet::from_tiles(&g, Vec::new()).unwrap()
}

/// The same floor as 1 000 separate, unmerged 16 px segments.
fn segment_floor() -> TerrainSet {
    let pieces = (0..1000)
        .map(|i| {
            let x = i as f32 * 16.0;
            TerrainPiece::solid(Segment::new(v(x, 16.0), v(x + 16.0, 16.0)))
        })
        .collect();
    TerrainSet::new(pieces).unwrap()
}

fn slide_across(set: &TerrainSet, shape: ActorShape, bottom: f32) {
    let y = 16.0 + bottom + 0.02;
    let mut body = Body::new(shape, v(40.0, y), v(600.0, 0.0), 0.0);
    // 1 000 tiles at 600 px/s: 26 s, 1 600 steps.
    for step in 0..1_580 {
        let r = step_body(set, &mut body, G, DT);
        assert!(r.grounded, "step {step}: lost the ground");
        assert!(
            (body.velocity.x - 600.0).abs() < 1e-3,
            "step {step}: {body:?}"
        );
        assert!(body.velocity.y.abs() < 1e-3, "step {step}: {body:?}");
        assert!((body.position.y - y).abs() < 1e-3, "step {step}: {body:?}");
    }
    assert!(body.position.x > 15_000.0);
}

#[test]
fn seams_merged_tile_floor_costs_no_speed() {
    let set = tile_floor();
    slide_across(&set, rect(8.0, 12.0), 12.0);
    slide_across(&set, circle(10.0), 10.0);
}

#[test]
fn seams_unmerged_segment_floor_costs_no_speed() {
    let set = segment_floor();
    slide_across(&set, rect(8.0, 12.0), 12.0);
    slide_across(&set, circle(10.0), 10.0);
}

/// Drops a ball of radius 10 from 300 px above its resting height and
/// returns the apex heights (above rest) after each of `n` bounces.
fn bounce_heights(e: f32, n: usize) -> Vec<f32> {
    bounce_heights_on(e, 1.0, n)
}

/// Apex heights over the floor of a 10 px ball of restitution `e` dropped
/// from 300 px onto a floor piece of restitution `floor_e`, for `n` bounces.
fn bounce_heights_on(e: f32, floor_e: f32, n: usize) -> Vec<f32> {
    let mut floor = TerrainPiece::solid(Segment::new(v(-500.0, 0.0), v(500.0, 0.0)));
    floor.restitution = floor_e;
    let set = TerrainSet::new(vec![floor]).unwrap();
    let rest = 10.0 + 0.02;
    let mut body = Body::new(circle(10.0), v(0.0, rest + 300.0), Vec2::ZERO, e);
    let mut heights = Vec::new();
    let mut apex = f32::MIN;
    let mut rising = false;
    for _ in 0..60 * 120 {
        let before = body;
        step_body(&set, &mut body, G, DT);
        if before.velocity.y <= 0.0 && body.velocity.y > 0.0 {
            rising = true;
            apex = body.position.y;
        }
        if rising {
            // Exact apex of the parabola through this step's start.
            let vy = before.velocity.y;
            if vy > 0.0 && body.velocity.y <= 0.0 {
                apex = apex.max(before.position.y + vy * vy / (2.0 * 900.0));
                heights.push(apex - rest);
                rising = false;
                if heights.len() == n {
                    break;
                }
            }
        }
    }
    heights
}

#[test]
fn bounce_elastic_ball_returns_to_drop_height_after_10_bounces() {
    let h = bounce_heights(1.0, 10);
    assert_eq!(h.len(), 10, "{h:?}");
    for (i, hi) in h.iter().enumerate() {
        assert!(
            (hi - 300.0).abs() < 3.0,
            "bounce {}: {hi} px, want 300 ± 1 %",
            i + 1
        );
    }
}

#[test]
fn bounce_half_elastic_ball_loses_e_squared_per_bounce() {
    assert_rebounds_scale_by(&bounce_heights(0.5, 3), 0.25, "e 0.5");
}

/// Each of three rebounds (apex heights `h`, from a 300 px drop) is `ratio`
/// times the one before, within 2 %.
fn assert_rebounds_scale_by(h: &[f32], ratio: f32, what: &str) {
    assert_eq!(h.len(), 3, "{what}: {h:?}");
    let mut prev = 300.0;
    for (i, hi) in h.iter().enumerate() {
        assert!(
            (hi / prev - ratio).abs() < ratio * 0.02,
            "{what}, bounce {}: ratio {}, want {ratio} ± 2 %",
            i + 1,
            hi / prev
        );
        prev = *hi;
    }
}

/// A bounce's restitution is the body's times the piece's (`TerrainPiece::
/// restitution`): a 0.8 ball on a 0.625 floor keeps e² = 0.25 of its
/// height a bounce, and a 0.5 ball on a floor of 2 bounces as an elastic
/// one (closed form: the apex height scales by e² each bounce).
#[test]
fn bounce_restitution_is_the_bodys_times_the_pieces() {
    for (body_e, floor_e, ratio) in [(0.8, 0.625, 0.25), (0.5, 2.0, 1.0)] {
        let what = format!("ball {body_e} on floor {floor_e}");
        assert_rebounds_scale_by(&bounce_heights_on(body_e, floor_e, 3), ratio, &what);
    }
}

/// A landing reports the speed it met the floor with: a ball dropped from
/// 300 px at g = 900 lands at `√(2 g h)` = 734.8 px/s (closed form), bounced
/// or not by its restitution.
#[test]
fn landing_reports_the_impact_speed() {
    let floor = set_of(&[Terrain::Segment(Segment::new(
        v(-500.0, 0.0),
        v(500.0, 0.0),
    ))]);
    let want = (2.0f32 * 900.0 * 300.0).sqrt();
    for e in [0.0, 0.5] {
        let mut body = Body::new(circle(10.0), v(0.0, 10.02 + 300.0), Vec2::ZERO, e);
        let contact = (0..120)
            .find_map(|_| {
                step_body(&floor, &mut body, G, DT)
                    .contacts
                    .first()
                    .cloned()
            })
            .expect("it lands within 2 s");
        assert!(
            (contact.impact_speed - want).abs() < want * 0.01 && contact.bounced == (e > 0.0),
            "e {e}: impact speed {} (want {want}), bounced {}",
            contact.impact_speed,
            contact.bounced
        );
    }
}

/// A ball released on the steep side of a bowl rolls and settles at the
/// bottom. It needs some friction to settle (μ = 0.1: it can rest only where
/// the slope is under atan 0.1 ≈ 5.7°, which is within `hold` px of the
/// bottom: 11.25 on the quad bowl, 18.2 on the flatter cubic one). Where in
/// that band it stops depends on how it lost its energy, so the test asks
/// for the band and for the slope under the ball.
fn settles_in(bowl: Terrain, bottom_x: f32, hold: f32) {
    let set = set_of(&[bowl]);
    let mut body = Body::new(circle(10.0), v(bottom_x - 190.0, 340.0), Vec2::ZERO, 0.2);
    body.friction = 0.1;
    // Let it fall onto the side first.
    let mut still = 0;
    let mut last = body.position;
    for _ in 0..60 * 120 {
        step_body(&set, &mut body, G, DT);
        assert!(body.position.is_finite());
        if (body.position - last).length() < 1e-4 {
            still += 1;
        } else {
            still = 0;
        }
        last = body.position;
        if still > 120 {
            break;
        }
    }
    assert!(still > 120, "never came to rest: {body:?}");
    assert!(body.velocity.length() < 1e-3, "{body:?}");
    // The ball's centre is 10 px up the normal from its contact point.
    assert!(
        (body.position.x - bottom_x).abs() < hold + 1.0,
        "rests at {body:?}, bottom x {bottom_x}"
    );
    let d = bowl.derivative(bowl.closest_t(body.position));
    assert!(
        (d.y / d.x).abs() <= body.friction * 1.01,
        "rests where the slope is {}°, steeper than friction holds",
        (d.y / d.x).abs().atan().to_degrees()
    );
}

#[test]
fn curves_ball_settles_at_the_bottom_of_a_quad_bowl() {
    // y = 400 (1 - x/300)², bottom (300, 0).
    settles_in(
        Terrain::Quad(QuadBezier::new(
            v(0.0, 400.0),
            v(300.0, -400.0),
            v(600.0, 400.0),
        )),
        300.0,
        11.25,
    );
}

#[test]
fn curves_ball_settles_at_the_bottom_of_a_cubic_bowl() {
    // A symmetric cubic half-pipe; its bottom is B(1/2) = (300, 25).
    settles_in(
        Terrain::Cubic(CubicBezier::new(
            v(0.0, 400.0),
            v(100.0, -100.0),
            v(500.0, -100.0),
            v(600.0, 400.0),
        )),
        300.0,
        18.2,
    );
}

#[test]
fn curves_bounce_direction_follows_the_derivative_at_the_mean_hit() {
    // A tilted cubic slope; drop balls on it at several places.
    let slope = Terrain::Cubic(CubicBezier::new(
        v(0.0, 0.0),
        v(150.0, 40.0),
        v(300.0, 200.0),
        v(500.0, 260.0),
    ));
    let set = set_of(&[slope]);
    for x in [80.0f32, 200.0, 330.0, 420.0] {
        let top = slope.point(slope.closest_t(v(x, 1000.0))).y;
        let mut body = Body::new(circle(8.0), v(x, top + 150.0), Vec2::ZERO, 1.0);
        let mut checked = false;
        for _ in 0..120 {
            let r = step_body(&set, &mut body, G, DT);
            if let Some(c) = r.contacts.iter().find(|c| c.bounced) {
                // The oracle: the perpendicular of kurbo's B' at the mean of
                // the contact's hit parameters, on the side the ball fell
                // from (up), and the contact point kurbo's B there.
                let mean = c.hits.iter().map(|&h| h as f64).sum::<f64>() / c.hits.len() as f64;
                let d = common::deriv(&slope, mean).normalize();
                let want = glam::DVec2::new(-d.y, d.x);
                let want = if want.y < 0.0 { -want } else { want };
                assert!(
                    (c.normal.as_dvec2() - want).length() < 1e-4,
                    "x {x}: {} vs {want}",
                    c.normal
                );
                let at = common::eval(&slope, mean);
                assert!(
                    (c.point.as_dvec2() - at).length() < 1e-2,
                    "x {x}: {} vs {at}",
                    c.point
                );
                checked = true;
                break;
            }
        }
        assert!(checked, "x {x}: never bounced");
    }
}

/// 10 simulated minutes at 60 Hz.
const TEN_MINUTES: usize = 36_000;

fn rests_still(set: &TerrainSet, mut body: Body) {
    // Settle first (land from the skin gap), then watch.
    for _ in 0..60 {
        step_body(set, &mut body, G, DT);
    }
    let start = body.position;
    for step in 0..TEN_MINUTES {
        let r = step_body(set, &mut body, G, DT);
        assert!(r.grounded, "step {step}: grounded flickered off: {body:?}");
    }
    let moved = (body.position - start).length();
    assert!(moved < 0.01, "moved {moved} px in 10 minutes: {body:?}");
}

#[test]
fn resting_ball_at_the_bottom_of_a_bowl_stays_for_ten_minutes() {
    let bowl = Terrain::Quad(QuadBezier::new(
        v(0.0, 400.0),
        v(300.0, -400.0),
        v(600.0, 400.0),
    ));
    let set = set_of(&[bowl]);
    rests_still(
        &set,
        Body::new(circle(10.0), v(300.0, 10.05), Vec2::ZERO, 0.5),
    );
}

#[test]
fn resting_crate_on_a_curved_slope_stays_for_ten_minutes() {
    // On the side of a hill, where the slope is about 25°.
    let hill = Terrain::Quad(QuadBezier::new(v(0.0, 0.0), v(300.0, 300.0), v(600.0, 0.0)));
    let set = set_of(&[hill]);
    let t = 0.3;
    let p = hill.point(t);
    let n = hill.derivative(t).perp().normalize();
    assert!(
        n.y > (30f32).to_radians().cos(),
        "test slope should be gentle"
    );
    let body = Body::new(circle(10.0), p + n * 10.05, Vec2::ZERO, 0.0).with_grip();
    rests_still(&set, body);
    // The crate on the same side, not at the flat apex: its lower corner
    // on the hill where the slope is about 25°, placed by the closed form
    // (the slope rises to the right, so the lower right corner touches it:
    // the centre is `(-10, 10)` from a corner at `p + n · 0.05`).
    let corner = p + n * 0.05;
    let crate_ = Body::new(rect(10.0, 10.0), corner + v(-10.0, 10.0), Vec2::ZERO, 0.0).with_grip();
    assert!(hill.actor_hits(&crate_.shape, crate_.position).is_empty());
    rests_still(&set, crate_);
}

fn slope(deg: f32) -> Terrain {
    let d = Vec2::from_angle(deg.to_radians()) * 1000.0;
    Terrain::Segment(Segment::new(-d, d))
}

#[test]
fn slopes_within_max_slope_hold_a_gripping_body_and_steeper_ones_do_not() {
    for (deg, holds) in [(30.0f32, true), (44.0, true), (46.0, false), (60.0, false)] {
        let set = set_of(&[slope(deg)]);
        let n = Vec2::from_angle((deg + 90.0).to_radians());
        for shape in [circle(10.0), rect(10.0, 10.0)] {
            let reach = common::extent_along(&shape, n);
            let mut body = Body::new(shape, n * (reach + 0.05), Vec2::ZERO, 0.0).with_grip();
            let start = body.position;
            for _ in 0..600 {
                step_body(&set, &mut body, G, DT);
            }
            // Along the slope; across it the body may settle from its
            // 0.05 px start onto the skin (0.02 px).
            let moved = (body.position - start).dot(n.perp()).abs();
            let settled = (body.position - start).dot(n);
            if holds {
                assert!(moved < 0.01, "{deg}° {shape:?}: moved {moved}");
                assert!(
                    (-0.031..=0.0).contains(&settled),
                    "{deg}° {shape:?}: {settled}"
                );
            } else {
                assert!(moved > 10.0, "{deg}° {shape:?}: only moved {moved}");
            }
        }
    }
}

#[test]
fn frictionless_body_slides_down_any_slope() {
    let set = set_of(&[slope(20.0)]);
    let n = Vec2::from_angle(110f32.to_radians());
    let mut body = Body::new(circle(10.0), n * 10.05, Vec2::ZERO, 0.0);
    for _ in 0..120 {
        step_body(&set, &mut body, G, DT);
    }
    // Sliding acceleration g sin 20° ≈ 308 px/s²: after 2 s, ~616 px/s.
    let speed = body.velocity.length();
    assert!(
        (speed - 900.0 * 20f32.to_radians().sin() * 2.0).abs() < 10.0,
        "{speed}"
    );
}

#[test]
fn degenerate_terrain_never_yields_nan() {
    let shapes = [
        Terrain::Cubic(CubicBezier::new(
            v(0.0, 0.0),
            v(0.0, 0.0),
            v(100.0, 0.0),
            v(100.0, 0.0),
        )),
        Terrain::Quad(QuadBezier::new(
            v(200.0, 50.0),
            v(200.0, 50.0),
            v(200.0, 50.0),
        )),
        Terrain::Segment(Segment::new(v(300.0, 10.0), v(300.0, 10.0))),
        // Two curves tangent to each other at (450, 0).
        Terrain::Quad(QuadBezier::new(
            v(400.0, 50.0),
            v(450.0, -50.0),
            v(500.0, 50.0),
        )),
        Terrain::Quad(QuadBezier::new(
            v(400.0, -50.0),
            v(450.0, 50.0),
            v(500.0, -50.0),
        )),
        Terrain::Segment(Segment::new(v(-16_000.0, -100.0), v(16_000.0, -100.0))),
    ];
    let set = set_of(&shapes);
    for x in (0..=600).step_by(25) {
        for shape in [circle(6.0), rect(5.0, 7.0)] {
            let mut body = Body::new(shape, v(x as f32, 200.0), v(37.0, -400.0), 0.7);
            for _ in 0..300 {
                let r = step_body(&set, &mut body, G, DT);
                assert!(r.error.is_none());
                assert!(
                    body.position.is_finite() && body.velocity.is_finite(),
                    "{body:?}"
                );
            }
            assert!(body.position.y > -100.0, "fell through the floor: {body:?}");
        }
    }
}

#[test]
fn non_finite_terrain_is_rejected_at_construction() {
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let piece = TerrainPiece::solid(QuadBezier::new(v(0.0, 0.0), v(bad, 1.0), v(2.0, 0.0)));
        let err = TerrainSet::new(vec![piece]).unwrap_err();
        assert!(
            matches!(err, TerrainError::NonFinite { piece: 0, .. }),
            "{err}"
        );
    }
    let mut p = TerrainPiece::solid(Segment::new(v(0.0, 0.0), v(1.0, 0.0)));
    p.restitution = f32::NAN;
    assert!(matches!(
        TerrainSet::new(vec![p]),
        Err(TerrainError::BadRestitution { .. })
    ));
}

#[test]
fn non_finite_body_or_step_is_refused_and_the_body_kept() {
    let set = set_of(&[Terrain::Segment(Segment::new(v(-10.0, 0.0), v(10.0, 0.0)))]);
    let good = Body::new(circle(1.0), v(0.0, 5.0), Vec2::ZERO, 0.5);
    let mut nan_vel = good;
    nan_vel.velocity.x = f32::NAN;
    let kept = nan_vel;
    let r = step_body(&set, &mut nan_vel, G, DT);
    assert!(r.error.is_some());
    assert_eq!(format!("{nan_vel:?}"), format!("{kept:?}"));
    let mut b = good;
    assert!(
        step_body(&set, &mut b, v(f32::NAN, 0.0), DT)
            .error
            .is_some()
    );
    assert!(step_body(&set, &mut b, G, f32::INFINITY).error.is_some());
    assert_eq!(b, good);
}

#[test]
fn one_way_platform_blocks_from_above_only() {
    let mut plat = TerrainPiece::solid(Segment::new(v(-100.0, 0.0), v(100.0, 0.0)));
    plat.one_way = true;
    let set = TerrainSet::new(vec![plat]).unwrap();
    // From below, jumping up through it.
    let mut b = Body::new(circle(5.0), v(0.0, -30.0), v(0.0, 600.0), 0.0);
    let mut max_y = f32::MIN;
    for _ in 0..120 {
        step_body(&set, &mut b, G, DT);
        max_y = max_y.max(b.position.y);
    }
    assert!(max_y > 100.0, "blocked from below: {max_y}");
    // It then lands on top and stays.
    assert!((b.position.y - 5.02).abs() < 0.05, "{b:?}");
    // Dropping through.
    b.drop_through = true;
    for _ in 0..30 {
        step_body(&set, &mut b, G, DT);
    }
    assert!(b.position.y < -5.0, "did not drop through: {b:?}");
}

/// Height of a body above the lowest point of its path, from its energy:
/// `y + |v|² / 2g`.
fn energy_height(body: &Body) -> f32 {
    body.position.y + body.velocity.length_squared() / (2.0 * -G.y)
}

/// A frictionless ball released on the side of a half-pipe rocks across
/// it. Each step's chord is bent along the concave curve (the step's `dip` rule), so
/// every step is carried out in full (no leftover), with at most one
/// support and one impact per step, the ball never comes closer to the
/// curve than its radius, and it keeps its energy: over 20 s (about ten
/// crossings) its energy height stays within 2 % of the start and never
/// above it.
#[test]
fn curves_frictionless_ball_rocks_in_a_half_pipe_without_losing_steps() {
    for (name, pipe) in [
        (
            "quad",
            Terrain::Quad(QuadBezier::new(
                v(0.0, 400.0),
                v(300.0, -400.0),
                v(600.0, 400.0),
            )),
        ),
        (
            "cubic",
            Terrain::Cubic(CubicBezier::new(
                v(0.0, 400.0),
                v(100.0, -100.0),
                v(500.0, -100.0),
                v(600.0, 400.0),
            )),
        ),
    ] {
        let set = set_of(&[pipe]);
        let t = 0.2;
        let n = pipe.derivative(t).perp().normalize();
        let mut body = Body::new(circle(10.0), pipe.point(t) + n * 10.02, Vec2::ZERO, 0.0);
        let start = energy_height(&body);
        let mut most_contacts = 0;
        for step in 0..60 * 20 {
            let r = step_body(&set, &mut body, G, DT);
            assert_eq!(r.leftover, 0.0, "{name} step {step}: {r:?}");
            most_contacts = most_contacts.max(r.contacts.len());
            let gap = common::nearest(&pipe, body.position).1 as f32 - 10.0;
            assert!(gap >= 0.0, "{name} step {step}: {gap} px into the curve");
            let h = energy_height(&body);
            assert!(
                h <= start + 1e-3,
                "{name} step {step}: energy height {h} > {start}"
            );
            assert!(
                // 2 % of the energy height above 25 px, between the lowest
                // centres of the quad (10 px) and cubic (35 px) pipes.
                h >= start - 0.02 * (start - 25.0),
                "{name} step {step}: {h}, from {start}"
            );
        }
        assert!(
            most_contacts <= 2,
            "{name}: up to {most_contacts} contacts a step"
        );
    }
}

/// A ball dropped into the V between a curve and a wall comes to rest in
/// the corner. The slide keeps it out of both surfaces at once (`slide`),
/// so it stops instead of bouncing between them, step after step, with
/// ever smaller speeds until the step's iterations run out.
#[test]
fn curves_ball_in_a_crease_between_a_curve_and_a_wall_comes_to_rest() {
    // A curve falling toward the wall, still 20° steep where it meets it.
    let slope = Terrain::Quad(QuadBezier::new(
        v(0.0, 160.0),
        v(100.0, 40.0),
        v(200.0, 0.0),
    ));
    let wall = Terrain::Segment(Segment::new(v(200.0, 300.0), v(200.0, 0.0)));
    let set = set_of(&[slope, wall]);
    let mut body = Body::new(circle(8.0), v(100.0, 150.0), v(60.0, 0.0), 0.0);
    for step in 0..60 * 5 {
        let r = step_body(&set, &mut body, G, DT);
        assert!(r.contacts.len() <= 4, "step {step}: {r:?}");
        assert!(body.position.x <= 200.0 - 8.0, "step {step}: {body:?}");
    }
    let still = body.position;
    for step in 0..60 {
        let r = step_body(&set, &mut body, G, DT);
        assert!(r.grounded, "step {step}: {r:?}");
        assert!(r.contacts.len() <= 2, "step {step}: {r:?}");
    }
    assert!(
        (body.position - still).length() < 1e-3,
        "{still} -> {body:?}"
    );
    assert!(body.velocity.length() < 1e-3, "{body:?}");
}
