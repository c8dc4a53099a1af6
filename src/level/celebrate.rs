//! The goal's celebration (windowed game): when the player reaches the
//! goal, the game holds still for [`CELEBRATION`] seconds while confetti
//! bursts from the goal and "Clear!" pops up over it; then the next level
//! opens. Only where [`GoalCelebration`] is present (the window's level
//! plugin adds it): headless runs switch at once, so replays and traces
//! are the same with or without it, and the hold is not simulated or
//! timed (the virtual clock is paused).

use bevy::prelude::*;

use super::state::{Goal, LevelCommand, LevelEntity, LevelFinished};

/// How long the celebration lasts, seconds of real time.
pub const CELEBRATION: f32 = 1.1;
/// How many pieces of confetti burst from the goal.
pub const CONFETTI: usize = 48;

/// Present: the goal celebrates before the next level; the time left of
/// the one under way, and whether it paused the clock.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct GoalCelebration {
    pub left: Option<f32>,
    paused_here: bool,
}

/// A piece of confetti: its velocity, px/s, and spin, rad/s.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Confetti {
    pub velocity: Vec2,
    pub spin: f32,
}

/// The "Clear!" over the goal.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct ClearBanner;

const COLOURS: [Color; 5] = [
    Color::srgb(0.98, 0.35, 0.35),
    Color::srgb(0.99, 0.82, 0.25),
    Color::srgb(0.35, 0.80, 0.45),
    Color::srgb(0.35, 0.60, 0.98),
    Color::srgb(0.85, 0.45, 0.95),
];

/// The k-th piece's starting velocity: a fan upward, 55° either side,
/// 300 to 640 px/s (the same burst every time).
pub fn burst(k: usize) -> Vec2 {
    let f = k as f32;
    let angle = (f * 0.618_034).fract() * 1.92 - 0.96;
    let speed = 300.0 + 340.0 * (f * 0.414_214).fract();
    Vec2::new(angle.sin(), angle.cos()) * speed
}

/// Starts the celebration when a level is finished: pauses the clock and
/// bursts confetti and the banner from the goal.
pub fn start_celebration(
    mut commands: Commands,
    mut finished: MessageReader<LevelFinished>,
    mut party: ResMut<GoalCelebration>,
    mut time: ResMut<Time<Virtual>>,
    goals: Query<&Transform, With<Goal>>,
) {
    if finished.read().count() == 0 {
        return;
    }
    party.left = Some(CELEBRATION);
    party.paused_here = !time.is_paused();
    time.pause();
    let Some(at) = goals.iter().next().map(|t| t.translation.truncate()) else {
        return;
    };
    for k in 0..CONFETTI {
        commands.spawn((
            LevelEntity,
            Confetti {
                velocity: burst(k),
                spin: 8.0 * ((k as f32 * 1.7).sin()),
            },
            Sprite::from_color(COLOURS[k % COLOURS.len()], Vec2::new(5.0, 8.0)),
            Transform::from_xyz(at.x, at.y, 3.0),
        ));
    }
    // The banner over a dark copy of itself, so it reads on any sky.
    for (offset, z, colour) in [
        (
            Vec2::new(2.0, -2.0),
            3.4,
            Color::srgba(0.1, 0.05, 0.0, 0.75),
        ),
        (Vec2::ZERO, 3.5, Color::srgb(1.0, 0.9, 0.35)),
    ] {
        commands.spawn((
            LevelEntity,
            ClearBanner,
            Text2d::new("Clear!"),
            TextFont::from_font_size(28.0),
            TextColor(colour),
            Transform::from_xyz(at.x + offset.x, at.y + 56.0 + offset.y, z)
                .with_scale(Vec3::splat(0.2)),
        ));
    }
}

/// Moves the confetti and the banner on the real clock; when the time is
/// up, lets the clock go and opens the next level.
pub fn run_celebration(
    real: Res<Time<Real>>,
    mut party: ResMut<GoalCelebration>,
    mut time: ResMut<Time<Virtual>>,
    mut confetti: Query<(&mut Confetti, &mut Transform), Without<ClearBanner>>,
    mut banner: Query<&mut Transform, With<ClearBanner>>,
    mut next: MessageWriter<LevelCommand>,
) {
    let Some(left) = party.left else {
        return;
    };
    let dt = real.delta_secs().min(0.05);
    for (mut c, mut tf) in &mut confetti {
        c.velocity.y -= 900.0 * dt;
        c.velocity *= 1.0 - 1.5 * dt;
        tf.translation += (c.velocity * dt).extend(0.0);
        tf.rotate_z(c.spin * dt);
    }
    let t = 1.0 - left / CELEBRATION;
    for mut tf in &mut banner {
        // Pops past full size, then settles.
        let s = (t * 6.0).min(1.0) * (1.0 + 0.25 * (t * 14.0).sin() * (1.0 - t));
        tf.scale = Vec3::splat(s.max(0.05));
    }
    let left = left - dt;
    if left > 0.0 {
        party.left = Some(left);
        return;
    }
    party.left = None;
    if party.paused_here {
        time.unpause();
    }
    next.write(LevelCommand::Next);
}
