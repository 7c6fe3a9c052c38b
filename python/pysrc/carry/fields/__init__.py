"""Prime fields: ``bn254``, ``bls12_381``, ``secp256k1``, ``p256`` and ``curve25519`` (each a
module with its base and scalar field classes), and ``PrimeField(p)`` for any odd prime.

>>> from carry.fields.bn254 import Fr
>>> x = Fr(7)
>>> x * x.inverse() == 1, Fr(-1) == Fr.MODULUS - 1
(True, True)
"""

from .._carry import PrimeField, PrimeFieldElement
from . import bls12_381, bn254, curve25519, p256, secp256k1

__all__ = ["PrimeField", "PrimeFieldElement", "bls12_381", "bn254", "curve25519", "p256", "secp256k1"]
