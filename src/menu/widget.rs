//! The pieces every menu screen is made of: a full-window panel that lives
//! as long as its mode ([`screen`]), a heading, and a column of items
//! ([`item`]) with one selected. The selection moves with [`MenuNav`] or
//! the mouse (hovering selects, a click chooses); choosing sends a
//! [`MenuPress`] that the screen's own system acts on.

use bevy::prelude::*;

use super::nav::MenuNav;
use crate::mode::GameMode;

/// An item of the menu on screen, by its position in the column.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuItem(pub usize);

/// The selected item of the menu on screen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuCursor(pub usize);

/// What the player did to the menu on screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuPress {
    /// Chose item `i` (Enter, Space, South, a click).
    Confirm(usize),
    /// Left or right on item `i` (a slider's value).
    Left(usize),
    Right(usize),
    /// Esc, Backspace or East.
    Back,
}

const PANEL: Color = Color::srgba(0.05, 0.07, 0.12, 0.82);
const ITEM: Color = Color::srgba(1.0, 1.0, 1.0, 0.06);
const ITEM_SELECTED: Color = Color::srgb(0.95, 0.75, 0.25);
const TEXT: Color = Color::srgb(0.9, 0.92, 0.95);
const TEXT_SELECTED: Color = Color::srgb(0.08, 0.08, 0.1);

/// A panel over the whole window, despawned when `mode` ends, with its
/// children in a centred column.
pub fn screen(mode: GameMode) -> impl Bundle {
    (
        DespawnOnExit(mode),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            row_gap: px(6),
            ..default()
        },
        BackgroundColor(PANEL),
        GlobalZIndex(10),
    )
}

/// A line of text of `size` px.
pub fn text(s: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// The menu item at position `index`, reading `label`.
pub fn item(index: usize, label: impl Into<String>) -> impl Bundle {
    (
        MenuItem(index),
        Button,
        Node {
            width: px(900),
            padding: UiRect::axes(px(18), px(6)),
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(ITEM),
        children![text(label, 22.0, TEXT)],
    )
}

/// Menu items: how many are on screen.
pub fn item_count(items: &Query<&MenuItem>) -> usize {
    items.iter().map(|i| i.0 + 1).max().unwrap_or(0)
}

/// Starts each menu on its first item, with no steps or choices left over
/// from the menu before (messages live two frames: the Enter that opened
/// this menu must not also choose in it).
pub fn reset_cursor(
    mut cursor: ResMut<MenuCursor>,
    mut nav: ResMut<Messages<MenuNav>>,
    mut presses: ResMut<Messages<MenuPress>>,
) {
    cursor.0 = 0;
    nav.clear();
    presses.clear();
}

/// Moves the selection and turns choices into [`MenuPress`].
pub fn move_cursor(
    mut nav: MessageReader<MenuNav>,
    items: Query<&MenuItem>,
    mut cursor: ResMut<MenuCursor>,
    mut out: MessageWriter<MenuPress>,
) {
    let n = item_count(&items);
    for step in nav.read() {
        if n == 0 {
            continue;
        }
        cursor.0 = cursor.0.min(n - 1);
        match step {
            MenuNav::Up => cursor.0 = (cursor.0 + n - 1) % n,
            MenuNav::Down => cursor.0 = (cursor.0 + 1) % n,
            MenuNav::Left => {
                out.write(MenuPress::Left(cursor.0));
            }
            MenuNav::Right => {
                out.write(MenuPress::Right(cursor.0));
            }
            MenuNav::Confirm => {
                out.write(MenuPress::Confirm(cursor.0));
            }
            MenuNav::Back => {
                out.write(MenuPress::Back);
            }
        }
    }
}

/// The mouse: an item the pointer moves onto is selected (a pointer resting
/// where a new menu opens selects nothing), clicking chooses.
pub fn point_and_click(
    items: Query<(Ref<Interaction>, &MenuItem)>,
    windows: Query<&Window>,
    mut last_pointer: Local<Option<Vec2>>,
    mut cursor: ResMut<MenuCursor>,
    mut out: MessageWriter<MenuPress>,
) {
    let pointer = windows.iter().find_map(|w| w.cursor_position());
    let moved = pointer.is_some() && pointer != *last_pointer;
    *last_pointer = pointer;
    for (interaction, item) in &items {
        match *interaction {
            Interaction::Hovered if moved => cursor.0 = item.0,
            Interaction::Pressed if interaction.is_changed() => {
                cursor.0 = item.0;
                out.write(MenuPress::Confirm(item.0));
            }
            _ => {}
        }
    }
}

/// Draws the selected item highlighted.
pub fn highlight(
    cursor: Res<MenuCursor>,
    mut items: Query<(&MenuItem, &mut BackgroundColor, &Children)>,
    mut texts: Query<&mut TextColor>,
) {
    for (item, mut bg, children) in &mut items {
        let on = item.0 == cursor.0;
        let want = if on { ITEM_SELECTED } else { ITEM };
        if bg.0 != want {
            bg.0 = want;
        }
        for c in children.iter() {
            if let Ok(mut t) = texts.get_mut(c) {
                t.0 = if on { TEXT_SELECTED } else { TEXT };
            }
        }
    }
}

/// Sets item `index`'s label (for values that change: volume, keys).
pub fn set_label(
    index: usize,
    label: &str,
    items: &Query<(&MenuItem, &Children)>,
    texts: &mut Query<&mut Text>,
) {
    for (item, children) in items {
        if item.0 != index {
            continue;
        }
        for c in children.iter() {
            if let Ok(mut t) = texts.get_mut(c)
                && t.0 != label
            {
                t.0 = label.to_string();
            }
        }
    }
}
