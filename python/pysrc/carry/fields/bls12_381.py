"""The bls12_381 fields: ``Fq`` and ``Fr``."""

from .._carry import bls12_381_Fq as Fq, bls12_381_Fr as Fr

__all__ = ["Fq", "Fr"]
