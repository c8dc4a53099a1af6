//! The look of actors, headless: the player gets its animated sprite, balls
//! a rolling one, crates a crate; a ball whose drawn position moves turns
//! by the distance over its radius (clockwise going right); the player's
//! sprite picks the run frames while running and squashes on landing,
//! keeping its feet on the box's bottom, and curled, draws the rolling
//! frame at the ball's size about its centre; a wall slide and a dash show
//! their own frames, the slide kicks dust off the wall and the dash leaves
//! afterimages that fade and go.

use crate::common::{hold, steps};
use bevy::color::Alpha;
use bevy::prelude::*;
use tangent::art::ArtPlugin;
use tangent::art::actors::Rolling;
use tangent::art::dust::Puff;
use tangent::art::player_sprite::{
    DASH, FRAME, PlayerLook, ROLL, ROLL_DIAMETER, RUN, SLIDE, SPRITE_OVER_BOX, frame_rect,
};
use tangent::art::trail::{AFTERIMAGE_LIFE, Afterimage};
use tangent::assets::GameAssets;
use tangent::assets::GameAssetsPlugin;
use tangent::level::play::load_level_file;
use tangent::level::{LevelActor, LevelCommand};
use tangent::player::{ControllerState, Player, PlayerInput};
use tangent::sim::headless::headless_app_with;

fn app() -> App {
    app_on(&crate::common::first_level())
}

fn app_on(level: &std::path::Path) -> App {
    let mut app = headless_app_with(level, None, |app| {
        app.add_plugins(AssetPlugin::default())
            .init_asset::<Image>()
            .init_asset::<AudioSource>()
            .init_asset::<Mesh>()
            .init_asset::<ColorMaterial>()
            .add_plugins((GameAssetsPlugin, ArtPlugin));
    })
    .unwrap();
    steps(&mut app, 3);
    app
}

#[test]
fn actors_are_dressed_and_balls_roll_by_distance_over_radius() {
    let mut app = app();
    let mut looks = app.world_mut().query::<(&PlayerLook, &ChildOf)>();
    let players: Vec<Entity> = looks.iter(app.world()).map(|(_, c)| c.parent()).collect();
    assert_eq!(players.len(), 1);
    assert!(app.world().get::<Player>(players[0]).is_some());
    let mut rolling = app.world_mut().query::<(&Rolling, &ChildOf)>();
    let balls: Vec<(f32, Entity)> = rolling
        .iter(app.world())
        .map(|(r, c)| (r.radius, c.parent()))
        .collect();
    assert!(balls.len() >= 2, "{} rolling balls", balls.len());
    for (_, e) in &balls {
        assert!(app.world().get::<LevelActor>(*e).is_some());
    }
    // Move one ball by hand along x and compare the turn with -dx / r.
    let (radius, ball) = balls[0];
    let start = app
        .world()
        .get::<Rolling>(app.world().get::<Children>(ball).unwrap()[0])
        .unwrap()
        .angle;
    let mut travelled = 0.0;
    for k in 0..20 {
        let dx = 3.0 + k as f32 * 0.25;
        travelled += dx;
        app.world_mut()
            .get_mut::<Transform>(ball)
            .unwrap()
            .translation
            .x += dx;
        app.world_mut().run_schedule(Update);
    }
    let child = app.world().get::<Children>(ball).unwrap()[0];
    let turned = app.world().get::<Rolling>(child).unwrap().angle - start;
    let want = (-travelled / radius) % std::f32::consts::TAU;
    let diff = (turned - want).rem_euclid(std::f32::consts::TAU);
    let diff = diff.min(std::f32::consts::TAU - diff);
    println!("ball of radius {radius} moved {travelled} px, turned {turned} rad (want {want})");
    assert!(diff < 0.05, "turned {turned}, want {want}");
}

