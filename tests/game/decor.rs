//! Decor on every screen: every screen-wide slice of each shipped level
//! (the view's width, the level's height) holds at least one piece of
//! decor: a placed decor tile (behind or in front of the player) or a tuft
//! the game puts on an open top of tiles or on a curve's gentle top; and
//! following its replay with the game's camera, at least
//! [`VIEWS_WITH_DECOR`] of the views (sampled each half second) show one
//! (a view high in a loop or over a void shows only sky and curves). And the tiles' tufts are only ever on an open top of solid ground.

use crate::game_headless::replays;
use crate::view::follow_with_camera;
use bevy::prelude::*;
use tangent::collision::TileKind;
use tangent::level::CurrentLevel;
use tangent::level::grass::{curve_tufts, tuft_at};
use tangent::player::Replay;
use tangent::player::view::view_size;
use tangent::sim::headless::headless_app;
use tangent_level::format::DEFAULT_VIEW_HEIGHT;

const VIEWS_WITH_DECOR: f64 = 0.95;

#[test]
fn every_screen_of_every_shipped_level_holds_decor() {
    let (mut views, mut fewest) = (0, (usize::MAX, String::new()));
    let mut bare: Vec<String> = Vec::new();
    let mut slices = 0;
    for (level, replay) in replays() {
        let name = level.file_name().unwrap().to_string_lossy().to_string();
        let r = Replay::parse(&std::fs::read_to_string(&replay).unwrap()).unwrap();
        let frames = r.changes.last().map_or(0, |c| c.0) + 60;
        let mut app = headless_app(&level, Some(r)).unwrap();
        let lvl = app.world().resource::<CurrentLevel>().level.clone();
        let g = &lvl.grid;
        let ts = g.tile_size;
        // Every piece's cell centre.
        let cell = |c: (usize, usize)| (Vec2::new(c.0 as f32, c.1 as f32) + 0.5) * ts;
        let mut pieces: Vec<Vec2> = lvl
            .decor
            .iter()
            .chain(&lvl.front_decor)
            .map(|&c| cell(c))
            .collect();
        for y in 0..g.height {
            for x in 0..g.width {
                if tuft_at(&lvl, x, y).is_some() {
                    // Only on an open top of solid ground.
                    assert_eq!(g.get(x as i64, y as i64), TileKind::Empty);
                    assert_eq!(g.get(x as i64, y as i64 - 1), TileKind::Solid);
                    pieces.push(cell((x, y)));
                }
            }
        }
        pieces.extend(curve_tufts(&lvl).into_iter().map(|(p, _)| p));
        let half = view_size(lvl.file.view_height.unwrap_or(DEFAULT_VIEW_HEIGHT), 1.0) * 0.5;
        let width = g.width as f32 * ts;
        let mut x0 = 0.0;
        while x0 < width {
            // The last slice a whole view wide too, ending at the level's end.
            let x1 = (x0 + 2.0 * half.x).min(width);
            let x0_ = (x1 - 2.0 * half.x).max(0.0);
            let n = pieces.iter().filter(|p| (x0_..x1).contains(&p.x)).count();
            assert!(n >= 1, "{name}: no decor from x {x0_} to {x1}");
            slices += 1;
            x0 = x1;
        }
        follow_with_camera(&mut app, frames, |step| {
            let (frame, cam) = (step.frame, step.cam);
            if frame % 30 != 0 {
                return;
            }
            let view = Rect::from_center_half_size(cam, half);
            let n = pieces.iter().filter(|p| view.contains(**p)).count();
            views += 1;
            if n < fewest.0 {
                fewest = (n, format!("{name} frame {frame} at {cam}"));
            }
            if n == 0 {
                bare.push(format!(
                    "{name} frame {frame}: no decor in the view at {cam}"
                ));
            }
        });
    }
    println!(
        "{views} views checked; the fewest pieces of decor in one: {} ({})",
        fewest.0, fewest.1
    );
    let with = 1.0 - bare.len() as f64 / views as f64;
    println!(
        "{slices} screen-wide slices, each with decor; {:.1} % of the views show decor; without:\n{}",
        100.0 * with,
        bare.join("\n")
    );
    assert!(views > 200 && slices > 50, "{views} views, {slices} slices");
    assert!(with >= VIEWS_WITH_DECOR, "{with}");
}
