//! The feel numbers of the player's movement: speeds, accelerations, jump
//! timing, slope limit. A level may change any of them (`tuning:` in its
//! file); the defaults are Celeste's, scaled to 32 px tiles.

use serde::{Deserialize, Serialize};

/// Per-level feel. Every field has a default; a level names only what it changes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tuning {
    /// Top running speed, px/s.
    pub max_run: f32,
    /// Running acceleration on the ground, px/s².
    pub run_accel: f32,
    /// Deceleration with no input on the ground, px/s².
    pub run_decel: f32,
    /// Share of ground acceleration available in the air.
    pub air_control: f32,
    /// Upward speed of a jump, px/s.
    pub jump_speed: f32,
    /// While jump is held, the jump speed is kept this long, s.
    pub variable_jump_time: f32,
    /// Jumping is still allowed this long after leaving the ground, s.
    pub coyote_time: f32,
    /// A jump pressed this long before landing still happens, s.
    pub jump_buffer: f32,
    /// Gravity multiplier near the apex (|vy| < apex_speed) while jump is held.
    pub apex_gravity: f32,
    pub apex_speed: f32,
    /// Fastest fall, px/s.
    pub max_fall: f32,
    /// Steepest ground, degrees.
    pub max_slope_deg: f32,
    /// The player's bounciness.
    pub player_restitution: f32,
    /// A rising jump is nudged sideways by up to this many px past a
    /// ceiling's corner its head clips, px: a clip of less than it (the
    /// player keeps its 0.02 px skin, so a clip of exactly it stays).
    pub corner_correction: f32,
    /// Feet that miss a ledge's top by up to this many px, in the air and
    /// running into it, are lifted onto it, px.
    pub ledge_lift: f32,
    /// Run input's acceleration along a surface past the max slope (a
    /// wall, a ceiling, a loop), px/s². Less than gravity, so a runner
    /// climbs a wall on its momentum, not on its legs.
    pub surface_accel: f32,
    /// Down while running faster than this curls the player into a ball,
    /// px/s; slower than half of it, the ball uncurls.
    pub roll_speed: f32,
    /// A rolling ball's friction, px/s².
    pub roll_friction: f32,
    /// Braking when a rolling ball is pushed against its motion, px/s².
    pub roll_decel: f32,
    /// A rolling ball's bounciness (the player's own is
    /// `player_restitution`): it multiplies the terrain's, as an actor's does.
    pub roll_restitution: f32,
    /// Fastest fall sliding down a wall held toward, px/s (Celeste's
    /// slide start speed, 20 px/s × 4, doubled: a slide that still goes).
    pub wall_slide_speed: f32,
    /// A wall jump's speed away from the wall, along its normal, px/s.
    pub wall_jump_away: f32,
    /// A wall jump's speed up along the wall (its tangent that rises),
    /// px/s.
    pub wall_jump_up: f32,
    /// After a wall jump with a direction held, input toward the wall
    /// does not cancel the push for this long, s (Celeste's forced move).
    pub wall_jump_forced_time: f32,
    /// A wall this near (px) to the side can be jumped off: the wall's
    /// grace distance (Celeste's 3 px × 4).
    pub wall_reach: f32,
    /// A wall jump is still allowed this long after leaving a wall, s.
    pub wall_coyote_time: f32,
    /// A dash's speed, px/s (Celeste's 240 × 4).
    pub dash_speed: f32,
    /// How long a dash keeps its speed with gravity off, s.
    pub dash_time: f32,
    /// A dash's speed when it ends, px/s (Celeste's 160 × 4).
    pub dash_end_speed: f32,
    /// No new dash this long after one starts, s.
    pub dash_cooldown: f32,
}

