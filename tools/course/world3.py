"""World 3, Moving Curves (#61): its four levels as snake courses with movers:
lifts that rise when stood on, crumbling bridges, sliders and swinging bridges,
on floors seven rows apart (world 2's are six).

`python3 tools/course/world3.py [STEM...]` rewrites the named levels (all five
by default), as `world2.py` does.
"""
from ship import main, ship
from snake import snake


def moving_parts():
    c, level = snake(100, [1, 8, 15], [
        [('hole', 2), ('perch', 4), ('spikes', 2), ('crumble', 9), ('hole', 3),
         ('spikes', 3), ('hole', 2)],
        [('spikes', 2), ('hole', 3), ('perch', 4), ('crumble', 12), ('hole', 2),
         ('spikes', 3)],
        [('spikes', 2), ('hole', 3), ('crumble', 9), ('perch', 4), ('hole', 2),
         ('spikes', 2)],
    ], ['lift', 'lift'], headroom=8, start=11,
        comment=['Moving Parts: terrain that moves. Each floor ends at a lift that waits',
                 'to be stood on and rises to the next floor; a crumbling bridge on',
                 'each floor drops 0.4 s after you land on a part, so keep running.',
                 "Every mover is written in `movers` (docs/level-format.md, \"Movers\")."],
        name='Moving Parts',
        nxt='3-2-lift-off.level.ron')
    c.decorate(7, 3)
    ship('3-1-moving-parts', c, ['Moving Parts: right, up the lift, left, up the lift, right to the flag.'], **level)


def lift_off():
    c, level = snake(112, [1, 8, 15, 22], [
        [('spikes', 2), ('slider', 12), ('hole', 5), ('crumble', 9), ('perch', 4),
         ('spikes', 4), ('hole', 2)],
        [('hole', 5), ('slider', 12), ('spikes', 4), ('paddle', 12, 40), ('perch', 4),
         ('hole', 2), ('spikes', 4)],
        [('spikes', 4), ('crumble', 12), ('hole', 2), ('slider', 12), ('perch', 4),
         ('spikes', 2)],
        [('hole', 2), ('crumble', 9), ('spikes', 4), ('hole', 5), ('spikes', 4),
         ('hole', 5)],
    ], ['lift', 'lift', 'lift'], headroom=8, start=11,
        comment=['Lift Off: terrain that carries you. A slider waits at the near side of',
                 'each wide pit and carries you over when you stand on it; lifts rise',
                 'to the next floor when stood on; crumbling bridges drop behind you.'],
        name='Lift Off',
        nxt='3-3-swing-set.level.ron')
    c.decorate(6, 1)
    ship('3-2-lift-off', c, ['Lift Off: right, up, left, up, right, up, left to the flag.'], **level)


def swing_set():
    c, level = snake(116, [1, 8, 15, 22], [
        [('hole', 2), ('spikes', 4), ('perch', 4), ('hole', 5), ('crumble', 9),
         ('spikes', 2), ('swing', 8)],
        [('hole', 5), ('fork', 28), ('crumble', 9), ('hole', 2), ('swing', 8)],
        [('spikes', 2), ('perch', 4), ('slider', 12), ('spikes', 4), ('hole', 2),
         ('swing', 8)],
        [('crumble', 9), ('spikes', 4), ('hole', 5), ('spikes', 2), ('swing', 8)],
    ], ['lift', 'lift', 'lift'], headroom=8, start=11,
        comment=['Swing Set: curves that move under you. Sagging cubic bridges swing',
                 'over the pits (jump on in the middle, off to the far side), among',
                 'crumbling bridges, a slider and the lifts between the floors.'],
        name='Swing Set',
        nxt='3-4-crumble-run.level.ron')
    c.decorate(5, 2)
    ship('3-3-swing-set', c, ['Swing Set: right, up, left, up, right, up, left to the flag.'], **level)


def crumble_run():
    c, level = snake(124, [1, 8, 15, 22, 29], [
        [('crumble', 15), ('hole', 5), ('spikes', 4), ('slider', 12), ('perch', 4),
         ('crumble', 9), ('spikes', 4), ('swing', 8)],
        [('spikes', 4), ('crumble', 12), ('hole', 5), ('perch', 4), ('slider', 12),
         ('spikes', 4), ('swing', 8)],
        [('crumble', 18), ('spikes', 4), ('paddle', 12, 60), ('perch', 4), ('crumble', 9),
         ('spikes', 4), ('swing', 8)],
        [('slider', 12), ('crumble', 12), ('roll', 12), ('spikes', 4), ('spikes', 4),
         ('swing', 8)],
        [('crumble', 15), ('spikes', 4), ('hole', 5), ('crumble', 9), ('spikes', 4),
         ('swing', 8)],
    ], ['lift', 'lift', 'lift', 'lift'], headroom=8, start=11,
        comment=["Crumble Run: the third world's test. Five floors of long crumbling",
                 'bridges that drop behind you (do not stop), swinging bridges, sliders',
                 'over the wide pits and lifts between the floors.'],
        name='Crumble Run',
        nxt='3-5-rush-hour.level.ron')
    c.decorate(4, 1)
    ship('3-4-crumble-run', c, ['Crumble Run: five floors, right, left, right, left, right to the flag.'], **level)


def rush_hour():
    c, level = snake(118, [1, 8, 15, 22], [
        [('slider', 12), ('spikes', 3), ('crumble', 9), ('perch', 4), ('crate', 3),
         ('spikes', 4), ('swing', 8)],
        [('crumble', 12), ('spikes', 3), ('paddle', 12, 60), ('perch', 4), ('spikes', 4),
         ('swing', 8)],
        [('spikes', 3), ('slider', 12), ('crumble', 9), ('perch', 4), ('spikes', 4),
         ('hole', 3), ('swing', 8)],
        [('crumble', 9), ('spikes', 4), ('paddle', 12, 90), ('spikes', 3), ('swing', 8)],
    ], ['lift', 'lift', 'lift'], headroom=8, start=11,
        comment=['Rush Hour: sliders, crumbling bridges and swinging bridges in quick',
                 'succession, lifts between four floors.'],
        name='Rush Hour',
        nxt='4-1-halfpipe.level.ron')
    c.decorate(3, 1)
    ship('3-5-rush-hour', c, ['Rush Hour: right, up, left, up, right, up, left to the flag.'], **level)


LEVELS = {"3-1-moving-parts": moving_parts, "3-2-lift-off": lift_off,
          "3-3-swing-set": swing_set, "3-4-crumble-run": crumble_run,
          "3-5-rush-hour": rush_hour}

if __name__ == "__main__":
    main(LEVELS)
