"""World 6, Night Shift (#61): the campaign's last and hardest world. Snake
courses as world 5's, with the precise parts packed close: four-spike strips
straight after half-pipes, crumbling bridges, sliders and swinging bridges.

`python3 tools/course/world6.py [STEM...]` rewrites the named levels (all five
by default), as `world2.py` does.
"""
from ship import main, ship
from snake import snake


def night_shift():
    c, level = snake(124, [3, 9, 15, 21], [
        [('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('perch', 4), ('swing', 8), ('spikes', 4),
         ('hole', 3)],
        [('halfpipe', 10), ('spikes', 4), ('vine', 3), ('perch', 4), ('swing', 8), ('spikes', 4),
         ('dash', 17)],
        [('spikes', 4), ('swing', 8), ('halfpipe', 8), ('spikes', 4), ('perch', 4), ('spikes', 4)],
        [('halfpipe', 10), ('spikes', 4), ('swing', 8), ('spikes', 4), ('hole', 3)],
    ], ['shaft', 'ladder', 'lift'],
        comment=["Night Shift: the last world's first. Four-spike strips straight after",
                 'half-pipes and swinging bridges, four floors.'],
        name='Night Shift', nxt='6-2-moonlit-pipes.level.ron')
    c.decorate(6, 0)
    ship('6-1-night-shift', c, ['Night Shift: right, up, left, up, right, up, left to the flag.'], **level)


def moonlit_pipes():
    c, level = snake(124, [3, 9, 15, 21, 27], [
        [('perch', 4), ('halfpipe', 8), ('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('swing', 8),
         ('spikes', 4)],
        [('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('swing', 8), ('perch', 4), ('spikes', 4),
         ('halfpipe', 10), ('spikes', 4)],
        [('perch', 4), ('swing', 8), ('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('swing', 8),
         ('spikes', 4)],
        [('halfpipe', 8), ('spikes', 4), ('swing', 8), ('spikes', 4), ('halfpipe', 10), ('spikes', 4),
         ('dash', 13)],
        [('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('swing', 8), ('spikes', 4), ('halfpipe', 8),
         ('spikes', 4)],
    ], ['shaft', 'lift', 'shaft', 'lift'],
        comment=['Moonlit Pipes: half-pipes and swinging bridges, each followed by a',
                 'strip of four spikes; five floors.'],
        name='Moonlit Pipes', nxt='6-3-owl-watch.level.ron')
    c.decorate(7, 6)
    ship('6-2-moonlit-pipes', c, ['Moonlit Pipes: five floors, up and back to the flag.'], **level)


def owl_watch():
    c, level = snake(124, [28, 22, 16, 10, 4], [
        [('crumble', 9), ('spikes', 4), ('perch', 4), ('halfpipe', 10), ('spikes', 4), ('swing', 8),
         ('spikes', 4)],
        [('perch', 4), ('slider', 12), ('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('swing', 8),
         ('spikes', 4)],
        [('swing', 8), ('spikes', 4), ('perch', 4), ('crumble', 9), ('spikes', 4), ('halfpipe', 10),
         ('spikes', 4)],
        [('halfpipe', 8), ('spikes', 4), ('crumble', 12), ('spikes', 4), ('swing', 8), ('spikes', 4)],
        [('slider', 12), ('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('roll', 14), ('spikes', 4),
         ('vine', 3)],
    ], ['drop', 'drop', 'drop', 'drop'],
        comment=['Owl Watch: from the treetops down. Crumbling bridges, sliders,',
                 'half-pipes and swinging bridges, four spikes after each, on five',
                 'floors; a hole by the wall at the end of each drops you to the next.'],
        name='Owl Watch', nxt='6-4-midnight-crumble.level.ron')
    c.decorate(5, 4)
    ship('6-3-owl-watch', c, ['Owl Watch: five floors, down and back to the flag.'], **level)


def midnight_crumble():
    c, level = snake(128, [3, 9, 15, 21, 27], [
        [('crumble', 12), ('spikes', 4), ('perch', 4), ('halfpipe', 8), ('spikes', 4), ('swing', 8),
         ('spikes', 4)],
        [('perch', 4), ('slider', 12), ('spikes', 4), ('crumble', 9), ('spikes', 4), ('halfpipe', 10),
         ('spikes', 4), ('swing', 8), ('spikes', 4)],
        [('swing', 8), ('spikes', 4), ('perch', 4), ('crumble', 12), ('spikes', 4), ('halfpipe', 8),
         ('spikes', 4), ('swing', 8), ('spikes', 4)],
        [('halfpipe', 10), ('spikes', 4), ('slider', 12), ('spikes', 4), ('crate', 3), ('spikes', 4),
         ('swing', 8), ('spikes', 4)],
        [('crumble', 9), ('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('swing', 8), ('spikes', 4)],
    ], ['lift', 'ladder', 'lift', 'ladder'],
        comment=['Midnight Crumble: crumbling bridges, sliders, half-pipes and swings,',
                 'each with four spikes after it; five floors.'],
        name='Midnight Crumble', nxt='6-5-dawn.level.ron')
    c.decorate(4, 2)
    ship('6-4-midnight-crumble', c, ['Midnight Crumble: five floors, up and back to the flag.'], **level)


def dawn():
    c, level = snake(132, [3, 9, 15, 21, 27, 33], [
        [('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('swing', 8), ('spikes', 4), ('perch', 4),
         ('bridge', 7)],
        [('halfpipe', 10), ('spikes', 4), ('crumble', 9), ('spikes', 4), ('perch', 4), ('swing', 8)],
        [('spikes', 4), ('swing', 8), ('spikes', 4), ('halfpipe', 10), ('spikes', 4), ('perch', 4),
         ('dash', 17)],
        [('slider', 12), ('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('swing', 8), ('spikes', 4)],
        [('halfpipe', 10), ('spikes', 4), ('swing', 8), ('spikes', 4), ('vine', 3), ('spikes', 4),
         ('dash', 17)],
        [('spikes', 4), ('halfpipe', 8), ('spikes', 4), ('swing', 8), ('spikes', 4)],
    ], ['shaft', 'lift', 'shaft', 'lift', 'ladder'],
        comment=["Dawn: the campaign's last level. Six floors of everything, four spikes",
                 'after every part that moves the run.'],
        name='Dawn')
    c.decorate(9, 7)
    ship('6-5-dawn', c, ['Dawn: six floors, up and back and up to the flag.'], **level)


LEVELS = {"6-1-night-shift": night_shift, "6-2-moonlit-pipes": moonlit_pipes,
          "6-3-owl-watch": owl_watch, "6-4-midnight-crumble": midnight_crumble,
          "6-5-dawn": dawn}

if __name__ == "__main__":
    main(LEVELS)
