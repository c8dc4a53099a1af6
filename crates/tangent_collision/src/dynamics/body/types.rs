//! A moving body and what one step reports about it.

use glam::Vec2;

use super::margins::DEFAULT_MAX_SLOPE;
use crate::geometry::ActorShape;
use crate::query::Hits;

/// What a body is, apart from where it is and how it moves: its shape, its
/// material, and how it meets the world (Box2D's `b2BodyDef` is the same
/// idea). The ECS `Actor` holds one; [`BodyDef::at`] makes it a [`Body`].
///
/// ```
/// use tangent_collision::prelude::*;
/// let def = BodyDef::new(ActorShape::Circle { radius: 6.0 }, 0.7);
/// let ball = def.at(Vec2::new(0.0, 100.0), Vec2::ZERO);
/// assert_eq!((ball.friction, ball.restitution), (0.0, 0.7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyDef {
    pub shape: ActorShape,
    /// Bounciness; the impact uses `restitution · terrain restitution`.
    pub restitution: f32,
    /// Coulomb friction coefficient along supporting surfaces (default 0).
    pub friction: f32,
    /// Steepest slope, in radians from horizontal, that counts as ground.
    pub max_slope: f32,
    /// Pass through one-way pieces (dropping down through a platform).
    pub drop_through: bool,
    /// `1 / mass` against other bodies (see [`step_bodies`](crate::dynamics::step_bodies));
    /// 0 makes it immovable by them (a kinematic body: it pushes, nothing
    /// pushes it). [`BodyDef::new`] gives a mass of 1 per px² of its area.
    pub inverse_mass: f32,
    /// Which other bodies it collides with.
    pub layers: Layers,
    /// Multiplies the gravity the step is given (the player's apex hang).
    pub gravity_scale: f32,
    /// May fall asleep when still (a second below 4 px/s, woken when touched);
    /// `false` for a body game code steers (the player).
    pub can_sleep: bool,
    /// The step lets the body back down onto a convex surface it slid off
    /// while gravity would hold it there (`v²κ ≤ g·n`, the hill rule in
    /// `dynamics::hill`). `false` for a body whose game code keeps it on
    /// the ground itself (a runner whose controller cancels gravity on
    /// ground, which the hill rule needs): one owner per body.
    pub follows_hills: bool,
}

impl BodyDef {
    /// The steepest ground [`BodyDef::new`] gives a body, radians (45°).
    pub const DEFAULT_MAX_SLOPE: f32 = DEFAULT_MAX_SLOPE;

    /// A frictionless body of density 1, ground up to 45°, blocked by
    /// one-way pieces, in layer 1 meeting every layer.
    pub fn new(shape: ActorShape, restitution: f32) -> Self {
        BodyDef {
            shape,
            restitution,
            friction: 0.0,
            max_slope: DEFAULT_MAX_SLOPE,
            drop_through: false,
            inverse_mass: Body::unit_density_inverse_mass(&shape),
            layers: Layers::default(),
            gravity_scale: 1.0,
            can_sleep: true,
            follows_hills: true,
        }
    }

    /// Whether a contact normal `n` (unit, facing the body) is ground for
    /// this body: within `max_slope` of `up` (to a millionth, for rounding).
    /// Nothing is ground where `up` is zero (no gravity).
    pub(in crate::dynamics) fn is_ground(&self, n: Vec2, up: Vec2) -> bool {
        up != Vec2::ZERO && n.dot(up) >= self.max_slope.cos() - 1e-6
    }

    /// The body this defines, at `position` moving at `velocity`.
    pub fn at(self, position: Vec2, velocity: Vec2) -> Body {
        Body {
            def: self,
            position,
            velocity,
        }
    }
}

/// The unit vector against `gravity`; zero where there is none.
pub(in crate::dynamics) fn up_against(gravity: Vec2) -> Vec2 {
    if gravity.length_squared() > 0.0 {
        -gravity.normalize()
    } else {
        Vec2::ZERO
    }
}

/// A moving body: where it is, how it moves, and what it is ([`BodyDef`],
/// whose fields read through it: `body.friction`).
///
/// ```
/// use tangent_collision::prelude::*;
/// let ball = Body::new(ActorShape::Circle { radius: 6.0 }, Vec2::new(0.0, 100.0), Vec2::ZERO, 0.7);
/// assert_eq!(ball.friction, 0.0);
/// let crate_ = Body::new(ActorShape::Rect { half_extents: Vec2::splat(8.0) }, Vec2::ZERO, Vec2::ZERO, 0.0)
///     .with_grip();                      // holds on slopes up to 45°
/// assert!((crate_.friction - 1.0).abs() < 1e-6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub def: BodyDef,
    pub position: Vec2,
    pub velocity: Vec2,
}

