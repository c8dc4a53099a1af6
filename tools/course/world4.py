"""World 4, Momentum (#61): its four levels as snake courses with half-pipes
(run down and up the far side on the run's speed) and hills, on floors eight
rows apart, climbed by ladders of one-way rungs.

`python3 tools/course/world4.py [STEM...]` rewrites the named levels (all five
by default), as `world2.py` does.
"""
import snake as snakes
from ship import main, ship


def snake(W, tops, floors, shafts=(), ceilings=(), **level):
    """`snakes.snake` on floors eight rows apart, climbed by ladders (by
    shafts at the ends of the floors in `shafts`, by ceiling runs at the
    ends of those in `ceilings`)."""
    climbs = ['shaft' if i in shafts else 'ceiling' if i in ceilings else 'ladder'
              for i in range(len(tops) - 1)]
    return snakes.snake(W, tops, floors, climbs, headroom=8, **level)


def halfpipe():
    c, level = snake(156, [3, 11, 19], [
        [('hole', 2), ('halfpipe', 8), ('spikes', 2), ('perch', 4), ('halfpipe', 10), ('hill', 6),
         ('spikes', 3), ('loop', 38)],
        [('halfpipe', 8), ('spikes', 3), ('perch', 4), ('hill', 6), ('halfpipe', 10), ('hole', 3),
         ('spikes', 2)],
        [('spikes', 2), ('halfpipe', 10), ('perch', 4), ('hill', 8), ('spikes', 3), ('halfpipe', 8),
         ('hole', 2)],
    ], ceilings=(0,),
        comment=['Half-Pipe: run down into each half-pipe and up its far side on your',
                 'speed (no jump needed); hills and spikes between, three floors, one-way',
                 'rungs up at the walls.'],
        name='Half-Pipe', nxt='4-2-loop-valley.level.ron')
    c.decorate(6, 4)
    ship('4-1-halfpipe', c, ['Half-Pipe: right, up, left, up, right to the flag.'], **level)


def pipe_valley():
    c, level = snake(112, [3, 11, 19, 27], [
        [('halfpipe', 8), ('spikes', 4), ('hill', 6), ('halfpipe', 10), ('perch', 4), ('hole', 3),
         ('spikes', 3)],
        [('hole', 2), ('halfpipe', 10), ('spikes', 3), ('perch', 4), ('hill', 8), ('halfpipe', 8)],
        [('hole', 3), ('halfpipe', 10), ('fork', 28, 2, 3), ('hill', 6), ('halfpipe', 8),
         ('spikes', 3)],
        [('halfpipe', 8), ('spikes', 4), ('hill', 8), ('halfpipe', 10), ('spikes', 3)],
    ], shafts=(0,),
        comment=['Pipe Valley: half-pipes one after another, with four-spike strips to',
                 'jump between them, on four floors.'],
        name='Pipe Valley', nxt='4-3-lava-bowl.level.ron')
    c.decorate(5, 1)
    ship('4-2-loop-valley', c, ['Pipe Valley: right, up, left, up, right, up, left to the flag.'], **level)


def lava_bowl():
    c, level = snake(152, [3, 11, 19, 27], [
        [('spikes', 3), ('halfpipe', 10), ('spikes', 4), ('hole', 3), ('perch', 4), ('halfpipe', 8),
         ('spikes', 4), ('dash', 11)],
        [('halfpipe', 10), ('spikes', 4), ('perch', 4), ('spikes', 3), ('halfpipe', 8), ('spikes', 4)],
        [('spikes', 4), ('halfpipe', 8), ('hill', 6), ('spikes', 4), ('perch', 4), ('halfpipe', 10),
         ('spikes', 3), ('loop', 38)],
        [('halfpipe', 10), ('spikes', 4), ('spikes', 3), ('halfpipe', 8), ('spikes', 4)],
    ], ceilings=(1,),
        comment=['Lava Bowl: half-pipes among spike strips, most of them four wide: each',
                 'a jump to time. Four floors.'],
        name='Lava Bowl', nxt='4-4-ramp-jump.level.ron')
    c.decorate(7, 2)
    ship('4-3-lava-bowl', c, ['Lava Bowl: right, up, left, up, right, up, left to the flag.'], **level)


def ramp_jump():
    c, level = snake(124, [3, 11, 19, 27, 35], [
        [('hill', 8), ('spikes', 4), ('fork', 28, 2, 3), ('halfpipe', 10), ('hole', 3),
         ('halfpipe', 8)],
        [('spikes', 4), ('halfpipe', 10), ('hill', 6), ('spikes', 4), ('perch', 4), ('hole', 3),
         ('spikes', 3), ('dash', 11)],
        [('halfpipe', 8), ('spikes', 4), ('hill', 8), ('spikes', 4), ('halfpipe', 10), ('perch', 4)],
        [('spikes', 3), ('halfpipe', 10), ('spikes', 4), ('hole', 3), ('halfpipe', 8), ('spikes', 4)],
        [('hill', 6), ('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('spikes', 3)],
    ], shafts=(2,),
        comment=["Ramp Jump: the fourth world's test. Five floors of hills, half-pipes",
                 'and four-spike strips.'],
        name='Ramp Jump', nxt='4-5-pipeline.level.ron')
    c.decorate(4, 3)
    ship('4-4-ramp-jump', c, ['Ramp Jump: five floors, right, left, right, left, right to the flag.'], **level)


def pipeline():
    c, level = snake(158, [4, 12, 20, 28], [
        [('halfpipe', 10), ('spikes', 4), ('halfpipe', 8), ('perch', 4), ('hill', 6), ('spikes', 4),
         ('dash', 13)],
        [('spikes', 3), ('halfpipe', 8), ('spikes', 4), ('perch', 4), ('halfpipe', 10), ('spikes', 3),
         ('loop', 38)],
        [('halfpipe', 10), ('hill', 8), ('spikes', 4), ('perch', 4), ('halfpipe', 8), ('spikes', 4)],
        [('spikes', 4), ('halfpipe', 10), ('spikes', 3), ('hill', 6), ('halfpipe', 8), ('spikes', 4),
         ('loop', 38)],
    ], shafts=(1,), ceilings=(0, 2),
        comment=['Pipeline: half-pipe after half-pipe with spike strips between, four',
                 'floors.'],
        name='Pipeline', nxt='5-1-gauntlet.level.ron')
    c.decorate(8, 3)
    ship('4-5-pipeline', c, ['Pipeline: right, up, left, up, right, up, left to the flag.'], **level)


LEVELS = {"4-1-halfpipe": halfpipe, "4-2-loop-valley": pipe_valley,
          "4-3-lava-bowl": lava_bowl, "4-4-ramp-jump": ramp_jump, "4-5-pipeline": pipeline}

if __name__ == "__main__":
    main(LEVELS)
