"""The prime fields against int arithmetic modulo p."""

import pickle
import random

import pytest
from hypothesis import given, strategies as st

import carry
from carry.fields import PrimeField, bls12_381, bn254, curve25519, p256, secp256k1

FIELDS = [bn254.Fq, bn254.Fr, bls12_381.Fq, bls12_381.Fr, secp256k1.Fp, secp256k1.Fn, p256.Fp, p256.Fn, curve25519.Fp, curve25519.Fn]
RUNTIME = [PrimeField(101), PrimeField(2**127 - 1), PrimeField(carry.next_prime(2**300))]


def check(F, p, a, b):
    x, y = F(a), F(b)
    assert x + y == (a + b) % p and x - y == (a - b) % p and x * y == (a * b) % p
    assert a + y == (a + b) % p and a - y == (a - b) % p and a * y == a * b % p
    assert -x == -a % p and int(x) == a % p and hash(x) == hash(a % p)
    assert x ** 5 == pow(a, 5, p) and x.square() == a * a % p
    if b % p:
        inv = pow(b, -1, p)
        assert y.inverse() == inv and x / y == a * inv % p and a / y == a * inv % p and y ** -3 == pow(inv, 3, p)
    else:
        with pytest.raises(ZeroDivisionError):
            y.inverse()
    leg = x.legendre()
    assert leg == (0 if a % p == 0 else 1 if pow(a, (p - 1) // 2, p) == 1 else -1)
    if leg >= 0:
        r = x.sqrt()
        assert r * r == x
    else:
        with pytest.raises(ValueError):
            x.sqrt()
    assert pickle.loads(pickle.dumps(x)) == x


@pytest.mark.parametrize("F", FIELDS + RUNTIME, ids=lambda F: repr(F))
def test_field_ops(F):
    p = int(F.MODULUS if hasattr(F, "MODULUS") else F.modulus)
    r = random.Random(p & 0xFFFF)
    vals = [0, 1, 2, p - 1, p, p + 1, -1, 2 * p - 1]
    vals += [r.randrange(-(p << 64), p << 64) for _ in range(120)]
    for a in vals:
        check(F, p, a, r.choice(vals))


@pytest.mark.parametrize("F", FIELDS, ids=lambda F: F.__module__ + "." + F.__name__)
def test_field_bytes_and_batch(F):
    p, n = int(F.MODULUS), F.BYTES
    r = random.Random(n)
    for _ in range(100):
        a = r.randrange(p)
        for order in ("little", "big"):
            b = F(a).to_bytes(order)
            assert b == a.to_bytes(n, order) and F.from_bytes(b, order) == a
    with pytest.raises(ValueError):
        F.from_bytes(p.to_bytes(n, "little"))
    with pytest.raises(ValueError):
        F.from_bytes(b"\x01")
    xs = [r.randrange(p) for _ in range(50)] + [0]
    assert F.batch_invert([F(x) for x in xs]) == [pow(x, -1, p) if x else 0 for x in xs]
    assert F.__module__.startswith("carry.fields.")


def test_prime_field_batch_and_errors():
    F = PrimeField(1_000_003)
    xs = list(range(0, 50))
    assert F.batch_invert([F(x) for x in xs]) == [pow(x, -1, 1_000_003) if x else 0 for x in xs]
    for bad in (1, 2, 9, 15, 2**64):
        with pytest.raises(ValueError):
            PrimeField(bad)
    with pytest.raises(ValueError):
        F(1) + PrimeField(101)(1)
