//! The collision plugin's systems: rebuilding the terrain index when
//! terrain entities change, stepping every actor together, and placing
//! `Transform`s between fixed steps.

use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;
use bevy_log::{error, warn};
use bevy_time::{Fixed, Time};
use bevy_transform::prelude::Transform;
use glam::Vec2;
use std::collections::HashSet;

use super::components::{
    Actor, ActorMode, Contacts, Gravity, Grounded, MoverTargets, PhysicsPosition,
    PreviousPhysicsPosition, SurfaceRun, TerrainIndex, TerrainMover, Velocity,
};
use super::messages::{ActorHit, Crushed, HitMessage, MoverBlocked};
use super::workers::StepWorkers;
use crate::dynamics::{BodyMode, StepEvents, StepReport, Touched, World};
use crate::terrain::{TerrainPiece, TerrainSet};

/// Rebuilds the index when any terrain entity was added, changed or removed.
pub(crate) fn rebuild_terrain_index(
    changed: Query<(), Changed<TerrainPiece>>,
    mut removed: RemovedComponents<TerrainPiece>,
    terrain: Query<(Entity, &TerrainPiece)>,
    mut index: ResMut<TerrainIndex>,
) {
    let removed_any = removed.read().count() > 0;
    if changed.is_empty() && !removed_any {
        return;
    }
    let current = index.entities.len() == terrain.iter().len()
        && index.entities.iter().enumerate().all(|(i, &e)| {
            terrain
                .get(e)
                .is_ok_and(|(_, shape)| *shape == *index.set.piece(i))
        });
    if current {
        return;
    }
    let mut pieces: Vec<(Entity, TerrainPiece)> = terrain.iter().map(|(e, t)| (e, *t)).collect();
    pieces.sort_by_key(|(e, _)| *e);
    // Movers are not entities: they are kept as they are.
    let fixed = pieces.iter().map(|(_, p)| *p).collect();
    match TerrainSet::with_movers(fixed, index.set.movers()) {
        Ok(set) => {
            index.set = std::sync::Arc::new(set);
            index.entities = pieces.into_iter().map(|(e, _)| e).collect();
        }
        // Terrain is validated when levels load; keep the last good set.
        Err(e) => error!("terrain rejected, keeping the previous terrain: {e}"),
    }
}

type ActorItem<'a> = (
    Entity,
    Option<&'a Name>,
    &'a Actor,
    &'a mut Velocity,
    &'a mut PhysicsPosition,
    &'a mut PreviousPhysicsPosition,
    &'a mut Grounded,
    &'a mut Contacts,
    Option<&'a ActorMode>,
    Option<&'a mut SurfaceRun>,
);

/// The world of the fixed steps, kept between steps (it remembers what each
/// body rested on, by its place in entity order). The terrain is the
/// index's, lent to the world for each step; between steps the world holds
/// an empty one.
pub(crate) struct StepState {
    world: World,
    entities: Vec<Entity>,
    /// Actors whose refused step was already said.
    warned: HashSet<Entity>,
    /// A refused mover pose was already said.
    warned_movers: bool,
}

impl Default for StepState {
    fn default() -> Self {
        let empty = TerrainSet::new(Vec::new()).expect("no pieces is valid terrain");
        StepState {
            world: World::new(empty, Vec2::ZERO),
            entities: Vec::new(),
            warned: HashSet::new(),
            warned_movers: false,
        }
    }
}

/// Where the step sends what it found.
#[derive(bevy_ecs::system::SystemParam)]
pub(crate) struct StepMessages<'w> {
    hits: MessageWriter<'w, HitMessage>,
    actor_hits: MessageWriter<'w, ActorHit>,
    crushed: MessageWriter<'w, Crushed>,
    blocked: MessageWriter<'w, MoverBlocked>,
}

