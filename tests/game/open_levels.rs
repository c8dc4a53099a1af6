//! Open levels (`open: true`): outside the tiles is empty. In a shipped
//! open level, a player dropped into each bottomless pit dies once it
//! leaves the bottom of the grid (not before it is below the floor), and
//! comes back at the last checkpoint touched (the spawn before any); above
//! the top is sky (a player thrown up there falls back onto the floor, no
//! death); past a side is death. The camera, following the player down a
//! pit, never shows past the level's edge.

use crate::common::player_entity;
use bevy::prelude::*;
use tangent::collision::PhysicsPosition;
use tangent::level::{CurrentLevel, DeathCause, Died, LevelStatus};
use tangent::player::CameraPlugin;
use tangent::player::camera::{CameraBounds, GameCamera};
use tangent::sim::headless::headless_app_with;

fn app() -> App {
    let mut app = headless_app_with(
        &crate::common::shipped("1-3-pit-stops.level.ron"),
        None,
        |app| {
            app.add_plugins(CameraPlugin);
        },
    )
    .unwrap();
    app.update();
    app
}

fn place(app: &mut App, at: Vec2, v: Vec2) {
    let p = player_entity(app);
    crate::common::place(app, p, at, v);
}

fn position(app: &mut App) -> Vec2 {
    let p = player_entity(app);
    app.world().get::<PhysicsPosition>(p).unwrap().0
}

fn deaths(app: &App) -> u32 {
    app.world().resource::<LevelStatus>().deaths
}

