//! Keyboard keys by name, for the settings file and the settings screen.
//! Bevy's `KeyCode` is serialisable only with Bevy's `serialize` feature
//! (a second compiled Bevy); the keys a player can bind are few, so they are
//! named here: the file uses Bevy's names (`KeyA`, `ArrowLeft`, `Space`), the
//! screen short ones (`A`, `Left`, `Space`).

use bevy::input::keyboard::KeyCode;

/// The number keys 1 to 9, in order (levels in play, brushes and legend
/// kinds in the editor).
pub const DIGIT_KEYS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

macro_rules! keys {
    ($(($k:ident, $short:expr)),* $(,)?) => {
        /// Every bindable key: (key, file name, name on screen).
        pub const BINDABLE: &[(KeyCode, &str, &str)] = &[$((KeyCode::$k, stringify!($k), $short)),*];
    };
}

keys![
    (KeyA, "A"),
    (KeyB, "B"),
    (KeyC, "C"),
    (KeyD, "D"),
    (KeyE, "E"),
    (KeyF, "F"),
    (KeyG, "G"),
    (KeyH, "H"),
    (KeyI, "I"),
    (KeyJ, "J"),
    (KeyK, "K"),
    (KeyL, "L"),
    (KeyM, "M"),
    (KeyN, "N"),
    (KeyO, "O"),
    (KeyP, "P"),
    (KeyQ, "Q"),
    (KeyR, "R"),
    (KeyS, "S"),
    (KeyT, "T"),
    (KeyU, "U"),
    (KeyV, "V"),
    (KeyW, "W"),
    (KeyX, "X"),
    (KeyY, "Y"),
    (KeyZ, "Z"),
    (Digit0, "0"),
    (Digit1, "1"),
    (Digit2, "2"),
    (Digit3, "3"),
    (Digit4, "4"),
    (Digit5, "5"),
    (Digit6, "6"),
    (Digit7, "7"),
    (Digit8, "8"),
    (Digit9, "9"),
    (ArrowLeft, "Left"),
    (ArrowRight, "Right"),
    (ArrowUp, "Up"),
    (ArrowDown, "Down"),
    (Space, "Space"),
    (Enter, "Enter"),
    (Backspace, "Backspace"),
    (ShiftLeft, "Left Shift"),
    (ShiftRight, "Right Shift"),
    (ControlLeft, "Left Ctrl"),
    (ControlRight, "Right Ctrl"),
    (AltLeft, "Left Alt"),
    (AltRight, "Right Alt"),
    (Comma, ","),
    (Period, "."),
    (Slash, "/"),
    (Semicolon, ";"),
    (Quote, "'"),
    (BracketLeft, "["),
    (BracketRight, "]"),
    (Minus, "-"),
    (Equal, "="),
    (Backslash, "\\"),
    (Backquote, "`"),
    (Numpad0, "Num 0"),
    (Numpad1, "Num 1"),
    (Numpad2, "Num 2"),
    (Numpad3, "Num 3"),
    (Numpad4, "Num 4"),
    (Numpad5, "Num 5"),
    (Numpad6, "Num 6"),
    (Numpad7, "Num 7"),
    (Numpad8, "Num 8"),
    (Numpad9, "Num 9"),
];

/// The key a file name stands for (`"KeyA"` → `KeyCode::KeyA`).
///
/// ```
/// use bevy::input::keyboard::KeyCode;
/// use tangent::player::keys::{from_name, name, short_name};
/// assert_eq!(from_name("ArrowLeft"), Some(KeyCode::ArrowLeft));
/// assert_eq!(name(KeyCode::Space), Some("Space"));
/// assert_eq!(short_name(KeyCode::KeyW), "W");
/// assert_eq!(from_name("Escape"), None); // pauses; not bindable
/// ```
pub fn from_name(name: &str) -> Option<KeyCode> {
    BINDABLE
        .iter()
        .find(|(_, n, _)| *n == name)
        .map(|(k, _, _)| *k)
}

/// The file name of a bindable key.
pub fn name(key: KeyCode) -> Option<&'static str> {
    BINDABLE
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, n, _)| *n)
}

/// The on-screen name of a key (its Bevy name when it is not bindable).
pub fn short_name(key: KeyCode) -> String {
    BINDABLE
        .iter()
        .find(|(k, _, _)| *k == key)
        .map_or_else(|| format!("{key:?}"), |(_, _, s)| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_bevys_and_unique() {
        for (i, (k, n, s)) in BINDABLE.iter().enumerate() {
            assert_eq!(format!("{k:?}"), *n, "the file name is Bevy's name");
            assert_eq!(from_name(n), Some(*k));
            assert!(!s.is_empty());
            assert!(
                BINDABLE[..i]
                    .iter()
                    .all(|(k2, n2, s2)| k2 != k && n2 != n && s2 != s)
            );
        }
    }
}
