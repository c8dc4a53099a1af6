//! Moving through a menu, from the keyboard and gamepads: arrows or W/S/A/D
//! and the D-pad or left stick move; Enter or Space and South (A) choose;
//! Esc or Backspace and East (B) go back. The stick moves one item per push
//! past [`STICK_PUSH`], not one per frame.

use bevy::prelude::*;

/// One step through a menu.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuNav {
    Up,
    Down,
    Left,
    Right,
    Confirm,
    Back,
}

/// How far the stick must lean to move the cursor.
pub const STICK_PUSH: f32 = 0.5;

const KEYS: [(KeyCode, MenuNav); 12] = [
    (KeyCode::ArrowUp, MenuNav::Up),
    (KeyCode::KeyW, MenuNav::Up),
    (KeyCode::ArrowDown, MenuNav::Down),
    (KeyCode::KeyS, MenuNav::Down),
    (KeyCode::ArrowLeft, MenuNav::Left),
    (KeyCode::KeyA, MenuNav::Left),
    (KeyCode::ArrowRight, MenuNav::Right),
    (KeyCode::KeyD, MenuNav::Right),
    (KeyCode::Enter, MenuNav::Confirm),
    (KeyCode::Space, MenuNav::Confirm),
    (KeyCode::Escape, MenuNav::Back),
    (KeyCode::Backspace, MenuNav::Back),
];

const BUTTONS: [(GamepadButton, MenuNav); 6] = [
    (GamepadButton::DPadUp, MenuNav::Up),
    (GamepadButton::DPadDown, MenuNav::Down),
    (GamepadButton::DPadLeft, MenuNav::Left),
    (GamepadButton::DPadRight, MenuNav::Right),
    (GamepadButton::South, MenuNav::Confirm),
    (GamepadButton::East, MenuNav::Back),
];

/// The direction a stick leans, if past [`STICK_PUSH`] (the larger axis).
fn stick_direction(s: Vec2) -> Option<MenuNav> {
    if s.x.abs().max(s.y.abs()) < STICK_PUSH {
        None
    } else if s.y.abs() >= s.x.abs() {
        Some(if s.y > 0.0 {
            MenuNav::Up
        } else {
            MenuNav::Down
        })
    } else {
        Some(if s.x > 0.0 {
            MenuNav::Right
        } else {
            MenuNav::Left
        })
    }
}

/// This frame's menu steps.
pub fn read_menu_nav(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<(Entity, &Gamepad)>,
    mut leaning: Local<Vec<(Entity, MenuNav)>>,
    mut out: MessageWriter<MenuNav>,
) {
    for (key, nav) in KEYS {
        if keys.just_pressed(key) {
            out.write(nav);
        }
    }
    let mut now = Vec::new();
    for (e, pad) in &pads {
        for (button, nav) in BUTTONS {
            if pad.just_pressed(button) {
                out.write(nav);
            }
        }
        if let Some(nav) = stick_direction(pad.left_stick()) {
            if !leaning.contains(&(e, nav)) {
                out.write(nav);
            }
            now.push((e, nav));
        }
    }
    *leaning = now;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stick_leans_along_its_larger_axis_past_the_push() {
        assert_eq!(stick_direction(Vec2::new(0.3, -0.4)), None);
        assert_eq!(stick_direction(Vec2::new(0.3, -0.6)), Some(MenuNav::Down));
        assert_eq!(stick_direction(Vec2::new(-0.7, 0.6)), Some(MenuNav::Left));
        assert_eq!(stick_direction(Vec2::new(0.0, 0.5)), Some(MenuNav::Up));
    }
}
