"""The curve25519 fields: ``Fp`` and ``Fn``."""

from .._carry import curve25519_Fp as Fp, curve25519_Fn as Fn

__all__ = ["Fp", "Fn"]
