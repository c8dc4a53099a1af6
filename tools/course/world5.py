"""World 5, Everything at Once (#61): snake courses that mix the first four
worlds' parts (spikes, vines, plank bridges, trampolines, crumbling bridges,
sliders, swinging bridges, half-pipes, hills) with more four-spike strips,
climbed by lifts and ladders, on floors six rows apart.

`python3 tools/course/world5.py [STEM...]` rewrites the named levels (all five
by default), as `world2.py` does.
"""
import sys

from course import Course, ship


def snake(W, tops, floors, climbs, **level):
    """Floor i (top row tops[i]) holds floors[i]'s items, going right on even
    floors and left on odd ones; climbs[i] takes the run up at its end: a
    'lift', a 'ladder' of one-way rungs or a 'shaft' climbed by wall jumps.
    The bottom floor is solid down to the level's bottom."""
    H = tops[-1] + 7
    c = Course(W, H)
    c.tramp_pit = 4
    E = W - 2
    c.slab(tops[0], 1, E, thick=tops[0] + 1)
    for i, t in enumerate(tops[1:]):
        # a lift comes up beside the floor above it: leave its columns open
        lift = climbs[i] in ('lift', 'shaft')
        lo, hi = (1, E - 3) if i % 2 == 0 and lift else (4, E) if lift else (1, E)
        c.slab(t, lo, hi)
    for i, (top, items) in enumerate(zip(tops, floors)):
        d = 1 if i % 2 == 0 else -1
        # not over the open columns of the climb that came up here
        after_shaft = i > 0 and climbs[i - 1] == 'shaft'
        c.checkpoint((6 if after_shaft else 3) if d > 0 else E - (5 if after_shaft else 1), top)
        c.seq(top, d, 9 if d > 0 else E - 8, items, thick=top + 1 if i == 0 else 1)
        if i + 1 < len(tops):
            end = E if d > 0 else 1
            rise = tops[i + 1] - top
            if climbs[i] == 'lift':
                c.lift(top, d, end, rise=rise)
            elif climbs[i] == 'shaft':
                c.shaft(top, d, end, rise, jumps=3, hold=6)
            else:
                c.ladder(top, d, end, [3, rise], wait=5)
    last = len(tops) - 1
    goal_x = (E * 32 - 16) if last % 2 == 0 else 80
    c.both(f'R until x>={E*32-60}' if last % 2 == 0 else 'L until x<=100')
    return c, dict(spawn=(3 * 32 + 16, c.stand_y(tops[0])), goal=(goal_x, (tops[-1] + 2) * 32), **level)


