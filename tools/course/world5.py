"""World 5, Everything at Once (#61): snake courses that mix the first four
worlds' parts (spikes, vines, plank bridges, trampolines, crumbling bridges,
sliders, swinging bridges, half-pipes, hills) with more four-spike strips,
climbed by lifts and ladders, on floors six rows apart.

`python3 tools/course/world5.py [STEM...]` rewrites the named levels (all five
by default), as `world2.py` does.
"""
from ship import main, ship
from snake import snake


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
        [('spikes', 4), ('tramp', 6), ('hole', 3), ('bridge', 7), ('spikes', 4), ('spikes', 4), ('dash', 17)],
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
         ('dash', 17)],
        [('hill', 8), ('spikes', 4), ('perch', 4), ('halfpipe', 10), ('spikes', 4), ('vine', 3),
         ('swing', 8)],
        [('spikes', 4), ('perch', 4), ('crumble', 9), ('halfpipe', 8), ('spikes', 3), ('hole', 3),
         ('swing', 8)],
        [('halfpipe', 10), ('spikes', 4), ('hill', 6), ('spikes', 4), ('roll', 14), ('spikes', 3)],
    ], ['lift', 'lift', 'lift', 'lift'],
        comment=['Pipes and Lifts: half-pipes, hills and four-spike strips, a swinging',
                 'bridge at the end of each floor before the lift; five floors.'],
        name='Pipes and Lifts', nxt='5-4-long-way-home.level.ron')
    c.decorate(9, 4)
    ship('5-3-loop-lifts', c, ['Pipes and Lifts: five floors, right, left, right, left, right to the flag.'],
         **level)


def long_way_home():
    c, level = snake(128, [33, 27, 21, 15, 9, 3], [
        [('spikes', 4), ('bridge', 7), ('halfpipe', 8), ('spikes', 4), ('perch', 4), ('crumble', 9)],
        [('vine', 3), ('spikes', 4), ('slider', 12), ('spikes', 4), ('halfpipe', 10)],
        [('spikes', 4), ('crumble', 12), ('spikes', 4), ('perch', 4), ('bridge', 7), ('spikes', 3)],
        [('halfpipe', 8), ('spikes', 4), ('vine', 3), ('spikes', 4), ('swing', 8)],
        [('spikes', 4), ('hole', 3), ('perch', 4), ('spikes', 4), ('crumble', 9), ('halfpipe', 10),
         ('dash', 17)],
        [('spikes', 4), ('bridge', 7), ('spikes', 4), ('hill', 8), ('spikes', 4)],
    ], ['drop', 'drop', 'drop', 'drop', 'drop'],
        comment=['The Long Way Home: down from the top, six floors of four-spike strips',
                 'between every kind of part; a hole by the wall at the end of each',
                 'drops you to the next.'],
        name='The Long Way Home', nxt='5-5-grand-tour.level.ron')
    c.decorate(5, 3)
    ship('5-4-long-way-home', c, ['The Long Way Home: six floors, down and back and down to the flag.'], **level)


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
    main(LEVELS)
