//! The backdrop: far mountains, nearer hills and clouds behind the level,
//! each layer moving with the camera by a factor (0 = fixed to the world,
//! 1 = fixed to the screen), so the far ones seem far. Drawn as meshes from
//! sums of sines (the same level always gets the same skyline), rebuilt
//! with each level to span its width.

use bevy::prelude::*;

use crate::level::render::mesh_of;
use crate::level::{LevelEntity, LevelSpawned};
use crate::player::camera::{CameraBounds, GameCamera};

/// A backdrop layer and how much it follows the camera.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Parallax(pub f32);

/// The layers: follow factor, depth, colour, base height (px above the
/// level's floor at the camera's lowest), amplitude, wavelength.
const LAYERS: [(f32, f32, Color, f32, f32, f32); 3] = [
    (
        0.85,
        -30.0,
        Color::srgb(0.70, 0.82, 0.93),
        190.0,
        90.0,
        520.0,
    ),
    (
        0.7,
        -29.0,
        Color::srgb(0.52, 0.68, 0.84),
        130.0,
        70.0,
        330.0,
    ),
    (
        0.45,
        -28.0,
        Color::srgb(0.45, 0.68, 0.55),
        120.0,
        40.0,
        210.0,
    ),
];

/// Clouds: follow factor and depth (between the two farthest layers).
const CLOUDS: (f32, f32) = (0.9, -29.5);

/// The skyline's height at `x` for a layer of `amplitude` and `wavelength`:
/// three sines of incommensurate periods, so it does not visibly repeat.
pub fn skyline(x: f32, amplitude: f32, wavelength: f32) -> f32 {
    let t = x / wavelength;
    amplitude
        * (0.55 * (t * std::f32::consts::TAU).sin()
            + 0.3 * (t * 2.71 + 1.3).sin()
            + 0.15 * (t * 6.93 + 0.4).sin())
}

/// Triangles filling from `bottom` up to the skyline between `x0` and `x1`.
fn silhouette(x0: f32, x1: f32, base: f32, amplitude: f32, wavelength: f32) -> Vec<[Vec2; 3]> {
    let bottom = base - 4000.0;
    let step = 16.0;
    let n = ((x1 - x0) / step).ceil() as usize;
    let mut tris = Vec::with_capacity(2 * n);
    for i in 0..n {
        let (a, b) = (x0 + i as f32 * step, x0 + (i + 1) as f32 * step);
        let (ya, yb) = (
            base + skyline(a, amplitude, wavelength),
            base + skyline(b, amplitude, wavelength),
        );
        let (p, q) = (Vec2::new(a, ya), Vec2::new(b, yb));
        let (pb, qb) = (Vec2::new(a, bottom), Vec2::new(b, bottom));
        tris.push([pb, qb, q]);
        tris.push([pb, q, p]);
    }
    tris
}

/// An ellipse's triangles.
fn ellipse(center: Vec2, r: Vec2) -> Vec<[Vec2; 3]> {
    let n = 20;
    (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            let b = (i + 1) as f32 / n as f32 * std::f32::consts::TAU;
            let p = |t: f32| center + Vec2::new(t.cos(), t.sin()) * r;
            [center, p(a), p(b)]
        })
        .collect()
}

/// Builds the backdrop for each level that starts.
pub fn spawn_backdrop(
    mut commands: Commands,
    mut spawned: MessageReader<LevelSpawned>,
    bounds: Res<CameraBounds>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if spawned.read().count() == 0 {
        return;
    }
    let Some(b) = bounds.0 else {
        return;
    };
    // Wide enough for any camera position in the level at any window size.
    let (x0, x1) = (b.min.x - 3000.0, b.max.x + 3000.0);
    for (factor, z, color, base, amplitude, wavelength) in LAYERS {
        // Seen from the camera at the level's floor, the base sits `base`
        // px above the view's bottom edge.
        let base = b.min.y + base - 360.0 * factor;
        let tris = silhouette(x0, x1, base, amplitude, wavelength);
        commands.spawn((
            LevelEntity,
            Parallax(factor),
            Mesh2d(meshes.add(mesh_of(&tris))),
            MeshMaterial2d(materials.add(color)),
            Transform::from_xyz(0.0, 0.0, z),
        ));
    }
    let mut clouds = Vec::new();
    let mut x = x0;
    let mut k = 0u32;
    while x < x1 {
        k += 1;
        let y = b.min.y + 420.0 + 60.0 * ((k as f32 * 2.3).sin());
        let w = 60.0 + 25.0 * ((k as f32 * 1.7).cos());
        for (dx, dy, s) in [(0.0, 0.0, 1.0), (0.7, 0.25, 0.7), (-0.65, 0.1, 0.6)] {
            clouds.extend(ellipse(
                Vec2::new(x + dx * w, y + dy * w),
                Vec2::new(w * s, w * s * 0.45),
            ));
        }
        x += 380.0 + 140.0 * ((k as f32 * 3.1).sin()).abs();
    }
    commands.spawn((
        LevelEntity,
        Parallax(CLOUDS.0),
        Mesh2d(meshes.add(mesh_of(&clouds))),
        MeshMaterial2d(materials.add(Color::srgba(1.0, 1.0, 1.0, 0.85))),
        Transform::from_xyz(0.0, 0.0, CLOUDS.1),
    ));
}

/// Moves each layer with the camera by its factor.
pub fn follow_camera(
    camera: Query<&Transform, (With<GameCamera>, Without<Parallax>)>,
    mut layers: Query<(&Parallax, &mut Transform)>,
) {
    let Ok(cam) = camera.single() else {
        return;
    };
    for (p, mut tf) in &mut layers {
        tf.translation.x = cam.translation.x * p.0;
        tf.translation.y = cam.translation.y * p.0;
    }
}
