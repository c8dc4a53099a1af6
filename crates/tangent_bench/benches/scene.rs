//! Scene bench: N circle bodies bouncing under gravity over a level of tiles
//! and Bézier curves for 600 fixed steps, Tangent's `step_body_with` (the
//! step with one reused `StepScratch`) over a `TerrainSet` beside rapier2d
//! (one thread) on the same scene. Tangent runs each row twice, on one
//! thread and on every core (the calling thread and a rayon pool of one
//! fewer; `step_bodies_on`: islands;
//! rows without contacts step chunks of bodies alone), prints the ratio,
//! and stops if the two runs' bodies differ by a bit.
//!
//! rapier2d gets the same merged tile edges (one polyline collider) and the
//! curves flattened to polylines at 0.1 px with lyon_geom, CCD on for every
//! ball, restitution multiplied like ours, no friction, defaults otherwise
//! (sleeping included). Both start from the same balls. Rows without
//! `+contacts` filter ball–ball contacts out (Tangent's `step_body_with`
//! steps each body alone); rows with it turn them on in both engines
//! (Tangent's `step_bodies`), so the balls knock and pile up.
//!
//! Rows with `+200movers` add 200 moving parts (sliding boxes, spinning
//! cubic paddles, swinging quadratic bridges: `tangent_bench::scene::moving_parts`),
//! posed each step by a closed form of time: Tangent moves them with
//! `move_movers` (carrying, pushing, crushing) before `step_bodies`;
//! rapier2d gets each as a kinematic position-based body with the same
//! pieces (curves flattened as above) and its next pose each step. Both
//! with ball–ball contacts on. A ball Tangent crushes starts again where it
//! started, as the game does (rapier2d squeezes it out instead).
//!
//! Each row reports steps per second (600 steps of all N bodies, wall clock,
//! after building the terrain; the best of three runs taken in turn,
//! `SCENE_RUNS`: the VM's load slows one run by up to a third), and how
//! many balls ended inside a solid tile or outside the level (tunneled).
//! `SCENE_STEPS` shortens the run for profiling; `SCENE_ROWS=small-1k,big-1k`
//! picks rows; `SCENE_ENGINES=tangent` skips rapier.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use glam::Vec2;
use rapier2d::prelude::*;
use tangent_bench::scene::{
    DT, GRAVITY, MovingPart, Scene, checksum, escaped, moving_parts, scene,
};
use tangent_collision::dynamics::{
    Parallel, Serial, StepScratch, Workers, WorldScratch, move_movers, step_bodies_on,
    step_body_with,
};
use tangent_collision::prelude::{Body, Terrain, TerrainSet};

const FLATTEN_TOLERANCE: f32 = 0.1;

struct Run {
    steps_per_s: f64,
    escaped: usize,
    /// Every body's bits at the end (`tangent_bench::scene::checksum`).
    checksum: u64,
    /// Steps that ran split into islands.
    split: usize,
}

