#!/usr/bin/env python3
"""Generates Tangent's art and sound assets with the Python standard library only.

    python3 tools/make_assets.py

Writes:
  assets/tiles.png          an 8-tile strip, 32 x 32 px each:
                            0 solid ground, 1 one-way platform, 2 decor, 3 goal flag,
                            4-7 spikes pointing up, down, left, right
  assets/player.png         the player, 12 frames of 24 x 32 px, facing right:
                            0-1 idle (breathing), 2-5 run, 6 jump, 7 fall, 8 land,
                            9 rolling (curled into a ball 20 px across, centred),
                            10 wall slide (back to a wall on its left, mitts on it),
                            11 dash (leaning into it, mitts trailing)
  assets/props.png          32 x 32 px each: 0 crate, 1 ball (a beach ball, so its
                            rolling shows), 2 dust puff, 3-4 a checkpoint's lantern
                            unlit and lit
  assets/sounds/jump.wav    a rising chirp
  assets/sounds/land.wav    a short low thump
  assets/sounds/bounce.wav  a springy "boing"
  assets/sounds/die.wav     a falling buzz (the player dies)
  assets/sounds/dash.wav    a whoosh (filtered noise swept up, then down)
  assets/sounds/slide.wav   a short scrape (sliding down a wall; repeated)
  assets/sounds/crystal.wav a bright two-note chime (a crystal gives the dash back)
  assets/sounds/goal.wav    a rising four-note fanfare (the goal is reached)
  assets/sounds/checkpoint.wav a soft bell (a checkpoint's lantern lights)
The outputs are committed; rerun this after changing it.
"""
import math
import os
import random
import struct
import wave
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")
T = 32


