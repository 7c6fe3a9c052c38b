"""The p256 fields: ``Fp`` and ``Fn``."""

from .._carry import p256_Fp as Fp, p256_Fn as Fn

__all__ = ["Fp", "Fn"]
