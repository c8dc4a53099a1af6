//! What the player reads on screen: the HUD (level name, the speedrun
//! timer in fixed steps with the level's best, goals, deaths; hidden in the
//! menus), and the banner: a bad level file (file, line and problem), a bad
//! profile file replaced, the last finish against the best, the win
//! message.

use bevy::prelude::*;

use crate::assets::GameAssets;
use crate::level::{CurrentLevel, LevelStatus, SimFrame};
use crate::mode::GameMode;
use crate::profile::records::{Finish, Records};
use crate::profile::{LastFinish, ProfileWarnings};

/// How long the last finish stays on the banner, in fixed steps of the
/// next level.
pub const FINISH_SHOWN_STEPS: u64 = 240;

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

/// The banner's line about the last finish: its time, and how it compares
/// with the best.
///
/// ```
/// use tangent::profile::records::Finish;
/// use tangent::ui::finish_line;
/// assert_eq!(finish_line(600, Finish::NewBest { previous: Some(660) }), "Finished in 0:10.00: a new best, 1.00 s faster!");
/// assert_eq!(finish_line(600, Finish::NewBest { previous: None }), "Finished in 0:10.00: your first time.");
/// assert_eq!(finish_line(630, Finish::Slower { best: 600 }), "Finished in 0:10.50 (best 0:10.00).");
/// ```
pub fn finish_line(steps: u64, how: Finish) -> String {
    let t = format_time(steps);
    match how {
        Finish::NewBest { previous: Some(p) } => format!(
            "Finished in {t}: a new best, {:.2} s faster!",
            (p - steps) as f64 / 60.0
        ),
        Finish::NewBest { previous: None } => format!("Finished in {t}: your first time."),
        Finish::Slower { best } => format!("Finished in {t} (best {}).", format_time(best)),
    }
}

/// What the game's profile shows on screen (absent in tests without it).
#[derive(bevy::ecs::system::SystemParam)]
struct ProfileView<'w> {
    records: Option<Res<'w, Records>>,
    last: Option<Res<'w, LastFinish>>,
    warnings: Option<Res<'w, ProfileWarnings>>,
}

type HudItem<'a> = (&'a mut Text, &'a mut Visibility);

fn update_ui(
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
        let s = format!(
            "{name}   {}{best}   goals {}   deaths {}",
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
