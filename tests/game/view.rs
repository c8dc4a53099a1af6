//! The view: any window shows the same world area, letterboxed (Bevy's own
//! orthographic projection, updated for the camera's viewport, is the
//! oracle for the area); the player's box is at least 6 % of the view's
//! height; and following the shipped levels' replays, the camera never
//! lets the running player come nearer than a margin to the edge of the
//! view it runs toward (where the view is not held by the level's end).

use bevy::camera::CameraProjection;
use bevy::prelude::*;
use bevy::window::WindowResolution;

use crate::game_headless::replays;
use tangent::collision::{PhysicsPosition, Velocity};
use tangent::level::CurrentLevel;
use tangent::player::camera::{CameraBounds, GameCamera, camera_step, clamp_to_level, fit_view};
use tangent::player::view::{VIEW_ASPECT, ViewHeight, Zoom, letterbox, view_size};
use tangent::player::{Player, Replay};
use tangent::sim::headless::headless_app;
use tangent_level::format::DEFAULT_VIEW_HEIGHT;

#[test]
fn any_window_shows_the_same_world_area_letterboxed() {
    let want = view_size(DEFAULT_VIEW_HEIGHT, 1.0);
    for (w, h) in [
        (1280, 720),
        (1920, 1080),
        (1024, 768),
        (800, 1280),
        (3440, 1440),
        (641, 359),
        (3, 2),
    ] {
        let mut app = App::new();
        app.init_resource::<ViewHeight>()
            .init_resource::<Zoom>()
            .add_systems(Update, fit_view);
        app.world_mut().spawn(Window {
            resolution: WindowResolution::new(w, h),
            ..default()
        });
        app.world_mut().spawn((Camera2d, GameCamera));
        app.update();
        let mut q = app.world_mut().query::<(&Camera, &Projection)>();
        let (camera, projection) = q.single(app.world()).unwrap();
        let vp = camera.viewport.clone().expect("a viewport");
        let (at, size) = (vp.physical_position, vp.physical_size);
        // Inside the window, centred, touching two opposite sides, 16:9 to
        // the rounding of a pixel.
        assert!(
            at.x + size.x <= w && at.y + size.y <= h,
            "{w}x{h}: {at} {size}"
        );
        assert!(size.x == w || size.y == h, "{w}x{h}: {size}");
        assert!((w - size.x) / 2 == at.x && (h - size.y) / 2 == at.y);
        let aspect_off = (size.x as f32 - size.y as f32 * VIEW_ASPECT).abs();
        assert!(aspect_off <= VIEW_ASPECT.max(1.0), "{w}x{h}: {size}");
        // The world area Bevy's projection shows in that viewport.
        let Projection::Orthographic(o) = projection else {
            panic!("not orthographic");
        };
        let mut o = o.clone();
        o.update(size.x as f32, size.y as f32);
        let shown = o.area.size();
        assert!(
            (shown - want).abs().max_element() < 1e-3,
            "{w}x{h}: shows {shown}, not {want}"
        );
    }
    // The player's 28 px box at the default view: 6.7 % of its height.
    assert!(28.0 / want.y >= 0.06, "{}", 28.0 / want.y);
    // A zoom shows less, bigger; a level's own view height is used.
    assert_eq!(view_size(600.0, 1.5), Vec2::new(400.0 * VIEW_ASPECT, 400.0));
    let drawn = letterbox(UVec2::new(1280, 720));
    assert_eq!(drawn, (UVec2::ZERO, UVec2::new(1280, 720)));
}

/// How near the view's edge the player may come in the way it runs, px,
/// across and up and down (or to the level's end, if that is nearer): a
/// sixth of a second at the dash's 960 px/s across, under two tiles down
/// (falls reach 1 560 px/s, and the view is 416 px tall). With the
/// camera's tuning the least room beyond these is 1.8 px across and
/// 19.9 down (the player in the lower third): the camera's numbers were
/// tuned against this test.
const MARGIN: [f32; 2] = [160.0, 56.0];

/// One step of [`follow_with_camera`]: the step, the player's position
/// and velocity, the camera's centre, the view's half size and the
/// level's bounds.
pub(crate) struct CameraStep {
    pub frame: u64,
    pub p: Vec2,
    pub v: Vec2,
    pub cam: Vec2,
    pub half: Vec2,
    pub bounds: Rect,
}

