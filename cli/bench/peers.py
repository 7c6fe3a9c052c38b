"""The calculator speed table's computations in Python, for comparison with `carry`.

    python3 peers.py int pi 100000        # Python integers only
    .venv/bin/python peers.py mpmath pi 100000   # mpmath with its gmpy2 backend

Each prints its result in decimal (to standard output), as `carry --digits N` does: `pi`,
`e` (exp(1)) and `sqrt2` to N places after the point; `pow2` (2^N) and `factorial` (N!)
exactly.
"""

import math
import sys


def chudnovsky(a, b):
    """(P, Q, T) of the Chudnovsky series over the terms a <= k < b (binary splitting)."""
    if b - a == 1:
        if a == 0:
            p = q = 1
        else:
            p = (6 * a - 5) * (2 * a - 1) * (6 * a - 1)
            q = a * a * a * 10939058860032000
        t = p * (13591409 + 545140134 * a)
        return p, q, -t if a & 1 else t
    m = (a + b) // 2
    p1, q1, t1 = chudnovsky(a, m)
    p2, q2, t2 = chudnovsky(m, b)
    return p1 * p2, q1 * q2, t1 * q2 + p1 * t2


def pi_digits(n):
    """floor(pi * 10^n) with Python integers."""
    terms = n // 14 + 2
    _, q, t = chudnovsky(0, terms)
    one = 10 ** (n + 10)
    root = math.isqrt(10005 * one * one)
    return (q * 426880 * root // t) // 10**10


def e_split(a, b):
    """(p, q) with p/q = sum of a!/k! for a < k <= b."""
    if b - a == 1:
        return 1, b
    m = (a + b) // 2
    p1, q1 = e_split(a, m)
    p2, q2 = e_split(m, b)
    return p1 * q2 + p2, q1 * q2


def e_digits(n):
    """floor(e * 10^n) with Python integers."""
    k, log10 = 1, 0.0
    while log10 < n + 10:
        k += 1
        log10 += math.log10(k)
    p, q = e_split(0, k)
    return (q + p) * 10**n // q


def fixed(value, n):
    text = str(value)
    return text[: len(text) - n] + "." + text[len(text) - n:]


def run_int(what, n):
    if what == "pi":
        return fixed(pi_digits(n), n)
    if what == "e":
        return fixed(e_digits(n), n)
    if what == "sqrt2":
        return fixed(math.isqrt(2 * 10 ** (2 * n)), n)
    if what == "pow2":
        return str(2**n)
    if what == "factorial":
        return str(math.factorial(n))
    raise SystemExit(f"unknown computation {what}")


def run_mpmath(what, n):
    import gmpy2
    import mpmath

    assert mpmath.libmp.BACKEND == "gmpy"
    if what in ("pow2", "factorial"):
        value = gmpy2.mpz(2) ** n if what == "pow2" else gmpy2.fac(n)
        return str(value)
    # Working precision: the digits before the point and n after, and a guard digit.
    mpmath.mp.dps = n + 2
    x = {"pi": lambda: +mpmath.pi, "e": lambda: mpmath.exp(1), "sqrt2": lambda: mpmath.sqrt(2)}[what]()
    return mpmath.nstr(x, n + 1, strip_zeros=False)


def main():
    impl, what, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    text = run_int(what, n) if impl == "int" else run_mpmath(what, n)
    sys.stdout.write(text + "\n")


if __name__ == "__main__":
    main()