/// The pits of the level's bottom row: (first x, last x) of each run of
/// empty cells, in px, that no curve spans (a bridge).
fn pits(app: &App) -> Vec<(f32, f32)> {
    let level = &app.world().resource::<CurrentLevel>().level;
    let grid = &level.grid;
    let bridged = |x: f32| {
        level.file.curves.iter().any(|c| {
            let xs = c.points.iter().map(|p| p.0);
            xs.clone().fold(f32::INFINITY, f32::min) <= x
                && x <= xs.fold(f32::NEG_INFINITY, f32::max)
        })
    };
    let mut out = Vec::new();
    let mut start = None;
    for x in 0..=grid.width as i64 {
        let empty = x < grid.width as i64 && grid.get(x, 0) != tangent::collision::TileKind::Solid;
        match (empty, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                let (x0, x1) = (s as f32 * grid.tile_size, x as f32 * grid.tile_size);
                if !bridged(0.5 * (x0 + x1)) {
                    out.push((x0, x1));
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

#[test]
fn a_player_in_a_bottomless_pit_dies_below_the_grid_and_comes_back_at_the_checkpoint() {
    let mut app = app();
    let pits = pits(&app);
    assert!(pits.len() >= 3, "{pits:?}");
    let (spawn, checkpoints) = {
        let f = &app.world().resource::<CurrentLevel>().level.file;
        (Vec2::new(f.spawn.0, f.spawn.1), f.checkpoints.clone())
    };
    let mut died_at = Vec::new();
    for (i, &(x0, x1)) in pits.iter().enumerate() {
        // Past the first pit, touch the first checkpoint first.
        let back = if i == 0 {
            spawn
        } else {
            let c = Vec2::new(checkpoints[0].0, checkpoints[0].1);
            place(&mut app, c, Vec2::ZERO);
            for _ in 0..3 {
                app.update();
            }
            c
        };
        let before = deaths(&app);
        place(&mut app, Vec2::new(0.5 * (x0 + x1), 200.0), Vec2::ZERO);
        let mut lowest = f32::INFINITY;
        let mut steps = 0;
        while deaths(&app) == before {
            lowest = lowest.min(position(&mut app).y);
            app.update();
            steps += 1;
            assert!(steps < 300, "pit {i} ({x0}-{x1}): no death after 5 s");
        }
        let died: Vec<Died> = app
            .world()
            .resource::<Messages<Died>>()
            .iter_current_update_messages()
            .cloned()
            .collect();
        assert_eq!(died.len(), 1);
        assert!(
            matches!(died[0].cause, DeathCause::FellOut),
            "{:?}",
            died[0]
        );
        // It died leaving the grid's bottom, not on the way down.
        assert!(
            died[0].at.y < 0.0 && lowest > -40.0,
            "{died:?}, lowest {lowest}"
        );
        assert!(
            (position(&mut app) - back).length() < 1.0,
            "back at {}",
            position(&mut app)
        );
        died_at.push(steps);
    }
    println!(
        "{} pits: each a death below the grid after {died_at:?} steps, back at the checkpoint",
        pits.len()
    );
}

#[test]
fn above_the_top_is_sky_and_past_a_side_is_death() {
    let mut app = app();
    let (w, h) = {
        let g = &app.world().resource::<CurrentLevel>().level.grid;
        (g.width as f32 * g.tile_size, g.height as f32 * g.tile_size)
    };
    // Put 200 px over the top above the first floor: falls back, alive.
    place(&mut app, Vec2::new(300.0, h + 200.0), Vec2::ZERO);
    let mut sky_steps = 0;
    for _ in 0..240 {
        app.update();
        sky_steps += usize::from(position(&mut app).y > h);
    }
    assert!(sky_steps > 5, "{sky_steps} steps above the top ({h})");
    assert_eq!(deaths(&app), 0);
    assert!(
        position(&mut app).y < 100.0,
        "back on the floor: {}",
        position(&mut app)
    );
    println!("{sky_steps} steps in the sky over the top, no death, back on the floor");
    // Past the right side, high up: death.
    place(&mut app, Vec2::new(w + 40.0, h + 100.0), Vec2::ZERO);
    app.update();
    assert_eq!(deaths(&app), 1);
}

#[test]
fn the_camera_following_a_fall_into_a_pit_shows_at_most_a_quarter_view_below_the_level() {
    let mut app = app();
    let pits = pits(&app);
    let bounds = app.world().resource::<CameraBounds>().0.unwrap();
    let (x0, x1) = pits[1];
    place(&mut app, Vec2::new(0.5 * (x0 + x1), 200.0), Vec2::ZERO);
    // The view the game shows (any window: see `view.rs`).
    let height = app
        .world()
        .resource::<tangent::player::view::ViewHeight>()
        .0;
    let half = tangent::player::view::view_size(height, 1.0) * 0.5;
    let mut frames = 0;
    let mut lowest_view = f32::INFINITY;
    while deaths(&app) == 0 && frames < 300 {
        app.update();
        frames += 1;
        let cam = app
            .world_mut()
            .query_filtered::<&Transform, With<GameCamera>>()
            .single(app.world())
            .unwrap()
            .translation
            .truncate();
        lowest_view = lowest_view.min(cam.y - half.y);
        // Never more than a quarter view below the level's bottom (the
        // ground under it is drawn there); inside it across and up where
        // the level is bigger than the view.
        let below = tangent::player::camera::below_floor(2.0 * half.y);
        assert_eq!(below, 0.25 * 2.0 * half.y);
        assert!(
            cam.y - half.y >= bounds.min.y - below - 1e-3,
            "frame {frames}: the view {cam} ± {half} shows more than {below} below {bounds:?}"
        );
        for i in 0..2 {
            let lo = bounds.min[i] - if i == 1 { below } else { 0.0 };
            let hi = bounds.max[i];
            if hi - lo > 2.0 * half[i] {
                assert!(
                    cam[i] - half[i] >= lo - 1e-3 && cam[i] + half[i] <= hi + 1e-3,
                    "frame {frames}: the view {cam} ± {half} leaves {bounds:?}"
                );
            }
        }
    }
    assert_eq!(deaths(&app), 1);
    assert!(
        lowest_view < bounds.min.y - 0.9 * 0.25 * 2.0 * half.y,
        "the fall took the view down to {lowest_view} only"
    );
    println!(
        "{frames} frames of a fall: the view's bottom never below {lowest_view} (level bottom {})",
        bounds.min.y
    );
}
