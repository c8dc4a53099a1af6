//! How a mover of the level file moves, step by step: its path (legs
//! between waypoints, each eased, with waits), its turn (spin and swing),
//! and its trigger, as a [`MoverRun`] the game advances once per fixed
//! step. Everything is a function of the run's clock (seconds of motion
//! done, `f64` so that hours of ping-pong do not drift), so a run is
//! deterministic and a path can be previewed at any time.
//!
//! **The path** starts where the mover is drawn (offset `(0, 0)`) and
//! visits the `path` offsets in order; `PingPong` comes back the same way,
//! `Loop` goes from the last straight to the first, `Once` stays at the
//! last. A leg lasts `leg_time`, or its length over `speed`; the mover waits
//! `wait` seconds at each waypoint it reaches. With `Smooth` easing the
//! fraction of a leg done at fraction `s` of its time is `3s² − 2s³`.
//!
//! (The method in full is on `waypoints`.)

use tangent_collision::prelude::Vec2;

use crate::format::mover::{Easing, MoverDef, Repeat, Trigger, WhenBlocked};

/// Seconds a crumbled mover falls before it is gone.
pub const FALL_FOR: f32 = 1.0;
/// Seconds a crumbled mover stays gone before it is put back.
pub const GONE_FOR: f32 = 2.5;
/// How far a shaking mover shakes either side, px.
pub const SHAKE: f32 = 1.0;

/// The moments of a mover's run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// Waiting for its trigger, where it is drawn.
    Waiting,
    /// Moving along its path.
    Moving,
    /// A crumbling mover shaking: seconds until it falls.
    Shaking(f32),
    /// A crumbling mover falling: seconds fallen.
    Falling(f32),
    /// A crumbled mover gone: seconds until it comes back.
    Gone(f32),
}

/// What the game knows of a mover at a step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunInput {
    pub dt: f32,
    /// The player stood on it after the last step.
    pub stood_on: bool,
    /// It stopped short in the last step rather than crush a body.
    pub blocked: bool,
    /// Where it is drawn is clear (nothing of the player there): a crumbled
    /// mover comes back only then.
    pub home_clear: bool,
    /// The level's gravity (a crumbled mover falls by it).
    pub gravity: Vec2,
}

/// Where a mover is to be after a step: its offset from where it is
/// drawn and its angle, and whether it is put there at once (a crumbled
/// mover coming back) rather than moved there.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RunPose {
    pub offset: Vec2,
    /// Radians, counter-clockwise.
    pub angle: f32,
    pub placed: bool,
    /// Drawn (not gone).
    pub shown: bool,
}

/// A mover's run: its clock, the way it runs, and its phase.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoverRun {
    /// Seconds of motion done.
    pub clock: f64,
    /// `+1` forward along the path, `−1` back (turned back when blocked).
    pub direction: f64,
    pub phase: Phase,
    /// The offset of a falling mover, px.
    drop: Vec2,
    /// Its falling speed, px/s.
    fall_speed: Vec2,
}

impl MoverRun {
    /// A run at the level's start.
    pub fn start(def: &MoverDef) -> MoverRun {
        MoverRun {
            clock: 0.0,
            direction: 1.0,
            phase: match def.trigger {
                Trigger::Always => Phase::Moving,
                _ => Phase::Waiting,
            },
            drop: Vec2::ZERO,
            fall_speed: Vec2::ZERO,
        }
    }

