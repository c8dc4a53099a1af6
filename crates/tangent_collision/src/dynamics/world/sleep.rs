//! Sleeping: a body that has stayed still for a while is left out of
//! [`step_bodies`](crate::dynamics::step_bodies) (it still stands in the others'
//! way, braced as it last rested) until something moves it, as Box2D and
//! Rapier put resting bodies to sleep.

use glam::Vec2;

use crate::dynamics::body::types::Body;

/// Speed (px/s, measured by how far a step moved the body) below which a
/// body counts as still: 4 px/s, a fifteenth of a pixel per 60 Hz step.
pub(in crate::dynamics) const SLEEP_SPEED: f32 = 4.0;

/// Seconds a body must stay still before it sleeps.
pub(in crate::dynamics) const SLEEP_AFTER: f32 = 0.5;

/// A body falls asleep after [`SLEEP_AFTER`] seconds in which no step
/// moved it more than [`SLEEP_SPEED`] × dt; its velocity is then zero (a
/// body at rest in a pile keeps a velocity pressed into its neighbours,
/// which its steps take out again). It wakes when:
/// - another body's contact gives it a velocity;
/// - a body that moves (more than the sleep speed) ends or starts its
///   turn touching it (within the skin and contact margin), so a crate
///   pushed out from under a sleeping one lets it fall;
/// - game code sets its velocity, moves it, or changes the gravity, the
///   number of bodies ([`WorldScratch::wake_all`](crate::dynamics::WorldScratch::wake_all)
///   after anything else changes, e.g. the terrain).
///
/// A body woken by a push that does not move it sleeps again straight
/// after its step; one woken by a body moving beside it (or by game code)
/// stays awake for [`SLEEP_AFTER`] at least.
/// A sleeping body's report lists no contacts and keeps `grounded` from
/// its last step.
///
/// One body's rest: how long it has been still, whether it sleeps, and
/// where it fell asleep.
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::dynamics) struct Rest {
    still_for: f32,
    asleep: bool,
    at: Vec2,
}

impl Rest {
    pub(in crate::dynamics) fn asleep(&self) -> bool {
        self.asleep
    }

    /// Whether the sleeping `body` was left as it fell asleep (nothing set
    /// its velocity or moved it since).
    pub(in crate::dynamics) fn undisturbed(&self, body: &Body) -> bool {
        self.asleep && body.velocity == Vec2::ZERO && body.position == self.at
    }

    /// Where it fell asleep.
    pub(in crate::dynamics) fn slept_at(&self) -> Vec2 {
        self.at
    }

    /// Steps it again. It keeps the time it has been still: if the step
    /// does not move it, it sleeps again straight after (a push it takes up).
    pub(in crate::dynamics) fn wake(&mut self) {
        self.asleep = false;
    }

    /// Wakes it for at least [`SLEEP_AFTER`]: what it rests on may have
    /// gone, and a body starting to fall from rest moves too little in its
    /// first steps (`g dt² / 2`) to count as moving.
    pub(in crate::dynamics) fn shake(&mut self) {
        *self = Rest::default();
    }

    /// After a step of `dt` seconds that took `body` from `start`: counts
    /// the time it has been still, and puts it to sleep (velocity zero)
    /// once it has been still long enough.
    pub(in crate::dynamics) fn after_step(&mut self, start: Vec2, body: &mut Body, dt: f32) {
        if !body.can_sleep || moved(start, body.position, dt) {
            *self = Rest::default();
            return;
        }
        self.still_for += dt;
        if self.still_for >= SLEEP_AFTER {
            self.asleep = true;
            self.at = body.position;
            body.velocity = Vec2::ZERO;
        }
    }
}

/// Whether going from `start` to `end` in `dt` seconds is faster than the
/// sleep speed.
pub(in crate::dynamics) fn moved(start: Vec2, end: Vec2, dt: f32) -> bool {
    start.distance_squared(end) > (SLEEP_SPEED * dt).powi(2)
}