def gauntlet():
    c, level = snake(120, [3, 9, 15, 21, 27], [
        [('spikes', 4), ('vine', 3), ('bridge', 7), ('perch', 4), ('halfpipe', 8), ('spikes', 4),
         ('crumble', 9), ('swing', 8)],
        [('perch', 4), ('halfpipe', 8), ('spikes', 4), ('slider', 12), ('halfpipe', 10), ('spikes', 4), ('swing', 8)],
        [('halfpipe', 10), ('spikes', 4), ('bridge', 7), ('perch', 4), ('crumble', 9), ('spikes', 4), ('swing', 8)],
        [('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('vine', 3), ('halfpipe', 8), ('spikes', 4), ('swing', 8),
         ('dash', 13)],
        [('halfpipe', 8), ('spikes', 4), ('hole', 3), ('halfpipe', 10), ('spikes', 4)],
    ], ['shaft', 'ladder', 'lift', 'ladder'],
        comment=["Gauntlet: the fifth world's first, everything so far at once: spikes,",
                 'thorny vines, plank bridges, half-pipes, crumbling bridges and a',
                 'slider on five floors, lifts and ladders between them.'],
        name='Gauntlet', nxt='5-2-bounce-lift.level.ron')
    c.decorate(8, 5)
    ship('5-1-gauntlet', c, ['Gauntlet: five floors, right, left, right, left, right to the flag.'], **level)


def bounce_lift():
    c, level = snake(116, [3, 9, 15, 21, 27], [
        [('spikes', 4), ('tramp', 5), ('hole', 3), ('spikes', 4), ('perch', 4), ('tramp', 6),
         ('spikes', 4), ('vine', 3), ('swing', 8)],
        [('spikes', 4), ('tramp', 6), ('hole', 3), ('perch', 4), ('spikes', 4), ('spikes', 4),
         ('tramp', 5), ('swing', 8)],
        [('vine', 3), ('spikes', 4), ('tramp', 5), ('hole', 2), ('perch', 4), ('spikes', 4),
         ('tramp', 6), ('spikes', 4), ('swing', 8)],
        [('spikes', 4), ('tramp', 6), ('hole', 3), ('bridge', 7), ('spikes', 4), ('spikes', 4), ('swing', 8)],
        [('tramp', 5), ('spikes', 4), ('vine', 3), ('tramp', 6), ('spikes', 4), ('hole', 3)],
    ], ['lift', 'lift', 'lift', 'lift'],
        comment=['Bounce Lift: the player bounces and the tiles are dead, so only the',
                 'trampolines throw (as in world 2), between spike strips, holes,',
                 'vines and a plank bridge on five floors; lifts between them.'],
        name='Bounce Lift', nxt='5-3-loop-lifts.level.ron',
        extra="    tile_restitution: 0,\n", tuning="(player_restitution: 1.0, max_fall: 1400)")
    c.decorate(3, 2)
    ship('5-2-bounce-lift', c, ['Bounce Lift: five floors, right, left, right, left, right to the flag.'],
         **level)


def loop_lifts():
    c, level = snake(132, [3, 9, 15, 21, 27], [
        [('spikes', 3), ('halfpipe', 10), ('spikes', 4), ('hole', 3), ('vine', 3), ('dash', 13)],
        [('spikes', 4), ('perch', 4), ('halfpipe', 8), ('spikes', 4), ('hole', 3), ('crumble', 12),
         ('swing', 8)],
        [('hill', 8), ('spikes', 4), ('perch', 4), ('halfpipe', 10), ('spikes', 4), ('vine', 3),
         ('swing', 8)],
        [('spikes', 4), ('perch', 4), ('crumble', 9), ('halfpipe', 8), ('spikes', 3), ('hole', 3),
         ('swing', 8)],
        [('halfpipe', 10), ('spikes', 4), ('hill', 6), ('spikes', 4), ('hole', 3), ('spikes', 3)],
    ], ['lift', 'lift', 'lift', 'lift'],
        comment=['Pipes and Lifts: half-pipes, hills and four-spike strips, a swinging',
                 'bridge at the end of each floor before the lift; five floors.'],
        name='Pipes and Lifts', nxt='5-4-long-way-home.level.ron')
    c.decorate(9, 4)
    ship('5-3-loop-lifts', c, ['Pipes and Lifts: five floors, right, left, right, left, right to the flag.'],
         **level)


def long_way_home():
    c, level = snake(128, [3, 9, 15, 21, 27, 33], [
        [('spikes', 4), ('bridge', 7), ('halfpipe', 8), ('spikes', 4), ('perch', 4), ('crumble', 9)],
        [('vine', 3), ('spikes', 4), ('slider', 12), ('spikes', 4), ('halfpipe', 10)],
        [('spikes', 4), ('crumble', 12), ('spikes', 4), ('perch', 4), ('bridge', 7), ('spikes', 3)],
        [('halfpipe', 8), ('spikes', 4), ('vine', 3), ('spikes', 4), ('swing', 8)],
        [('spikes', 4), ('hole', 3), ('perch', 4), ('spikes', 4), ('crumble', 9), ('halfpipe', 10),
         ('dash', 17)],
        [('spikes', 4), ('bridge', 7), ('spikes', 4), ('hill', 8), ('spikes', 4)],
    ], ['shaft', 'lift', 'shaft', 'lift', 'ladder'],
        comment=['The Long Way Home: six floors of four-spike strips between every',
                 'kind of part.'],
        name='The Long Way Home', nxt='5-5-grand-tour.level.ron')
    c.decorate(5, 3)
    ship('5-4-long-way-home', c, ['The Long Way Home: six floors, up and back and up to the flag.'], **level)


def grand_tour():
    c, level = snake(124, [3, 9, 15, 21, 27], [
        [('crumble', 9), ('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('perch', 4), ('bridge', 7),
         ('swing', 8)],
        [('perch', 4), ('slider', 12), ('spikes', 4), ('vine', 3), ('halfpipe', 10), ('spikes', 4),
         ('swing', 8)],
        [('spikes', 4), ('bridge', 7), ('crumble', 12), ('spikes', 4), ('perch', 4), ('hole', 3),
         ('swing', 8)],
        [('halfpipe', 10), ('spikes', 4), ('hill', 6), ('spikes', 4), ('vine', 3), ('dash', 17)],
        [('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('bridge', 7), ('spikes', 4)],
    ], ['lift', 'shaft', 'lift', 'ladder'],
        comment=["Grand Tour: the fifth world's test, a floor for each world before it",
                 'and one more: crumbling bridges, sliders, half-pipes, plank bridges,',
                 'vines and swinging bridges, spikes between.'],
        name='Grand Tour', nxt='6-1-night-shift.level.ron')
    c.decorate(6, 5)
    ship('5-5-grand-tour', c, ['Grand Tour: five floors, right, left, right, left, right to the flag.'],
         **level)


LEVELS = {"5-1-gauntlet": gauntlet, "5-2-bounce-lift": bounce_lift,
          "5-3-loop-lifts": loop_lifts, "5-4-long-way-home": long_way_home,
          "5-5-grand-tour": grand_tour}

if __name__ == "__main__":
    for stem in sys.argv[1:] or LEVELS:
        LEVELS[stem]()
