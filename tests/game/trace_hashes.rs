//! Each shipped level's 600-step trace with its replay (going on into the
//! level its `next` names when it finishes sooner) hashes to the value
//! written in `tests/trace_hashes.txt`, so any change to the simulation (the
//! collision step, the controller, the level logic) shows up as a reviewed
//! hash update (`UPDATE_HASHES=1` rewrites the file). The collision step's
//! own hash is also checked under the release profile
//! (`crates/tangent_collision/tests/determinism.rs`); this one runs under
//! the test profile. The same traces come out with the collision step split
//! into islands on rayon pools of 2, 3 and 8 threads (#62).

use std::path::{Path, PathBuf};

use std::sync::Arc;

use tangent::collision::Parallel;
use tangent::sim::headless::{HeadlessOptions, run_headless, run_headless_on};
use tangent_level::files::SHIPPED_LEVELS;

const HASH_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/trace_hashes.txt");

/// FNV-1a, 64 bit.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The run of shipped level `name` with its replay for 600 steps, its
/// trace written in `dir`; and where.
fn traced(name: &str, dir: &Path) -> (HeadlessOptions, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let trace = dir.join(format!("{name}.csv"));
    let opts = HeadlessOptions {
        level: root.join(format!("assets/levels/{name}.level.ron")),
        frames: 600,
        replay: Some(root.join(format!("assets/replays/{name}.replay"))),
        trace: Some(trace.clone()),
    };
    (opts, trace)
}

#[test]
fn each_shipped_levels_trace_hashes_to_the_recorded_value() {
    let dir = std::env::temp_dir().join(format!("tangent-hashes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut lines = Vec::new();
    for (file, _) in SHIPPED_LEVELS {
        let name = file.trim_end_matches(".level.ron");
        let (opts, trace) = traced(name, &dir);
        run_headless(&opts).unwrap();
        let bytes = std::fs::read(&trace).unwrap();
        let rows = bytes.iter().filter(|b| **b == b'\n').count();
        assert!(rows > 600, "{name}: {rows} trace rows");
        lines.push(format!("{name} {:016x}", fnv(&bytes)));
    }
    std::fs::remove_dir_all(&dir).ok();
    let text = lines.join("\n") + "\n";
    println!("{text}");
    if std::env::var_os("UPDATE_HASHES").is_some() {
        std::fs::write(HASH_FILE, &text).unwrap();
    }
    let recorded = std::fs::read_to_string(HASH_FILE).unwrap_or_default();
    assert_eq!(
        recorded, text,
        "a shipped level's trace changed: if the change is meant, rerun with \
         UPDATE_HASHES=1 and commit tests/trace_hashes.txt"
    );
}

/// Each shipped level's trace is the same, byte for byte, with the
/// collision step split into islands on every step (`min_bodies` 0) on 2,
/// 3 or 8 threads (rayon pools of one fewer and the calling thread; each
/// level on one of them, in turn): the hash recorded
/// for the step on the calling thread alone.
#[test]
fn each_shipped_levels_trace_is_the_same_on_any_number_of_threads() {
    let recorded = std::fs::read_to_string(HASH_FILE).unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("tangent-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pools: Vec<_> = [2, 3, 8]
        .into_iter()
        .map(|n| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(n - 1).build();
            let parallel = Parallel::on(Arc::new(pool.expect("a thread pool")));
            (
                n,
                Parallel {
                    min_bodies: 0,
                    ..parallel
                },
            )
        })
        .collect();
    for (k, (file, _)) in SHIPPED_LEVELS.iter().enumerate() {
        let name = file.trim_end_matches(".level.ron");
        let (threads, parallel) = &pools[k % pools.len()];
        let (opts, trace) = traced(name, &dir);
        run_headless_on(&opts, parallel.clone()).unwrap();
        let line = format!("{name} {:016x}", fnv(&std::fs::read(&trace).unwrap()));
        assert!(
            recorded.lines().any(|l| l == line),
            "{name} on {threads} threads: {line} is not the recorded trace"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
