//! The collision debug overlay, toggled with F1: terrain pieces and their
//! tight boxes (per monotonic part), actor outlines (red while touching),
//! the hit points on the terrain, the bounce normal at the mean hit as an
//! arrow, and a text panel with each actor's hit parameters.

use bevy_app::prelude::*;
use bevy_color::Color;
use bevy_ecs::prelude::*;
use bevy_gizmos::prelude::Gizmos;
use bevy_input::{ButtonInput, keyboard::KeyCode};
use bevy_text::{FontSize, TextColor, TextFont};
use bevy_ui::prelude::*;
use bevy_utils::default;

use super::components::{Actor, Contacts, PhysicsPosition, TerrainIndex};
use crate::dynamics::Touched;
use crate::geometry::ActorShape;

/// Whether the overlay is drawn.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DebugOverlay(pub bool);

/// The overlay's text panel.
#[derive(Component)]
struct DebugText;

/// Adds the F1 overlay. Needs the gizmo and UI plugins (a windowed app).
pub struct CollisionDebugPlugin;

impl Plugin for CollisionDebugPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DebugOverlay>()
            .add_systems(Startup, spawn_text)
            .add_systems(
                Update,
                (
                    toggle,
                    (draw_terrain, draw_actors).run_if(|o: Res<DebugOverlay>| o.0),
                    update_text,
                ),
            );
    }
}

fn spawn_text(mut commands: Commands) {
    commands.spawn((
        DebugText,
        Text::new(""),
        TextFont {
            font_size: FontSize::Px(14.0),
            ..default()
        },
        TextColor(Color::srgb(1.0, 1.0, 0.6)),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(8),
            left: px(8),
            ..default()
        },
    ));
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, mut overlay: ResMut<DebugOverlay>) {
    if keys.just_pressed(KeyCode::F1) {
        overlay.0 = !overlay.0;
    }
}

fn draw_terrain(index: Res<TerrainIndex>, mut gizmos: Gizmos) {
    let piece_color = Color::srgb(0.2, 1.0, 0.4);
    let box_color = Color::srgba(0.4, 0.6, 1.0, 0.6);
    for p in index.set.pieces() {
        let pts = (0..=32).map(|i| p.shape.point(i as f32 / 32.0));
        gizmos.linestrip_2d(pts, piece_color);
        for (t0, t1) in p.shape.monotonic_ranges() {
            let b = p.shape.aabb_between(t0, t1);
            gizmos.rect_2d(b.center(), b.size(), box_color);
        }
    }
}

fn draw_actors(
    index: Res<TerrainIndex>,
    actors: Query<(&Actor, &PhysicsPosition, &Contacts)>,
    mut gizmos: Gizmos,
) {
    for (actor, pos, contacts) in &actors {
        let touching = !contacts.is_empty();
        let color = if touching {
            Color::srgb(1.0, 0.3, 0.3)
        } else {
            Color::srgb(0.9, 0.9, 0.9)
        };
        match actor.shape {
            ActorShape::Circle { radius } => {
                gizmos.circle_2d(pos.0, radius, color);
            }
            ActorShape::Rect { half_extents } => {
                gizmos.rect_2d(pos.0, half_extents * 2.0, color);
            }
        }
        for c in contacts.iter() {
            let Some(piece) = c.piece().and_then(|i| index.set.pieces().get(i)) else {
                continue;
            };
            for &t in &c.hits {
                gizmos.circle_2d(piece.shape.point(t), 3.0, Color::srgb(1.0, 0.8, 0.0));
            }
            gizmos.arrow_2d(
                c.point,
                c.point + c.normal * 32.0,
                Color::srgb(1.0, 0.4, 1.0),
            );
        }
    }
}

fn update_text(
    overlay: Res<DebugOverlay>,
    actors: Query<(Entity, Option<&Name>, &Contacts), With<Actor>>,
    mut text: Query<&mut Text, With<DebugText>>,
) {
    let Ok(mut text) = text.single_mut() else {
        return;
    };
    if !overlay.0 {
        if !text.0.is_empty() {
            text.0.clear();
        }
        return;
    }
    let mut out = String::from("F1 debug: hit parameters t (mean t gives the normal)\n");
    for (e, name, contacts) in &actors {
        for c in contacts.iter() {
            let label = name.map_or_else(|| e.to_string(), |n| n.to_string());
            let ts: Vec<String> = c.hits.iter().map(|t| format!("{t:.3}")).collect();
            let with = match c.with {
                Touched::Piece(i) => format!("piece {i}"),
                Touched::Body(i) => format!("body {i}"),
            };
            out.push_str(&format!(
                "{label}: {with} t=[{}] n=({:.2}, {:.2})\n",
                ts.join(", "),
                c.normal.x,
                c.normal.y
            ));
        }
    }
    text.0 = out;
}