def png(path, width, height, pixels):
    """pixels: list of rows of (r, g, b, a) tuples."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def tile_solid(x, y, rng):
    # Earth with a grassy top band; y = 0 is the top row of the image.
    if y < 5:
        g = 150 + (rng.random() * 30) - (y * 8)
        return (60, int(g), 60, 255)
    base = 110 - y
    n = rng.random() * 18
    edge = 18 if (x in (0, T - 1) or y == T - 1) else 0
    return (int(base + 40 + n - edge), int(base + 10 + n - edge), int(base - 20 + n / 2 - edge), 255)


def tile_oneway(x, y, rng):
    if y < 8:
        plank = 170 - (y * 6) + (12 if x % 16 == 0 else 0)
        return (plank, int(plank * 0.7), int(plank * 0.4), 255)
    if y < 12 and (x % 16) in (3, 12):
        return (110, 80, 50, 255)
    return (0, 0, 0, 0)


def tile_decor(x, y, rng):
    # A tuft of grass / small flower at the bottom.
    cx = T // 2
    if y > 18 and abs(x - cx) < (y - 18) // 2 + 1 and (x + y) % 3:
        return (70, 170, 80, 255)
    if 12 <= y <= 16 and abs(x - cx) <= 2:
        return (240, 200, 60, 255)
    return (0, 0, 0, 0)


def tile_flag(x, y, rng):
    if 6 <= x <= 8:
        return (220, 220, 220, 255)
    if 9 <= x <= 26 and 2 <= y <= 14:
        return (230, 60, 70, 255) if (x // 4 + y // 4) % 2 else (250, 250, 250, 255)
    return (0, 0, 0, 0)


def spike_up(x, y):
    # Four steel teeth on a dark base, filling the lower half of the cell.
    if y >= T - 3:
        return (70, 70, 80, 255)
    if y < T // 2:
        return (0, 0, 0, 0)
    w = T // 4
    k = x % w
    height = (y - T // 2) / (T // 2 - 3)  # 0 at the tips' row, 1 at the base
    half = height * w / 2
    if abs(k + 0.5 - w / 2) <= half:
        lit = k + 0.5 < w / 2
        return (215, 220, 230, 255) if lit else (150, 155, 170, 255)
    return (0, 0, 0, 0)


def tile_spikes_up(x, y, rng):
    return spike_up(x, y)


def tile_spikes_down(x, y, rng):
    return spike_up(x, T - 1 - y)


def tile_spikes_left(x, y, rng):
    return spike_up(y, x)


def tile_spikes_right(x, y, rng):
    return spike_up(y, T - 1 - x)


def strip(name, makers, seed):
    """A strip of T x T cells, one per maker(x, y, rng), left to right."""
    rng = random.Random(seed)
    rows = [[m(x, y, rng) for m in makers for x in range(T)] for y in range(T)]
    png(os.path.join(ROOT, name), T * len(makers), T, rows)


def make_tiles():
    strip("tiles.png", [tile_solid, tile_oneway, tile_decor, tile_flag,
                        tile_spikes_up, tile_spikes_down, tile_spikes_left, tile_spikes_right], 7)


PW, PH = 24, 32
SKIN = (250, 214, 170, 255)
HOOD = (54, 120, 210, 255)
HOOD_DARK = (36, 84, 160, 255)
BOOT = (50, 40, 48, 255)
EYE = (255, 255, 255, 255)
PUPIL = (20, 24, 40, 255)


def rounded(x, y, x0, y0, x1, y1, r):
    """Whether pixel (x, y) is inside the box [x0, x1) x [y0, y1) with corners of radius r."""
    if not (x0 <= x < x1 and y0 <= y < y1):
        return False
    cx = min(max(x + 0.5, x0 + r), x1 - r)
    cy = min(max(y + 0.5, y0 + r), y1 - r)
    return (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r


def ellipse(x, y, cx, cy, rx, ry):
    return ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1.0


# Per frame: body top (y), body bottom, feet (x centres, y centre), arms raised, eyes (dy).
FRAMES = [
    dict(top=5, bottom=27, feet=[(8, 29), (16, 29)], arms=0, eye=0),    # idle a
    dict(top=6, bottom=27, feet=[(8, 29), (16, 29)], arms=0, eye=1),    # idle b (breath out)
    dict(top=5, bottom=26, feet=[(5, 29), (18, 28)], arms=1, eye=0),    # run 1: stride
    dict(top=4, bottom=26, feet=[(10, 29), (14, 27)], arms=0, eye=-1),  # run 2: passing
    dict(top=5, bottom=26, feet=[(6, 28), (18, 29)], arms=-1, eye=0),   # run 3: stride
    dict(top=4, bottom=26, feet=[(13, 29), (9, 27)], arms=0, eye=-1),   # run 4: passing
    dict(top=3, bottom=25, feet=[(8, 27), (16, 28)], arms=2, eye=-1),   # jump: tucked, arms up
    dict(top=4, bottom=26, feet=[(7, 29), (17, 29)], arms=2, eye=0),    # fall: legs out
    dict(top=9, bottom=28, feet=[(6, 30), (18, 30)], arms=-2, eye=2),   # land: squashed
]


def player_pixel(f, x, y):
    fr = FRAMES[f]
    for (fx, fy) in fr["feet"]:
        if ellipse(x, y, fx, fy, 3.2, 2.4):
            return BOOT
    top, bottom = fr["top"], fr["bottom"]
    # Arms: little mitts beside the body, raised by `arms`.
    ay = top + 13 - 3 * fr["arms"]
    for ax in (2, 21):
        if ellipse(x, y, ax, ay, 2.0, 2.5):
            return SKIN
    if rounded(x, y, 3, top, 21, bottom, 7):
        # The face: a skin window in the hood, on the facing (right) side.
        if rounded(x, y, 9, top + 4, 20, top + 14, 4):
            ey = top + 8 + fr["eye"] // 2
            for ex in (13, 17):
                if ellipse(x, y, ex, ey, 1.5, 2.2):
                    return PUPIL if x + 0.5 > ex else EYE
            return SKIN
        if y > bottom - 6:
            return HOOD_DARK
        return HOOD
    return (0, 0, 0, 0)


# The rolling frame: the player curled into a ball of this radius, centred
# in the frame (the game turns it about its centre as it rolls).
ROLL_R = 10.0


def roll_pixel(x, y):
    """The curled player: hood round the outside, the face, a mitt and the
    boots tucked in, and a darker swirl, so the turning reads."""
    cx, cy = PW / 2, PH / 2
    dx, dy = x + 0.5 - cx, y + 0.5 - cy
    d = math.hypot(dx, dy)
    if d > ROLL_R:
        return (0, 0, 0, 0)
    if d > ROLL_R - 1.5:
        return HOOD_DARK
    if ellipse(x, y, cx + 2.5, cy - 2.5, 4.6, 4.0):
        for ex in (cx + 1.0, cx + 4.2):
            if ellipse(x, y, ex, cy - 3.0, 1.1, 1.7):
                return PUPIL if x + 0.5 > ex else EYE
        return SKIN
    for (fx, fy) in [(cx - 5.0, cy + 4.0), (cx - 1.0, cy + 6.2)]:
        if ellipse(x, y, fx, fy, 2.4, 1.8):
            return BOOT
    if ellipse(x, y, cx - 5.0, cy - 2.0, 1.8, 2.2):
        return SKIN
    # A swirl: a dark arc half-way out, between the mitt and the face.
    a = math.atan2(dy, dx)
    if abs(d - 5.5) < 0.7 and -2.6 < a < -1.7:
        return HOOD_DARK
    return HOOD


def slide_pixel(x, y):
    """Sliding down a wall on its left: the body pressed flat to the
    frame's left edge, both mitts up on the wall, the face turned away
    (right), the boots braced against the wall below."""
    for (fx, fy) in [(4, 29), (9, 30)]:
        if ellipse(x, y, fx, fy, 3.0, 2.2):
            return BOOT
    for (ax, ay) in [(1.5, 6), (2.0, 11)]:
        if ellipse(x, y, ax, ay, 1.8, 2.3):
            return SKIN
    return hooded(x, y, (2, 5, 19, 27), (9, 9, 18, 18), (12, 16, 13, 2.2),
                  lambda x, y: y > 21 or x < 5)


def hooded(x, y, body, face, eyes, dark):
    """The hooded body (box `body`, corner radius 7) with its face window
    (box `face`), two eyes at `eyes` = (x1, x2, y, height) looking right,
    and the hood's shade where `dark(x, y)`; None outside the body."""
    if not rounded(x, y, *body, 7):
        return (0, 0, 0, 0)
    if rounded(x, y, *face, 4):
        for ex in eyes[:2]:
            if ellipse(x, y, ex, eyes[2], 1.5, eyes[3]):
                return PUPIL if x + 0.5 > ex else EYE
        return SKIN
    return HOOD_DARK if dark(x, y) else HOOD


