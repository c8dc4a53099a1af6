#!/usr/bin/env python3
"""Composes Tangent's music as small scores, with the Python standard library only.

    python3 tools/make_music.py

Writes (the game synthesises each score into a seamless loop at start-up,
src/audio/synth.rs; no recorded or third-party audio):
  assets/music/title.tune.ron    the title theme: A minor, slow, a pad, a bass and a bell melody
  assets/music/world-1.tune.ron  Curves and Balls: C major, brisk, bass, arpeggios and a lead
  assets/music/world-2.tune.ron  Bounce and One-Way: G major, bouncy, faster
  assets/music/world-3.tune.ron  Moving Curves: D minor, steady, a pad under the arpeggios
  assets/music/world-4.tune.ron  Momentum: E minor, fast and driving
  assets/music/world-5.tune.ron  Everything at Once: F major to D minor, the fastest
  assets/music/world-6.tune.ron  Night Shift: B minor, a pad under the arpeggios

A score is a tempo, a length in beats and voices; each voice is a waveform,
a gain and notes (start beat, length in beats, MIDI pitch). The melody is
drawn from each bar's chord tones by a seeded generator, so a rerun writes
the same files. The outputs are committed; rerun this after changing it.
"""
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets", "music")

# Chords as MIDI roots and intervals (minor or major triads).
MAJOR, MINOR = (0, 4, 7), (0, 3, 7)


def tune(bpm, progression, beats_per_chord, seed, lead_octave, arp, pad):
    rng = random.Random(seed)
    bass, arps, lead, pads = [], [], [], []
    beat = 0.0
    for root, quality in progression:
        tones = [root + i for i in quality]
        # Bass: the root on each beat, the fifth on the last.
        for b in range(beats_per_chord):
            pitch = root - 12 if b < beats_per_chord - 1 else root - 5
            bass.append((beat + b, 0.9, pitch))
        if arp:
            # Arpeggio in eighths over two octaves, up then down.
            seq = tones + [t + 12 for t in tones] + [tones[2] + 12, tones[1] + 12, tones[2], tones[1]]
            for k in range(beats_per_chord * 2):
                arps.append((beat + k * 0.5, 0.45, seq[k % len(seq)] + 12))
        if pad:
            for t in tones:
                pads.append((beat, beats_per_chord - 0.05, t + 12))
        # Lead: chord tones, mostly on beats, sometimes a held note.
        b = 0.0
        while b < beats_per_chord:
            length = rng.choice([0.5, 1.0, 1.0, 1.5, 2.0])
            length = min(length, beats_per_chord - b)
            pitch = rng.choice(tones) + 12 * lead_octave
            if rng.random() < 0.8:
                lead.append((beat + b, length * 0.9, pitch))
            b += length
        beat += beats_per_chord
    voices = [("Triangle", 0.32, bass), ("Square", 0.06, arps), ("Sine", 0.12, pads), ("Square", 0.09, lead)]
    return bpm, int(beat), [v for v in voices if v[2]]


def write(name, bpm, beats, voices, about):
    lines = [f"// {about}", "// Written by tools/make_music.py; the game synthesises it into a loop.", "("]
    lines.append(f"    bpm: {bpm},")
    lines.append(f"    beats: {beats},")
    lines.append("    voices: [")
    for wave, gain, notes in voices:
        notes_text = ", ".join(f"({b:g}, {l:g}, {p})" for b, l, p in notes)
        lines.append(f"        (wave: {wave}, gain: {gain}, notes: [{notes_text}]),")
    lines.append("    ],")
    lines.append(")")
    with open(os.path.join(ROOT, name), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    os.makedirs(ROOT, exist_ok=True)
    # A minor: Am F C G, twice, slow with a pad.
    title = [(57, MINOR), (53, MAJOR), (48, MAJOR), (55, MAJOR)] * 2
    bpm, beats, voices = tune(84, title, 4, 7, 1, False, True)
    write("title.tune.ron", bpm, beats, voices, "The title theme: A minor, slow.")
    # The worlds' loops: (file, chords, bpm, seed, pad, about).
    worlds = [
        # C major: C G Am F, C G F G.
        ("world-1", [(48, MAJOR), (55, MAJOR), (57, MINOR), (53, MAJOR), (48, MAJOR), (55, MAJOR), (53, MAJOR), (55, MAJOR)],
         132, 11, False, "World 1: C major, brisk."),
        # G major: G D Em C, G D C D.
        ("world-2", [(55, MAJOR), (50, MAJOR), (52, MINOR), (48, MAJOR), (55, MAJOR), (50, MAJOR), (48, MAJOR), (50, MAJOR)],
         144, 23, False, "World 2: G major, bouncy."),
        # D minor: Dm Bb F C, Dm Bb Gm A.
        ("world-3", [(50, MINOR), (46, MAJOR), (53, MAJOR), (48, MAJOR), (50, MINOR), (46, MAJOR), (55, MINOR), (57, MAJOR)],
         120, 31, True, "World 3: D minor, steady."),
        # E minor: Em C G D, Em C D B.
        ("world-4", [(52, MINOR), (48, MAJOR), (55, MAJOR), (50, MAJOR), (52, MINOR), (48, MAJOR), (50, MAJOR), (47, MAJOR)],
         156, 41, False, "World 4: E minor, driving."),
        # F major to D minor: F C Dm Bb, Gm C Dm A.
        ("world-5", [(53, MAJOR), (48, MAJOR), (50, MINOR), (46, MAJOR), (55, MINOR), (48, MAJOR), (50, MINOR), (57, MAJOR)],
         168, 53, False, "World 5: F major to D minor, the fastest."),
        # B minor: Bm G D A, Bm G Em F#: the night world.
        ("world-6", [(47, MINOR), (55, MAJOR), (50, MAJOR), (57, MAJOR), (47, MINOR), (55, MAJOR), (52, MINOR), (54, MAJOR)],
         138, 67, True, "World 6: B minor, at night, a pad under it."),
    ]
    for name, chords, tempo, seed, pad, about in worlds:
        bpm, beats, voices = tune(tempo, chords, 4, seed, 1, True, pad)
        write(f"{name}.tune.ron", bpm, beats, voices, about)

if __name__ == "__main__":
    main()
