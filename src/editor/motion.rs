//! A mover's motion stepped by the editor's keys ([`stepped_motion`]).

use tangent_level::format::mover::{Easing, MoverDef, Repeat, Trigger};

/// A mover's motion with one thing changed by a key: its speed (or its
/// leg time, when it has no speed) by `faster` steps of 10 px/s (0.1 s),
/// its wait by `longer` steps of 0.1 s, its spin by `spin` steps of
/// 15°/s; `easing`, `repeat` and `trigger` each step to the next choice
/// (the trigger through `Always`, `StoodOn`, `StoodOn` returning and
/// `Crumble(0.5)`). Never below zero.
pub fn stepped_motion(
    m: &MoverDef,
    faster: f32,
    longer: f32,
    spin: f32,
    (easing, repeat, trigger): (bool, bool, bool),
) -> MoverDef {
    let round = |x: f32| (x.max(0.0) * 100.0).round() / 100.0;
    let mut m = m.clone();
    if m.speed > 0.0 || m.leg_time == 0.0 {
        m.speed = round(m.speed + 10.0 * faster);
    } else {
        m.leg_time = round(m.leg_time - 0.1 * faster);
    }
    m.wait = round(m.wait + 0.1 * longer);
    m.spin = ((m.spin + 15.0 * spin) * 100.0).round() / 100.0;
    if easing {
        m.easing = match m.easing {
            Easing::Smooth => Easing::Linear,
            Easing::Linear => Easing::Smooth,
        };
    }
    if repeat {
        m.repeat = match m.repeat {
            Repeat::PingPong => Repeat::Loop,
            Repeat::Loop => Repeat::Once,
            Repeat::Once => Repeat::PingPong,
        };
    }
    if trigger {
        (m.trigger, m.returns) = match (m.trigger, m.returns) {
            (Trigger::Always, _) => (Trigger::StoodOn, false),
            (Trigger::StoodOn, false) => (Trigger::StoodOn, true),
            (Trigger::StoodOn, true) => (Trigger::Crumble(0.5), false),
            (Trigger::Crumble(_), _) => (Trigger::Always, false),
        };
    }
    m
}
