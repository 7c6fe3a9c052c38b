"""The secp256k1 fields: ``Fp`` and ``Fn``."""

from .._carry import secp256k1_Fp as Fp, secp256k1_Fn as Fn

__all__ = ["Fp", "Fn"]
