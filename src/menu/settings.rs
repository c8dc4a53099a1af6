//! The settings screen: the effects and music volumes (left and right
//! change them by a tenth), fullscreen, the assists (game speed by tenths from 50 to 100 %,
//! invincibility, an extra air jump), the ghost of the best run, a key for
//! each action, reset keys, back. Choosing an action
//! waits for the next key pressed and binds it (Esc cancels; a key the
//! game uses itself is refused with the reason). Every change is saved at
//! once ([`crate::profile`]). Gamepads keep their fixed layout.

use bevy::prelude::*;

use super::state::MenuReturn;
use super::widget::{MenuItem, MenuPress, item, screen, set_label, text};
use crate::mode::GameMode;
use crate::player::assist::MIN_SPEED;
use crate::player::bindings::{Action, Bindings};
use crate::profile::settings::{Settings, ZOOMS};

/// Item positions on the settings screen.
pub const VOLUME: usize = 0;
pub const MUSIC: usize = 1;
pub const FULLSCREEN: usize = 2;
pub const GAME_SPEED: usize = 3;
pub const INVINCIBLE: usize = 4;
pub const AIR_JUMP: usize = 5;
pub const INFINITE_DASHES: usize = 6;
pub const GHOST: usize = 7;
pub const ZOOM: usize = 8;
pub const SCREEN_SHAKE: usize = 9;
/// The first action's item; the actions follow in [`Action::ALL`] order.
pub const FIRST_ACTION: usize = 10;
pub const RESET_KEYS: usize = FIRST_ACTION + Action::ALL.len();
pub const BACK: usize = RESET_KEYS + 1;

/// Waiting for a key to bind, and the last message about it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Rebinding {
    /// The action waiting for a key.
    pub action: Option<Action>,
    /// The wait began on an earlier frame (the key that chose the item is
    /// not the new key).
    pub armed: bool,
    /// What happened to the last key pressed, for the screen.
    pub message: String,
}

/// Whether no key is awaited (the menu moves only then).
pub fn not_rebinding(r: Res<Rebinding>) -> bool {
    r.action.is_none()
}

/// The line under the items.
#[derive(Component)]
pub struct SettingsMessage;

