#!/usr/bin/env python3
"""Prints the known answers of the qemu-system-arm test (src/bin/kat.rs), computed with Python's
integers (python3 vectors.py > src/vectors.rs): the 3072-bit MODP prime of RFC 3526 (from its formula, with pi by Machin's formula),
powers modulo it, and a P-256 field inverse and square root."""
import random

def pi_floor(bits):
    """floor(pi * 2^bits), by Machin's formula with 64 guard bits."""
    one = 1 << (bits + 64)
    def arctan_inv(x):
        total, term, k, x2 = 0, one // x, 0, x * x
        while term:
            total += term // (2 * k + 1) if k % 2 == 0 else -(term // (2 * k + 1))
            term //= x2
            k += 1
        return total
    return (16 * arctan_inv(5) - 4 * arctan_inv(239)) >> 64

p = 2**3072 - 2**3008 - 1 + 2**64 * (pi_floor(2942) + 1690314)
assert pow(2, p - 1, p) == 1 and pow(3, p - 1, p) == 1
rng = random.Random(3072)
x = rng.getrandbits(256)
y = rng.getrandbits(256)
g = rng.getrandbits(3072) % p
q = 2**256 - 2**224 + 2**192 + 2**96 - 1
a = rng.getrandbits(256) % q
def hexn(v, bits): return format(v, "0%dx" % (bits // 4))
def emit(name, v, bits): print('pub const %s: &str = "%s";' % (name, hexn(v, bits)))
print("//! Known answers, from vectors.py (python3 vectors.py > src/vectors.rs).")
emit("P3072", p, 3072)
emit("X", x, 256)
emit("Y", y, 256)
emit("G", g, 3072)
emit("EXP2_X", pow(2, x, p), 3072)
emit("G_X", pow(g, x, p), 3072)
emit("G_X_2_Y", pow(g, x, p) * pow(2, y, p) % p, 3072)
emit("A256", a, 256)
emit("INV_A256", pow(a, q - 2, q), 256)
