//! The keys for each player action ([`Bindings`]), and rebinding them. The
//! player's settings ([`crate::profile::settings`]) keep them; the input
//! devices ([`super::devices`]) read them.

use bevy::input::keyboard::KeyCode;
use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use super::keys;

/// What a key can do for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Left,
    Right,
    Jump,
    Down,
    Up,
    Dash,
}

impl Action {
    /// Every action, in the settings screen's order.
    pub const ALL: [Action; 6] = [
        Action::Left,
        Action::Right,
        Action::Jump,
        Action::Down,
        Action::Up,
        Action::Dash,
    ];

    /// Its name on screen.
    pub fn label(self) -> &'static str {
        match self {
            Action::Left => "Run left",
            Action::Right => "Run right",
            Action::Jump => "Jump",
            Action::Down => "Drop through",
            Action::Up => "Aim up",
            Action::Dash => "Dash",
        }
    }
}

/// The keys bound to each action (any of them does it).
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Bindings {
    #[serde(with = "key_names")]
    pub left: Vec<KeyCode>,
    #[serde(with = "key_names")]
    pub right: Vec<KeyCode>,
    #[serde(with = "key_names")]
    pub jump: Vec<KeyCode>,
    #[serde(with = "key_names")]
    pub down: Vec<KeyCode>,
    #[serde(with = "key_names")]
    pub up: Vec<KeyCode>,
    #[serde(with = "key_names")]
    pub dash: Vec<KeyCode>,
}

impl Default for Bindings {
    /// Arrows or A/D to run; Space, C or K to jump; Down or S to drop;
    /// Up or W to aim a dash up; X, J or Shift to dash (Celeste's keys:
    /// the arrows aim, so Up no longer jumps).
    fn default() -> Self {
        use KeyCode::*;
        Bindings {
            left: vec![ArrowLeft, KeyA],
            right: vec![ArrowRight, KeyD],
            jump: vec![Space, KeyC, KeyK],
            down: vec![ArrowDown, KeyS],
            up: vec![ArrowUp, KeyW],
            dash: vec![KeyX, KeyJ, ShiftLeft],
        }
    }
}

/// Keys the game itself uses, which no action may take.
pub const RESERVED: &[(KeyCode, &str)] = &[
    (KeyCode::KeyE, "E opens the editor"),
    (KeyCode::KeyR, "R restarts the level"),
    (KeyCode::KeyN, "N skips to the next level"),
    (KeyCode::Digit1, "1-9 pick a level"),
    (KeyCode::Digit2, "1-9 pick a level"),
    (KeyCode::Digit3, "1-9 pick a level"),
    (KeyCode::Digit4, "1-9 pick a level"),
    (KeyCode::Digit5, "1-9 pick a level"),
    (KeyCode::Digit6, "1-9 pick a level"),
    (KeyCode::Digit7, "1-9 pick a level"),
    (KeyCode::Digit8, "1-9 pick a level"),
    (KeyCode::Digit9, "1-9 pick a level"),
];

impl Bindings {
    /// The keys of `action`.
    pub fn get(&self, action: Action) -> &Vec<KeyCode> {
        match action {
            Action::Left => &self.left,
            Action::Right => &self.right,
            Action::Jump => &self.jump,
            Action::Down => &self.down,
            Action::Up => &self.up,
            Action::Dash => &self.dash,
        }
    }

    fn get_mut(&mut self, action: Action) -> &mut Vec<KeyCode> {
        match action {
            Action::Left => &mut self.left,
            Action::Right => &mut self.right,
            Action::Jump => &mut self.jump,
            Action::Down => &mut self.down,
            Action::Up => &mut self.up,
            Action::Dash => &mut self.dash,
        }
    }

    /// Makes `key` the only key of `action`. The key is taken from any
    /// other action that had it; an action left with no key gets the keys
    /// `action` had (a swap). Keys the game uses, and keys that cannot be
    /// named in the settings file, are refused with the reason.
    ///
    /// ```
    /// use bevy::input::keyboard::KeyCode;
    /// use tangent::player::bindings::{Action, Bindings};
    /// let mut b = Bindings::default();
    /// b.rebind(Action::Jump, KeyCode::KeyK).unwrap();
    /// assert_eq!(b.jump, [KeyCode::KeyK]);
    /// b.rebind(Action::Down, KeyCode::KeyK).unwrap(); // swapped
    /// assert_eq!((b.down.as_slice(), b.jump.as_slice()), (&[KeyCode::KeyK][..], &[KeyCode::ArrowDown, KeyCode::KeyS][..]));
    /// assert!(b.rebind(Action::Jump, KeyCode::KeyR).unwrap_err().contains("restarts"));
    /// ```
    pub fn rebind(&mut self, action: Action, key: KeyCode) -> Result<(), String> {
        if let Some((_, why)) = RESERVED.iter().find(|(k, _)| *k == key) {
            return Err(format!("{} is taken: {why}", keys::short_name(key)));
        }
        if keys::name(key).is_none() {
            return Err(format!("{} cannot be bound", keys::short_name(key)));
        }
        let old = std::mem::replace(self.get_mut(action), vec![key]);
        for other in Action::ALL.into_iter().filter(|a| *a != action) {
            let list = self.get_mut(other);
            list.retain(|k| *k != key);
            if list.is_empty() {
                *list = old.iter().copied().filter(|k| *k != key).collect();
            }
        }
        Ok(())
    }

    /// The keys of `action` as the screen shows them (`Space / W / Up`).
    pub fn describe(&self, action: Action) -> String {
        let names: Vec<String> = self
            .get(action)
            .iter()
            .map(|k| keys::short_name(*k))
            .collect();
        names.join(" / ")
    }
}

/// `Vec<KeyCode>` as a list of key names (see [`keys`]); an unknown name
/// is an error naming it.
mod key_names {
    use bevy::input::keyboard::KeyCode;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::player::keys;

    pub fn serialize<S: Serializer>(list: &[KeyCode], s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<&str> = list.iter().filter_map(|k| keys::name(*k)).collect();
        names.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<KeyCode>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| {
                keys::from_name(n).ok_or_else(|| D::Error::custom(format!("unknown key `{n}`")))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rebind_keeps_each_action_bound_and_keys_unshared() {
        // Every bindable key onto every action, from the defaults and after
        // a chain of earlier rebinds.
        let mut chained = Bindings::default();
        for (key, _, _) in keys::BINDABLE {
            for action in Action::ALL {
                for b in [&mut Bindings::default(), &mut chained] {
                    let before = b.clone();
                    match b.rebind(action, *key) {
                        Ok(()) => assert_eq!(b.get(action), &vec![*key]),
                        Err(_) => {
                            assert!(RESERVED.iter().any(|(k, _)| k == key));
                            assert_eq!(*b, before);
                        }
                    }
                    let all: Vec<KeyCode> =
                        Action::ALL.iter().flat_map(|a| b.get(*a).clone()).collect();
                    for a in Action::ALL {
                        assert!(!b.get(a).is_empty(), "{a:?} lost its keys");
                    }
                    for (i, k) in all.iter().enumerate() {
                        assert!(!all[..i].contains(k), "{k:?} bound twice: {b:?}");
                    }
                }
            }
        }
    }
}