impl std::ops::Deref for Body {
    type Target = BodyDef;
    fn deref(&self) -> &BodyDef {
        &self.def
    }
}

impl std::ops::DerefMut for Body {
    fn deref_mut(&mut self) -> &mut BodyDef {
        &mut self.def
    }
}

/// Collision layers between bodies: two bodies collide when each one's
/// `member` bits meet the other's `mask`. The default is in layer 1 and
/// meets every layer; `Layers::NONE` meets no body (terrain still).
///
/// ```
/// use tangent_collision::dynamics::Layers;
/// let decor = Layers { member: 0b10, mask: 0b01 };   // meets layer 1 only
/// assert!(Layers::default().meets(&decor) && !decor.meets(&decor));
/// assert!(!Layers::NONE.meets(&Layers::default()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    pub member: u32,
    pub mask: u32,
}

impl Layers {
    /// Collides with no other body.
    pub const NONE: Layers = Layers { member: 0, mask: 0 };

    /// Whether bodies with these layers collide.
    pub fn meets(&self, other: &Layers) -> bool {
        self.member & other.mask != 0 && other.member & self.mask != 0
    }
}

impl Default for Layers {
    fn default() -> Self {
        Layers {
            member: 1,
            mask: u32::MAX,
        }
    }
}

impl Body {
    /// The gap, in pixels, a moving body keeps from the surfaces it meets.
    pub const SKIN: f32 = super::margins::SKIN;
    /// A surface within this many pixels supports a body that is not
    /// leaving it.
    pub const CONTACT_MARGIN: f32 = super::margins::CONTACT_MARGIN;
    /// The fastest a body moves, px/s (see the step: a faster one is slowed
    /// to it, keeping its direction).
    pub const MAX_SPEED: f32 = super::margins::MAX_BODY_SPEED;

    /// A frictionless body, ground up to 45°, blocked by one-way pieces
    /// (`BodyDef::new(shape, restitution).at(position, velocity)`).
    pub fn new(shape: ActorShape, position: Vec2, velocity: Vec2, restitution: f32) -> Self {
        BodyDef::new(shape, restitution).at(position, velocity)
    }

    /// `1 / mass` of a body of `shape` at density 1 (mass = area in px²),
    /// the default; a shape of no area gets the largest finite one.
    pub fn unit_density_inverse_mass(shape: &ActorShape) -> f32 {
        1.0 / shape.area().max(f32::MIN_POSITIVE)
    }

    /// The same body with this mass (`f32::INFINITY`: immovable).
    ///
    /// ```
    /// use tangent_collision::prelude::*;
    /// let ball = Body::new(ActorShape::Circle { radius: 1.0 }, Vec2::ZERO, Vec2::ZERO, 0.5);
    /// assert!((1.0 / ball.inverse_mass - std::f32::consts::PI).abs() < 1e-5);
    /// assert_eq!(ball.with_mass(f32::INFINITY).inverse_mass, 0.0);
    /// ```
    pub fn with_mass(mut self, mass: f32) -> Self {
        self.inverse_mass = 1.0 / mass;
        self
    }

    /// The same body with `friction = tan(max_slope)`: at rest it stays put
    /// on any slope that counts as ground and slides off steeper ones.
    pub fn with_grip(mut self) -> Self {
        self.friction = self.max_slope.tan();
        self
    }

    pub(crate) fn is_valid(&self) -> bool {
        self.position.is_finite()
            && self.velocity.is_finite()
            && self.restitution.is_finite()
            && self.friction.is_finite()
            && self.max_slope.is_finite()
            && self.inverse_mass.is_finite()
            && self.inverse_mass >= 0.0
            && self.gravity_scale.is_finite()
            && self.shape.is_valid()
    }
}

/// One contact met during a step (a support at its start or an impact).
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::step_body;
/// let floor = TerrainPiece::solid(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)));
/// let set = TerrainSet::new(vec![floor])?;
/// let mut ball = Body::new(ActorShape::Circle { radius: 5.0 }, Vec2::new(0.0, 8.0), Vec2::new(0.0, -600.0), 0.5);
/// let report = step_body(&set, &mut ball, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// let hit = &report.contacts[0];
/// assert!(hit.bounced && hit.normal == Vec2::Y && hit.piece() == Some(0));
/// assert!(ball.velocity.y > 0.0);        // on its way back up
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// The point of the piece at the mean hit parameter.
    pub point: Vec2,
    /// Unit normal facing the body.
    pub normal: Vec2,
    /// What was touched: a terrain piece or another body.
    pub with: Touched,
    /// Velocity of what was touched (the other body's after the contact;
    /// zero for terrain): a runner standing on it moves with it.
    pub velocity: Vec2,
    /// Hit parameters of the body (grown by the contact margin) on the piece.
    pub hits: Hits,
    /// Speed into the surface just before the response (0 for support).
    pub impact_speed: f32,
    /// `true` for a bounce, `false` for support or a slide.
    pub bounced: bool,
}

