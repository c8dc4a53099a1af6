"""World 2, Bounce and One-Way (#61): its five levels as snake courses.

`python3 tools/course/world2.py [STEM...]` rewrites the named levels (all five
by default): their level files, plans and replays (`course.ship`). Then
`python3 tools/ship_levels.py`, and `tangent leniency --level L --only` for the
figures (docs/campaign.md).
"""
from course import Course
from ship import main, ship


# Bouncing levels: the player bounces, the tiles are dead, so only trampolines throw.
BOUNCY = dict(extra="    tile_restitution: 0,\n", tuning="(player_restitution: 1.0, max_fall: 1400)")


def bounce():
    W, H = 96, 21
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(7, 1, E)
    c.slab(13, 1, E)
    c.checkpoint(3, 1)
    # toys behind the start: a ball and a crate to bounce on the dead floor
    c.actors.append('(name: "ball", shape: Circle(radius: 12), position: (44, 76.02), restitution: 0.95)')
    c.actors.append('(name: "crate", shape: Rect(half_extents: (14, 14)), position: (78, 78.02), restitution: 0.2, friction: 1)')
    c.seq(1, 1, 11, [('hole', 2), ('tramp', 5), ('perch', 4), ('hole', 3), ('tramp', 6), ('spikes', 2), ('hole', 2)], thick=2)
    c.ladder(1, 1, E, [3, 6])
    c.checkpoint(E - 1, 7)
    c.seq(7, -1, E - 6, [('tramp', 5), ('spikes', 2), ('tramp', 5), ('perch', 4), ('hole', 3), ('tramp', 5)])
    c.ladder(7, -1, 1, [3, 6])
    c.checkpoint(2, 13)
    c.seq(13, 1, 6, [('tramp', 5), ('spikes', 3), ('tramp', 6), ('perch', 4), ('hole', 2), ('tramp', 5), ('spikes', 2)])
    c.both(f'R until x>={E*32-60}')
    ship('2-1-bounce', c, ['Bounce House: right over the trampolines, up, left, up, right to the flag.'],
        comment=['Bounce House: the player bounces here (restitution 1) but the tiles',
                 'are dead (tile_restitution 0), so only the pink trampolines strung',
                 'over the holes throw you back up. Right along the bottom, up the',
                 'planks at the wall, left, up, and right to the flag.'],
        name='Bounce House', spawn=(3*32+16, c.stand_y(1)), goal=(E*32-16, (13+2)*32),
        **BOUNCY,
        nxt='2-2-spike-garden.level.ron')


def spike_garden():
    W, H = 116, 27
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    for t in [7, 13, 19]:
        c.slab(t, 1, E)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('spikes', 2), ('hole', 2), ('perch', 4), ('vine', 3), ('hole', 3), ('block', 5),
                          ('spikes', 3), ('hole', 2), ('spikes', 2)], thick=2)
    c.ladder(1, 1, E, [3, 6])
    c.checkpoint(E - 1, 7)
    c.seq(7, -1, E - 6, [('spikes', 2), ('hole', 3), ('vine', 3), ('block', 5), ('spikes', 3),
                               ('perch', 4), ('hole', 3), ('spikes', 2)])
    c.ladder(7, -1, 1, [3, 6])
    c.checkpoint(2, 13)
    c.seq(13, 1, 6, [('vine', 3), ('spikes', 3), ('hole', 3), ('block', 4), ('spikes', 2), ('hole', 3),
                           ('vine', 3), ('spikes', 3)])
    c.ladder(13, 1, E, [3, 6])
    c.checkpoint(E - 1, 19)
    c.seq(19, -1, E - 6, [('spikes', 3), ('hole', 3), ('perch', 4), ('vine', 3), ('spikes', 2),
                                ('hole', 3), ('block', 5), ('spikes', 3)])
    c.both('L until x<=100')
    ship('2-2-spike-garden', c, ['Spike Garden: right, up, left, up, right, up, left to the flag.'],
        comment=['Spike Garden: spikes, thorny vines (red: deadly to touch) and holes on',
                 'four floors. Right along the bottom (a hole there is bottomless), up',
                 'the planks at the wall, left, up, right, up, and left to the flag. A',
                 'hole in an upper floor drops you to the floor below.'],
        name='Spike Garden', spawn=(3*32+16, c.stand_y(1)), goal=(80, (19+2)*32),
        nxt='2-3-stairway.level.ron')


