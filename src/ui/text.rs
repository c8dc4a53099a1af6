//! Words on screen: a line of text placed absolutely ([`label`]), and the
//! speedrun time and a finish against the best as the player reads them.

use bevy::prelude::*;

use crate::profile::records::Finish;

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

/// Formats fixed steps (60 Hz) as `m:ss.cc`.
pub fn format_time(steps: u64) -> String {
    let cs = steps * 100 / crate::collision::CollisionPlugin::FIXED_HZ as u64;
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
/// assert_eq!(finish_line(630, Finish::Assisted), "Finished in 0:10.50 with an assist on: no record.");
/// ```
pub fn finish_line(steps: u64, how: Finish) -> String {
    let t = format_time(steps);
    match how {
        Finish::NewBest { previous: Some(p) } => format!(
            "Finished in {t}: a new best, {:.2} s faster!",
            (p - steps) as f64 / crate::collision::CollisionPlugin::FIXED_HZ
        ),
        Finish::NewBest { previous: None } => format!("Finished in {t}: your first time."),
        Finish::Slower { best } => format!("Finished in {t} (best {}).", format_time(best)),
        Finish::Assisted => format!("Finished in {t} with an assist on: no record."),
    }
}