/// Steps `app` (a headless level with its replay) `frames` times, moving a
/// camera after the player as the game's does (`camera_step`, from the
/// player's start clamped into the level), and calls `each` after every
/// step the player is there for.
pub(crate) fn follow_with_camera(app: &mut App, frames: u64, mut each: impl FnMut(CameraStep)) {
    let dt = 1.0 / 60.0;
    let height = app
        .world()
        .resource::<CurrentLevel>()
        .level
        .file
        .view_height;
    let half = view_size(height.unwrap_or(DEFAULT_VIEW_HEIGHT), 1.0) * 0.5;
    let bounds = app.world().resource::<CameraBounds>().0.unwrap();
    let mut q = app
        .world_mut()
        .query_filtered::<(&PhysicsPosition, &Velocity), With<Player>>();
    let (p, _) = q.single(app.world()).unwrap();
    let mut cam = clamp_to_level(p.0, half, bounds.min, bounds.max);
    let mut ahead = Vec2::ZERO;
    for frame in 0..frames {
        app.update();
        let Ok((p, v)) = q.single(app.world()) else {
            break;
        };
        let (p, v) = (p.0, v.0);
        cam = camera_step(cam, p, v, &mut ahead, half, bounds, dt);
        each(CameraStep {
            frame,
            p,
            v,
            cam,
            half,
            bounds,
        });
    }
}

#[test]
fn the_camera_keeps_the_way_ahead_in_view_on_every_shipped_level() {
    let mut checked = [0usize; 2];
    let mut worst = [(f32::MAX, String::new()), (f32::MAX, String::new())];
    for (level, replay) in replays() {
        let text = std::fs::read_to_string(&replay).unwrap();
        let r = Replay::parse(&text).unwrap();
        let frames = r.changes.last().map_or(0, |c| c.0) + 120;
        let mut app = headless_app(&level, Some(r)).unwrap();
        follow_with_camera(&mut app, frames, |step| {
            let CameraStep {
                frame,
                p,
                v,
                cam,
                half,
                bounds,
            } = step;
            // Each axis the player moves along fast, and mostly along it.
            for axis in 0..2 {
                let (along, other) = (v[axis].abs(), v[1 - axis].abs());
                if along < 300.0 || along < other {
                    continue;
                }
                // The view's edge the player runs toward and the player's
                // front (its box is 20 x 28): the room between them must be
                // the margin, or all there is up to the level's end.
                let side = v[axis].signum();
                let edge = cam[axis] + side * half[axis];
                let front = p[axis] + side * [10.0, 14.0][axis];
                let level_end = if side > 0.0 {
                    bounds.max[axis]
                } else {
                    bounds.min[axis]
                };
                let room = (edge - front) * side;
                // (Up to the level's end less 2 px: the camera eases
                // toward where the level holds it, never quite there.)
                let need = MARGIN[axis].min((level_end - front) * side - 2.0);
                checked[axis] += 1;
                if room - need < worst[axis].0 {
                    let name = level.file_name().unwrap().to_string_lossy().to_string();
                    worst[axis] = (
                        room - need,
                        format!("{name} frame {frame} at {p}, moving {v}: {room:.1} px ahead"),
                    );
                }
            }
        });
    }
    for (axis, name) in ["across", "up and down"].iter().enumerate() {
        let (room, at) = &worst[axis];
        println!(
            "{name}: {} fast steps checked; the least room beyond the margin {room:.1} px ({at})",
            checked[axis]
        );
    }
    assert!(checked[0] >= 1_000 && checked[1] >= 200, "{checked:?}");
    for (room, at) in &worst {
        assert!(*room >= 0.0, "{room:.1} px short of the margin: {at}");
    }
}

#[test]
fn the_ground_settles_in_the_lower_third_of_the_view() {
    // A player standing on a floor one tile thick at the bottom of a level
    // far bigger than the view: the floor's top settles a third of the
    // view's height up, less the player's half height, not on the edge.
    let half = view_size(DEFAULT_VIEW_HEIGHT, 1.0) * 0.5;
    let bounds = Rect::new(0.0, 0.0, 20_000.0, 5_000.0);
    let floor = 32.0;
    let player = Vec2::new(5_000.0, floor + 14.0);
    let mut cam = Vec2::new(5_000.0, 2_500.0);
    let mut ahead = Vec2::ZERO;
    for _ in 0..600 {
        cam = camera_step(
            cam,
            player,
            Vec2::ZERO,
            &mut ahead,
            half,
            bounds,
            1.0 / 60.0,
        );
    }
    let up = (floor - (cam.y - half.y)) / (2.0 * half.y);
    println!(
        "the floor's top is {:.1} % of the view up from its bottom",
        100.0 * up
    );
    assert!((0.25..=1.0 / 3.0).contains(&up), "{up}");
    // A level no taller than the view: its floor a quarter view up.
    let low = Rect::new(0.0, 0.0, 20_000.0, 300.0);
    let c = camera_step(cam, player, Vec2::ZERO, &mut ahead, half, low, 1.0);
    let up = (0.0 - (c.y - half.y)) / (2.0 * half.y);
    assert!((up - 0.25).abs() < 1e-3, "{up}");
}
