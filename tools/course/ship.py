"""Writing a level's files: the level, its plans and replays (played with
`tangent plan`), its par and dev time."""
import math
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def main(levels):
    """Rewrites the levels named on the command line (all of `levels`, a
    stem -> function table, when none is named)."""
    for stem in sys.argv[1:] or levels:
        levels[stem]()


def write_level(path, *, comment, name, course, spawn, goal, legend_extra='', extra='', par=None, nxt=None, tuning=None):
    curves = ''.join(f'        {c},\n' for c in course.curves)
    cps = ', '.join(f'({x:g}, {y:g})' for x, y in course.checkpoints)
    coins = ', '.join(f'({x:g}, {y:g})' for x, y in course.coins)
    crystals = ', '.join(f'({x:g}, {y:g})' for x, y in course.crystals)
    crystals = f'    crystals: [{crystals}],\n' if crystals else ''
    actors = ''.join(f'        {a},\n' for a in course.actors)
    movers = ''.join(f'        {m},\n' for m in course.movers)
    movers = f'    movers: [\n{movers}    ],\n' if movers else ''
    com = ''.join(f'// {l}\n' for l in comment)
    t = f"""{com}(
    name: "{name}",
    tile_size: 32,
    // Open: outside the tiles is empty, so a gap in the bottom floor is a
    // bottomless pit and above the top is sky.
    open: true,
    legend: {{
        '#': Solid,
        '.': Empty,
        '=': OneWay,
        '%': Decor,
        '^': Spikes(Up),
        'v': Spikes(Down),{legend_extra}
    }},
    tiles: [
{course.rows()}
    ],
    curves: [
{curves}    ],
    spawn: ({spawn[0]:g}, {spawn[1]:g}),
    player: Rect(half_extents: (10, 14)),
    actors: [
{actors}    ],
{movers}    goal: (position: ({goal[0]:g}, {goal[1]:g}), size: (32, 64)),
    // The par time in seconds: 1.3 × this level's replay, rounded up.
    par: Some({par or 99}),
    checkpoints: [{cps}],
    coins: [{coins}],
{crystals}{extra}"""
    if tuning:
        t += f'    tuning: {tuning},\n'
    if nxt:
        t += f'    next: Some("{nxt}"),\n'
    t += ')\n'
    open(path, 'w').write(t)


def tangent():
    """The tangent binary: $TANGENT, or the debug build in $CARGO_TARGET_DIR."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.environ.get("TANGENT", os.path.join(target, "debug", "tangent"))


def ship(stem, course, header, **level):
    """Writes assets/levels/STEM.level.ron and both plans, plays the plans
    into assets/replays/ and sets the par to 1.3 x the replay, rounded up."""
    main, coins = course.plans(header)
    paths = {
        "level": f"assets/levels/{stem}.level.ron",
        "": f"assets/plans/{stem}.plan",
        ".coins": f"assets/plans/{stem}.coins.plan",
    }
    open(os.path.join(ROOT, paths[""]), "w").write(main)
    open(os.path.join(ROOT, paths[".coins"]), "w").write(coins)
    write_level(os.path.join(ROOT, paths["level"]), course=course, **level)
    for kind in ("", ".coins"):
        r = subprocess.run([tangent(), "plan", paths["level"], paths[kind], "--out",
                            f"assets/replays/{stem}{kind}.replay"],
                           capture_output=True, text=True, cwd=ROOT)
        last = (r.stdout + r.stderr).strip().splitlines()[-1]
        print(f"{stem}{kind}: {last}")
        if r.returncode != 0:
            sys.exit(1)
        if kind == "":
            steps = int(last.split("goal at step ")[1].split()[0])
            path = os.path.join(ROOT, paths["level"])
            par = math.ceil(1.3 * steps / 60)
            text = open(path).read().replace(
                "    par: Some(99),\n",
                f"    par: Some({par}),\n    // The dev's time: the shipped replay's, in seconds.\n"
                f"    dev_time: Some({round(steps / 60, 2)}),\n")
            open(path, "w").write(text)
