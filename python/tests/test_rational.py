"""carry.Rational against fractions.Fraction."""

import fractions
import math
import operator
import pickle

import pytest
from hypothesis import given, strategies as st

from carry import Int, Rational
from conftest import small_ints

F = fractions.Fraction


def outcome(f, *args):
    try:
        r = f(*args)
    except Exception as e:  # noqa: BLE001
        return ("raise", type(e))
    if isinstance(r, Rational):
        return ("q", F(int(r.numerator), int(r.denominator)))
    if isinstance(r, F):
        return ("q", r)
    if isinstance(r, Int):
        return ("q", F(int(r)))
    if isinstance(r, int) and not isinstance(r, bool):
        return ("q", F(r))
    if isinstance(r, tuple):
        return ("t", tuple(outcome(lambda: x) for x in r))
    if isinstance(r, float) and r != r:
        return ("nan",)
    return (type(r).__name__, r)


def R(q):
    return Rational(q.numerator, q.denominator)


fracs = st.builds(lambda n, d: F(n, d), small_ints, small_ints.filter(bool))

OPS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod, divmod,
       operator.eq, operator.lt, operator.le, operator.gt, operator.ge]


@given(fracs, fracs)
def test_ops(a, b):
    for op in OPS:
        want = outcome(op, a, b)
        for x, y in ((R(a), R(b)), (R(a), b), (a, R(b))):
            assert outcome(op, x, y) == want, (op, a, b)


@given(fracs, small_ints)
def test_mixed_int(a, n):
    for op in OPS:
        want = outcome(op, a, n)
        assert outcome(op, R(a), n) == want and outcome(op, R(a), Int(n)) == want
        assert outcome(op, n, R(a)) == outcome(op, n, a) == outcome(op, Int(n), R(a))


@given(fracs, st.floats(allow_nan=True) | st.sampled_from([0.5, -0.0, float("inf")]))
def test_mixed_float(a, f):
    for op in OPS[:4] + OPS[7:]:
        assert outcome(op, R(a), f) == outcome(op, a, f), (op, a, f)
        assert outcome(op, f, R(a)) == outcome(op, f, a), (op, a, f)


@given(fracs, st.integers(-20, 20))
def test_pow(a, e):
    assert outcome(operator.pow, R(a), e) == outcome(operator.pow, a, e)
    assert outcome(operator.pow, R(a), F(1, 2)) == outcome(operator.pow, a, F(1, 2))


@given(fracs)
def test_unary(a):
    x = R(a)
    assert hash(x) == hash(a)
    for f in (operator.neg, operator.pos, abs, math.trunc, math.floor, math.ceil, round, float, int, bool, str):
        assert outcome(f, x) == outcome(f, a), f
    for n in (-3, -1, 0, 1, 4):
        assert outcome(round, x, n) == outcome(round, a, n)
    assert x.as_integer_ratio() == a.as_integer_ratio()
    for m in (1, 2, 10, 1000, 10**6):
        assert x.limit_denominator(m) == a.limit_denominator(m)
    assert pickle.loads(pickle.dumps(x)) == a and repr(x) == f"Rational({a.numerator}, {a.denominator})"


@pytest.mark.parametrize("s", ["3/4", " -3/4 ", "1.5e-3", "-.5", "7", "1_000/3", "1e5", "1.25E+2", "0.000"])
def test_parse(s):
    try:
        want = F(s)
    except ValueError:  # underscores: Fraction takes them from 3.11 on, Rational always
        want = F(s.replace("_", ""))
    assert R(want) == Rational(s)


@pytest.mark.parametrize("s", ["", "/", "3/", "/4", "3/-4", "1.5/2", "e5", ".", "1e", "1__0", "inf", "nan", "3/0"])
def test_parse_errors(s):
    assert outcome(Rational, s) == outcome(F, s)


def test_construction():
    assert Rational("2 / 4") == F(1, 2)  # as Fraction from 3.12
    assert Rational(0.1) == F(0.1) and Rational(F(1, 3)) == F(1, 3) and Rational(Int(5), 10) == F(1, 2)
    import decimal

    assert Rational(decimal.Decimal("1.25")) == F(5, 4)
    assert outcome(Rational, 1, 0) == ("raise", ZeroDivisionError)
    assert outcome(Rational, float("nan")) == outcome(F, float("nan"))
    assert outcome(Rational, 1.5, 2) == outcome(F, 1.5, 2) == ("raise", TypeError)