fn run_tangent(
    s: &Scene,
    parts: &[MovingPart],
    steps: usize,
    contacts: bool,
    workers: Arc<dyn Workers>,
) -> Run {
    let mut set = TerrainSet::from_tiles(&s.grid, s.curves.clone()).expect("valid terrain");
    if !parts.is_empty() {
        let fixed: Vec<_> = (0..set.len()).map(|i| *set.piece(i)).collect();
        let movers = parts.iter().map(MovingPart::mover).collect();
        set = TerrainSet::with_movers(fixed, movers).expect("valid movers");
    }
    let mut bodies: Vec<Body> = s.balls.iter().map(|b| b.body()).collect();
    // Without contacts each body steps alone: `step_body_with` over chunks
    // of the bodies, a chunk a job, each with its own scratch.
    let chunks = 16 * workers.threads();
    let chunk_len = bodies.len().div_ceil(chunks).max(1);
    let scratches: Vec<Mutex<StepScratch>> = (0..chunks).map(|_| Mutex::default()).collect();
    let parallel = Parallel::on(workers);
    let mut world = WorldScratch::default();
    let mut poses = Vec::with_capacity(parts.len());
    let mut split = 0;
    let start = Instant::now();
    for step in 0..steps {
        if !parts.is_empty() {
            let t = (step + 1) as f32 * DT;
            poses.clear();
            poses.extend(parts.iter().map(|p| p.pose(t)));
            move_movers(&mut set, &poses, &mut bodies, &mut world, GRAVITY, DT)
                .expect("poses in range");
            // A crushed ball starts again where it started, as the game does.
            for c in world.crushes() {
                bodies[c.body] = s.balls[c.body].body();
            }
        }
        if contacts {
            step_bodies_on(&set, &mut bodies, &mut world, GRAVITY, DT, &parallel);
            split += usize::from(world.batches() > 1);
            std::hint::black_box(world.reports());
            continue;
        }
        let jobs: Vec<Mutex<&mut [Body]>> = bodies.chunks_mut(chunk_len).map(Mutex::new).collect();
        parallel.workers.for_each(jobs.len(), &|k| {
            let mut scratch = scratches[k].lock().unwrap();
            for body in jobs[k].lock().unwrap().iter_mut() {
                std::hint::black_box(step_body_with(&set, body, &mut scratch, GRAVITY, DT));
            }
        });
    }
    let secs = start.elapsed().as_secs_f64();
    Run {
        steps_per_s: steps as f64 / secs,
        escaped: escaped(&s.grid, bodies.iter().map(|b| b.position)),
        checksum: checksum(&bodies),
        split,
    }
}

fn rv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// The curves as polylines within [`FLATTEN_TOLERANCE`] px.
fn flattened(curve: &Terrain) -> Vec<Vector> {
    let lp = |v: Vec2| lyon_geom::point(v.x, v.y);
    let mut out = vec![rv(curve.point(0.0))];
    let mut push = |s: &lyon_geom::LineSegment<f32>| out.push(Vector::new(s.to.x, s.to.y));
    match *curve {
        Terrain::Quad(q) => lyon_geom::QuadraticBezierSegment {
            from: lp(q.p0),
            ctrl: lp(q.p1),
            to: lp(q.p2),
        }
        .for_each_flattened(FLATTEN_TOLERANCE, &mut push),
        Terrain::Cubic(c) => lyon_geom::CubicBezierSegment {
            from: lp(c.p0),
            ctrl1: lp(c.p1),
            ctrl2: lp(c.p2),
            to: lp(c.p3),
        }
        .for_each_flattened(FLATTEN_TOLERANCE, &mut push),
        Terrain::Segment(seg) => push(&lyon_geom::LineSegment {
            from: lp(seg.a),
            to: lp(seg.b),
        }),
    }
    out
}