    /// One step of the run; where the mover is to be after it.
    ///
    /// ```
    /// use tangent_level::format::mover::{Easing, MoverDef};
    /// use tangent_level::format::mover_path::{MoverRun, RunInput};
    /// let def = MoverDef { path: vec![(0.0, 300.0)], speed: 100.0, easing: Easing::Linear, ..Default::default() };
    /// let mut run = MoverRun::start(&def);
    /// let input = RunInput { dt: 0.5, ..Default::default() };
    /// let mut at = run.advance(&def, input);
    /// assert_eq!(at.offset.y, 50.0);
    /// for _ in 0..7 { at = run.advance(&def, input); }
    /// assert!((at.offset.y - 200.0).abs() < 1e-3); // 4 s: up 300 in 3 s, back 100 in 1
    /// ```
    pub fn advance(&mut self, def: &MoverDef, input: RunInput) -> RunPose {
        let mut placed = false;
        match self.phase {
            Phase::Waiting => {
                if input.stood_on {
                    match def.trigger {
                        Trigger::Crumble(delay) => self.phase = Phase::Shaking(delay),
                        _ => {
                            self.phase = Phase::Moving;
                            self.run_path(def, input);
                        }
                    }
                }
            }
            Phase::Moving => self.run_path(def, input),
            Phase::Shaking(left) => {
                let left = left - input.dt;
                self.phase = if left <= 0.0 {
                    Phase::Falling(0.0)
                } else {
                    Phase::Shaking(left)
                };
            }
            Phase::Falling(done) => {
                self.fall_speed += input.gravity * input.dt;
                self.drop += self.fall_speed * input.dt;
                let done = done + input.dt;
                self.phase = if done >= FALL_FOR {
                    Phase::Gone(GONE_FOR)
                } else {
                    Phase::Falling(done)
                };
            }
            Phase::Gone(left) => {
                let left = left - input.dt;
                if left <= 0.0 && input.home_clear {
                    *self = MoverRun::start(def);
                    placed = true;
                } else {
                    self.phase = Phase::Gone(left.max(0.0));
                }
            }
        }
        RunPose {
            placed,
            ..self.pose(def)
        }
    }

    /// A step along the path: forward (or back, turned back when blocked,
    /// returning when left), or waiting while blocked.
    fn run_path(&mut self, def: &MoverDef, input: RunInput) {
        let dt = input.dt as f64;
        if input.blocked {
            match def.when_blocked {
                WhenBlocked::Reverse => self.direction = -self.direction,
                // It waits for the way to clear.
                WhenBlocked::Stop => return,
                WhenBlocked::Crush => {}
            }
        }
        let back = def.trigger == Trigger::StoodOn && def.returns && !input.stood_on;
        if back {
            self.clock = (self.clock - dt).max(0.0);
            if self.clock == 0.0 {
                self.phase = Phase::Waiting;
            }
        } else {
            self.clock += self.direction * dt;
            if def.repeat == Repeat::Once {
                self.clock = self.clock.clamp(0.0, path_time(def));
            }
        }
    }

    /// Where the mover is now. (A shaking mover does not move: the shake
    /// is drawn, not collided with, so it gives riders no speed.)
    pub fn pose(&self, def: &MoverDef) -> RunPose {
        RunPose {
            offset: path_offset(def, self.clock) + self.drop,
            angle: turn_at(def, self.clock),
            placed: false,
            shown: !matches!(self.phase, Phase::Gone(_)),
        }
    }

    /// How far a shaking mover is drawn off its place now, px (zero when
    /// it is not shaking): left and right at 30 Hz by [`SHAKE`].
    pub fn shake(&self) -> Vec2 {
        match self.phase {
            Phase::Shaking(left) => {
                let side = ((left * 30.0) as i64 % 2) as f32 * 2.0 - 1.0;
                Vec2::new(SHAKE * side, 0.0)
            }
            _ => Vec2::ZERO,
        }
    }
}

/// **The turn** is `spin · t + swing.angle · sin(2π t / swing.period)`
/// (degrees), `t` the clock.
///
/// **Triggers**: `StoodOn` keeps the clock at zero until the player stands
/// on the mover; with `returns` the clock runs back while nobody does.
/// `Crumble(d)` shakes for `d` seconds after the player lands, falls for
/// [`FALL_FOR`] seconds under the level's gravity, is gone for
/// [`GONE_FOR`] seconds, then is put back where it is drawn (when the
/// place is clear of the player).
///
/// The path's waypoints, from where the mover is drawn.
fn waypoints(def: &MoverDef) -> Vec<Vec2> {
    std::iter::once(Vec2::ZERO)
        .chain(def.path.iter().map(|p| Vec2::new(p.0, p.1)))
        .collect()
}