impl Tuning {
    /// Every field by its file name, in file order (for checking and saving).
    pub fn fields(&self) -> [(&'static str, f32); 30] {
        [
            ("max_run", self.max_run),
            ("run_accel", self.run_accel),
            ("run_decel", self.run_decel),
            ("air_control", self.air_control),
            ("jump_speed", self.jump_speed),
            ("variable_jump_time", self.variable_jump_time),
            ("coyote_time", self.coyote_time),
            ("jump_buffer", self.jump_buffer),
            ("apex_gravity", self.apex_gravity),
            ("apex_speed", self.apex_speed),
            ("max_fall", self.max_fall),
            ("max_slope_deg", self.max_slope_deg),
            ("player_restitution", self.player_restitution),
            ("corner_correction", self.corner_correction),
            ("ledge_lift", self.ledge_lift),
            ("surface_accel", self.surface_accel),
            ("roll_speed", self.roll_speed),
            ("roll_friction", self.roll_friction),
            ("roll_decel", self.roll_decel),
            ("roll_restitution", self.roll_restitution),
            ("wall_slide_speed", self.wall_slide_speed),
            ("wall_jump_away", self.wall_jump_away),
            ("wall_jump_up", self.wall_jump_up),
            ("wall_jump_forced_time", self.wall_jump_forced_time),
            ("wall_reach", self.wall_reach),
            ("wall_coyote_time", self.wall_coyote_time),
            ("dash_speed", self.dash_speed),
            ("dash_time", self.dash_time),
            ("dash_end_speed", self.dash_end_speed),
            ("dash_cooldown", self.dash_cooldown),
        ]
    }
}

impl Tuning {
    /// Sets a field by its file name; `false` for a name it does not have.
    ///
    /// ```
    /// let mut t = tangent_level::Tuning::default();
    /// assert!(t.set("jump_speed", 500.0));
    /// assert_eq!(t.jump_speed, 500.0);
    /// assert!(!t.set("warp_speed", 1.0));
    /// ```
    pub fn set(&mut self, name: &str, v: f32) -> bool {
        let field = match name {
            "max_run" => &mut self.max_run,
            "run_accel" => &mut self.run_accel,
            "run_decel" => &mut self.run_decel,
            "air_control" => &mut self.air_control,
            "jump_speed" => &mut self.jump_speed,
            "variable_jump_time" => &mut self.variable_jump_time,
            "coyote_time" => &mut self.coyote_time,
            "jump_buffer" => &mut self.jump_buffer,
            "apex_gravity" => &mut self.apex_gravity,
            "apex_speed" => &mut self.apex_speed,
            "max_fall" => &mut self.max_fall,
            "max_slope_deg" => &mut self.max_slope_deg,
            "player_restitution" => &mut self.player_restitution,
            "corner_correction" => &mut self.corner_correction,
            "ledge_lift" => &mut self.ledge_lift,
            "surface_accel" => &mut self.surface_accel,
            "roll_speed" => &mut self.roll_speed,
            "roll_friction" => &mut self.roll_friction,
            "roll_decel" => &mut self.roll_decel,
            "roll_restitution" => &mut self.roll_restitution,
            "wall_slide_speed" => &mut self.wall_slide_speed,
            "wall_jump_away" => &mut self.wall_jump_away,
            "wall_jump_up" => &mut self.wall_jump_up,
            "wall_jump_forced_time" => &mut self.wall_jump_forced_time,
            "wall_reach" => &mut self.wall_reach,
            "wall_coyote_time" => &mut self.wall_coyote_time,
            "dash_speed" => &mut self.dash_speed,
            "dash_time" => &mut self.dash_time,
            "dash_end_speed" => &mut self.dash_end_speed,
            "dash_cooldown" => &mut self.dash_cooldown,
            _ => return false,
        };
        *field = v;
        true
    }
}

impl Default for Tuning {
    /// Celeste's numbers (REFERENCE.md) scaled from 8 px to 32 px tiles (× 4).
    fn default() -> Self {
        Tuning {
            max_run: 360.0,
            run_accel: 4000.0,
            run_decel: 1600.0,
            air_control: 0.65,
            jump_speed: 420.0,
            variable_jump_time: 0.2,
            coyote_time: 0.1,
            jump_buffer: 0.08,
            apex_gravity: 0.5,
            apex_speed: 160.0,
            max_fall: 640.0,
            max_slope_deg: 50.0,
            player_restitution: 0.0,
            corner_correction: 4.0,
            ledge_lift: 4.0,
            // A fifth of the default gravity, as the Sonic games' running
            // acceleration is of theirs (0.047 vs 0.219 px/frame²).
            surface_accel: 720.0,
            // The Sonic games' rolling numbers (px/frame at 60 Hz, from
            // REFERENCE.md) in px/s: curl above 1 px/frame, friction
            // 0.0234375 and braking 0.125 px/frame².
            roll_speed: 60.0,
            roll_friction: 84.375,
            roll_decel: 450.0,
            // Half the impact speed back along the bounce normal: a ball
            // dropped on a curve hops off it at a quarter of the height.
            roll_restitution: 0.5,
            // The wall jump and the dash: Celeste's numbers × 4
            // (REFERENCE.md), the slide cap doubled.
            wall_slide_speed: 160.0,
            wall_jump_away: 520.0,
            wall_jump_up: 420.0,
            wall_jump_forced_time: 0.16,
            wall_reach: 12.0,
            wall_coyote_time: 0.1,
            dash_speed: 960.0,
            dash_time: 0.15,
            dash_end_speed: 640.0,
            dash_cooldown: 0.2,
        }
    }
}
