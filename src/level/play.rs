//! The level in play: turning a checked [`Level`] into entities, switching
//! levels (load a file, restart, go to the next level), the level's clock
//! and its goal. Logic only; what it looks like is added by
//! [`super::render`] in the windowed game.

use std::path::Path;

use bevy::prelude::*;

use super::movers::mover;
use super::state::{
    CurrentLevel, Goal, LevelActor, LevelCommand, LevelCurve, LevelEntity, LevelFinished,
    LevelSpawned, LevelStatus, SimFrame,
};
use crate::collision::{
    Actor, Gravity, PhysicsPosition, PreviousPhysicsPosition, TerrainIndex, Velocity,
};
use crate::collision::{ActorShape, Layers, TerrainPiece};
use crate::mode::LevelLoaded;
use crate::player::camera::CameraBounds;
use crate::player::view::ViewHeight;
use crate::player::{Player, PlayerTuning};
use tangent_level::files::{level_exists, read_level_text};
use tangent_level::format::DEFAULT_VIEW_HEIGHT;
use tangent_level::format::mover_path::MoverRun;
use tangent_level::validate::{Level, actor_shape};

/// Reads and checks a level file (from disk, or shipped: see
/// [`tangent_level::files`]).
pub fn load_level_file(path: &Path) -> Result<Level, String> {
    let text = read_level_text(path)?;
    let file = path.display().to_string();
    let level = Level::parse(&text, &file).map_err(|e| e.to_string())?;
    Ok(tangent_level::import::art::with_art(level, &text, &file))
}

/// One more fixed step done ([`SimFrame`]).
pub fn advance_frame(mut frame: ResMut<SimFrame>) {
    frame.0 += 1;
}

/// A moving actor of the level at `position` with `velocity`, drawn at
/// depth `z` (the physics components and its interpolated `Transform`).
pub fn actor(actor: Actor, position: Vec2, velocity: Vec2, z: f32) -> impl Bundle {
    (
        LevelEntity,
        actor,
        Velocity(velocity),
        PhysicsPosition(position),
        PreviousPhysicsPosition(position),
        Transform::from_xyz(position.x, position.y, z),
    )
}

/// The player (its controller state comes with [`Player`]).
/// Its slope limit and restitution come from the level's tuning
/// ([`PlayerTuning`], applied by the player's controller).
pub fn player(shape: ActorShape, at: Vec2, velocity: Vec2) -> impl Bundle {
    let mut body = Actor::new(shape, 0.0);
    body.can_sleep = false; // steered every step
    // Kept on the ground by the controller's snap (`snap_to_ground`), not
    // by the crate's hill rule, which needs the gravity the controller
    // cancels on ground.
    body.follows_hills = false;
    (Player, Name::new("player"), actor(body, at, velocity, 10.0))
}

/// A piece of the level's terrain.
pub fn terrain(piece: TerrainPiece) -> impl Bundle {
    (LevelEntity, piece)
}

/// The goal box centred on `center`.
pub fn goal(center: Vec2, size: Vec2) -> impl Bundle {
    (
        LevelEntity,
        Goal(Rect::from_center_size(center, size)),
        Transform::from_xyz(center.x, center.y, 1.0),
    )
}

/// Spawns the entities of `level`, the player at the spawn point or at
/// `player_at` (position, velocity) when given, and installs the level's
/// terrain set as the collision index: the set is built once, when the
/// level is checked, and shared (an `Arc`), never copied.
pub fn spawn_level(commands: &mut Commands, level: &Level, player_at: Option<(Vec2, Vec2)>) {
    let f = &level.file;
    // Curves come after the tile edges in the set, in file order; the
    // movers' pieces after them are not entities (each mover is one).
    let curves = level.curve_range();
    let mut entities = Vec::with_capacity(curves.end);
    for (i, piece) in level.terrain.pieces()[..curves.end].iter().enumerate() {
        let mut e = commands.spawn(terrain(*piece));
        if curves.contains(&i) {
            e.insert(LevelCurve(i - curves.start));
        }
        entities.push(e.id());
    }
    let movers = f
        .movers
        .iter()
        .enumerate()
        .map(|(g, def)| {
            let pose = level.terrain.mover_pose(g);
            commands.spawn(mover(g, pose, MoverRun::start(def))).id()
        })
        .collect();
    commands.insert_resource(TerrainIndex {
        set: level.terrain.clone(),
        entities,
        movers,
    });
    let (spawn, velocity) = player_at.unwrap_or((Vec2::new(f.spawn.0, f.spawn.1), Vec2::ZERO));
    commands.spawn(player(actor_shape(&f.player), spawn, velocity));
    for (i, a) in f.actors.iter().enumerate() {
        let p = Vec2::new(a.position.0, a.position.1);
        let mut body = Actor::new(actor_shape(&a.shape), a.restitution);
        body.friction = a.friction;
        if a.mass > 0.0 {
            body.inverse_mass = 1.0 / a.mass;
        }
        body.layers = Layers {
            member: a.layer,
            mask: a.mask,
        };
        let v = Vec2::new(a.velocity.0, a.velocity.1);
        commands.spawn((
            LevelActor(i),
            Name::new(a.name.clone()),
            actor(body, p, v, 5.0),
        ));
    }
    let g = f.goal;
    commands.spawn(goal(
        Vec2::new(g.position.0, g.position.1),
        Vec2::new(g.size.0, g.size.1),
    ));
    let size = Vec2::new(level.grid.width as f32, level.grid.height as f32) * level.grid.tile_size;
    commands.insert_resource(CameraBounds(Some(Rect::from_corners(Vec2::ZERO, size))));
    let height = level.file.view_height;
    commands.insert_resource(ViewHeight(height.unwrap_or(DEFAULT_VIEW_HEIGHT)));
    commands.insert_resource(LevelLoaded(true));
}

