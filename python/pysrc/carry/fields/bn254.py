"""The bn254 fields: ``Fq`` and ``Fr``."""

from .._carry import bn254_Fq as Fq, bn254_Fr as Fr

__all__ = ["Fq", "Fr"]