def dash_pixel(x, y):
    """Dashing right: the body long and low, leaning into the dash, the
    mitts trailing behind, the boots tucked up, speed lines behind it."""
    if y in (12, 18, 24) and x < 5 - (y // 12) and x % 3 != 2:
        return HOOD_DARK
    for (fx, fy) in [(6, 25), (10, 26)]:
        if ellipse(x, y, fx, fy, 3.0, 2.0):
            return BOOT
    if ellipse(x, y, 4, 15, 2.2, 1.8):
        return SKIN
    return hooded(x, y, (4, 9, 23, 24), (12, 11, 22, 19), (16, 20, 15, 2.0),
                  lambda x, y: y > 19)


def make_player():
    frames = [lambda x, y, f=f: player_pixel(f, x, y) for f in range(len(FRAMES))]
    frames.append(roll_pixel)
    frames.append(slide_pixel)
    frames.append(dash_pixel)
    rows = []
    for y in range(PH):
        row = []
        for frame in frames:
            for x in range(PW):
                row.append(frame(x, y))
        rows.append(row)
    png(os.path.join(ROOT, "player.png"), PW * len(frames), PH, rows)


def prop_crate(x, y, rng):
    edge = x in (0, 1, T - 2, T - 1) or y in (0, 1, T - 2, T - 1)
    if edge:
        return (120, 78, 40, 255)
    # An X brace over planks.
    if abs(x - y) <= 1 or abs(x + y - (T - 1)) <= 1:
        return (150, 100, 52, 255)
    plank = 176 + (12 if (y // 8) % 2 else 0) + int(rng.random() * 10)
    seam = 30 if y % 8 == 7 else 0
    return (plank - seam, int(plank * 0.68) - seam, int(plank * 0.38) - seam // 2, 255)


def prop_ball(x, y, rng):
    cx = cy = T / 2
    dx, dy = x + 0.5 - cx, y + 0.5 - cy
    r = math.hypot(dx, dy)
    if r > T / 2 - 0.5:
        return (0, 0, 0, 0)
    if r < 3:
        return (255, 255, 255, 255)
    colors = [(240, 80, 60), (255, 255, 255), (250, 200, 50), (255, 255, 255), (60, 140, 230), (255, 255, 255)]
    seg = int((math.atan2(dy, dx) + math.pi) / (2 * math.pi) * len(colors)) % len(colors)
    shade = 1.0 - 0.25 * max(0.0, (dx + dy) / T)
    c = colors[seg]
    return (int(c[0] * shade), int(c[1] * shade), int(c[2] * shade), 255)


def prop_dust(x, y, rng):
    cx = cy = T / 2
    r = math.hypot(x + 0.5 - cx, y + 0.5 - cy) / (T / 2)
    if r >= 1:
        return (0, 0, 0, 0)
    a = int(200 * (1 - r) ** 1.5)
    return (235, 225, 205, a)


def lantern(x, y, lit):
    """A checkpoint: a lantern on a post, dark until the player touches
    it, then lit with a warm glow (nothing like the goal's chequered flag).
    Uses no randomness, so the cells before it keep their pixels."""
    wood, iron = (92, 64, 44, 255), (46, 42, 52, 255)
    if 10 <= x < 22 and 29 <= y < 32:
        return iron
    if 14 <= x < 18 and 13 <= y < 29:
        return wood
    if 12 <= x < 20 and 0 <= y < 2:
        return iron
    if rounded(x, y, 9, 2, 23, 14, 3):
        if 11 <= x < 21 and 4 <= y < 12 and x not in (15, 16):
            if not lit:
                return (70, 82, 104, 255)
            core = math.hypot(x + 0.5 - 16, y + 0.5 - 8)
            return (255, 250, 220, 255) if core < 2.5 else (255, 206, 84, 255)
        return iron
    if lit:
        r = math.hypot(x + 0.5 - 16, y + 0.5 - 8)
        if r < 15:
            return (255, 220, 120, int(140 * (1 - r / 15) ** 2))
    return (0, 0, 0, 0)


def prop_lantern_off(x, y, rng):
    return lantern(x, y, False)


def prop_lantern_on(x, y, rng):
    return lantern(x, y, True)


def make_props():
    strip("props.png", [prop_crate, prop_ball, prop_dust, prop_lantern_off, prop_lantern_on], 11)


def wav(path, samples, rate=22050):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 30000)) for s in samples))


