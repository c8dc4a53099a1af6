//! The step is deterministic across builds: three scenes of 40 circles
//! (radius 2–20 px) and rects (half-size 2–16 px) up to 2 800 px/s,
//! restitution 0–1, gripping or not, flying, bouncing, sliding and resting
//! in a room of tiles, blocks and curves, are stepped 600 times, and a hash of every body's position and velocity bits
//! after every step (and, in a fourth scene, the same bodies stepped
//! together with [`step_bodies`]: colliding, stacking and falling asleep)
//! is compared with the value written in
//! `tests/determinism.hash`. CI runs this under the test profile
//! (`cargo test`) and the release profile (`cargo test --release -p
//! tangent_collision --test determinism`): a difference between
//! optimisation levels, or any change to the simulation, shows up here as a
//! reviewed hash update (`UPDATE_HASHES=1` rewrites the file).

mod common;

use common::levels::{fnv, room_scene};
use tangent_collision::dynamics::{StepScratch, WorldScratch, step_bodies, step_body_with};

const HASH_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/determinism.hash");

fn scene_hash(seed: u64, together: bool) -> u64 {
    let (r, mut bodies, gravity) = room_scene(seed);
    let mut scratch = StepScratch::default();
    let mut world = WorldScratch::default();
    let mut h = 0xcbf2_9ce4_8422_2325;
    for _ in 0..600 {
        if together {
            step_bodies(&r.set, &mut bodies, &mut world, gravity, 1.0 / 60.0);
            for (i, (b, report)) in bodies.iter().zip(world.reports()).enumerate() {
                let flags = [report.grounded as u8, report.contacts.len() as u8];
                h = fnv(h, &[flags[0], flags[1], world.is_asleep(i) as u8]);
                for x in [b.position.x, b.position.y, b.velocity.x, b.velocity.y] {
                    h = fnv(h, &x.to_bits().to_le_bytes());
                }
            }
            continue;
        }
        for b in bodies.iter_mut() {
            let report = step_body_with(&r.set, b, &mut scratch, gravity, 1.0 / 60.0);
            h = fnv(h, &[report.grounded as u8, report.contacts.len() as u8]);
            for x in [b.position.x, b.position.y, b.velocity.x, b.velocity.y] {
                h = fnv(h, &x.to_bits().to_le_bytes());
            }
        }
    }
    h
}

#[test]
fn the_step_gives_the_recorded_hash_in_this_build() {
    let hashes: Vec<String> = (1..=4)
        .map(|seed| format!("{:016x}", scene_hash(seed, seed == 4)))
        .collect();
    // Run to run, in one build: the same.
    assert_eq!(format!("{:016x}", scene_hash(1, false)), hashes[0]);
    assert_eq!(format!("{:016x}", scene_hash(4, true)), hashes[3]);
    let text = hashes.join("\n") + "\n";
    if std::env::var_os("UPDATE_HASHES").is_some() {
        std::fs::write(HASH_FILE, &text).unwrap();
    }
    let recorded = std::fs::read_to_string(HASH_FILE).unwrap_or_default();
    println!(
        "profile {}: 4 scenes × 40 bodies × 600 steps (the last stepped together), hashes {hashes:?}",
        if cfg!(debug_assertions) {
            "test"
        } else {
            "release"
        }
    );
    assert_eq!(
        recorded, text,
        "the simulation changed (or differs in this build): if the change is meant, \
         rerun with UPDATE_HASHES=1 and commit tests/determinism.hash"
    );
}