/// What a [`Contact`] touched.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::step_body;
/// let set = TerrainSet::new(vec![TerrainPiece::solid(Segment::new(Vec2::new(-50.0, 0.0), Vec2::new(50.0, 0.0)))])?;
/// let mut ball = Body::new(ActorShape::Circle { radius: 4.0 }, Vec2::new(0.0, 4.05), Vec2::ZERO, 0.0);
/// let report = step_body(&set, &mut ball, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// assert_eq!(report.contacts[0].with, Touched::Piece(0));
/// assert_eq!((report.contacts[0].piece(), report.contacts[0].body()), (Some(0), None));
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touched {
    /// A piece, by its index in the [`TerrainSet`](crate::terrain::TerrainSet).
    Piece(usize),
    /// Another body, by its index among the bodies stepped together
    /// ([`step_bodies`](crate::dynamics::step_bodies)).
    Body(usize),
}

impl Contact {
    /// The terrain piece touched, if it was one.
    pub fn piece(&self) -> Option<usize> {
        match self.with {
            Touched::Piece(i) => Some(i),
            Touched::Body(_) => None,
        }
    }

    /// The other body touched, if it was one.
    pub fn body(&self) -> Option<usize> {
        match self.with {
            Touched::Body(i) => Some(i),
            Touched::Piece(_) => None,
        }
    }
}

/// Why a step was refused; the body is left as it was.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::{StepError, step_body};
/// let set = TerrainSet::new(vec![])?;
/// let mut ball = Body::new(ActorShape::Circle { radius: 4.0 }, Vec2::ZERO, Vec2::ZERO, 0.0);
/// let report = step_body(&set, &mut ball, Vec2::new(0.0, -900.0), f32::NAN);
/// assert!(matches!(report.error, Some(StepError::BadInput { .. })));
/// assert_eq!(ball.position, Vec2::ZERO);
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepError {
    /// The body (a non-finite or invalid field), gravity or time step
    /// (non-finite or negative) could not be stepped.
    BadInput { body: Body, gravity: Vec2, dt: f32 },
    /// The step came out non-finite; the body was put back as it was.
    NonFiniteResult,
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::BadInput { body, gravity, dt } => write!(
                f,
                "step refused: non-finite or invalid input (body {body:?}, gravity {gravity}, dt {dt})"
            ),
            StepError::NonFiniteResult => {
                write!(f, "step produced a non-finite state; body kept as it was")
            }
        }
    }
}

impl std::error::Error for StepError {}

/// What a step did: the contacts met (supports first, then impacts in
/// order), whether the body stands on something, motion left over, the
/// depenetration, or why the step was refused.
///
/// ```
/// use tangent_collision::prelude::*;
/// use tangent_collision::dynamics::step_body;
/// let set = TerrainSet::new(vec![])?;
/// let mut ball = Body::new(ActorShape::Circle { radius: 5.0 }, Vec2::ZERO, Vec2::new(f32::NAN, 0.0), 0.5);
/// let report = step_body(&set, &mut ball, Vec2::new(0.0, -900.0), 1.0 / 60.0);
/// assert!(report.error.is_some() && report.contacts.is_empty() && !report.grounded);
/// # Ok::<(), TerrainError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepReport {
    pub contacts: Vec<Contact>,
    /// A contact's normal was within `max_slope` of up (against gravity).
    pub grounded: bool,
    /// Seconds of motion not carried out after 8 impacts (the most one step handles).
    pub leftover: f32,
    /// Pixels the body was pushed out of terrain it overlapped at the start.
    pub depenetration: f32,
    /// Where a circle following a dip (a concave curve: a loop, a
    /// half-pipe) let go of it during the step: the start of the first
    /// chord that ended clear of the curve, the surface no longer holding
    /// it (on a loop's upper half, `v² < g R cos φ`). Found to a chord cut
    /// (the path turns at most 0.5° per chord); `None` when the body did not
    /// leave a dip mid-step (a body that leaves between steps is seen by
    /// the step that starts clear).
    pub left_dip_at: Option<Vec2>,
    /// Why the step was refused; the body is unchanged.
    pub error: Option<StepError>,
    /// The step stopped at an impact with a body that has not moved yet this
    /// step (its index) with `leftover` seconds to go after it has.
    pub(crate) waits_for: Option<usize>,
}

impl StepReport {
    /// Empties the report for another step, keeping the contact list's
    /// allocation.
    pub(crate) fn clear(&mut self) {
        self.contacts.clear();
        self.grounded = false;
        self.leftover = 0.0;
        self.depenetration = 0.0;
        self.left_dip_at = None;
        self.error = None;
        self.waits_for = None;
    }
}
