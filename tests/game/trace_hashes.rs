//! Each shipped level's 600-step trace with its replay (going on into the
//! level its `next` names when it finishes sooner) hashes to the value
//! written in `tests/trace_hashes.txt`, so any change to the simulation (the
//! collision step, the controller, the level logic) shows up as a reviewed
//! hash update (`UPDATE_HASHES=1` rewrites the file). The collision step's
//! own hash is also checked under the release profile
//! (`crates/tangent_collision/tests/determinism.rs`); this one runs under
//! the test profile, as building Bevy a second time, optimised, would take
//! CI half an hour.

use std::path::Path;

use tangent::sim::headless::{HeadlessOptions, run_headless};
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

#[test]
fn each_shipped_levels_trace_hashes_to_the_recorded_value() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("tangent-hashes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut lines = Vec::new();
    for (file, _) in SHIPPED_LEVELS {
        let name = file.trim_end_matches(".level.ron");
        let trace = dir.join(format!("{name}.csv"));
        let opts = HeadlessOptions {
            level: root.join(format!("assets/levels/{name}.level.ron")),
            frames: 600,
            replay: Some(root.join(format!("assets/replays/{name}.replay"))),
            trace: Some(trace.clone()),
        };
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
