//! What the player is pressing, as one small value the simulation reads each
//! fixed step: from the keyboard and gamepads while playing
//! ([`super::devices`]), from a replay file when
//! replaying. The replay text format is documented on [`Replay`].

use bevy::prelude::*;

/// Keys held for the player this fixed step.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerInput {
    pub left: bool,
    pub right: bool,
    pub jump: bool,
    pub down: bool,
    /// Up: aims a dash (jumping is its own key).
    pub up: bool,
    /// Dash (`player::dash`).
    pub dash: bool,
}

impl PlayerInput {
    /// Nothing held.
    pub const NONE: PlayerInput = PlayerInput {
        left: false,
        right: false,
        jump: false,
        down: false,
        up: false,
        dash: false,
    };

    /// Run input along x: −1 left, 1 right, 0 for neither or both.
    pub fn run_axis(&self) -> f32 {
        (self.right as i32 - self.left as i32) as f32
    }

    /// The replay letters for these keys: `L`, `R`, `J`, `D`, `U`, `X`, or
    /// `-` for none.
    pub fn letters(&self) -> String {
        let mut s = String::new();
        for (on, c) in [
            (self.left, 'L'),
            (self.right, 'R'),
            (self.jump, 'J'),
            (self.down, 'D'),
            (self.up, 'U'),
            (self.dash, 'X'),
        ] {
            if on {
                s.push(c);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// Parses replay letters; `None` for an unknown letter.
    pub fn from_letters(s: &str) -> Option<PlayerInput> {
        let mut k = PlayerInput::default();
        for c in s.chars() {
            match c {
                'L' => k.left = true,
                'R' => k.right = true,
                'J' => k.jump = true,
                'D' => k.down = true,
                'U' => k.up = true,
                'X' => k.dash = true,
                '-' => {}
                _ => return None,
            }
        }
        Some(k)
    }
}

/// Held keys per fixed step, as a text file:
///
/// ```text
/// # tangent replay v1
/// # <frame> <keys>: from this frame on these keys are held.
/// # keys: L left, R right, J jump, D down, U up, X dash, - none. Frames
/// # count fixed steps (60 per second) from 0, ascending.
/// 0 -
/// 30 R
/// 52 RJ
/// 70 R
/// ```
///
/// Lines starting with `#` and blank lines are ignored. `U` and `X` came
/// with the dash; a replay without them plays as it always did.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// `(first frame, keys)`, ascending by frame.
    pub changes: Vec<(u64, PlayerInput)>,
}

impl Replay {
    /// Parses the text format, naming the line of the first bad entry.
    pub fn parse(text: &str) -> Result<Replay, String> {
        let mut changes: Vec<(u64, PlayerInput)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split_whitespace();
            let bad = || format!("line {}: expected `<frame> <keys>`, got `{line}`", i + 1);
            let frame: u64 = parts.next().and_then(|f| f.parse().ok()).ok_or_else(bad)?;
            let keys = parts
                .next()
                .and_then(PlayerInput::from_letters)
                .ok_or_else(bad)?;
            if parts.next().is_some() {
                return Err(bad());
            }
            if changes.last().is_some_and(|(f, _)| *f >= frame) {
                return Err(format!("line {}: frames must increase", i + 1));
            }
            changes.push((frame, keys));
        }
        Ok(Replay { changes })
    }

    /// The keys held on `frame`.
    pub fn keys_at(&self, frame: u64) -> PlayerInput {
        let i = self.changes.partition_point(|(f, _)| *f <= frame);
        if i == 0 {
            PlayerInput::default()
        } else {
            self.changes[i - 1].1
        }
    }

    /// Writes the text format (only the frames where the keys change).
    pub fn to_text(&self) -> String {
        let mut s = String::from(
            "# tangent replay v1\n# <frame> <keys>: from this frame on these keys are held (L R J D U X, - none)\n",
        );
        for (f, k) in &self.changes {
            s.push_str(&format!("{f} {}\n", k.letters()));
        }
        s
    }

    /// Appends `keys` at `frame` if they differ from the last entry.
    pub fn record(&mut self, frame: u64, keys: PlayerInput) {
        if self.changes.last().is_none_or(|(_, k)| *k != keys) {
            self.changes.push((frame, keys));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_round_trips_and_holds_keys_between_changes() {
        let text = "# x\n0 -\n10 R\n15 RJ\n20 L\n";
        let r = Replay::parse(text).unwrap();
        assert_eq!(
            r.keys_at(12),
            PlayerInput {
                right: true,
                ..default()
            }
        );
        assert!(r.keys_at(17).jump);
        assert_eq!(Replay::parse(&r.to_text()).unwrap(), r);
        assert!(Replay::parse("5 R\n3 L").is_err());
        assert!(Replay::parse("5 Q").unwrap_err().contains("line 1"));
        assert_eq!(Replay::parse("0 RUX").unwrap().keys_at(0).letters(), "RUX");
    }
}