/// The legs of one cycle of the path: from, to.
fn legs(def: &MoverDef) -> Vec<(Vec2, Vec2)> {
    let w = waypoints(def);
    let mut legs: Vec<(Vec2, Vec2)> = w.windows(2).map(|p| (p[0], p[1])).collect();
    match def.repeat {
        Repeat::PingPong => {
            let back: Vec<_> = legs.iter().rev().map(|(a, b)| (*b, *a)).collect();
            legs.extend(back);
        }
        Repeat::Loop => {
            if let (Some(&last), Some(&first)) = (w.last(), w.first())
                && w.len() > 1
            {
                legs.push((last, first));
            }
        }
        Repeat::Once => {}
    }
    legs
}

/// Seconds a leg lasts.
fn leg_seconds(def: &MoverDef, from: Vec2, to: Vec2) -> f64 {
    if def.leg_time > 0.0 {
        def.leg_time as f64
    } else if def.speed > 0.0 {
        (to - from).length() as f64 / def.speed as f64
    } else {
        0.0
    }
}

/// Seconds of one cycle of the path (waits included); for `Once`, of the
/// whole path.
pub fn path_time(def: &MoverDef) -> f64 {
    cycle_time(def, &legs(def))
}

/// Seconds the legs of `def`'s path take, waits included.
fn cycle_time(def: &MoverDef, legs: &[(Vec2, Vec2)]) -> f64 {
    legs.iter()
        .map(|(a, b)| leg_seconds(def, *a, *b) + def.wait as f64)
        .sum()
}

/// The mover's offset from where it is drawn at `clock` seconds of its
/// path.
///
/// ```
/// use tangent_level::format::mover::{MoverDef, Repeat};
/// use tangent_level::format::mover_path::path_offset;
/// use tangent_collision::prelude::Vec2;
/// // A square loop, 1 s a side, smooth: halfway along each side at 0.5 s.
/// let def = MoverDef {
///     path: vec![(100.0, 0.0), (100.0, 100.0), (0.0, 100.0)],
///     leg_time: 1.0,
///     repeat: Repeat::Loop,
///     ..Default::default()
/// };
/// assert_eq!(path_offset(&def, 0.5), Vec2::new(50.0, 0.0));
/// assert_eq!(path_offset(&def, 3.5), Vec2::new(0.0, 50.0));
/// assert_eq!(path_offset(&def, 4.0), Vec2::ZERO);
/// ```
pub fn path_offset(def: &MoverDef, clock: f64) -> Vec2 {
    let legs = legs(def);
    let total = cycle_time(def, &legs);
    if legs.is_empty() || total <= 0.0 {
        return Vec2::ZERO;
    }
    let mut t = match def.repeat {
        Repeat::Once => clock.clamp(0.0, total),
        _ => clock.rem_euclid(total),
    };
    for (a, b) in &legs {
        let d = leg_seconds(def, *a, *b);
        if t < d {
            let s = (t / d) as f32;
            let s = match def.easing {
                Easing::Linear => s,
                Easing::Smooth => s * s * (3.0 - 2.0 * s),
            };
            return a.lerp(*b, s);
        }
        t -= d;
        if t < def.wait as f64 {
            return *b;
        }
        t -= def.wait as f64;
    }
    legs.last().map_or(Vec2::ZERO, |l| l.1)
}

/// The mover's angle at `clock`, radians.
pub fn turn_at(def: &MoverDef, clock: f64) -> f32 {
    let mut deg = def.spin as f64 * clock;
    if let Some(s) = def.swing
        && s.period > 0.0
    {
        deg += s.angle as f64 * (std::f64::consts::TAU * clock / s.period as f64).sin();
    }
    // Kept within a turn of zero, where f32 is fine.
    (deg.rem_euclid(360.0).to_radians()) as f32
}
