//! What a level looks like (windowed game only): tiles through
//! bevy_ecs_tilemap from the built-in tile atlas ([`crate::assets`]), curves as solid ground (a
//! filled body from [`tangent_level::format::fill`] and a grassy outline; red over lava for
//! hazards), spikes, checkpoint lanterns (dark, lit once
//! touched) and the goal flag. Added to the level's entities when it
//! spawns; actors are dressed by [`crate::art`]. A death leaves a red ring that grows and fades.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use super::map_art::{ArtTextures, COLLISION_ALPHA, COLLISION_Z, CollisionUnderArt, spawn_map_art};
use super::movers::LevelMover;
use super::state::Died;
use super::state::{CurrentLevel, Goal, LevelCurve, LevelEntity, LevelSpawned, LevelStatus};
use super::theme::LevelTheme;
use super::tilemap::{
    FRONT_Z, ONE_WAY_CELL, THEME_DEPTHS, cell_rect, neighbour_cell, spawn_tilemap,
};
use crate::assets::GameAssets;
use crate::collision::TileKind;
use bevy_ecs_tilemap::tiles::TileColor;
use tangent_level::Level;
use tangent_level::format::fill::{bodies, fill_triangles, flatten};
use tangent_level::format::{CurveDef, CurveFill};

/// The sky's colour before a level has a theme.
pub const SKY: Color = Color::srgb(0.55, 0.78, 0.95);
const BOUNCY: Color = Color::srgb(0.95, 0.45, 0.75);
const ONE_WAY: Color = Color::srgb(0.75, 0.55, 0.3);
const HAZARD: Color = Color::srgb(0.8, 0.1, 0.15);
/// The body under a hazard curve: lava.
const LAVA: Color = Color::srgb(0.95, 0.42, 0.1);
/// The goal's flag: its cell in the tile atlas (a crystal's gem is it
/// turned and tinted).
pub(crate) const FLAG_TILE: Rect = Rect {
    min: Vec2::new(96.0, 0.0),
    max: Vec2::new(128.0, 32.0),
};
/// A checkpoint's lantern in `props.png`: unlit, and lit once touched.
pub const LANTERN_OFF: Rect = Rect {
    min: Vec2::new(96.0, 0.0),
    max: Vec2::new(128.0, 32.0),
};
pub const LANTERN_ON: Rect = Rect {
    min: Vec2::new(128.0, 0.0),
    max: Vec2::new(160.0, 32.0),
};

/// A checkpoint's lantern (its index in the level's `checkpoints`).
#[derive(Component, Clone, Copy, Debug)]
pub struct CheckpointFlag(pub usize);

/// A death's ring: seconds since it appeared.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct DeathRing(f32);

/// World px per texel of the ground under curves.
const GROUND_TEXEL: f32 = 64.0;

/// How long a death's ring lasts, seconds.
const RING_LIFE: f32 = 0.5;

/// A mesh from triangles.
pub fn mesh_of(tris: &[[Vec2; 3]]) -> Mesh {
    let positions: Vec<[f32; 3]> = tris
        .iter()
        .flat_map(|t| t.iter().map(|p| [p.x, p.y, 0.0]))
        .collect();
    let n = positions.len() as u32;
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(Indices::U32((0..n).collect()))
}

/// Triangles of a polyline drawn `width` px thick, with a disc-like fan at
/// each joint so bends stay closed.
fn stroke(line: &[Vec2], width: f32) -> Vec<[Vec2; 3]> {
    let h = width * 0.5;
    let mut tris = Vec::new();
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let d = b - a;
        if d.length_squared() == 0.0 {
            continue;
        }
        let n = d.perp().normalize() * h;
        tris.push([a + n, a - n, b - n]);
        tris.push([a + n, b - n, b + n]);
    }
    for &p in line {
        for k in 0..8 {
            let a0 = k as f32 / 8.0 * std::f32::consts::TAU;
            let a1 = (k + 1) as f32 / 8.0 * std::f32::consts::TAU;
            tris.push([
                p,
                p + Vec2::from_angle(a0) * h,
                p + Vec2::from_angle(a1) * h,
            ]);
        }
    }
    tris
}

