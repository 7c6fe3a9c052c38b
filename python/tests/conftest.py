"""Shared strategies: values from 0 to 10^5 bits of both signs, with the edge values."""

import os
import random
import sys

from hypothesis import settings, strategies as st

if hasattr(sys, "set_int_max_str_digits"):
    # The oracle (int) must print and parse long decimals too.
    sys.set_int_max_str_digits(0)

# Random examples on a developer's run; the same examples on every CI run (CI=true).
settings.register_profile("carry", max_examples=400, deadline=None)
settings.register_profile("ci", max_examples=400, deadline=None, derandomize=True, database=None)
settings.load_profile("ci" if os.environ.get("CI") else "carry")

EDGES = sorted(
    {0, 1, 2, 3, 255, 256}
    | {(1 << k) + d for k in (31, 32, 52, 53, 63, 64, 65, 127, 128, 129, 256, 320, 1000, 1024) for d in (-1, 0, 1)}
)
EDGES = EDGES + [-x for x in EDGES if x]


@st.composite
def big(draw, max_bits=100_000):
    """An int of a size drawn log-uniformly up to `max_bits`, random or striped, either sign."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        v = draw(st.sampled_from(EDGES))
        return v
    bits = int(2 ** draw(st.floats(0, max_bits.bit_length() - 1)))
    bits = min(bits, max_bits)
    seed = draw(st.integers(0, 2**32))
    r = random.Random(seed)
    if kind == 1:
        # Long runs of ones and zeros, as GMP's rrandomb.
        v, pos = 0, 0
        while pos < bits:
            run = r.randint(1, 64)
            if r.random() < 0.5:
                v |= ((1 << run) - 1) << pos
            pos += run
        v &= (1 << bits) - 1
    else:
        v = r.getrandbits(bits)
    return -v if draw(st.booleans()) else v


ints = big()
small_ints = big(max_bits=2_000)
