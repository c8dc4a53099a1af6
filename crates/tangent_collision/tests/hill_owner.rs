//! One owner keeps a body on a hill: the step's hill rule
//! (`BodyDef::follows_hills`, on by default) or the game (off). A ball
//! rolling over a circular crest slower than `√(g (R + r))` stays on it every
//! step with the rule; with it off, the same ball leaves the crest.

use tangent_collision::dynamics::step_body;
use tangent_collision::prelude::*;

const DT: f32 = 1.0 / 60.0;

/// A circular hill of radius `r` (its top at the origin) as one cubic,
/// within 0.03 % of the circle over ±30°.
fn hill(r: f32) -> TerrainSet {
    let a = 30f32.to_radians();
    let k = 4.0 / 3.0 * (a / 2.0).tan() * r;
    let p = |t: f32| Vec2::new(r * t.sin(), r * t.cos() - r);
    let tan = |t: f32| Vec2::new(t.cos(), -t.sin());
    let (p0, p3) = (p(-a), p(a));
    let curve = CubicBezier::new(p0, p0 + tan(-a) * k, p3 - tan(a) * k, p3);
    TerrainSet::new(vec![TerrainPiece::solid(curve)]).unwrap()
}

/// Steps a ball from the crest's left flank over the top: the steps it
/// spent over the hill's middle (|x| < 0.4 R) and how many of them it was
/// grounded.
fn grounded_steps(follows: bool, speed: f32, g: f32) -> (usize, usize) {
    let (r, radius) = (200.0, 8.0);
    let set = hill(r);
    let start = -10f32.to_radians();
    let n = Vec2::new(start.sin(), start.cos());
    let mut body = Body::new(
        ActorShape::Circle { radius },
        Vec2::new(0.0, -r) + n * (r + radius + 0.02),
        Vec2::new(n.y, -n.x) * speed,
        0.0,
    );
    body.follows_hills = follows;
    let (mut over, mut grounded) = (0, 0);
    for _ in 0..120 {
        let report = step_body(&set, &mut body, Vec2::new(0.0, -g), DT);
        if body.position.x.abs() < r * 0.4 {
            over += 1;
            grounded += report.grounded as usize;
        }
    }
    (over, grounded)
}

#[test]
fn the_hill_rule_holds_a_slow_ball_and_only_when_it_owns_it() {
    // √(g (R + r)) ≈ 865 px/s lets go; at 750 px/s it stays on, and a
    // step's chord ends L²/(2(R + r)) ≈ 0.38 px above the hill: more than
    // the contact margin, so only the rule brings it back.
    let g = 3600.0;
    let (over, held) = grounded_steps(true, 750.0, g);
    println!("with the rule: grounded {held} of {over} steps over the crest");
    assert!(
        over >= 8,
        "the ball crossed too fast to judge ({over} steps)"
    );
    assert_eq!(held, over);
    let (over, held) = grounded_steps(false, 750.0, g);
    println!("without it: grounded {held} of {over} steps over the crest");
    assert!(
        over >= 8 && held < over,
        "held {held} of {over} without the rule"
    );
}
