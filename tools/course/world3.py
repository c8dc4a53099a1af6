"""World 3, Moving Curves (#61): its four levels as snake courses with movers:
lifts that rise when stood on, crumbling bridges, sliders and swinging bridges,
on floors seven rows apart (world 2's are six).

`python3 tools/course/world3.py [STEM...]` rewrites the named levels (all five
by default), as `world2.py` does.
"""
import sys

from course import Course, ship


def moving_parts():
    W, H = 100, 23
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(8, 1, E - 3)          # floors 7 rows apart; the lift at the right comes up beside it
    c.slab(15, 4, E)             # and the lift at the left
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('hole', 2), ('perch', 4), ('spikes', 2), ('crumble', 9), ('hole', 3),
                     ('spikes', 3), ('hole', 2)], thick=2)
    c.lift(1, 1, E, rise=7)
    c.checkpoint(E - 4, 8)
    c.seq(8, -1, E - 8, [('spikes', 2), ('hole', 3), ('perch', 4), ('crumble', 12), ('hole', 2),
                         ('spikes', 3)])
    c.lift(8, -1, 1, rise=7)
    c.checkpoint(5, 15)
    c.seq(15, 1, 9, [('spikes', 2), ('hole', 3), ('crumble', 9), ('perch', 4), ('hole', 2),
                     ('spikes', 2)])
    c.both(f'R until x>={E*32-60}')
    c.decorate(7, 3)
    ship('3-1-moving-parts', c, ['Moving Parts: right, up the lift, left, up the lift, right to the flag.'],
         comment=['Moving Parts: terrain that moves. Each floor ends at a lift that waits',
                  'to be stood on and rises to the next floor; a crumbling bridge on',
                  'each floor drops 0.4 s after you land on a part, so keep running.',
                  "Every mover is written in `movers` (docs/level-format.md, \"Movers\")."],
         name='Moving Parts', spawn=(3*32+16, c.stand_y(1)), goal=(E*32-16, (15+2)*32),
         nxt='3-2-lift-off.level.ron')


def lift_off():
    W, H = 112, 30
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(8, 1, E - 3)
    c.slab(15, 4, E)
    c.slab(22, 1, E - 3)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('spikes', 2), ('slider', 12), ('hole', 5), ('crumble', 9), ('perch', 4),
                     ('spikes', 4), ('hole', 2)], thick=2)
    c.lift(1, 1, E, rise=7)
    c.checkpoint(E - 4, 8)
    c.seq(8, -1, E - 8, [('hole', 5), ('slider', 12), ('spikes', 4), ('crumble', 9), ('perch', 4),
                         ('hole', 2), ('spikes', 4)])
    c.lift(8, -1, 1, rise=7)
    c.checkpoint(5, 15)
    c.seq(15, 1, 9, [('spikes', 4), ('crumble', 12), ('hole', 2), ('slider', 12), ('perch', 4),
                     ('spikes', 2)])
    c.lift(15, 1, E, rise=7)
    c.checkpoint(E - 4, 22)
    c.seq(22, -1, E - 8, [('hole', 2), ('crumble', 9), ('spikes', 4), ('hole', 5), ('spikes', 4),
                          ('hole', 5)])
    c.both('L until x<=100')
    c.decorate(6, 1)
    ship('3-2-lift-off', c, ['Lift Off: right, up, left, up, right, up, left to the flag.'],
         comment=['Lift Off: terrain that carries you. A slider waits at the near side of',
                  'each wide pit and carries you over when you stand on it; lifts rise',
                  'to the next floor when stood on; crumbling bridges drop behind you.'],
         name='Lift Off', spawn=(3*32+16, c.stand_y(1)), goal=(80, (22+2)*32),
         nxt='3-3-swing-set.level.ron')


def swing_set():
    W, H = 116, 30
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(8, 1, E - 3)
    c.slab(15, 4, E)
    c.slab(22, 1, E - 3)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('hole', 2), ('spikes', 4), ('perch', 4), ('hole', 5), ('crumble', 9),
                     ('spikes', 2), ('swing', 8)], thick=2)
    c.lift(1, 1, E, rise=7)
    c.checkpoint(E - 4, 8)
    c.seq(8, -1, E - 8, [('hole', 5), ('perch', 4), ('spikes', 4), ('crumble', 9), ('hole', 2),
                         ('swing', 8)])
    c.lift(8, -1, 1, rise=7)
    c.checkpoint(5, 15)
    c.seq(15, 1, 9, [('spikes', 2), ('perch', 4), ('slider', 12), ('spikes', 4), ('hole', 2),
                     ('swing', 8)])
    c.lift(15, 1, E, rise=7)
    c.checkpoint(E - 4, 22)
    c.seq(22, -1, E - 8, [('crumble', 9), ('spikes', 4), ('hole', 5), ('spikes', 2), ('swing', 8)])
    c.both('L until x<=100')
    c.decorate(5, 2)
    ship('3-3-swing-set', c, ['Swing Set: right, up, left, up, right, up, left to the flag.'],
         comment=['Swing Set: curves that move under you. Sagging cubic bridges swing',
                  'over the pits (jump on in the middle, off to the far side), among',
                  'crumbling bridges, a slider and the lifts between the floors.'],
         name='Swing Set', spawn=(3*32+16, c.stand_y(1)), goal=(80, (22+2)*32),
         nxt='3-4-crumble-run.level.ron')


