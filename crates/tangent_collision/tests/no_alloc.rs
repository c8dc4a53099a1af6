//! The steady-state step allocates nothing. One `StepScratch` keeps the
//! step's lists; they grow only when a step needs more room than any before
//! it (a fast body gathering more spans than ever). So: bodies of every size
//! the levels use (circles and rects, 2–20 px, up to 2 800 px/s, gravity
//! 600–5 000 px/s², restitution 0–1, gripping or not) fly, bounce, slide on
//! curves and tiles and rest for 600 steps; the next 600 steps are counted
//! (the growth left, printed, must be rare); then the same 600 steps are run
//! again from the same state, and must make no heap allocation at all,
//! counted by a global allocator that counts on this thread.
//! Queries (`segment_hits`, `actor_hits`, `closest_t`, `sweep`) allocate
//! nothing at all.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::levels::room;
use glam::Vec2;
use tangent_collision::dynamics::{StepScratch, step_body_with};
use tangent_collision::prelude::*;

struct Counting;

thread_local! {
    static ON: Cell<bool> = const { Cell::new(false) };
    static COUNT: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if ON.with(|on| on.get()) {
            COUNT.with(|c| c.set(c.get() + 1));
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if ON.with(|on| on.get()) {
            COUNT.with(|c| c.set(c.get() + 1));
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Heap allocations made on this thread while `f` runs.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    COUNT.with(|c| c.set(0));
    ON.with(|on| on.set(true));
    let r = f();
    ON.with(|on| on.set(false));
    (COUNT.with(|c| c.get()), r)
}

/// Deterministic uniform numbers in `[0, 1)` (xorshift).
fn rng(seed: u64) -> impl FnMut() -> f32 {
    let mut rng = tangent_collision::seeded::Xorshift64(seed);
    move || rng.unit_f32()
}

#[test]
fn the_counter_counts() {
    let (n, v) = allocations(|| vec![1u8; 64]);
    assert_eq!(n, 1, "{v:?}");
}

#[test]
fn a_steady_state_step_allocates_nothing() {
    let mut total_steps = 0usize;
    let mut contacts = 0usize;
    let mut growth = 0usize;
    for seed in 1..=4u64 {
        let r = room(0.3 + 0.2 * seed as f32);
        let mut f = rng(0x9E37_79B9_7F4A_7C15 ^ seed);
        let mut bodies: Vec<Body> = (0..40)
            .map(|i| {
                let shape = if i % 3 == 0 {
                    ActorShape::Rect {
                        half_extents: Vec2::new(2.0 + 14.0 * f(), 2.0 + 14.0 * f()),
                    }
                } else {
                    ActorShape::Circle {
                        radius: 2.0 + 18.0 * f(),
                    }
                };
                let mut body = loop {
                    let p = Vec2::new(60.0 + 1030.0 * f(), 60.0 + 650.0 * f());
                    if r.penetration(&shape, p) == 0.0 {
                        let v = Vec2::new(f() - 0.5, f() - 0.5) * 4000.0; // up to 2 800 px/s
                        break Body::new(shape, p, v, f());
                    }
                };
                if i % 4 == 1 {
                    body = body.with_grip();
                }
                body
            })
            .collect();
        let gravity = Vec2::new(0.0, -600.0 - 4400.0 * f());
        let mut scratch = StepScratch::default();
        let mut step_all = |bodies: &mut Vec<Body>, contacts: &mut usize| {
            for b in bodies.iter_mut() {
                *contacts += step_body_with(&r.set, b, &mut scratch, gravity, 1.0 / 60.0)
                    .contacts
                    .len();
            }
        };
        let mut warm = 0;
        for _ in 0..600 {
            step_all(&mut bodies, &mut warm);
        }
        let snapshot = bodies.clone();
        let (first, ()) = allocations(|| {
            for _ in 0..600 {
                step_all(&mut bodies, &mut warm);
            }
        });
        bodies = snapshot;
        let (again, ()) = allocations(|| {
            for _ in 0..600 {
                step_all(&mut bodies, &mut contacts);
            }
        });
        total_steps += 600 * bodies.len();
        growth += first;
        assert!(
            first <= 8,
            "seed {seed}: {first} allocations in 600 new steps of 40 bodies"
        );
        assert_eq!(
            again, 0,
            "seed {seed}: {again} allocations repeating 600 steps of 40 bodies"
        );
    }
    println!(
        "{total_steps} body-steps repeated with 0 allocations ({contacts} contacts); \
         {growth} list growths in the same number of new steps"
    );
    assert!(
        contacts > total_steps / 4,
        "too few contacts ({contacts}) to exercise the step"
    );
}

#[test]
fn queries_allocate_nothing() {
    let hill = Terrain::Cubic(CubicBezier::new(
        Vec2::new(0.0, 0.0),
        Vec2::new(40.0, 90.0),
        Vec2::new(80.0, -60.0),
        Vec2::new(120.0, 10.0),
    ));
    let mut f = rng(7);
    let mut hits = 0;
    let (n, ()) = allocations(|| {
        for _ in 0..2000 {
            let p = Vec2::new(120.0 * f(), 100.0 * f() - 40.0);
            let q = Vec2::new(120.0 * f(), 100.0 * f() - 40.0);
            hits += hill.segment_hits(&Segment::new(p, q)).len();
            hits += hill
                .actor_hits(&ActorShape::Circle { radius: 15.0 * f() }, p)
                .len();
            let rect = ActorShape::Rect {
                half_extents: Vec2::new(20.0 * f(), 20.0 * f()),
            };
            hits += hill.actor_hits(&rect, p).len();
            std::hint::black_box(hill.closest_t(p));
            std::hint::black_box(hill.sweep(&rect, p, q - p, 0.02));
            std::hint::black_box(hill.sweep(&ActorShape::Circle { radius: 6.0 }, p, q - p, 0.02));
        }
    });
    println!("2000 rounds of six queries, {hits} hits, {n} allocations");
    assert!(hits > 1000);
    assert_eq!(n, 0);
}
