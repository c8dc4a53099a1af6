//! The collision example from the README, kept compiling and correct.

use bevy::math::Vec2;
use tangent::collision::*;

#[test]
fn readme_collision_example() -> Result<(), TerrainError> {
    let hill = Terrain::Quad(QuadBezier::new(
        Vec2::new(0.0, 0.0),
        Vec2::new(50.0, 100.0),
        Vec2::new(100.0, 0.0),
    ));
    let t = hill.segment_hits(&Segment::new(
        Vec2::new(25.0, -10.0),
        Vec2::new(25.0, 100.0),
    ));
    assert_eq!(t.len(), 1);
    let ball = ActorShape::Circle { radius: 10.0 };
    let hits = hill.actor_hits(&ball, Vec2::new(50.0, 59.0));
    assert_eq!(hits.len(), 2);
    let n = bounce_normal(&hill, &hits, Vec2::new(50.0, 59.0)).unwrap();
    assert!((n - Vec2::Y).length() < 1e-5);
    let v = reflect(Vec2::new(3.0, -4.0), n, 0.8);
    assert!((v - Vec2::new(3.0, 3.2)).length() < 1e-4);

    let mut grid = TileGrid::new(64, 32, 16.0, Vec2::ZERO);
    for x in 0..64 {
        grid.set(x, 0, TileKind::Solid);
    }
    let set = TerrainSet::from_tiles(&grid, vec![TerrainPiece::solid(hill)])?;
    let mut body = Body::new(ball, Vec2::new(300.0, 200.0), Vec2::ZERO, 0.5);
    let report = step_body(&set, &mut body, Vec2::new(0.0, -900.0), 1.0 / 60.0);
    assert!(!report.grounded);
    assert!(body.position.y < 200.0);
    Ok(())
}