#[test]
fn the_player_runs_with_run_frames_and_lands_squashed_with_its_feet_down() {
    let mut app = app();
    hold(
        &mut app,
        PlayerInput {
            right: true,
            ..default()
        },
        40,
    );
    let mut q = app
        .world_mut()
        .query::<(&PlayerLook, &Sprite, &Transform)>();
    let (_, sprite, _) = q.single(app.world()).unwrap();
    let run_rects: Vec<Rect> = RUN.iter().map(|i| frame_rect(*i)).collect();
    assert!(
        run_rects.contains(&sprite.rect.unwrap()),
        "{:?}",
        sprite.rect
    );
    // Jump, land: at the landing the sprite is wider than tall, scaled
    // about its feet (the offset keeps its bottom on the box's bottom).
    hold(
        &mut app,
        PlayerInput {
            jump: true,
            ..default()
        },
        15,
    );
    let mut squashed = None;
    for _ in 0..80 {
        app.update();
        let (look, sprite, tf) = q.single(app.world()).unwrap();
        if look.since_land == 0.0 {
            // The sprite is drawn bigger than the box; its bottom is on
            // the box's.
            let h = sprite.custom_size.unwrap().y;
            let bottom = tf.translation.y - 0.5 * h * tf.scale.y;
            squashed = Some((tf.scale, bottom, -0.5 * h / SPRITE_OVER_BOX));
        }
    }
    let (scale, bottom, box_bottom) = squashed.expect("a landing");
    assert!(scale.x > 1.0 && scale.y < 1.0, "{scale}");
    assert!(
        (bottom - box_bottom).abs() < 1e-3,
        "{bottom} vs {box_bottom}"
    );
    let (look, _, tf) = q.single(app.world()).unwrap();
    assert!(
        (tf.scale.truncate() - Vec2::ONE).length() < 0.02,
        "settled: {}",
        tf.scale
    );
    assert_eq!(look.facing, 1.0);
}

#[test]
fn a_level_replaced_every_frame_never_stops_the_game_and_dresses_each_actor_once() {
    // The editor replaces the level on every change; a replace can despawn
    // actors whose look was queued the same frame.
    let mut app = app();
    let level = crate::common::first_level();
    let checked = load_level_file(&level).unwrap();
    for k in 0..40 {
        for _ in 0..1 + k % 3 {
            app.world_mut()
                .write_message(LevelCommand::Replace(Box::new(checked.clone())));
        }
        app.update();
    }
    steps(&mut app, 3);
    let mut actors = app
        .world_mut()
        .query_filtered::<(Entity, Option<&Children>), With<tangent::collision::Actor>>();
    let counts: Vec<usize> = actors
        .iter(app.world())
        .map(|(_, c)| c.map_or(0, |c| c.len()))
        .collect();
    assert!(!counts.is_empty());
    assert!(
        counts.iter().all(|n| *n == 1),
        "looks per actor: {counts:?}"
    );
}

#[test]
fn the_rolling_player_is_drawn_curled_at_the_balls_size_about_its_centre() {
    let text = crate::surface_run::room(12, "", Vec2::new(100.0, 46.02));
    let path = crate::common::write_level("art", "roll", &text);
    let mut app = app_on(&path);
    let right = crate::surface_run::RIGHT;
    hold(&mut app, right, 40);
    let mut q = app
        .world_mut()
        .query::<(&PlayerLook, &Sprite, &Transform)>();
    let (_, sprite, _) = q.single(app.world()).unwrap();
    assert_ne!(sprite.rect, Some(frame_rect(ROLL)), "rolling before down");
    let mut angles = Vec::new();
    for _ in 0..10 {
        hold(
            &mut app,
            PlayerInput {
                down: true,
                ..right
            },
            1,
        );
        let (look, sprite, tf) = q.single(app.world()).unwrap();
        assert_eq!(sprite.rect, Some(frame_rect(ROLL)));
        // The frame's ball spans the 10 px ball: 20 px across both ways,
        // centred on the body.
        let drawn = sprite.custom_size.unwrap() * tf.scale.truncate() * ROLL_DIAMETER / FRAME;
        assert!(
            (drawn - Vec2::splat(20.0)).abs().max_element() < 1e-3,
            "{drawn}"
        );
        assert_eq!(tf.translation.truncate(), Vec2::ZERO);
        angles.push(look.angle);
    }
    // It spins as it rolls (clockwise going right).
    assert!(angles.windows(2).all(|w| w[1] != w[0]), "{angles:?}");
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut().query::<&C>().iter(app.world()).count()
}

