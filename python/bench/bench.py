"""carry.Int against int, gmpy2's mpz and python-flint's fmpz, timed with timeit.

Run with `make bench-py` (pin it to one core for steady figures, e.g. `taskset -c 1`). Prints a
markdown table: for each operation the best of three interleaved rounds of timeit's best of
five, and carry's time over gmpy2's (below 1 is faster than gmpy2).
"""

import datetime
import os
import pickle
import platform
import random
import sys
import timeit

import carry
from carry import Int

try:
    import gmpy2
except ImportError:  # pragma: no cover
    gmpy2 = None
try:
    import flint
except ImportError:  # pragma: no cover
    flint = None

if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)

QUICK = "--quick" in sys.argv
# `--only TEXT` keeps the rows whose name contains TEXT; `--rounds N` sets the rounds.
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
ROUNDS = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else (1 if QUICK else 3)
BUDGET = 0.05 if QUICK else 0.25  # seconds per repeat
SLOW = 20.0  # an operation slower than this once is shown as ">20 s" and not repeated


def best(stmt, env):
    """Seconds per call: timeit's autorange, best of five repeats."""
    t = timeit.Timer(stmt, globals=env)
    one = t.timeit(1)
    if one > SLOW:
        return None
    n = max(1, int(BUDGET / max(one, 1e-9)))
    reps = 1 if one > 1 else 5
    return min(t.repeat(reps, n)) / n


def show(s):
    if s is None:
        return f">{SLOW:.0f} s"
    for unit, f in (("ns", 1e9), ("µs", 1e6), ("ms", 1e3)):
        if s * f < 1000:
            return f"{s * f:.3g} {unit}"
    return f"{s:.3g} s"


def digits(n, r):
    return r.randrange(10 ** (n - 1), 10**n)


def main():
    r = random.Random(1)
    rows = []

    def row(name, stmts, envs):
        # Three rounds with the libraries interleaved, the best of each kept: a load that
        # comes and goes then hits every column alike.
        if ONLY not in name:
            return
        times = {}
        for _ in range(ROUNDS):
            for lib, stmt in stmts.items():
                if lib not in envs or (lib in times and (times[lib] is None or times[lib] > 1.0)):
                    continue
                t = best(stmt, envs[lib])
                times[lib] = t if lib not in times or t is None else min(times[lib], t)
        ratio = ""
        if times.get("carry") and times.get("gmpy2"):
            ratio = f"{times['carry'] / times['gmpy2']:.2f}"
        rows.append((name, [show(times.get(k)) if k in times else "—" for k in ("int", "gmpy2", "flint", "carry")], ratio))
        print(rows[-1], file=sys.stderr, flush=True)

    def typed(a, b):
        envs = {"int": {"a": a, "b": b}, "carry": {"a": Int(a), "b": Int(b)}}
        if gmpy2:
            envs["gmpy2"] = {"a": gmpy2.mpz(a), "b": gmpy2.mpz(b)}
        if flint:
            envs["flint"] = {"a": flint.fmpz(a), "b": flint.fmpz(b)}
        return envs

    same = lambda s: {k: s for k in ("int", "gmpy2", "flint", "carry")}  # noqa: E731

    a64, b64 = r.getrandbits(64), r.getrandbits(64)
    envs = typed(a64, b64)
    row("a+b, 64 bits", same("a+b"), envs)
    row("a*b, 64 bits", same("a*b"), envs)
    for n in (1000, 10**5, 10**6):
        a, b = digits(n, r), digits(n, r)
        envs = typed(a, b)
        row(f"a+b, {n:,} digits", same("a+b"), envs)
        row(f"a*b, {n:,} digits", same("a*b"), envs)
    for n in (10**5, 10**6):
        a = digits(n, r)
        envs = typed(a, a)
        row(f"str(x), {n:,} digits", same("str(a)"), envs)
        s = str(a)
        envs = {"int": {"s": s, "T": int}, "carry": {"s": s, "T": Int}}
        if gmpy2:
            envs["gmpy2"] = {"s": s, "T": gmpy2.mpz}
        if flint:
            envs["flint"] = {"s": s, "T": flint.fmpz}
        row(f"parse, {n:,} digits", same("T(s)"), envs)
    m = r.getrandbits(2048) | (1 << 2047) | 1
    a, e = r.getrandbits(2048) % m, r.getrandbits(2048)
    envs = typed(a, e)
    for k, env in envs.items():
        env["m"] = {"int": m, "carry": Int(m)}.get(k) or (gmpy2.mpz(m) if k == "gmpy2" else flint.fmpz(m))
    row("pow(a, e, m), 2048 bits", same("pow(a, b, m)"), envs)
    for n in (100, 10**4):
        x = digits(n, r)
        envs = {"carry": {"x": x, "T": Int, "y": Int(x)}}
        if gmpy2:
            envs["gmpy2"] = {"x": x, "T": gmpy2.mpz, "y": gmpy2.mpz(x)}
        if flint:
            envs["flint"] = {"x": x, "T": flint.fmpz, "y": flint.fmpz(x)}
        row(f"int → type, {n:,} digits", same("T(x)"), envs)
        row(f"type → int, {n:,} digits", same("int(y)"), envs)
    f = 1
    for i in range(2, 1001):
        f *= i
    envs = {"int": {"x": f, "p": pickle}, "carry": {"x": Int(f), "p": pickle}}
    if gmpy2:
        envs["gmpy2"] = {"x": gmpy2.mpz(f), "p": pickle}
    if flint:
        envs["flint"] = {"x": flint.fmpz(f), "p": pickle}
    row("pickle round trip, 1000!", same("p.loads(p.dumps(x))"), envs)
    from carry.fields.bn254 import Fr

    p = int(Fr.MODULUS)
    a, b = r.randrange(p), r.randrange(p)
    envs = {"int": {"a": a, "b": b, "p": p}, "carry": {"a": Fr(a), "b": Fr(b)}}
    if gmpy2:
        envs["gmpy2"] = {"a": gmpy2.mpz(a), "b": gmpy2.mpz(b), "p": gmpy2.mpz(p)}
    if flint:
        ctx = flint.fmpz_mod_ctx(p)
        envs["flint"] = {"a": ctx(a), "b": ctx(b)}
    row("BN254 Fr product", {"int": "a*b % p", "gmpy2": "a*b % p", "flint": "a*b", "carry": "a*b"}, envs)
    F = carry.fields.PrimeField(p)
    envs = {"carry": {"a": F(a), "b": F(b)}}
    row("PrimeField(p) product, 254 bits", {"carry": "a*b"}, envs)

    cpu = platform.processor()
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next(line.split(":", 1)[1].strip() for line in fh if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPU: {cpu}; Python {platform.python_version()}; gmpy2 {getattr(gmpy2, 'version', lambda: '-')()}; "
          f"python-flint {getattr(flint, '__version__', '-')}; {datetime.date.today()}; load {load:.2f}\n")
    print("| operation | int | gmpy2 mpz | flint fmpz | carry.Int | carry / gmpy2 |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, cells, ratio in rows:
        print(f"| {name} | " + " | ".join(cells) + f" | {ratio} |")


if __name__ == "__main__":
    main()