/// A curve's outline colour: pink for springy curves (restitution from
/// 0.8 up, other than the neutral 1), wood for one-way ones, red for
/// hazards (the same in every theme, so they read everywhere), the
/// theme's `top` (grass, sand, snow) otherwise.
fn curve_color(def: &CurveDef, top: Color) -> Color {
    let springy = def.restitution >= 0.8 && def.restitution != 1.0;
    if def.hazard {
        HAZARD
    } else if springy {
        BOUNCY
    } else if def.one_way {
        ONE_WAY
    } else {
        top
    }
}

/// A 2D mesh's components: its mesh, its material, its place.
type MeshBundle = (Mesh2d, MeshMaterial2d<ColorMaterial>, Transform);

/// The materials every level's ground shares, and its theme's top colour.
struct Ground {
    earth: Handle<ColorMaterial>,
    lava: Handle<ColorMaterial>,
    top: Color,
}

/// A mesh from triangles, with texture coordinates of one texel per px
/// (a repeating texture drawn at its own size wherever the mesh is).
pub fn textured_mesh_of(tris: &[[Vec2; 3]], texel: f32) -> Mesh {
    let uv: Vec<[f32; 2]> = tris
        .iter()
        .flat_map(|t| t.iter().map(|p| [p.x / texel, -p.y / texel]))
        .collect();
    mesh_of(tris).with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uv)
}

/// Adds visuals to a freshly spawned level: its tiles, its curves, its
/// movers' pieces, its checkpoints and its goal.
#[allow(clippy::too_many_arguments)]
pub(crate) fn decorate(
    mut commands: Commands,
    mut spawned: MessageReader<LevelSpawned>,
    level: Option<Res<CurrentLevel>>,
    curves: Query<&LevelCurve>,
    movers: Query<(Entity, &LevelMover)>,
    goals: Query<(Entity, &Goal)>,
    (assets, theme): (Res<GameAssets>, Res<LevelTheme>),
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    (mut images, mut textures): (ResMut<Assets<Image>>, ResMut<ArtTextures>),
) {
    if spawned.read().count() == 0 {
        return;
    }
    let Some(level) = level else {
        return;
    };
    let level = &level.level;
    let Some(art) = assets.themes.get(theme.0) else {
        return;
    };
    // The level's own art (a Tiled map's or LDtk level's tiles), else the
    // theme's tiles (also for a map that draws no tiles).
    let drawn = level
        .art
        .as_ref()
        .filter(|a| a.problems.is_empty() && !a.layers.is_empty())
        .map(|a| spawn_map_art(&mut commands, a, (&mut textures, &mut images), 0.0));
    if let Some(Err(e)) = &drawn {
        warn!("art not drawn, the theme's tiles instead: {e}");
    }
    if matches!(drawn, Some(Ok(()))) {
        // The tiles that collide, shown over the art in the editor only.
        let see_through = TileColor(Color::srgba(1.0, 1.0, 1.0, COLLISION_ALPHA));
        let over_art = [COLLISION_Z; 2];
        for map in spawn_tilemap(&mut commands, level, &art.tiles, see_through, over_art) {
            commands
                .entity(map)
                .insert((CollisionUnderArt, Visibility::Hidden));
        }
    } else {
        spawn_tilemap(
            &mut commands,
            level,
            &art.tiles,
            TileColor::default(),
            THEME_DEPTHS,
        );
    }
    let ground = Ground {
        earth: materials.add(ColorMaterial::from(art.ground.clone())),
        lava: materials.add(LAVA),
        top: theme.look().top,
    };
    let mut paint = Paint {
        meshes: &mut meshes,
        materials: &mut materials,
        ground: &ground,
    };
    let around = super::below::ground_around(level);
    let earth = paint.ground.earth.clone();
    let mesh = paint.mesh(&around, earth, -0.6);
    commands.spawn((LevelEntity, mesh));
    spawn_curves(&mut commands, level, &curves, &mut paint);
    for (at, cell) in super::grass::curve_tufts(level) {
        commands.spawn((
            LevelEntity,
            Sprite {
                image: art.tiles.clone(),
                rect: Some(cell_rect(cell)),
                ..default()
            },
            // Its foot a little into the curve's outline.
            Transform::from_xyz(at.x, at.y + 12.0, FRONT_Z),
        ));
    }
    for (e, m) in &movers {
        dress_mover(&mut commands, level, e, m.index, &art.tiles, &mut paint);
    }
    spawn_flags(&mut commands, level, &goals, &assets);
}