#[test]
fn a_wall_slide_and_a_dash_show_their_frames_and_leave_their_marks() {
    let mut app = app_on(&crate::common::test_level("wall-shaft.level.ron"));
    let assets = app.world().resource::<GameAssets>();
    assert!(assets.dash.is_some() && assets.slide.is_some() && assets.crystal.is_some());
    assert!(assets.problems.is_empty(), "{:?}", assets.problems);
    let press = |f: fn(&mut PlayerInput)| {
        let mut k = PlayerInput::NONE;
        f(&mut k);
        k
    };
    // Jump at the shaft's right wall and keep holding toward it.
    hold(&mut app, press(|k| (k.jump, k.right) = (true, true)), 12);
    let state = |app: &mut App| {
        *app.world_mut()
            .query_filtered::<&ControllerState, With<Player>>()
            .single(app.world())
            .unwrap()
    };
    let sprite = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&Sprite, With<PlayerLook>>()
            .single(app.world())
            .unwrap()
            .clone()
    };
    let mut slid = 0;
    for _ in 0..60 {
        hold(&mut app, press(|k| k.right = true), 1);
        if state(&mut app).sliding {
            slid += 1;
            let s = sprite(&mut app);
            assert_eq!(s.rect, Some(frame_rect(SLIDE)));
            // The wall is on the right: the frame's wall side (left) is
            // turned to it.
            assert!(s.flip_x);
        }
    }
    println!("slid {slid} steps; {} puffs", count::<Puff>(&mut app));
    assert!(slid >= 10, "slid {slid} steps");
    assert!(count::<Puff>(&mut app) > 0, "no dust off the wall");
    // Dash up and left, away from the wall.
    hold(
        &mut app,
        press(|k| (k.dash, k.left, k.up) = (true, true, true)),
        1,
    );
    assert!(state(&mut app).dash.is_some());
    let s = sprite(&mut app);
    assert_eq!(s.rect, Some(frame_rect(DASH)));
    assert!(s.flip_x, "facing the dash's way (left)");
    hold(&mut app, PlayerInput::NONE, 4);
    let trail = count::<Afterimage>(&mut app);
    assert!(trail >= 2, "{trail} afterimages");
    // After the dash and an afterimage's life, none is left.
    let steps_left = (0.15 * 60.0 + AFTERIMAGE_LIFE * 60.0).ceil() as usize + 2;
    hold(&mut app, PlayerInput::NONE, steps_left);
    assert_eq!(count::<Afterimage>(&mut app), 0);
}

/// Checkpoints look nothing like the goal: a lantern (dark, then lit once
/// touched) where the goal is a chequered flag. From the built-in pixels:
/// the mean difference of every channel between the goal's flag cell and
/// each lantern cell is over a fifth of the range; the lit and the dark
/// lantern differ too. And the last checkpoint touched is the lit one.
#[test]
fn checkpoints_are_lanterns_that_light_and_look_nothing_like_the_goal() {
    use tangent::assets::{PROPS_PNG, TILES_PNG, decode_tiles};
    use tangent::level::LevelStatus;
    use tangent::level::render::{CheckpointFlag, LANTERN_OFF, LANTERN_ON, light_checkpoints};
    let cell = |png: (&str, &[u8]), k: usize| -> Vec<f32> {
        let image = decode_tiles(png.0, png.1).unwrap();
        let (w, data) = (image.width() as usize, image.data.unwrap());
        (0..32 * 32 * 4)
            .map(|i| {
                let (y, x, c) = (i / 128, (i / 4) % 32, i % 4);
                data[(y * w + k * 32 + x) * 4 + c] as f32 / 255.0
            })
            .collect()
    };
    let differ = |a: &[f32], b: &[f32]| {
        a.iter().zip(b).map(|(p, q)| (p - q).abs()).sum::<f32>() / a.len() as f32
    };
    let flag = cell(TILES_PNG, 3);
    let (dark, lit) = (cell(PROPS_PNG, 3), cell(PROPS_PNG, 4));
    let (d1, d2, d3) = (
        differ(&flag, &dark),
        differ(&flag, &lit),
        differ(&dark, &lit),
    );
    println!("mean difference: flag-dark {d1:.3}, flag-lit {d2:.3}, dark-lit {d3:.3}");
    assert!(d1 > 0.2 && d2 > 0.2, "{d1} {d2}");
    assert!(d3 > 0.03, "{d3}");
    assert_eq!(LANTERN_OFF.min.x, 3.0 * 32.0);
    assert_eq!(LANTERN_ON.min.x, 4.0 * 32.0);
    // The last one touched is lit, the others dark.
    let mut app = App::new();
    app.insert_resource(LevelStatus {
        checkpoint: Some(1),
        ..default()
    })
    .add_systems(Update, light_checkpoints);
    for k in 0..3 {
        app.world_mut().spawn((
            CheckpointFlag(k),
            Sprite {
                rect: Some(LANTERN_OFF),
                ..default()
            },
        ));
    }
    app.update();
    let mut q = app.world_mut().query::<(&CheckpointFlag, &Sprite)>();
    for (flag, sprite) in q.iter(app.world()) {
        let want = if flag.0 == 1 { LANTERN_ON } else { LANTERN_OFF };
        assert_eq!(sprite.rect, Some(want), "checkpoint {}", flag.0);
    }
}

