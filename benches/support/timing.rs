//! A tiny timing harness shared by the game's benches (no criterion, so the
//! game's dev build pulls in no bench-only crates): runs `f` `warmup` times,
//! then `samples` times, and prints the median, min and max.
//!
//! Run by `cargo bench` (which passes `--bench`) it times; run by `cargo
//! test --benches` (CI) it runs each case once ([`quick_or`]), so a bench
//! that no longer runs fails CI instead of rotting.

use std::time::{Duration, Instant};

pub fn time<R>(name: &str, warmup: usize, samples: usize, mut f: impl FnMut() -> R) {
    for _ in 0..warmup {
        std::hint::black_box(f());
    }
    let mut times: Vec<Duration> = (0..samples)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort();
    println!(
        "{name}: median {:?} (min {:?}, max {:?}, {samples} samples)",
        times[samples / 2],
        times[0],
        times[samples - 1]
    );
}

/// `n` under `cargo bench`, 1 under `cargo test --benches` (no `--bench`
/// argument): a quick run that only checks the bench still works.
pub fn quick_or(n: usize) -> usize {
    if std::env::args().any(|a| a == "--bench") {
        n
    } else {
        1
    }
}
