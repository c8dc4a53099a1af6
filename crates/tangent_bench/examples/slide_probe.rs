//! Profiling probe: one ball rocking, frictionless, in the trough of a
//! cubic wave like the scene bench's, for N steps (default 20 000), every
//! step a slide along the curve (the scene's costliest kind of step), with
//! one `StepScratch` as the scene bench keeps.
//! Prints how many steps had no contact, support only, or an impact, and
//! where the ball ended, so runs of two versions can be compared exactly.
//!
//! `valgrind --tool=callgrind target/release/examples/slide_probe 20000`
//! counts the instructions of a sliding step.

use glam::Vec2;
use tangent_collision::dynamics::{StepScratch, step_body_with};
use tangent_collision::prelude::{
    ActorShape, Body, CubicBezier, Segment, TerrainPiece, TerrainSet,
};

fn main() {
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    let a = Vec2::new(100.0, 300.0);
    let (w, h) = (160.0, 48.0);
    let wave = CubicBezier::new(
        a,
        a + Vec2::new(w / 3.0, h),
        a + Vec2::new(2.0 * w / 3.0, -h),
        a + Vec2::new(w, 0.0),
    );
    let floor = Segment::new(Vec2::ZERO, Vec2::new(1000.0, 0.0));
    let set = TerrainSet::new(vec![TerrainPiece::solid(wave), TerrainPiece::solid(floor)])
        .expect("valid terrain");
    let mut body = Body::new(
        ActorShape::Circle { radius: 6.0 },
        a + Vec2::new(0.7 * w, 0.0),
        Vec2::new(40.0, 0.0),
        0.5,
    );
    // Steps with no contact, with support only, with an impact.
    let mut kinds = [0usize; 3];
    let mut scratch = StepScratch::default();
    for _ in 0..steps {
        let report = step_body_with(
            &set,
            &mut body,
            &mut scratch,
            Vec2::new(0.0, -3600.0),
            1.0 / 60.0,
        );
        let kind = if report.contacts.is_empty() {
            0
        } else if report.contacts.iter().all(|c| c.impact_speed == 0.0) {
            1
        } else {
            2
        };
        kinds[kind] += 1;
    }
    println!(
        "free {}, support only {}, impact {}; ended at {} moving {}",
        kinds[0], kinds[1], kinds[2], body.position, body.velocity
    );
}
