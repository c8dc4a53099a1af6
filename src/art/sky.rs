//! The sky behind the backdrop: the world's gradient from the view's top
//! to its bottom, its sun or moon high on one side, and at night stars.
//! They go with the camera (fixed to the screen, scaled to the view).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::level::theme::LevelTheme;
use crate::level::{LevelEntity, LevelSpawned};
use crate::player::camera::GameCamera;
use crate::player::view::{ViewHeight, Zoom, view_size};

/// A piece of sky: fixed to the screen at this offset from the view's
/// centre, in view sizes (x and y from -0.5 to 0.5 across the view), and
/// drawn in view sizes.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct SkyPiece(pub Vec2);

/// Where the sun or moon is, in view sizes from the view's centre.
const SUN_AT: Vec2 = Vec2::new(0.3, 0.28);

/// A quad from `a` to `b` with a colour per corner (bottom, top).
fn quad(a: Vec2, b: Vec2, bottom: Color, top: Color, out: &mut (Vec<[f32; 3]>, Vec<[f32; 4]>)) {
    let (lo, hi) = (
        bottom.to_linear().to_f32_array(),
        top.to_linear().to_f32_array(),
    );
    for (p, c) in [
        (a, lo),
        (Vec2::new(b.x, a.y), lo),
        (b, hi),
        (a, lo),
        (b, hi),
        (Vec2::new(a.x, b.y), hi),
    ] {
        out.0.push([p.x, p.y, 0.0]);
        out.1.push(c);
    }
}

/// The gradient (and beyond it, far out, its end colours) as a mesh in
/// view sizes, with stars if `stars`.
pub fn sky_mesh(top: Color, bottom: Color, stars: bool) -> Mesh {
    let mut out = (Vec::new(), Vec::new());
    quad(
        Vec2::new(-5.0, -5.0),
        Vec2::new(5.0, -0.5),
        bottom,
        bottom,
        &mut out,
    );
    quad(
        Vec2::new(-5.0, -0.5),
        Vec2::new(5.0, 0.5),
        bottom,
        top,
        &mut out,
    );
    quad(
        Vec2::new(-5.0, 0.5),
        Vec2::new(5.0, 5.0),
        top,
        top,
        &mut out,
    );
    if stars {
        for k in 0..90 {
            let f = k as f32;
            let p = Vec2::new(
                (f * 0.618_034).fract() - 0.5,
                0.5 - (f * 0.414_214).fract() * 0.8,
            );
            let s = 0.0018 + 0.0018 * (f * 7.3).sin().abs();
            let star = Color::srgba(1.0, 1.0, 0.9, 0.5 + 0.5 * (f * 3.1).sin().abs());
            let d = Vec2::new(s * 9.0 / 16.0, s);
            quad(p - d, p + d, star, star, &mut out);
        }
    }
    let n = out.0.len() as u32;
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, out.0)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, out.1)
    .with_inserted_indices(Indices::U32((0..n).collect()))
}

/// Builds the sky for each level that starts.
pub fn spawn_sky(
    mut commands: Commands,
    mut spawned: MessageReader<LevelSpawned>,
    theme: Res<LevelTheme>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if spawned.read().count() == 0 {
        return;
    }
    let look = theme.look();
    commands.spawn((
        LevelEntity,
        SkyPiece(Vec2::ZERO),
        Mesh2d(meshes.add(sky_mesh(look.sky_top, look.sky_bottom, look.stars))),
        MeshMaterial2d(materials.add(Color::WHITE)),
        Transform::from_xyz(0.0, 0.0, -40.0),
    ));
    if let Some((color, radius)) = look.sun {
        // A glow, then the disc, in view heights (given for a 416 px view).
        let r = 0.8 * radius / 416.0;
        for (k, alpha) in [(1.8, 0.1), (1.35, 0.18), (1.0, 1.0)] {
            commands.spawn((
                LevelEntity,
                SkyPiece(SUN_AT),
                Mesh2d(meshes.add(Ellipse::new(k * r * 9.0 / 16.0, k * r))),
                MeshMaterial2d(materials.add(color.with_alpha(alpha))),
                Transform::from_xyz(0.0, 0.0, -39.0),
            ));
        }
    }
}

/// Keeps the sky on the screen: at the camera, scaled to the view.
pub fn fit_sky(
    camera: Query<&Transform, (With<GameCamera>, Without<SkyPiece>)>,
    (height, zoom): (Res<ViewHeight>, Res<Zoom>),
    mut pieces: Query<(&SkyPiece, &mut Transform)>,
) {
    let Ok(cam) = camera.single() else {
        return;
    };
    let size = view_size(height.0, zoom.0);
    for (piece, mut tf) in &mut pieces {
        let at = cam.translation.truncate() + piece.0 * size;
        tf.scale = size.extend(1.0);
        tf.translation.x = at.x;
        tf.translation.y = at.y;
    }
}