impl StepMessages<'_> {
    /// The step's crushes (by entity) and blocked movers.
    fn write_movers(&mut self, events: &StepEvents, entities: &[Entity]) {
        for c in events.crushes {
            self.crushed.write(Crushed {
                actor: entities[c.body],
                mover: c.mover,
            });
        }
        for &mover in events.blocked {
            self.blocked.write(MoverBlocked { mover });
        }
    }

    /// An actor's impacts this step (its contacts with an impact speed):
    /// with another actor as an [`ActorHit`], with terrain as a
    /// [`HitMessage`] naming the piece's entity (a mover's, for a mover's
    /// piece; the placeholder for a piece no entity owns).
    fn write_hits(
        &mut self,
        report: &StepReport,
        entity: Entity,
        entities: &[Entity],
        index: &TerrainIndex,
    ) {
        for c in report.contacts.iter().filter(|c| c.impact_speed > 0.0) {
            match c.with {
                Touched::Body(other) => {
                    self.actor_hits.write(ActorHit {
                        actor: entity,
                        other: entities[other],
                        normal: c.normal,
                        closing_speed: c.impact_speed,
                        bounced: c.bounced,
                    });
                }
                Touched::Piece(piece) => {
                    let terrain = match index.set.mover_of(piece) {
                        Some(g) => index.movers.get(g),
                        None => index.entities.get(piece),
                    };
                    self.hits.write(HitMessage {
                        actor: entity,
                        terrain: terrain.copied().unwrap_or(Entity::PLACEHOLDER),
                        normal: c.normal,
                        hits: c.hits,
                        impact_speed: c.impact_speed,
                        bounced: c.bounced,
                    });
                }
            }
        }
    }
}

/// Steps the [`World`]: the movers to their [`MoverTargets`], then every
/// actor through the terrain and among each other, in entity order
/// (deterministic).
#[allow(clippy::too_many_arguments)]
pub(crate) fn step_actors(
    time: Res<Time<Fixed>>,
    gravity: Res<Gravity>,
    mut index: ResMut<TerrainIndex>,
    targets: Res<MoverTargets>,
    mut actors: Query<ActorItem>,
    mut movers: Query<&mut TerrainMover>,
    mut out: StepMessages,
    workers: Res<StepWorkers>,
    mut state: Local<StepState>,
) {
    let dt = time.delta_secs();
    if dt <= 0.0 {
        return;
    }
    let mut all: Vec<_> = actors.iter_mut().collect();
    all.sort_by_key(|a| a.0);
    let StepState {
        world,
        entities,
        warned,
        warned_movers,
    } = &mut *state;
    // Sleep and braces are kept by place in entity order: a new terrain or
    // another set of actors starts everyone awake.
    let same_actors =
        entities.len() == all.len() && entities.iter().zip(&all).all(|(e, a)| *e == a.0);
    if index.is_changed() || !same_actors {
        world.wake_all();
    }
    let bodies = world.bodies_mut();
    bodies.clear();
    entities.clear();
    for (entity, name, actor, vel, pos, prev, ..) in &mut all {
        if let Some(problem) = repair_non_finite(&mut vel.0, &mut pos.0, prev.0) {
            warn!("{}: {problem}", who(*entity, *name));
        }
        prev.0 = pos.0;
        bodies.push(actor.at(pos.0, vel.0));
        entities.push(*entity);
    }
    for (k, a) in all.iter().enumerate() {
        let mode = a.8.map_or(BodyMode::Free, |m| m.0.clone());
        world.set_mode(k, mode);
    }
    // Moving the movers changes the set but is not a change of terrain
    // (nothing wakes for it but what the movers touch): change detection
    // is bypassed. The set is lent to the world for the step, and copied
    // once if a level still shares it.
    let index = index.bypass_change_detection();
    world.set_gravity(gravity.0);
    world.set_parallel(workers.0.clone());
    world.set_mover_targets(&targets.0);
    world.swap_terrain(&mut index.set);
    world.step(dt);
    world.swap_terrain(&mut index.set);
    let events = world.events();
    if let Some(e) = events.mover_error
        && !std::mem::replace(warned_movers, true)
    {
        warn!("a mover's pose was refused (said once): {e}");
    }
    out.write_movers(&events, entities);
    for mut m in &mut movers {
        if m.index < index.set.mover_count() {
            m.previous = m.pose;
            m.pose = index.set.mover_pose(m.index);
        }
    }
    for (k, (entity, name, _, vel, pos, _, grounded, contacts, _, run)) in
        all.iter_mut().enumerate()
    {
        if let Some(run) = run {
            run.0 = events.runs.iter().find(|(i, _)| *i == k).map(|(_, r)| *r);
        }
        let report = &events.reports[k];
        // A refused step is said once per actor, not every step.
        if let Some(e) = &report.error
            && warned.insert(*entity)
        {
            warn!("{}: {e} (said once)", who(*entity, *name));
        }
        let body = world.body(k);
        pos.0 = body.position;
        // A refused step leaves the body as it was; its velocity is
        // dropped so that it does not fail the same way every step.
        vel.0 = if report.error.is_some() {
            Vec2::ZERO
        } else {
            body.velocity
        };
        grounded.0 = report.grounded;
        out.write_hits(report, *entity, entities, index);
        contacts.0.clone_from(&report.contacts);
    }
}