/// Applies level commands: despawns the old level and spawns the new one.
/// A file that fails to load leaves the current level running and sets
/// [`LevelStatus::error`].
pub fn apply_level_commands(
    mut commands: Commands,
    mut requests: MessageReader<LevelCommand>,
    current: Option<ResMut<CurrentLevel>>,
    (mut status, frame): (ResMut<LevelStatus>, Res<SimFrame>),
    old: Query<Entity, With<LevelEntity>>,
    player: Query<(&PhysicsPosition, &Velocity), With<Player>>,
    mut spawned: MessageWriter<LevelSpawned>,
) {
    let Some(request) = requests.read().last().cloned() else {
        return;
    };
    let target = match (&request, &current) {
        (LevelCommand::Load(p), _) | (LevelCommand::Open { path: p, .. }, _) => Some(p.clone()),
        (LevelCommand::Restart | LevelCommand::Replace(_), Some(c)) => Some(c.path.clone()),
        // A `next` that is not there (a level copied to a folder of its
        // own; the level warned of it) ends the run as no `next` does.
        (LevelCommand::Next, Some(c)) => {
            let next = c.level.file.next.as_ref();
            let next = next
                .map(|n| c.path.with_file_name(n))
                .filter(|p| level_exists(p));
            if next.is_none() {
                status.won_all = true;
            }
            next
        }
        _ => None,
    };
    let Some(path) = target else {
        return;
    };
    // A reload or an edit keeps the player and the clock going.
    let keeps_going = matches!(request, LevelCommand::Replace(_));
    let restart = matches!(request, LevelCommand::Restart);
    let level = match (request, &current) {
        // Restart reuses the checked level: no disk access, same state.
        (LevelCommand::Restart, Some(c)) => Ok(c.level.clone()),
        // A level checked by the sender is used as it is, not copied.
        (LevelCommand::Replace(level) | LevelCommand::Open { level, .. }, _) => Ok(*level),
        _ => load_level_file(&path),
    };
    match level {
        Ok(level) => {
            // A reload keeps the player where it was, if that spot is free.
            let keep = match player.single() {
                Ok((p, v)) if keeps_going => {
                    let shape = actor_shape(&level.file.player);
                    level.blocked(&shape, p.0).is_none().then_some((p.0, v.0))
                }
                _ => None,
            };
            for e in &old {
                commands.entity(e).despawn();
            }
            spawn_level(&mut commands, &level, keep);
            commands.insert_resource(Gravity(Vec2::new(
                level.file.gravity.0,
                level.file.gravity.1,
            )));
            commands.insert_resource(PlayerTuning(level.file.tuning));
            status.warning = (!level.warnings.is_empty()).then(|| level.warnings.join("\n"));
            commands.insert_resource(CurrentLevel { path, level });
            if !keeps_going {
                status.start = frame.0;
                status.deaths = 0;
                status.checkpoint = None;
            }
            status.goal_reached = false;
            status.error = None;
            if !keeps_going && !restart {
                status.won_all = false;
            }
            spawned.write(LevelSpawned {
                started: !keeps_going,
            });
        }
        Err(e) => {
            error!("{e}");
            status.error = Some(e);
        }
    }
}

/// Finishes the level when the player touches the goal: counted once, even
/// when more fixed steps run before `Update` switches the level.
pub fn reach_goal(
    players: Query<(&Actor, &PhysicsPosition), With<Player>>,
    goals: Query<&Goal>,
    level: Option<Res<CurrentLevel>>,
    mut status: ResMut<LevelStatus>,
    frame: Res<SimFrame>,
    mut next: MessageWriter<LevelCommand>,
    (mut finished, party, coins): (
        MessageWriter<LevelFinished>,
        Option<Res<super::celebrate::GoalCelebration>>,
        Res<super::coins::CoinsTaken>,
    ),
) {
    if status.won_all || status.goal_reached {
        return;
    }
    for (actor, pos) in &players {
        let me = actor.shape.aabb(pos.0);
        if goals.iter().any(|g| !g.0.intersect(me.into()).is_empty()) {
            status.goals += 1;
            status.goal_reached = true;
            if let Some(level) = &level {
                finished.write(LevelFinished {
                    path: level.path.clone(),
                    steps: status.steps(*frame),
                    deaths: status.deaths,
                    coins: coins.count(),
                });
            }
            // The window celebrates first (and then moves on).
            if party.is_none() {
                next.write(LevelCommand::Next);
            }
            return;
        }
    }
}
