//! The trace: one CSV row per actor and one per mover each fixed step,
//! byte-identical for the same level and replay.

use std::fs::File;
use std::io::{BufWriter, Write};

use bevy::prelude::*;

use crate::collision::{Actor, Grounded, PhysicsPosition, TerrainMover, Velocity};
use crate::level::SimFrame;
use crate::player::{ControllerState, Player};

/// Writing one CSV row per actor and one per mover per fixed step.
#[derive(Resource)]
pub struct TraceWriter(pub BufWriter<File>);

/// The CSV header of a trace. A mover's row (`mover N`) has its pivot in
/// `x,y`, its pivot's velocity in `vx,vy` and its angle in degrees in the
/// last column. A `verb` row, on a step the player dashes or slides down a
/// wall, names the verb in `x`'s column (`dash`, `slide`), the rest empty.
pub const TRACE_HEADER: &str = "frame,actor,x,y,vx,vy,grounded\n";

type TraceItem<'a> = (
    Entity,
    &'a Name,
    &'a PhysicsPosition,
    &'a Velocity,
    &'a Grounded,
);

pub(crate) fn write_trace(
    frame: Res<SimFrame>,
    time: Res<Time<Fixed>>,
    trace: Option<ResMut<TraceWriter>>,
    actors: Query<TraceItem, With<Actor>>,
    movers: Query<&TerrainMover>,
    players: Query<&ControllerState, With<Player>>,
) {
    let Some(mut trace) = trace else {
        return;
    };
    let mut rows: Vec<_> = actors.iter().collect();
    rows.sort_by(|a, b| a.1.as_str().cmp(b.1.as_str()).then(a.0.cmp(&b.0)));
    for (_, name, p, v, g) in rows {
        let line = format!(
            "{},{},{:.4},{:.4},{:.4},{:.4},{}\n",
            frame.0, name, p.0.x, p.0.y, v.0.x, v.0.y, g.0 as u8
        );
        if let Err(e) = trace.0.write_all(line.as_bytes()) {
            error!("cannot write trace: {e}");
        }
    }
    for st in &players {
        let verb = match (st.dash.is_some(), st.sliding) {
            (true, _) => "dash",
            (false, true) => "slide",
            _ => continue,
        };
        let line = format!("{},verb,{verb},,,,\n", frame.0);
        if let Err(e) = trace.0.write_all(line.as_bytes()) {
            error!("cannot write trace: {e}");
        }
    }
    let mut movers: Vec<_> = movers.iter().collect();
    movers.sort_by_key(|m| m.index);
    let dt = time.delta_secs().max(f32::EPSILON);
    for m in movers {
        let (p, v) = (
            m.pose.translation,
            (m.pose.translation - m.previous.translation) / dt,
        );
        let line = format!(
            "{},mover {},{:.4},{:.4},{:.4},{:.4},{:.4}\n",
            frame.0,
            m.index + 1,
            p.x,
            p.y,
            v.x,
            v.y,
            m.pose.angle.to_degrees()
        );
        if let Err(e) = trace.0.write_all(line.as_bytes()) {
            error!("cannot write trace: {e}");
        }
    }
}
