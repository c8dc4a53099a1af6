//! What a player sees, from the pixels: a frame of a level of every world,
//! drawn by `tangent screenshot`'s renderer with no window (software
//! Vulkan where there is no GPU), checked for
//! - no single colour over [`MOST_OF_ONE_COLOUR`] of the frame (the old
//!   flat sky was 70 %);
//! - the player's figure, found by its own palette (the hood, skin, boots
//!   and eyes of `tools/make_assets.py`), at least [`PLAYER_SHARE`] of the
//!   frame's height;
//! - every two worlds' frames differing by a mean absolute difference of
//!   at least [`WORLDS_APART`] per channel (0–255): worlds that shared a
//!   backdrop were 85–98 % identical, a mean difference under 5.
//!
//! The command itself writes a PNG of the asked size.

use crate::common::{run_ok, shipped, tangent, temp_dir};
use bevy::math::UVec2;
use tangent::screenshot::{Frame, ShotOptions, render_frame};

const MOST_OF_ONE_COLOUR: f64 = 0.35;
const PLAYER_SHARE: f64 = 0.06;
const WORLDS_APART: f64 = 20.0;

/// The player sheet's colours (tools/make_assets.py), the white of the
/// eyes aside (clouds are white too).
const PLAYER_COLOURS: [[u8; 3]; 5] = [
    [54, 120, 210],
    [36, 84, 160],
    [250, 214, 170],
    [50, 40, 48],
    [20, 24, 40],
];

/// The share of the frame its commonest colour covers.
fn commonest_share(f: &Frame) -> f64 {
    let mut counts = std::collections::HashMap::new();
    for px in f.rgb.chunks_exact(3) {
        *counts.entry([px[0], px[1], px[2]]).or_insert(0usize) += 1;
    }
    let most = counts.values().copied().max().unwrap_or(0);
    most as f64 / (f.width * f.height) as f64
}

/// The player's figure's height in px: the rows holding its colours
/// within 80 px of its hood's middle (so a stray pixel of the same
/// colour elsewhere does not count).
fn player_height(f: &Frame) -> Option<u32> {
    let hood = |p: [u8; 3]| p == PLAYER_COLOURS[0] || p == PLAYER_COLOURS[1];
    let mut hoods = Vec::new();
    for y in 0..f.height {
        for x in 0..f.width {
            if hood(f.pixel(x, y)) {
                hoods.push((x, y));
            }
        }
    }
    if hoods.is_empty() {
        return None;
    }
    hoods.sort_unstable();
    let (cx, _) = hoods[hoods.len() / 2];
    let mut ys: Vec<u32> = hoods.iter().map(|p| p.1).collect();
    ys.sort_unstable();
    let cy = ys[ys.len() / 2];
    let (mut lo, mut hi) = (u32::MAX, 0);
    for y in cy.saturating_sub(80)..(cy + 80).min(f.height) {
        for x in cx.saturating_sub(80)..(cx + 80).min(f.width) {
            if PLAYER_COLOURS.contains(&f.pixel(x, y)) {
                lo = lo.min(y);
                hi = hi.max(y);
            }
        }
    }
    Some(hi - lo + 1)
}

/// The mean absolute difference of two frames of one size, per channel.
fn mean_difference(a: &Frame, b: &Frame) -> f64 {
    let sum: u64 = a
        .rgb
        .iter()
        .zip(&b.rgb)
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    sum as f64 / a.rgb.len() as f64
}

#[test]
fn every_worlds_frame_is_varied_shows_the_player_big_and_differs_from_the_others() {
    // A level of each world, a second and a half into its replay (the
    // player on the ground, running); the sixth's under the night theme.
    let levels = [
        "1-1-hills",
        "2-2-spike-garden",
        "3-2-lift-off",
        "4-2-loop-valley",
        "5-1-gauntlet",
        "6-1-night-shift",
    ];
    let mut frames = Vec::new();
    for name in levels {
        let level = shipped(&format!("{name}.level.ron"));
        let opts = ShotOptions {
            level,
            replay: Some(shipped(&format!("../replays/{name}.replay"))),
            frame: 90,
            size: UVec2::new(1280, 720),
            press: Vec::new(),
            title: false,
        };
        let f = render_frame(&opts).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((f.width, f.height), (1280, 720));
        let share = commonest_share(&f);
        let player = player_height(&f).unwrap_or_else(|| panic!("{name}: no player drawn"));
        let of_height = f64::from(player) / f64::from(f.height);
        println!(
            "{name}: commonest colour {:.1} % of the frame; the player {player} px, {:.1} % of its height",
            100.0 * share,
            100.0 * of_height
        );
        assert!(share <= MOST_OF_ONE_COLOUR, "{name}: {share}");
        assert!(of_height >= PLAYER_SHARE, "{name}: {of_height}");
        frames.push((name, f));
    }
    let mut least = f64::INFINITY;
    for (i, (a, fa)) in frames.iter().enumerate() {
        for (b, fb) in &frames[i + 1..] {
            let d = mean_difference(fa, fb);
            println!("{a} vs {b}: mean difference {d:.1}");
            assert!(d >= WORLDS_APART, "{a} vs {b}: {d}");
            least = least.min(d);
        }
    }
    println!(
        "{} worlds, every two at least {least:.1} apart",
        frames.len()
    );
}

#[test]
fn the_screenshot_command_writes_a_png_of_the_asked_size() {
    let out = temp_dir("screenshot-cli").join("shot.png");
    let line = run_ok(tangent().args([
        "screenshot",
        "--level",
        "assets/levels/1-1-hills.level.ron",
        "--size",
        "320x180",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(line.contains("wrote"), "{line}");
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    assert_eq!((be(16), be(20)), (320, 180));
    // A bad size is a clear error, not a panic.
    let bad = tangent()
        .args(["screenshot", "--size", "12", "--out", "x.png"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("WIDTHxHEIGHT"));
}
