"""carry: fast multi-precision integers, rationals, number theory and prime fields.

``carry.Int`` stands in for ``int`` (every operator, format spec, hash, pickle; no limit on
decimal conversion), ``carry.Rational`` for ``fractions.Fraction``; ``powmod``, ``invert``,
``is_prime``, ``fac`` and the other functions follow gmpy2; ``carry.Modulus`` keeps a
Montgomery context; ``carry.fields`` holds the prime fields of BN254, BLS12-381, secp256k1,
P-256 and Curve25519, and ``PrimeField(p)`` for any odd prime.

>>> from carry import Int, Rational, is_prime, fac
>>> x = Int(10) ** 30 + 57
>>> is_prime(x), str(fac(25)), Rational("1.5e-3")
(True, '15511210043330985984000000', Rational(3, 2000))
"""

import numbers as _numbers

from . import _carry
from ._carry import (
    Int,
    Modulus,
    Rational,
    comb,
    crt,
    fac,
    fib,
    gcd,
    gcdext,
    get_max_bits,
    hamdist,
    invert,
    iroot,
    iroot_rem,
    is_power,
    is_prime,
    is_square,
    isqrt,
    isqrt_rem,
    jacobi,
    kronecker,
    lcm,
    legendre,
    lucas,
    next_prime,
    popcount,
    powmod,
    powmod_sec,
    prev_prime,
    remove,
    set_max_bits,
)
from . import fields

_numbers.Integral.register(Int)
_numbers.Rational.register(Rational)

__all__ = [
    "Int",
    "Modulus",
    "Rational",
    "comb",
    "crt",
    "fac",
    "fib",
    "fields",
    "gcd",
    "gcdext",
    "get_max_bits",
    "hamdist",
    "invert",
    "iroot",
    "iroot_rem",
    "is_power",
    "is_prime",
    "is_square",
    "isqrt",
    "isqrt_rem",
    "jacobi",
    "kronecker",
    "lcm",
    "legendre",
    "lucas",
    "next_prime",
    "popcount",
    "powmod",
    "powmod_sec",
    "prev_prime",
    "remove",
    "set_max_bits",
]
__version__ = "0.1.0"
