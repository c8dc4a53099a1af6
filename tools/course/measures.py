"""The run's measured numbers the parts are laid out by: the tile, the
standing box's half height, a full-speed jump's range, the lead before a
strip of spikes and a ladder's rungs."""


T = 32
HY = 14.02
# How far a full-speed jump from the flat lands (measured: 222 px in 37 steps).
RANGE = 222


def spikes_lead(w):
    """Take-off distance before a strip of w spikes: the feet stay over its
    32 px for about 162 px of a full-speed jump, so the window is about
    [edge - (189 - 32 w), edge - 37]: 46 px for three, 14 px for four."""
    return 76 if w <= 2 else 60 if w == 3 else (226 - w * T) // 2


def ladder_rungs(rise):
    """The rows (over a floor) of a ladder's one-way rungs up to the floor
    `rise` rows above: every three rows, and the floor above itself."""
    return list(range(3, rise, 3)) + [rise]