def crumble_run():
    W, H = 124, 37
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(8, 1, E - 3)
    c.slab(15, 4, E)
    c.slab(22, 1, E - 3)
    c.slab(29, 4, E)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('crumble', 15), ('hole', 5), ('spikes', 4), ('slider', 12), ('perch', 4),
                     ('crumble', 9), ('spikes', 4), ('swing', 8)], thick=2)
    c.lift(1, 1, E, rise=7)
    c.checkpoint(E - 4, 8)
    c.seq(8, -1, E - 8, [('spikes', 4), ('crumble', 12), ('hole', 5), ('perch', 4), ('slider', 12),
                         ('spikes', 4), ('swing', 8)])
    c.lift(8, -1, 1, rise=7)
    c.checkpoint(5, 15)
    c.seq(15, 1, 9, [('crumble', 18), ('spikes', 4), ('hole', 5), ('perch', 4), ('crumble', 9),
                     ('spikes', 4), ('swing', 8)])
    c.lift(15, 1, E, rise=7)
    c.checkpoint(E - 4, 22)
    c.seq(22, -1, E - 8, [('slider', 12), ('crumble', 12), ('roll', 12), ('spikes', 4), ('spikes', 4),
                          ('swing', 8)])
    c.lift(22, -1, 1, rise=7)
    c.checkpoint(5, 29)
    c.seq(29, 1, 9, [('crumble', 15), ('spikes', 4), ('hole', 5), ('crumble', 9), ('spikes', 4),
                     ('swing', 8)])
    c.both(f'R until x>={E*32-60}')
    c.decorate(4, 1)
    ship('3-4-crumble-run', c, ['Crumble Run: five floors, right, left, right, left, right to the flag.'],
         comment=["Crumble Run: the third world's test. Five floors of long crumbling",
                  'bridges that drop behind you (do not stop), swinging bridges, sliders',
                  'over the wide pits and lifts between the floors.'],
         name='Crumble Run', spawn=(3*32+16, c.stand_y(1)), goal=(E*32-16, (29+2)*32),
         nxt='3-5-rush-hour.level.ron')


def rush_hour():
    W, H = 118, 30
    c = Course(W, H)
    E = W - 2
    c.slab(1, 1, E, thick=2)
    c.slab(8, 1, E - 3)
    c.slab(15, 4, E)
    c.slab(22, 1, E - 3)
    c.checkpoint(3, 1)
    c.seq(1, 1, 11, [('slider', 12), ('spikes', 3), ('crumble', 9), ('perch', 4), ('crate', 3),
                     ('spikes', 4), ('swing', 8)], thick=2)
    c.lift(1, 1, E, rise=7)
    c.checkpoint(E - 4, 8)
    c.seq(8, -1, E - 8, [('crumble', 12), ('spikes', 3), ('slider', 12), ('perch', 4), ('spikes', 4),
                         ('swing', 8)])
    c.lift(8, -1, 1, rise=7)
    c.checkpoint(5, 15)
    c.seq(15, 1, 9, [('spikes', 3), ('slider', 12), ('crumble', 9), ('perch', 4), ('spikes', 4),
                     ('hole', 3), ('swing', 8)])
    c.lift(15, 1, E, rise=7)
    c.checkpoint(E - 4, 22)
    c.seq(22, -1, E - 8, [('crumble', 9), ('spikes', 4), ('slider', 12), ('spikes', 3), ('swing', 8)])
    c.both('L until x<=100')
    c.decorate(3, 1)
    ship('3-5-rush-hour', c, ['Rush Hour: right, up, left, up, right, up, left to the flag.'],
         comment=['Rush Hour: sliders, crumbling bridges and swinging bridges in quick',
                  'succession, lifts between four floors.'],
         name='Rush Hour', spawn=(3*32+16, c.stand_y(1)), goal=(80, (22+2)*32),
         nxt='4-1-halfpipe.level.ron')


LEVELS = {"3-1-moving-parts": moving_parts, "3-2-lift-off": lift_off,
          "3-3-swing-set": swing_set, "3-4-crumble-run": crumble_run,
          "3-5-rush-hour": rush_hour}

if __name__ == "__main__":
    for stem in sys.argv[1:] or LEVELS:
        LEVELS[stem]()