def stairway():
    W, H = 116, 27
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(7, 1, E - 15)     # floor 1: stairs up to it at the right
    c.slab(13, 16, E)        # floor 2: stairs at the left
    c.slab(19, 1, E - 15)    # floor 3: stairs at the right
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('hole', 2), ('bridge', 7), ('perch', 4), ('crate', 3), ('spikes', 2), ('hole', 3),
                     ('bridge', 7), ('spikes', 3)], thick=2)
    c.both(f'R until x>={(E+1)*32-12}', 'R 6')
    c.stairs(1, -1, E - 3, 2)
    c.checkpoint(E - 17, 7)
    c.seq(7, -1, E - 19, [('spikes', 2), ('bridge', 7), ('hole', 3), ('perch', 4), ('spikes', 3),
                                ('bridge', 7)])
    c.both(f'L until x<={32+12}', 'L 6')
    c.stairs(7, 1, 4, 2)
    c.checkpoint(18, 13)
    c.seq(13, 1, 20, [('hole', 3), ('spikes', 2), ('bridge', 7), ('spikes', 3), ('perch', 4),
                            ('bridge', 7)])
    c.both(f'R until x>={(E+1)*32-12}', 'R 6')
    c.stairs(13, -1, E - 3, 2)
    c.checkpoint(E - 17, 19)
    c.seq(19, -1, E - 19, [('hole', 3), ('bridge', 7), ('spikes', 3), ('hole', 2), ('bridge', 7),
                                 ('spikes', 2)])
    c.both('L until x<=100')
    ship('2-3-stairway', c, ['Stairway: right over holes and plank bridges, up the stairs at the wall,',
                           'left, up, right, up, and left to the flag.'],
        comment=['Stairway: one-way planks (solid from above only) as bridges over the',
                 'holes and as stairs up at each end. Right along the bottom (its holes',
                 'are bottomless), up the stairs, left, up, right, up, left to the flag.'],
        name='Stairway', spawn=(3*32+16, c.stand_y(1)), goal=(80, (19+2)*32),
        nxt='2-4-trampolines.level.ron')


def trampolines():
    W, H = 128, 27
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(7, 1, E - 15)     # floor 1: stairs up to it at the right
    c.slab(13, 1, E)         # floor 2: a ladder up at its left end ... and at its right
    c.slab(19, 1, E)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('tramp', 5), ('spikes', 2), ('bridge', 7), ('tramp', 6), ('perch', 4), ('hole', 2),
                           ('tramp', 5), ('spikes', 3)], thick=2)
    c.both(f'R until x>={(E+1)*32-12}', 'R 6')
    c.stairs(1, -1, E - 3, 2)
    c.checkpoint(E - 17, 7)
    c.seq(7, -1, E - 19, [('spikes', 2), ('tramp', 5), ('vine', 3), ('bridge', 7), ('tramp', 6),
                                ('perch', 4), ('spikes', 3), ('hole', 3)])
    c.ladder(7, -1, 1, [3, 6])
    c.checkpoint(2, 13)
    c.seq(13, 1, 6, [('hole', 3), ('tramp', 5), ('spikes', 2), ('tramp', 6), ('vine', 3), ('bridge', 7),
                           ('perch', 4), ('tramp', 5), ('spikes', 3)])
    c.ladder(13, 1, E, [3, 6])
    c.checkpoint(E - 1, 19)
    c.seq(19, -1, E - 6, [('tramp', 5), ('spikes', 3), ('bridge', 7), ('tramp', 6), ('vine', 3),
                                ('tramp', 5), ('spikes', 2), ('hole', 3)])
    c.both('L until x<=100')
    ship('2-4-trampolines', c, ['Trampolines: right over trampolines, spikes and a bridge, up the stairs,',
                           'left, up, right, up, and left to the flag.'],
        comment=["Trampolines: the second world's test. The player bounces (restitution 1)",
                 'but the tiles are dead, so only the pink bands throw you: trampolines,',
                 'spikes, thorny vines and plank bridges on four floors, stairs and',
                 "ladders between them. The bottom floor's holes are bottomless."],
        name='Trampolines', spawn=(3*32+16, c.stand_y(1)), goal=(80, (19+2)*32),
        **BOUNCY,
        nxt='2-5-vine-ladder.level.ron')


def vine_ladder():
    W, H = 110, 33
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    for t in [7, 13, 19, 25]:
        c.slab(t, 1, E)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('vine', 3), ('spikes', 3), ('bridge', 7), ('perch', 4), ('hole', 3), ('vine', 3),
                     ('spikes', 2)], thick=2)
    c.ladder(1, 1, E, [3, 6])
    c.checkpoint(E - 1, 7)
    c.seq(7, -1, E - 6, [('spikes', 3), ('vine', 3), ('hole', 3), ('perch', 4), ('bridge', 7),
                         ('spikes', 2)])
    c.ladder(7, -1, 1, [3, 6])
    c.checkpoint(2, 13)
    c.seq(13, 1, 6, [('vine', 3), ('bridge', 7), ('spikes', 3), ('perch', 4), ('hole', 2), ('vine', 3),
                     ('spikes', 3)])
    c.ladder(13, 1, E, [3, 6])
    c.checkpoint(E - 1, 19)
    c.seq(19, -1, E - 6, [('spikes', 2), ('roll', 8), ('hole', 3), ('vine', 3), ('bridge', 7), ('spikes', 3)])
    c.ladder(19, -1, 1, [3, 6])
    c.checkpoint(2, 25)
    c.seq(25, 1, 6, [('vine', 3), ('spikes', 3), ('hole', 3), ('vine', 3), ('spikes', 2)])
    c.both(f'R until x>={E*32-60}')
    c.decorate(7, 5)
    ship('2-5-vine-ladder', c, ['Vine Ladder: five floors, right, left, right, left, right to the flag.'],
        comment=['Vine Ladder: thorny vines, spikes and plank bridges on five floors,',
                 'ladders of one-way rungs between them.'],
        name='Vine Ladder', spawn=(3*32+16, c.stand_y(1)), goal=(E*32-16, (25+2)*32),
        nxt='3-1-moving-parts.level.ron')


LEVELS = {"2-1-bounce": bounce, "2-2-spike-garden": spike_garden,
          "2-3-stairway": stairway, "2-4-trampolines": trampolines,
          "2-5-vine-ladder": vine_ladder}

if __name__ == "__main__":
    main(LEVELS)