fn run_rapier(s: &Scene, parts: &[MovingPart], steps: usize, contacts: bool) -> Run {
    let mut bodies = RigidBodySet::new();
    let mut colliders = ColliderSet::new();
    let terrain_groups = InteractionGroups::new(Group::GROUP_2, Group::GROUP_1, Default::default());
    let balls_meet = if contacts {
        Group::GROUP_1 | Group::GROUP_2
    } else {
        Group::GROUP_2
    };
    let ball_groups = InteractionGroups::new(Group::GROUP_1, balls_meet, Default::default());
    let ground = bodies.insert(RigidBodyBuilder::fixed());
    let edges = s.grid.pieces();
    let vertices: Vec<Vector> = edges
        .iter()
        .flat_map(|e| [rv(e.shape.point(0.0)), rv(e.shape.point(1.0))])
        .collect();
    let indices: Vec<[u32; 2]> = (0..edges.len() as u32)
        .map(|i| [2 * i, 2 * i + 1])
        .collect();
    let terrain = |b: ColliderBuilder| {
        b.restitution(1.0)
            .restitution_combine_rule(CoefficientCombineRule::Multiply)
            .friction(0.0)
            .collision_groups(terrain_groups)
    };
    colliders.insert_with_parent(
        terrain(ColliderBuilder::polyline(vertices, Some(indices))),
        ground,
        &mut bodies,
    );
    for c in &s.curves {
        colliders.insert_with_parent(
            terrain(ColliderBuilder::polyline(flattened(&c.shape), None)),
            ground,
            &mut bodies,
        );
    }
    // Each moving part a kinematic body whose colliders are its pieces
    // about its pivot.
    let kinematic: Vec<RigidBodyHandle> = parts
        .iter()
        .map(|p| {
            let h = bodies
                .insert(RigidBodyBuilder::kinematic_position_based().translation(rv(p.pivot)));
            for piece in &p.pieces {
                let mut points = flattened(&piece.shape);
                for q in &mut points {
                    *q -= rv(p.pivot);
                }
                colliders.insert_with_parent(
                    terrain(ColliderBuilder::polyline(points, None)),
                    h,
                    &mut bodies,
                );
            }
            h
        })
        .collect();
    let handles: Vec<RigidBodyHandle> = s
        .balls
        .iter()
        .map(|b| {
            let h = bodies.insert(
                RigidBodyBuilder::dynamic()
                    .translation(rv(b.position))
                    .linvel(rv(b.velocity))
                    .ccd_enabled(true),
            );
            colliders.insert_with_parent(
                ColliderBuilder::ball(b.radius)
                    .restitution(b.restitution)
                    .restitution_combine_rule(CoefficientCombineRule::Multiply)
                    .friction(0.0)
                    .collision_groups(ball_groups),
                h,
                &mut bodies,
            );
            h
        })
        .collect();
    let params = IntegrationParameters {
        dt: DT,
        length_unit: 20.0,
        ..Default::default()
    };
    let mut pipeline = PhysicsPipeline::new();
    let mut islands = IslandManager::new();
    let mut broad_phase = BroadPhaseBvh::new();
    let mut narrow_phase = NarrowPhase::new();
    let mut impulse_joints = ImpulseJointSet::new();
    let mut multibody_joints = MultibodyJointSet::new();
    let mut soft_bodies = SoftBodySet::new();
    let mut ccd = CCDSolver::new();
    let start = Instant::now();
    for step in 0..steps {
        let t = (step + 1) as f32 * DT;
        for (p, h) in parts.iter().zip(&kinematic) {
            let pose = p.pose(t);
            bodies[*h].set_next_kinematic_position(Pose::new(rv(pose.translation), pose.angle));
        }
        pipeline.step(
            rv(GRAVITY),
            &params,
            &mut islands,
            &mut broad_phase,
            &mut narrow_phase,
            &mut bodies,
            &mut colliders,
            &mut impulse_joints,
            &mut multibody_joints,
            &mut soft_bodies,
            &mut ccd,
            &(),
            &(),
        );
    }
    let secs = start.elapsed().as_secs_f64();
    let positions = handles.iter().map(|h| {
        let t = bodies[*h].translation();
        Vec2::new(t.x, t.y)
    });
    Run {
        steps_per_s: steps as f64 / secs,
        escaped: escaped(&s.grid, positions),
        checksum: 0,
        split: 0,
    }
}

/// Keeps the faster of `kept` and `run` (the VM's load slows a run, never
/// speeds it up); two runs of one engine must end on the same bits.
fn best(kept: &mut Option<Run>, run: Run) {
    match kept {
        Some(k) => {
            assert_eq!(k.checksum, run.checksum, "two runs of one engine differ");
            if run.steps_per_s > k.steps_per_s {
                *k = run;
            }
        }
        None => *kept = Some(run),
    }
}