def synth(seconds, f, rate=22050):
    n = int(seconds * rate)
    phase = 0.0
    out = []
    for i in range(n):
        t = i / n
        freq, amp, kind = f(t)
        phase += 2 * math.pi * freq / rate
        v = math.sin(phase) if kind == "sin" else (1.0 if math.sin(phase) > 0 else -1.0) * 0.5
        out.append(v * amp)
    return out


def make_sounds():
    d = os.path.join(ROOT, "sounds")
    os.makedirs(d, exist_ok=True)
    wav(os.path.join(d, "jump.wav"), synth(0.16, lambda t: (380 + 700 * t, 0.5 * (1 - t), "sq")))
    rng = random.Random(3)
    thump = synth(0.12, lambda t: (110 - 50 * t, 0.9 * (1 - t) ** 2, "sin"))
    thump = [s + (rng.random() - 0.5) * 0.25 * (1 - i / len(thump)) ** 3 for i, s in enumerate(thump)]
    wav(os.path.join(d, "land.wav"), thump)
    wav(os.path.join(d, "die.wav"), synth(0.45, lambda t: (520 - 420 * t + 30 * math.sin(t * 90), 0.55 * (1 - t), "sq")))
    wav(os.path.join(d, "bounce.wav"), synth(0.3, lambda t: (220 + 160 * math.sin(t * 40) * (1 - t), 0.6 * (1 - t), "sin")))
    wav(os.path.join(d, "dash.wav"), swept_noise(0.22, random.Random(5)))
    wav(os.path.join(d, "slide.wav"), scrape(0.12, random.Random(7)))
    chime = synth(0.12, lambda t: (1320, 0.35 * (1 - t), "sin"))
    chime += synth(0.25, lambda t: (1760, 0.35 * (1 - t) ** 2, "sin"))
    wav(os.path.join(d, "crystal.wav"), chime)
    fanfare = []
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        long = 0.45 if k == 3 else 0.11
        fanfare += synth(long, lambda t, f=f: (f, 0.4 * (1 - t) ** (1.5 if long > 0.2 else 0.5), "sq"))
    wav(os.path.join(d, "goal.wav"), fanfare)
    bell = synth(0.5, lambda t: (880 + 3 * math.sin(t * 40), 0.45 * (1 - t) ** 3, "sin"))
    wav(os.path.join(d, "checkpoint.wav"), bell)


def swept_noise(seconds, rng, rate=22050):
    """White noise through a one-pole low-pass whose cut-off rises then
    falls (a whoosh), loudest a third of the way in."""
    n = int(seconds * rate)
    out, y = [], 0.0
    for i in range(n):
        t = i / n
        cut = 0.05 + 0.5 * math.sin(math.pi * min(1.0, t * 1.5)) ** 2
        y += cut * ((rng.random() * 2 - 1) - y)
        env = min(1.0, t * 8) * (1 - t) ** 1.5
        out.append(y * 1.6 * env)
    return out


def scrape(seconds, rng, rate=22050):
    """A rough scrape: noise pulsed at 60 Hz, soft at both ends."""
    n = int(seconds * rate)
    out = []
    for i in range(n):
        t = i / n
        pulse = 0.5 + 0.5 * math.sin(2 * math.pi * 60 * i / rate)
        env = math.sin(math.pi * t)
        out.append((rng.random() * 2 - 1) * pulse * env * 0.3)
    return out


if __name__ == "__main__":
    make_tiles()
    make_player()
    make_props()
    make_sounds()
    print("wrote", ROOT)