fn who(entity: Entity, name: Option<&Name>) -> String {
    match name {
        Some(n) => format!("actor {entity} ({n})"),
        None => format!("actor {entity}"),
    }
}

/// Resets a non-finite velocity to zero and a non-finite position to the
/// previous one (or the origin), saying what was wrong, so a body set to NaN
/// or infinity by game code moves on from the next step instead of being
/// refused every step.
pub(crate) fn repair_non_finite(
    velocity: &mut Vec2,
    position: &mut Vec2,
    previous: Vec2,
) -> Option<String> {
    let mut problems = Vec::new();
    if !velocity.is_finite() {
        problems.push(format!("velocity {velocity} is not finite; reset to zero"));
        *velocity = Vec2::ZERO;
    }
    if !position.is_finite() {
        let back = if previous.is_finite() {
            previous
        } else {
            Vec2::ZERO
        };
        problems.push(format!(
            "position {position} is not finite; put back at {back}"
        ));
        *position = back;
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// Places each actor's `Transform` between its last two physics positions,
/// by how far the clock is into the next fixed step.
pub(crate) fn interpolate_transforms(
    time: Res<Time<Fixed>>,
    mut actors: Query<(&PhysicsPosition, &PreviousPhysicsPosition, &mut Transform)>,
) {
    let a = time.overstep_fraction();
    for (pos, prev, mut tf) in &mut actors {
        let p = prev.0.lerp(pos.0, a);
        tf.translation.x = p.x;
        tf.translation.y = p.y;
    }
}

/// Places each mover's `Transform` between its last two poses (turning
/// about its pivot), as [`interpolate_transforms`] does for actors.
pub(crate) fn interpolate_movers(
    time: Res<Time<Fixed>>,
    mut movers: Query<(&TerrainMover, &mut Transform)>,
) {
    let a = time.overstep_fraction();
    for (m, mut tf) in &mut movers {
        let p = m.previous.translation.lerp(m.pose.translation, a);
        let angle = m.previous.angle + (m.pose.angle - m.previous.angle) * a;
        tf.translation.x = p.x;
        tf.translation.y = p.y;
        tf.rotation = bevy_math::Quat::from_rotation_z(angle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repair_says_what_was_wrong() {
        let (mut v, mut p) = (Vec2::new(f32::NAN, 1.0), Vec2::new(3.0, 4.0));
        let said = repair_non_finite(&mut v, &mut p, Vec2::ZERO).unwrap();
        assert!(
            said.contains("velocity") && said.contains("reset to zero"),
            "{said}"
        );
        assert_eq!((v, p), (Vec2::ZERO, Vec2::new(3.0, 4.0)));
        let mut q = Vec2::new(f32::INFINITY, 0.0);
        let said = repair_non_finite(&mut v, &mut q, Vec2::new(7.0, 8.0)).unwrap();
        assert!(
            said.contains("position") && said.contains("put back"),
            "{said}"
        );
        assert_eq!(q, Vec2::new(7.0, 8.0));
        assert!(repair_non_finite(&mut v, &mut q, Vec2::ZERO).is_none());
    }
}