fn main() {
    // `cargo test --benches` (CI) passes no `--bench`: 2 steps a row, to
    // check the bench still runs; `cargo bench` times 600.
    let quick = !std::env::args().any(|a| a == "--bench");
    let steps: usize = std::env::var("SCENE_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 2 } else { 600 });
    let runs: usize = std::env::var("SCENE_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 1 } else { 3 })
        .max(1);
    let rows_wanted = std::env::var("SCENE_ROWS").unwrap_or_default();
    let engines = std::env::var("SCENE_ENGINES").unwrap_or_else(|_| "tangent,rapier".into());
    let configs = [
        ("small-1k", 256, 64, 1_000, false, 0),
        ("small-10k", 256, 64, 10_000, false, 0),
        ("big-1k", 1_000, 1_000, 1_000, false, 0),
        ("big-10k", 1_000, 1_000, 10_000, false, 0),
        ("small-1k+contacts", 256, 64, 1_000, true, 0),
        ("small-10k+contacts", 256, 64, 10_000, true, 0),
        ("small-1k+200movers", 256, 64, 1_000, true, 200),
    ];
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .max(2);
    let pool: Arc<dyn Workers> = Arc::new(
        // The calling thread takes jobs too: one pool thread fewer.
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .build()
            .expect("a thread pool"),
    );
    println!(
        "| scene | tiles | terrain pieces | bodies | Tangent steps/s, 1 thread | {threads} threads | {threads} / 1 (split steps) | same bits | rapier2d steps/s | Tangent / rapier (1 thread; {threads}) | tunneled (ours / rapier) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, cols, rows, n, contacts, movers) in configs {
        if !rows_wanted.is_empty() && !rows_wanted.split(',').any(|r| r == name) {
            continue;
        }
        let s = scene(cols, rows, n);
        let parts = moving_parts(cols, rows, movers);
        let pieces = s.grid.pieces().len()
            + s.curves.len()
            + parts.iter().map(|p| p.pieces.len()).sum::<usize>();
        let tangent = engines.contains("tangent");
        let (mut one, mut many, mut theirs) = (None, None, None);
        for _ in 0..runs {
            if tangent {
                best(
                    &mut one,
                    run_tangent(&s, &parts, steps, contacts, Arc::new(Serial)),
                );
                best(
                    &mut many,
                    run_tangent(&s, &parts, steps, contacts, pool.clone()),
                );
            }
            if engines.contains("rapier") {
                best(&mut theirs, run_rapier(&s, &parts, steps, contacts));
            }
        }
        let f = |r: &Option<Run>| {
            r.as_ref()
                .map_or("-".to_string(), |r| format!("{:.1}", r.steps_per_s))
        };
        let (ratio, same) = match (&one, &many) {
            (Some(a), Some(b)) => {
                // The bits must not depend on the threads: a bench that
                // finds they do stops here rather than print a speed.
                assert_eq!(
                    a.checksum, b.checksum,
                    "{name}: {threads} threads changed the result"
                );
                let split = if contacts {
                    format!(" ({} of {steps})", b.split)
                } else {
                    String::new()
                };
                (
                    format!("**{:.2}**{split}", b.steps_per_s / a.steps_per_s),
                    "yes",
                )
            }
            _ => ("-".into(), "-"),
        };
        let vs = match (&one, &many, &theirs) {
            (Some(a), Some(b), Some(r)) => format!(
                "{:.2}; {:.2}",
                a.steps_per_s / r.steps_per_s,
                b.steps_per_s / r.steps_per_s
            ),
            _ => "-".into(),
        };
        let esc = |r: &Option<Run>| {
            r.as_ref()
                .map_or("-".to_string(), |r| r.escaped.to_string())
        };
        println!(
            "| {name} | {} | {pieces} | {n} | {} | {} | {ratio} | {same} | {} | {vs} | {} / {} |",
            cols * rows,
            f(&one),
            f(&many),
            f(&theirs),
            esc(&many),
            esc(&theirs)
        );
    }
}
