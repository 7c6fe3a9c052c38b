"""The gmpy2-style functions and carry.Modulus against plain int computations."""

import math
import random

import pytest
from hypothesis import given, strategies as st

import carry
from carry import Int
from conftest import ints, small_ints

gmpy2 = pytest.importorskip("gmpy2")


def I(x):
    return int(x)


@given(ints, ints)
def test_gcd_lcm_ext(a, b):
    assert carry.gcd(a, b) == math.gcd(a, b) and carry.lcm(a, b) == abs(math.lcm(a, b))
    g, s, t = carry.gcdext(a, Int(b))
    assert (I(g), I(s), I(t)) == tuple(int(v) for v in gmpy2.gcdext(a, b))
    assert carry.gcd() == 0 and carry.lcm() == 1 and carry.gcd(a) == abs(a)


@given(ints)
def test_roots(a):
    a = abs(a)
    assert carry.isqrt(a) == math.isqrt(a)
    s, r = carry.isqrt_rem(a)
    assert r == a - math.isqrt(a) ** 2
    for n in (1, 2, 3, 5, 64):
        y, exact = carry.iroot(a, n)
        gy, gexact = gmpy2.iroot(a, n)
        assert (I(y), exact) == (int(gy), gexact)
        assert tuple(map(I, carry.iroot_rem(a, n))) == tuple(map(int, gmpy2.iroot_rem(a, n)))
    assert carry.is_square(a) == gmpy2.is_square(a) and carry.is_power(a) == gmpy2.is_power(a)


@given(small_ints, small_ints, small_ints)
def test_modular(a, e, m):
    m = abs(m) | 1
    if m > 1:
        want = pow(a, e, m) if e >= 0 or math.gcd(a, m) == 1 else None
        if want is None:
            with pytest.raises(ValueError):
                carry.powmod(a, e, m)
        else:
            assert carry.powmod(a, e, m) == want
            M = carry.Modulus(m)
            assert M.pow(a, e) == want and M.mul(a, e) == a * e % m
            if e > 0:
                assert carry.powmod_sec(a, e, m) == want == M.pow_sec(a, e)
        if math.gcd(a, m) == 1:
            assert carry.invert(a, m) == pow(a, -1, m)
        else:
            with pytest.raises(ZeroDivisionError):
                carry.invert(a, m)
        assert carry.jacobi(a, m) == gmpy2.jacobi(a, m) and carry.kronecker(a, e) == gmpy2.kronecker(a, e)


def test_primes():
    r = random.Random(5)
    for _ in range(300):
        x = r.getrandbits(r.randint(2, 300))
        assert carry.is_prime(x) == gmpy2.is_prime(x)
        assert carry.next_prime(x) == gmpy2.next_prime(x)
        if x >= 3:
            assert carry.prev_prime(x) == gmpy2.prev_prime(x)
    with pytest.raises(ValueError):
        carry.prev_prime(2)


def test_combinatorics():
    for n in list(range(0, 60)) + [100, 1000, 5000]:
        assert carry.fac(n) == math.factorial(n) and carry.fib(n) == gmpy2.fib(n) and carry.lucas(n) == gmpy2.lucas(n)
        for k in (0, 1, 2, n // 2, n, n + 1):
            assert carry.comb(n, k) == math.comb(n, k)
    assert carry.comb(-3, 2) == 6
    for f in (carry.fac, carry.fib, carry.lucas):
        with pytest.raises(ValueError):
            f(-1)


@given(ints, st.integers(2, 40))
def test_remove_popcount(a, f):
    y, k = carry.remove(a, f)
    gy, gk = gmpy2.remove(a, f)
    assert (I(y), k) == (int(gy), gk)
    assert carry.popcount(a) == (bin(a).count("1") if a >= 0 else -1)
    b = a ^ f
    assert carry.hamdist(a, b) == (bin(a ^ b).count("1") if (a < 0) == (b < 0) else -1)


def test_crt():
    assert carry.crt([2, 3, 2], [3, 5, 7]) == 23
    assert carry.crt([3, 1], [4, 6]) == 7
    with pytest.raises(ValueError):
        carry.crt([1, 2], [4, 6])
    r = random.Random(1)
    ms = [carry.next_prime(r.getrandbits(200)) for _ in range(5)]
    x = r.getrandbits(900)
    assert carry.crt([x % m for m in ms], ms) == x % math.prod(map(int, ms))


def test_function_errors():
    for f, args, exc in ((carry.isqrt, (-1,), ValueError), (carry.iroot, (8, 0), ValueError), (carry.invert, (3, 0), ZeroDivisionError),
                         (carry.jacobi, (3, 4), ValueError), (carry.remove, (12, 1), ValueError), (carry.powmod_sec, (3, 2, 8), ValueError),
                         (carry.powmod_sec, (3, 0, 7), ValueError), (carry.Modulus, (10,), ValueError), (carry.gcd, ("a",), TypeError),
                         (carry.powmod, (2, 3, 0), ValueError)):
        with pytest.raises(exc):
            f(*args)
