//! What the player reads on screen: the HUD (level name, time, goals), the
//! level error banner (a bad level file, with file, line and problem), the
//! pause screen, and the win message.

use bevy::prelude::*;

use crate::assets::GameAssets;
use crate::level::spawn::{CurrentLevel, LevelStatus};
use crate::mode::GameMode;

#[derive(Component)]
struct HudText;

#[derive(Component)]
struct BannerText;

pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, spawn_ui)
            .add_systems(Update, update_ui);
    }
}

/// A line of on-screen text of `size` px in `color`, placed by `node`
/// (absolute position): the HUD, the banner, the editor's help.
pub fn label(size: f32, color: Color, node: Node) -> impl Bundle {
    (
        Text::new(""),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
        Node {
            position_type: PositionType::Absolute,
            ..node
        },
    )
}

fn spawn_ui(mut commands: Commands) {
    let hud = Node {
        top: px(10),
        left: px(12),
        ..default()
    };
    commands.spawn((HudText, label(20.0, Color::WHITE, hud)));
    let banner = Node {
        top: px(44),
        left: px(12),
        right: px(12),
        ..default()
    };
    let amber = Color::srgb(1.0, 0.85, 0.3);
    commands.spawn((BannerText, label(18.0, amber, banner)));
}

/// Formats fixed steps (60 Hz) as `m:ss.cc`.
pub fn format_time(steps: u64) -> String {
    let cs = steps * 100 / 60;
    format!("{}:{:02}.{:02}", cs / 6000, (cs / 100) % 60, cs % 100)
}

fn update_ui(
    status: Res<LevelStatus>,
    mode: Option<Res<State<GameMode>>>,
    level: Option<Res<CurrentLevel>>,
    assets: Option<Res<GameAssets>>,
    mut hud: Query<&mut Text, (With<HudText>, Without<BannerText>)>,
    mut banner: Query<&mut Text, (With<BannerText>, Without<HudText>)>,
) {
    let name = level
        .as_ref()
        .map_or("(no level)", |l| l.level.file.name.as_str());
    if let Ok(mut t) = hud.single_mut() {
        let s = format!(
            "{name}   {}   goals {}   deaths {}",
            format_time(status.steps),
            status.goals,
            status.deaths
        );
        if t.0 != s {
            t.0 = s;
        }
    }
    if let Ok(mut t) = banner.single_mut() {
        let s = if let Some(e) = &status.error {
            format!("Level file error (the last good level keeps running):\n{e}")
        } else if let Some(p) = assets.as_ref().filter(|a| !a.problems.is_empty()) {
            format!(
                "Built-in art or sound could not be decoded (drawn plain or silent):\n{}",
                p.problems.join("\n")
            )
        } else if mode.is_some_and(|m| *m.get() == GameMode::Paused) {
            "Paused. Esc resumes. R restarts, N skips to the next level, 1-9 pick a level."
                .to_string()
        } else if status.won_all {
            "You finished the last level! Press 1 to play again.".to_string()
        } else {
            String::new()
        };
        if t.0 != s {
            t.0 = s;
        }
    }
}
