//! The HUD (level name, the speedrun timer in fixed steps with the level's
//! best, goals, deaths; hidden in the menus) and the banner (a bad level
//! file, a bad profile file replaced, the last finish against the best, the
//! win message).

use bevy::prelude::*;

use super::text::{finish_line, format_time, label};
use crate::assets::GameAssets;
use crate::level::{CurrentLevel, LevelStatus, SimFrame};
use crate::mode::GameMode;
use crate::player::assist::Assist;
use crate::profile::records::Records;
use crate::profile::{LastFinish, ProfileWarnings};

/// How long the last finish stays on the banner, in fixed steps of the
/// next level.
pub const FINISH_SHOWN_STEPS: u64 = 240;

#[derive(Component)]
pub(super) struct HudText;

#[derive(Component)]
pub(super) struct BannerText;

pub(super) fn spawn_ui(mut commands: Commands) {
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

/// What the game's profile shows on screen (absent in tests without it).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ProfileView<'w> {
    records: Option<Res<'w, Records>>,
    assist: Option<Res<'w, Assist>>,
    last: Option<Res<'w, LastFinish>>,
    warnings: Option<Res<'w, ProfileWarnings>>,
    coins: Option<Res<'w, crate::level::coins::CoinsTaken>>,
}

type HudItem<'a> = (&'a mut Text, &'a mut Visibility);

pub(super) fn update_ui(
    (status, frame): (Res<LevelStatus>, Res<SimFrame>),
    mode: Option<Res<State<GameMode>>>,
    level: Option<Res<CurrentLevel>>,
    assets: Option<Res<GameAssets>>,
    profile: ProfileView,
    mut hud: Query<HudItem, (With<HudText>, Without<BannerText>)>,
    mut banner: Query<&mut Text, (With<BannerText>, Without<HudText>)>,
) {
    let steps = status.steps(*frame);
    let name = level
        .as_ref()
        .map_or("(no level)", |l| l.level.file.name.as_str());
    let in_menu = mode.as_ref().is_some_and(|m| {
        matches!(
            m.get(),
            GameMode::Title | GameMode::LevelSelect | GameMode::Settings
        )
    });
    if let Ok((mut t, mut shown)) = hud.single_mut() {
        let best = match (&profile.records, &level) {
            (Some(r), Some(l)) => r
                .get(&l.path)
                .best_steps
                .map_or(String::new(), |b| format!(" (best {})", format_time(b))),
            _ => String::new(),
        };
        let assisted = if profile.assist.as_ref().is_some_and(|a| a.is_on()) {
            "   assist on: no records"
        } else {
            ""
        };
        let coins = match (&profile.coins, &level) {
            (Some(c), Some(l)) if !l.level.file.coins.is_empty() => {
                format!("   coins {}/{}", c.count(), l.level.file.coins.len())
            }
            _ => String::new(),
        };
        let s = format!(
            "{name}   {}{best}   goals {}   deaths {}{coins}{assisted}",
            format_time(steps),
            status.goals,
            status.deaths
        );
        if t.0 != s {
            t.0 = s;
        }
        let want = if in_menu {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        shown.set_if_neq(want);
    }
    if let Ok(mut t) = banner.single_mut() {
        let finish = profile
            .last
            .as_ref()
            .and_then(|l| l.0)
            .filter(|_| steps < FINISH_SHOWN_STEPS && !status.won_all);
        let warnings = profile.warnings.as_ref().filter(|w| !w.0.is_empty());
        let s = if in_menu {
            String::new()
        } else if let Some(e) = &status.error {
            format!("Level file error (the last good level keeps running):\n{e}")
        } else if let Some(p) = assets.as_ref().filter(|a| !a.problems.is_empty()) {
            format!(
                "Built-in art or sound could not be decoded (drawn plain or silent):\n{}",
                p.problems.join("\n")
            )
        } else if let Some(w) = warnings.filter(|_| steps < FINISH_SHOWN_STEPS) {
            w.0.join("\n")
        } else if let Some(w) = status
            .warning
            .as_ref()
            .filter(|_| steps < FINISH_SHOWN_STEPS)
        {
            w.clone()
        } else if status.won_all {
            "You finished the last level! Esc for the menu, 1 to play again.".to_string()
        } else if let Some((steps, how)) = finish {
            finish_line(steps, how)
        } else {
            String::new()
        };
        if t.0 != s {
            t.0 = s;
        }
    }
}