/// Where meshes and materials go, and the shared ground materials.
struct Paint<'a> {
    meshes: &'a mut Assets<Mesh>,
    materials: &'a mut Assets<ColorMaterial>,
    ground: &'a Ground,
}

impl Paint<'_> {
    /// A mesh of `tris` in `material` at depth `z`.
    fn mesh(&mut self, tris: &[[Vec2; 3]], material: Handle<ColorMaterial>, z: f32) -> MeshBundle {
        (
            Mesh2d(self.meshes.add(textured_mesh_of(tris, GROUND_TEXEL))),
            MeshMaterial2d(material),
            Transform::from_xyz(0.0, 0.0, z),
        )
    }

    /// A curve's outline (6 px wide, in its colour) at depth `z`.
    fn outline(&mut self, line: &[Vec2], def: &CurveDef, z: f32) -> MeshBundle {
        let material = self.materials.add(curve_color(def, self.ground.top));
        self.mesh(&stroke(line, 6.0), material, z)
    }
}

/// The level's curves: bodies first (one per filled curve, one per closed
/// outline, its curves in file order as the collision index holds them
/// after the tiles), then each curve's outline on top.
fn spawn_curves(
    commands: &mut Commands,
    level: &Level,
    curves: &Query<&LevelCurve>,
    paint: &mut Paint,
) {
    let lines: Vec<Vec<Vec2>> = level.terrain.pieces()[level.curve_range()]
        .iter()
        .map(|p| flatten(&p.shape))
        .collect();
    let fills: Vec<_> = level.curve_defs.iter().map(|d| d.fill).collect();
    for body in bodies(&fills, &lines) {
        let tris = fill_triangles(body.fill, &body.line);
        let hazard = level.curve_defs[body.curve].hazard;
        let ground = paint.ground;
        let material = if hazard { &ground.lava } else { &ground.earth };
        let mesh = paint.mesh(&tris, material.clone(), -0.5);
        commands.spawn((LevelEntity, mesh));
    }
    for LevelCurve(i) in curves {
        let outline = paint.outline(&lines[*i], &level.curve_defs[*i], 0.6);
        commands.spawn((LevelEntity, outline));
    }
}

/// A mover's tiles and curves about its pivot, as children of the
/// mover's entity `e` (placed where the mover is): its pieces as the level
/// built them.
fn dress_mover(
    commands: &mut Commands,
    level: &Level,
    e: Entity,
    index: usize,
    tileset: &Handle<Image>,
    paint: &mut Paint,
) {
    let (Some(def), Some(parts)) = (level.mover_defs.get(index), level.movers.get(index)) else {
        return;
    };
    let ts = level.grid.tile_size;
    let mut children = Vec::new();
    let solid: std::collections::HashSet<(usize, usize)> = parts
        .cells
        .iter()
        .filter(|(_, k)| *k == TileKind::Solid)
        .map(|(c, _)| *c)
        .collect();
    for &((x, y), kind) in &parts.cells {
        let cell = if kind == TileKind::OneWay {
            ONE_WAY_CELL
        } else {
            mover_cell(&solid, x, y)
        };
        let centre = (Vec2::new(x as f32, y as f32) + Vec2::splat(0.5)) * ts - parts.pivot;
        let sprite = Sprite {
            image: tileset.clone(),
            rect: Some(cell_rect(cell)),
            custom_size: Some(Vec2::splat(ts)),
            ..default()
        };
        children.push(
            commands
                .spawn((sprite, Transform::from_xyz(centre.x, centre.y, 0.0)))
                .id(),
        );
    }
    // Its curves are its last pieces, kept about its pivot by the set.
    let local = &level.terrain.movers()[index].pieces;
    let lines: Vec<Vec<Vec2>> = local[local.len() - def.curves.len()..]
        .iter()
        .map(|p| flatten(&p.shape))
        .collect();
    // No ground under a moving curve: `Below` is drawn as a line.
    let fills: Vec<_> = def
        .curves
        .iter()
        .map(|c| match c.fill {
            CurveFill::Below => CurveFill::Line,
            f => f,
        })
        .collect();
    for body in bodies(&fills, &lines) {
        let tris = fill_triangles(body.fill, &body.line);
        let earth = paint.ground.earth.clone();
        let mesh = paint.mesh(&tris, earth, -0.1);
        children.push(commands.spawn(mesh).id());
    }
    for (c, line) in def.curves.iter().zip(&lines) {
        let outline = paint.outline(line, c, 0.1);
        children.push(commands.spawn(outline).id());
    }
    commands.entity(e).add_children(&children);
}

