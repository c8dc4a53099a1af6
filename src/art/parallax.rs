//! The backdrop: three layers of the world's skyline (hills, peaks,
//! mesas or pines, in its theme's colours) and clouds behind the level,
//! each layer moving with the camera by a factor (0 = fixed to the world,
//! 1 = fixed to the screen), so the far ones seem far. Drawn as meshes
//! from sums of sines and triangle waves (the same level always gets the
//! same skyline), rebuilt with each level to span its width.

use bevy::prelude::*;

use crate::level::render::mesh_of;
use crate::level::theme::{Layer, LevelTheme, Skyline};
use crate::level::{LevelEntity, LevelSpawned};
use crate::player::camera::{CameraBounds, GameCamera, below_floor};
use crate::player::view::ViewHeight;

/// A backdrop layer and how much it follows the camera.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Parallax(pub f32);

/// The layers' follow factors and depths, far to near (each theme gives
/// their colours and shapes: [`crate::level::theme::Theme::layers`]).
const LAYERS: [(f32, f32); 3] = [(0.85, -30.0), (0.7, -29.0), (0.45, -28.0)];

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

/// A layer's top at `x`, px above its base: `shape`'s outline.
///
/// ```
/// use tangent::art::parallax::layer_top;
/// use tangent::level::theme::Skyline;
/// // Mesas are flat on top: many x share the highest height.
/// let tops: Vec<f32> = (0..400).map(|x| layer_top(Skyline::Mesas, x as f32 * 4.0, 80.0, 600.0)).collect();
/// let max = tops.iter().cloned().fold(f32::MIN, f32::max);
/// assert!(tops.iter().filter(|t| (*t - max).abs() < 1e-3).count() > 20);
/// ```
pub fn layer_top(shape: Skyline, x: f32, amplitude: f32, wavelength: f32) -> f32 {
    let tri = |t: f32| 1.0 - 4.0 * (t.rem_euclid(1.0) - 0.5).abs();
    match shape {
        Skyline::Hills => skyline(x, amplitude, wavelength),
        Skyline::Peaks => {
            let t = x / wavelength;
            amplitude * (0.65 * tri(t) + 0.35 * tri(t * 2.37 + 0.3)).max(-0.6)
        }
        Skyline::Mesas => {
            let s = skyline(x, 1.0, wavelength);
            amplitude * (3.0 * s).clamp(-0.7, 0.6)
        }
        Skyline::Pines => {
            let w = 28.0 + 10.0 * (x / 97.0).sin().abs();
            let k = (x / w).floor();
            let across = (x / w - k - 0.5).abs() * 2.0;
            let tall = 0.55 + 0.45 * (k * 12.9898).sin().abs();
            0.3 * skyline(x, amplitude, wavelength * 2.0) + amplitude * tall * (1.0 - across)
        }
    }
}

/// Triangles filling from far below up to `shape`'s top between `x0` and
/// `x1`.
fn silhouette(x0: f32, x1: f32, base: f32, layer: &Layer) -> Vec<[Vec2; 3]> {
    let bottom = base - 4000.0;
    let step = if layer.shape == Skyline::Pines {
        4.0
    } else {
        12.0
    };
    let n = ((x1 - x0) / step).ceil() as usize;
    let mut tris = Vec::with_capacity(2 * n);
    for i in 0..n {
        let (a, b) = (x0 + i as f32 * step, x0 + (i + 1) as f32 * step);
        let top = |x: f32| base + layer_top(layer.shape, x, layer.amplitude, layer.wavelength);
        let (ya, yb) = (top(a), top(b));
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
    (bounds, height, theme): (Res<CameraBounds>, Res<ViewHeight>, Res<LevelTheme>),
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
    let look = theme.look();
    let h = height.0;
    // The camera's centre at its lowest.
    let low = b.min.y - below_floor(h) + 0.5 * h;
    for ((factor, z), layer) in LAYERS.into_iter().zip(&look.layers) {
        // Seen from the camera at its lowest, the base sits `layer.base`
        // view heights above the view's bottom edge.
        let base = layer.base * h - 0.5 * h - low * (factor - 1.0);
        let tris = silhouette(x0, x1, base, layer);
        commands.spawn((
            LevelEntity,
            Parallax(factor),
            Mesh2d(meshes.add(mesh_of(&tris))),
            MeshMaterial2d(materials.add(layer.color)),
            Transform::from_xyz(0.0, 0.0, z),
        ));
    }
    let mut clouds = Vec::new();
    let mut x = x0;
    let mut k = 0u32;
    while x < x1 {
        k += 1;
        let y = 0.25 * h - low * (CLOUDS.0 - 1.0) + 40.0 * ((k as f32 * 2.3).sin());
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
        MeshMaterial2d(materials.add(look.clouds)),
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