/// Screen shake: a crush and a hard landing of the player shake the view
/// (by at most `SHAKE_MAX` times trauma squared), a soft landing or another
/// body's does not, the settings can turn it off, and the offset comes off
/// again exactly, so it never moves where the camera is.
#[test]
fn crushes_and_hard_landings_shake_the_view_unless_turned_off() {
    use tangent::art::shake::{SHAKE_MAX, Shake, add_trauma, shake_view, unshake};
    use tangent::collision::{HitMessage, Hits};
    use tangent::level::{DeathCause, Died};
    use tangent::player::camera::GameCamera;
    use tangent::profile::settings::Settings;
    let run = |on: bool, event: &dyn Fn(&mut App, Entity, Entity)| {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Shake>()
            .insert_resource(Settings {
                screen_shake: on,
                ..default()
            })
            .add_message::<Died>()
            .add_message::<HitMessage>()
            .add_systems(Update, (add_trauma, unshake, shake_view).chain());
        let home = Vec3::new(100.0, 50.0, 0.0);
        let cam = app
            .world_mut()
            .spawn((GameCamera, Transform::from_translation(home)))
            .id();
        let player = app.world_mut().spawn(Player).id();
        let other = app.world_mut().spawn_empty().id();
        app.update();
        event(&mut app, player, other);
        app.update();
        let shake = *app.world().resource::<Shake>();
        let at = app.world().get::<Transform>(cam).unwrap().translation;
        assert!(
            (at - home).truncate().abs().max_element() <= SHAKE_MAX * shake.trauma.powi(2) + 1e-4
        );
        assert!(((at - home).truncate() - shake.offset).length() < 1e-4);
        // Taking the offset off puts the camera back where it was.
        app.world_mut().run_system_cached(unshake).unwrap();
        let back = app.world().get::<Transform>(cam).unwrap().translation;
        assert!((back - home).length() < 1e-4, "{back}");
        shake.trauma
    };
    let crush = |app: &mut App, _: Entity, _: Entity| {
        app.world_mut().write_message(Died {
            at: Vec2::ZERO,
            back_to: Vec2::ZERO,
            cause: DeathCause::Crushed,
        });
    };
    let landing = |speed: f32, player: bool| {
        move |app: &mut App, p: Entity, o: Entity| {
            app.world_mut().write_message(HitMessage {
                actor: if player { p } else { o },
                terrain: o,
                normal: Vec2::Y,
                hits: Hits::new(),
                impact_speed: speed,
                bounced: false,
            });
        }
    };
    let crushed = run(true, &crush);
    assert!(crushed > 0.7, "{crushed}");
    assert_eq!(run(false, &crush), 0.0);
    let hard = run(true, &landing(2000.0, true));
    assert!(hard > 0.6, "{hard}");
    assert_eq!(run(true, &landing(500.0, true)), 0.0);
    assert_eq!(run(true, &landing(2000.0, false)), 0.0);
    println!("trauma: crushed {crushed:.3}, hard landing {hard:.3}");
}

/// After a death the player fades back in: invisible on the frame it comes
/// back, half seen half-way through `FADE_IN` (to a frame), whole after it
/// (one frame is 1/60 s here).
#[test]
fn the_player_fades_back_in_after_a_death() {
    use tangent::art::respawn::FADE_IN;
    use tangent::level::{DeathCause, Died};
    let mut app = app();
    let alpha = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&Sprite, With<PlayerLook>>()
            .single(app.world())
            .unwrap()
            .color
            .alpha()
    };
    assert_eq!(alpha(&mut app), 1.0);
    app.world_mut().write_message(Died {
        at: Vec2::ZERO,
        back_to: Vec2::ZERO,
        cause: DeathCause::Spikes,
    });
    app.update();
    assert_eq!(alpha(&mut app), 0.0);
    let half = (FADE_IN * 60.0 / 2.0).round() as usize;
    steps(&mut app, half);
    let a = alpha(&mut app);
    // (To a frame: the frame the death is read on may or may not count.)
    let frame = 1.0 / 60.0 / FADE_IN;
    assert!((a - half as f32 * frame).abs() <= frame + 1e-3, "{a}");
    steps(&mut app, half + 2);
    assert_eq!(alpha(&mut app), 1.0);
}
