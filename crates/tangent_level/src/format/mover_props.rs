//! A mover's motion from named properties, as drawing and map tools hold
//! them (an SVG element's `data-*` attributes, a Tiled layer's custom
//! properties): each property is a field of [`MoverDef`] by its name
//! (compared loosely: `leg-time`, `leg_time` and `LegTime` are one), its
//! value written as the level file writes that field. One reader for every
//! importer, so a motion reads the same from each, and one writer
//! ([`motion_text`]) for the level file and the exporters.

use crate::format::mover::{MoverDef, Trigger};

/// The motion fields a property may set, as the level file names them;
/// the pieces a mover carries (`tiles`, `curves`) come from the drawing or
/// map itself.
pub const MOTION_FIELDS: [&str; 13] = [
    "pivot",
    "path",
    "speed",
    "leg_time",
    "easing",
    "repeat",
    "wait",
    "spin",
    "swing",
    "trigger",
    "returns",
    "when_blocked",
    "turns_riders",
];

/// The level file's field a property name stands for, if any (an SVG
/// attribute's `data-` prefix left out).
pub fn motion_field(name: &str) -> Option<&'static str> {
    let w = word(name.strip_prefix("data-").unwrap_or(name));
    MOTION_FIELDS.into_iter().find(|f| word(f) == w)
}

/// A mover (carrying nothing yet) with the motion `props` give, as
/// `(name, value)`; names that are not motion fields are for the caller
/// (return them with [`motion_field`] first if they are errors there). An
/// error names the property, its value and how to write it.
///
/// ```
/// use tangent_level::format::mover::{Repeat, Trigger};
/// use tangent_level::format::mover_props::motion_from;
///
/// let props = [("path", "[(0, 300)]"), ("speed", "200"), ("trigger", "StoodOn"),
///              ("repeat", "once")];
/// let m = motion_from(props.iter().map(|(k, v)| (k.to_string(), v.to_string()))).unwrap();
/// assert_eq!(m.path, vec![(0.0, 300.0)]);
/// assert_eq!((m.speed, m.trigger, m.repeat), (200.0, Trigger::StoodOn, Repeat::Once));
/// // A bad value says which property and how to write it.
/// let e = motion_from([("speed".to_string(), "fast".to_string())]).unwrap_err();
/// assert!(e.starts_with("`speed` is `fast`"), "{e}");
/// ```
pub fn motion_from(props: impl IntoIterator<Item = (String, String)>) -> Result<MoverDef, String> {
    let mut fields = Vec::new();
    for (name, value) in props {
        let Some(field) = motion_field(&name) else {
            continue;
        };
        let value = plain_word(field, value.trim());
        // Each field alone first, so an error names its property.
        let one = format!("({field}: {value})");
        ron::from_str::<MoverDef>(&one).map_err(|e| {
            format!(
                "`{name}` is `{value}`, not a mover's {field} ({}); write it as in a level file, e.g. {}",
                e.code,
                example(field)
            )
        })?;
        fields.push(format!("{field}: {value}"));
    }
    let all = format!("({})", fields.join(", "));
    ron::from_str(&all).map_err(|e| format!("the mover's properties: {}", e.code))
}

/// Words tools write in lower case (`once`, `stood on`, `true`) as the
/// level file spells them (`Once`, `StoodOn`), and a pivot or swing
/// given plainly as `Some` of it; anything else as it is.
fn plain_word(field: &str, value: &str) -> String {
    let words: &[&str] = match field {
        "easing" => &["Linear", "Smooth"],
        "repeat" => &["PingPong", "Loop", "Once"],
        "trigger" => &["Always", "StoodOn"],
        "when_blocked" => &["Crush", "Stop", "Reverse"],
        "returns" | "turns_riders" => &["true", "false"],
        // Optional fields: a plain value is `Some` of it.
        "pivot" | "swing" if !value.starts_with("Some") && value != "None" => {
            return format!("Some({value})");
        }
        _ => &[],
    };
    let w = word(value);
    words
        .iter()
        .find(|k| word(k) == w)
        .map_or_else(|| value.to_string(), |k| k.to_string())
}

fn example(field: &str) -> &'static str {
    match field {
        "pivot" => "`(120, 64)`",
        "path" => "`[(0, 300), (200, 300)]`",
        "easing" => "`Smooth` or `Linear`",
        "repeat" => "`PingPong`, `Loop` or `Once`",
        "swing" => "`(angle: 30, period: 2)`",
        "trigger" => "`Always`, `StoodOn` or `Crumble(0.5)`",
        "returns" | "turns_riders" => "`true`",
        "when_blocked" => "`Crush`, `Stop` or `Reverse`",
        _ => "`200`",
    }
}

/// The motion fields of `m` that are not their defaults, in the format's
/// order, each `(field, value)` as the level file writes it (numbers as
/// short as they read back exactly); [`motion_from`] reads them back.
///
/// ```
/// use tangent_level::format::mover::{MoverDef, Trigger};
/// use tangent_level::format::mover_props::motion_text;
///
/// let m = MoverDef { path: vec![(0.0, 32.5)], speed: 80.0, trigger: Trigger::Crumble(0.5),
///                    ..MoverDef::default() };
/// assert_eq!(motion_text(&m), [("path", "[(0, 32.5)]".to_string()),
///     ("speed", "80".to_string()), ("trigger", "Crumble(0.5)".to_string())]);
/// ```
pub fn motion_text(m: &MoverDef) -> Vec<(&'static str, String)> {
    let d = MoverDef::default();
    let pair = |p: (f32, f32)| format!("({}, {})", p.0, p.1);
    let mut out = Vec::new();
    if let Some(p) = m.pivot {
        out.push(("pivot", format!("Some({})", pair(p))));
    }
    if !m.path.is_empty() {
        let path: Vec<String> = m.path.iter().map(|p| pair(*p)).collect();
        out.push(("path", format!("[{}]", path.join(", "))));
    }
    for (name, v, dv) in [
        ("speed", m.speed, d.speed),
        ("leg_time", m.leg_time, d.leg_time),
    ] {
        if v != dv {
            out.push((name, v.to_string()));
        }
    }
    if m.easing != d.easing {
        out.push(("easing", format!("{:?}", m.easing)));
    }
    if m.repeat != d.repeat {
        out.push(("repeat", format!("{:?}", m.repeat)));
    }
    for (name, v, dv) in [("wait", m.wait, d.wait), ("spin", m.spin, d.spin)] {
        if v != dv {
            out.push((name, v.to_string()));
        }
    }
    if let Some(sw) = m.swing {
        let v = format!("Some((angle: {}, period: {}))", sw.angle, sw.period);
        out.push(("swing", v));
    }
    match m.trigger {
        Trigger::Always => {}
        Trigger::StoodOn => out.push(("trigger", "StoodOn".into())),
        Trigger::Crumble(t) => out.push(("trigger", format!("Crumble({t})"))),
    }
    if m.returns {
        out.push(("returns", "true".into()));
    }
    if m.when_blocked != d.when_blocked {
        out.push(("when_blocked", format!("{:?}", m.when_blocked)));
    }
    if m.turns_riders {
        out.push(("turns_riders", "true".into()));
    }
    out
}

/// A word of a property, class or identifier, compared loosely: letters
/// and digits only, lower case.
///
/// ```
/// use tangent_level::format::mover_props::word;
/// assert_eq!(word("One-Way"), "oneway");
/// assert_eq!(word("one_way"), word("oneway"));
/// ```
pub fn word(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