/// A mover's solid cell's tileset cell, from its own solid neighbours
/// ([`neighbour_cell`]).
fn mover_cell(solid: &std::collections::HashSet<(usize, usize)>, x: usize, y: usize) -> u32 {
    neighbour_cell(|dx, dy| {
        x.checked_add_signed(dx as isize)
            .zip(y.checked_add_signed(dy as isize))
            .is_some_and(|c| solid.contains(&c))
    })
}

/// Checkpoints (flags a tile wide and two high, their foot half a tile
/// under the point, where a player standing there has its feet) and the
/// goal (a flag pole with a checkered flag).
fn spawn_flags(
    commands: &mut Commands,
    level: &Level,
    goals: &Query<(Entity, &Goal)>,
    assets: &GameAssets,
) {
    let ts = level.grid.tile_size;
    for (k, &(x, y)) in level.file.checkpoints.iter().enumerate() {
        commands.spawn((
            LevelEntity,
            CheckpointFlag(k),
            // A lantern 1.5 tiles tall standing where the flag stood (its
            // foot half a tile under the point: the player's feet).
            Sprite {
                image: assets.props.clone(),
                rect: Some(LANTERN_OFF),
                custom_size: Some(Vec2::splat(1.5 * ts)),
                ..default()
            },
            Transform::from_xyz(x, y + 0.25 * ts, 0.4),
        ));
    }
    for (e, goal) in goals {
        let size = goal.0.size();
        // `try_insert`: the goal may be gone if the level was replaced.
        commands.entity(e).try_insert((
            Sprite {
                image: assets.tiles.clone(),
                rect: Some(FLAG_TILE),
                custom_size: Some(size),
                ..default()
            },
            Visibility::default(),
        ));
    }
}

/// Draws a crumbling mover that is about to fall shaking (on top of where
/// the interpolation put it; the shake is not collided with).
pub(crate) fn shake_crumbling(mut movers: Query<(&LevelMover, &mut Transform)>) {
    for (m, mut tf) in &mut movers {
        let shake = m.run.shake();
        if shake != Vec2::ZERO {
            tf.translation.x += shake.x;
            tf.translation.y += shake.y;
        }
    }
}

/// Lights the lantern of the last checkpoint touched; the others stay dark.
pub fn light_checkpoints(
    status: Res<LevelStatus>,
    mut flags: Query<(&CheckpointFlag, &mut Sprite)>,
) {
    for (flag, mut sprite) in &mut flags {
        let rect = if status.checkpoint == Some(flag.0) {
            LANTERN_ON
        } else {
            LANTERN_OFF
        };
        if sprite.rect != Some(rect) {
            sprite.rect = Some(rect);
        }
    }
}

/// A red ring where the player died.
pub(crate) fn ring_deaths(
    mut commands: Commands,
    mut died: MessageReader<Died>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for d in died.read() {
        commands.spawn((
            DeathRing::default(),
            Mesh2d(meshes.add(Annulus::new(14.0, 20.0))),
            MeshMaterial2d(materials.add(ColorMaterial {
                color: HAZARD,
                alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
                ..default()
            })),
            Transform::from_xyz(d.at.x, d.at.y, 2.0),
        ));
    }
}

/// Grows and fades death rings, removing them after [`RING_LIFE`].
pub(crate) fn fade_rings(
    mut commands: Commands,
    time: Res<Time>,
    mut rings: Query<(
        Entity,
        &mut DeathRing,
        &mut Transform,
        &MeshMaterial2d<ColorMaterial>,
    )>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, mut ring, mut transform, material) in &mut rings {
        ring.0 += time.delta_secs();
        let t = ring.0 / RING_LIFE;
        if t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        transform.scale = Vec3::splat(1.0 + 3.0 * t);
        if let Some(mut m) = materials.get_mut(&material.0) {
            m.color = HAZARD.with_alpha(1.0 - t);
        }
    }
}
