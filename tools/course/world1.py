"""World 1, Curves and Balls (#61): its fifth level as a snake course (the
first four are drawn by hand: `assets/levels/1-*.level.ron`).

`python3 tools/course/world1.py` rewrites it, as `world2.py` does.
"""
from course import Course
from ship import main, ship


def up_and_over():
    W, H = 100, 28
    c = Course(W, H)
    E = W - 2
    c.slab(2, 1, E, thick=3)
    for t in [8, 14, 20]:
        c.slab(t, 1, E)
    c.checkpoint(3, 2)
    c.seq(2, 1, 11, [('hole', 2), ('block', 5), ('hole', 3), ('perch', 4), ('hole', 2), ('hill', 8)],
          thick=3)
    c.ladder(2, 1, E, [3, 6], wait=5)
    c.checkpoint(E - 1, 8)
    c.seq(8, -1, E - 6, [('hole', 3), ('block', 4), ('roll', 4), ('perch', 4), ('hole', 2), ('hill', 8)])
    c.ladder(8, -1, 1, [3, 6], wait=5)
    c.checkpoint(2, 14)
    c.seq(14, 1, 6, [('hole', 2), ('perch', 4), ('block', 5), ('hole', 3), ('hill', 6)])
    c.ladder(14, 1, E, [3, 6], wait=5)
    c.checkpoint(E - 1, 20)
    c.seq(20, -1, E - 6, [('hole', 2), ('block', 4), ('hole', 3), ('hill', 8)])
    c.both('L until x<=100')
    c.actors.append('(name: "ball", shape: Circle(radius: 12), position: (44, 684.02), restitution: 0.6)')
    c.decorate(5, 0)
    ship('1-5-up-and-over', c, ['Up and Over: right, up, left, up, right, up, left to the flag.'],
         comment=["Up and Over: the first world's test. Holes and blocks on four floors,",
                  'a hill at the end of each, ladders of one-way rungs between them; a',
                  'ball waits by the flag.'],
         name='Up and Over', spawn=(3*32+16, c.stand_y(2)), goal=(80, (20+2)*32),
         nxt='2-1-bounce.level.ron')


LEVELS = {"1-5-up-and-over": up_and_over}

if __name__ == "__main__":
    main(LEVELS)
