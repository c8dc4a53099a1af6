//! What the menu screens share: where Back goes, and opening one menu from
//! another.

use bevy::prelude::*;

use crate::mode::GameMode;

/// Where Back goes from the level select and the settings: the menu that
/// opened them (the title or the pause menu).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuReturn(pub GameMode);

impl Default for MenuReturn {
    fn default() -> Self {
        MenuReturn(GameMode::Title)
    }
}

/// Opens menu `to` from menu `from` (Back returns there).
pub fn open_menu(
    to: GameMode,
    from: GameMode,
    next: &mut NextState<GameMode>,
    back_to: &mut MenuReturn,
) {
    back_to.0 = from;
    next.set(to);
}