pub fn spawn_settings(mut commands: Commands, mut rebinding: ResMut<Rebinding>) {
    *rebinding = Rebinding::default();
    let root = commands
        .spawn((
            screen(GameMode::Settings),
            children![text("Settings", 56.0, Color::WHITE)],
        ))
        .id();
    for i in 0..=BACK {
        commands.entity(root).with_child(item(i, ""));
    }
    commands
        .entity(root)
        .with_child((SettingsMessage, text("", 18.0, Color::srgb(1.0, 0.85, 0.3))));
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// An item's label for the current settings.
pub fn settings_label(i: usize, s: &Settings, rebinding: &Rebinding) -> String {
    match i {
        VOLUME => format!("Effects volume   <  {:.0}%  >", s.volume * 100.0),
        MUSIC => format!("Music volume   <  {:.0}%  >", s.music_volume * 100.0),
        FULLSCREEN => format!("Fullscreen (F11)   {}", on_off(s.fullscreen)),
        GAME_SPEED => format!("Assist: game speed   <  {:.0}%  >", s.assist.speed * 100.0),
        INVINCIBLE => format!("Assist: invincible   {}", on_off(s.assist.invincible)),
        AIR_JUMP => format!("Assist: extra air jump   {}", on_off(s.assist.air_jump)),
        INFINITE_DASHES => format!(
            "Assist: infinite dashes   {}",
            on_off(s.assist.infinite_dashes)
        ),
        GHOST => format!("Ghost of your best run   {}", on_off(s.ghost)),
        ZOOM => format!("View zoom   <  {:.0}%  >", s.zoom * 100.0),
        SCREEN_SHAKE => format!("Screen shake   {}", on_off(s.screen_shake)),
        RESET_KEYS => "Reset keys".into(),
        BACK => "Back".into(),
        _ => {
            let action = Action::ALL[i - FIRST_ACTION];
            if rebinding.action == Some(action) {
                format!("{}:   press a key (Esc cancels)", action.label())
            } else {
                format!("{}:   {}", action.label(), s.keys.describe(action))
            }
        }
    }
}

/// `value` a tenth down (Left) or up (Right), on whole tenths, within
/// `lowest` and 1.
fn by_a_tenth(value: f32, press: MenuPress, lowest: f32) -> f32 {
    let step = if matches!(press, MenuPress::Left(_)) {
        -1.0
    } else {
        1.0
    };
    (((value * 10.0).round() + step) / 10.0).clamp(lowest, 1.0)
}

/// The zoom after `zoom` among the settings' [`ZOOMS`], up (`bigger`) or
/// down, staying at the ends.
///
/// ```
/// use tangent::menu::settings::next_zoom;
/// assert_eq!(next_zoom(1.0, true), 1.25);
/// assert_eq!(next_zoom(1.0, false), 0.875);
/// assert_eq!(next_zoom(1.5, true), 1.5);
/// assert_eq!(next_zoom(0.75, false), 0.75);
/// ```
pub fn next_zoom(zoom: f32, bigger: bool) -> f32 {
    let at = ZOOMS
        .iter()
        .position(|z| *z >= zoom)
        .unwrap_or(ZOOMS.len() - 1);
    let k = if bigger {
        (at + usize::from(ZOOMS[at] <= zoom)).min(ZOOMS.len() - 1)
    } else {
        at.saturating_sub(1)
    };
    ZOOMS[k]
}

pub fn settings_choices(
    mut presses: MessageReader<MenuPress>,
    mut settings: ResMut<Settings>,
    mut rebinding: ResMut<Rebinding>,
    back_to: Res<MenuReturn>,
    mut next: ResMut<NextState<GameMode>>,
) {
    for press in presses.read() {
        match *press {
            MenuPress::Left(VOLUME) | MenuPress::Right(VOLUME) => {
                settings.volume = by_a_tenth(settings.volume, *press, 0.0);
            }
            MenuPress::Left(MUSIC) | MenuPress::Right(MUSIC) => {
                settings.music_volume = by_a_tenth(settings.music_volume, *press, 0.0);
            }
            MenuPress::Confirm(FULLSCREEN)
            | MenuPress::Left(FULLSCREEN)
            | MenuPress::Right(FULLSCREEN) => settings.fullscreen = !settings.fullscreen,
            MenuPress::Left(GAME_SPEED) | MenuPress::Right(GAME_SPEED) => {
                settings.assist.speed = by_a_tenth(settings.assist.speed, *press, MIN_SPEED);
            }
            MenuPress::Confirm(INVINCIBLE)
            | MenuPress::Left(INVINCIBLE)
            | MenuPress::Right(INVINCIBLE) => {
                settings.assist.invincible = !settings.assist.invincible;
            }
            MenuPress::Confirm(AIR_JUMP)
            | MenuPress::Left(AIR_JUMP)
            | MenuPress::Right(AIR_JUMP) => {
                settings.assist.air_jump = !settings.assist.air_jump;
            }
            MenuPress::Confirm(INFINITE_DASHES)
            | MenuPress::Left(INFINITE_DASHES)
            | MenuPress::Right(INFINITE_DASHES) => {
                settings.assist.infinite_dashes = !settings.assist.infinite_dashes;
            }
            MenuPress::Confirm(GHOST) | MenuPress::Left(GHOST) | MenuPress::Right(GHOST) => {
                settings.ghost = !settings.ghost;
            }
            MenuPress::Confirm(SCREEN_SHAKE)
            | MenuPress::Left(SCREEN_SHAKE)
            | MenuPress::Right(SCREEN_SHAKE) => settings.screen_shake = !settings.screen_shake,
            MenuPress::Left(ZOOM) => settings.zoom = next_zoom(settings.zoom, false),
            MenuPress::Right(ZOOM) => settings.zoom = next_zoom(settings.zoom, true),
            MenuPress::Confirm(RESET_KEYS) => {
                settings.keys = Bindings::default();
                rebinding.message = "Keys reset.".into();
            }
            MenuPress::Confirm(BACK) | MenuPress::Back => next.set(back_to.0),
            MenuPress::Confirm(i) if (FIRST_ACTION..RESET_KEYS).contains(&i) => {
                rebinding.action = Some(Action::ALL[i - FIRST_ACTION]);
                rebinding.armed = false;
                rebinding.message.clear();
            }
            _ => {}
        }
    }
}

/// While an action waits: the next key pressed is bound to it.
pub fn capture_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut rebinding: ResMut<Rebinding>,
    mut settings: ResMut<Settings>,
) {
    let Some(action) = rebinding.action else {
        return;
    };
    if !rebinding.armed {
        rebinding.armed = true;
        return;
    }
    let Some(key) = keys.get_just_pressed().next().copied() else {
        return;
    };
    rebinding.action = None;
    if key == KeyCode::Escape {
        rebinding.message = "Not changed.".into();
        return;
    }
    let mut keys_now = settings.keys.clone();
    rebinding.message = match keys_now.rebind(action, key) {
        Ok(()) => {
            settings.keys = keys_now;
            format!(
                "{}: {}",
                action.label(),
                crate::player::keys::short_name(key)
            )
        }
        Err(e) => e,
    };
}

pub fn label_settings(
    settings: Res<Settings>,
    rebinding: Res<Rebinding>,
    items: Query<(&MenuItem, &Children)>,
    mut texts: Query<&mut Text>,
    mut message: Query<Entity, With<SettingsMessage>>,
) {
    for i in 0..=BACK {
        set_label(
            i,
            &settings_label(i, &settings, &rebinding),
            &items,
            &mut texts,
        );
    }
    if let Ok(e) = message.single_mut()
        && let Ok(mut t) = texts.get_mut(e)
        && t.0 != rebinding.message
    {
        t.0 = rebinding.message.clone();
    }
}
