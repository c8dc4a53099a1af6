//! Writes a replay for a level from a simple plan: hold right, and the
//! first time the player stands in each of the given x ranges, jump (held
//! for HOLD steps) or, with `wN`, wait N steps without a key (for a lift
//! or a mover to come). How the shipped replays were made:
//!
//! ```sh
//! cargo run --example plan_replay -- LEVEL OUT.replay X0:X1:HOLD X0:X1:wN ...
//! ```
//!
//! It prints each jump, the first death (and stops there) and the step
//! the goal is reached, so a plan can be
//! adjusted until it reaches the goal without dying.

use std::path::PathBuf;

use bevy::prelude::*;
use tangent::collision::{Grounded, PhysicsPosition};
use tangent::level::LevelStatus;
use tangent::player::{Player, PlayerInput, Replay};
use tangent::sim::headless::headless_app;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: plan_replay LEVEL OUT.replay X0:X1:HOLD ...");
        std::process::exit(2);
    }
    let level = PathBuf::from(&args[0]);
    let out = PathBuf::from(&args[1]);
    // (x0, x1, steps, waits rather than jumps, done)
    let mut jumps: Vec<(f32, f32, u32, bool, bool)> = args[2..]
        .iter()
        .map(|a| {
            let p: Vec<&str> = a.split(':').collect();
            let num = |v: &str| v.parse::<f32>().expect("a number");
            let (steps, wait) = match p[2].strip_prefix('w') {
                Some(n) => (num(n) as u32, true),
                None => (num(p[2]) as u32, false),
            };
            (num(p[0]), num(p[1]), steps, wait, false)
        })
        .collect();
    let mut app = headless_app(&level, None).expect("the level loads");
    let mut replay = Replay::default();
    let mut jump_left = 0u32;
    let mut wait_left = 0u32;
    // PLAN_TRACE=1 prints where the player is every 15 steps.
    let trace = std::env::var_os("PLAN_TRACE").is_some();
    let mut last = Vec2::ZERO;
    for frame in 0..6000u64 {
        let (x, grounded) = {
            let mut q = app
                .world_mut()
                .query_filtered::<(&PhysicsPosition, &Grounded), With<Player>>();
            let (p, g) = q.single(app.world()).unwrap();
            last = p.0;
            (p.0.x, g.0)
        };
        if jump_left == 0 && wait_left == 0 && grounded {
            for j in jumps.iter_mut() {
                if !j.4 && x >= j.0 && x < j.1 {
                    j.4 = true;
                    if j.3 {
                        wait_left = j.2;
                        println!("frame {frame}: wait at x = {x:.0}");
                    } else {
                        jump_left = j.2;
                        println!("frame {frame}: jump at x = {x:.0}");
                    }
                    break;
                }
            }
        }
        let input = PlayerInput {
            right: frame >= 10 && wait_left == 0,
            jump: jump_left > 0,
            ..default()
        };
        jump_left = jump_left.saturating_sub(1);
        wait_left = wait_left.saturating_sub(1);
        *app.world_mut().resource_mut::<PlayerInput>() = input;
        replay.record(frame, input);
        app.update();
        if trace && frame % 15 == 0 {
            println!(
                "  frame {frame}: at ({:.0}, {:.0}) grounded {grounded}",
                last.x, last.y
            );
        }
        let status = app.world().resource::<LevelStatus>();
        if status.deaths > 0 {
            println!(
                "frame {frame}: died at x = {x:.0}, y = {:.0}; stopping",
                last.y
            );
            return;
        }
        if status.goals > 0 {
            println!("frame {frame}: goal reached without dying");
            std::fs::write(&out, replay.to_text()).unwrap();
            return;
        }
    }
    println!("no goal in 6000 steps; the player ended at {last}");
}
