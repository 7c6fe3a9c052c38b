"""A few million deterministic cases: every operator and mix of operand types on random
operands of every size from 0 to 10^5 bits (mostly small, where per-call paths differ), and a
format, hash and conversion check for each operand. Failing seeds are printed."""

import operator
import os
import random

from carry import Int

OPS = [operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod, operator.and_,
       operator.or_, operator.xor, operator.eq, operator.lt, operator.ge]
SCALE = float(os.environ.get("CARRY_SCALE", "1"))


def operand(r):
    u = r.random()
    bits = r.randint(0, 130) if u < 0.85 else r.randint(131, 5000) if u < 0.99 else r.randint(5000, 100_000)
    if r.random() < 0.2:
        v = ((1 << bits) - 1) ^ ((1 << r.randint(0, max(bits, 1))) - 1)
    else:
        v = r.getrandbits(bits)
    v += r.choice((0, 0, 0, 1, -1))
    return -v if r.random() < 0.5 else v


def test_bulk():
    seed = int(os.environ.get("CARRY_SEED", "20251"))
    r = random.Random(seed)
    cases = 0
    for i in range(int(60_000 * SCALE)):
        a, b = operand(r), operand(r)
        A, B = Int(a), Int(b)
        mixes = ((A, B), (A, b), (a, B))
        for op in OPS:
            if op in (operator.floordiv, operator.mod) and b == 0:
                continue
            want = op(a, b)
            for x, y in mixes:
                got = op(x, y)
                assert got == want, f"seed {seed} case {i}: {op.__name__}({a}, {b}) with {type(x).__name__}, {type(y).__name__}"
            cases += 3
        k = r.randint(0, 300)
        assert A << k == a << k and A >> k == a >> k and (A ** (k % 7)) == a ** (k % 7)
        assert -A == -a and ~A == ~a and abs(A) == abs(a) and hash(A) == hash(a) and int(A) == a
        if a.bit_length() < 3000:
            assert str(A) == str(a) and format(A, "_x") == format(a, "_x")
        if a.bit_length() < 1000:
            assert float(A) == float(a)
        cases += 12
    print(f"bulk: {cases} cases")
    assert cases > 2_000_000 * SCALE
