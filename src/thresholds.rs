//! Algorithm crossover points, in limbs: an operation switches to the faster algorithm once
//! its (smaller) operand has at least this many limbs. Measured on the development machine
//! (a 2-core AMD EPYC VM, Zen 5 since session 13, Zen 4 and an Intel Xeon before; shared, so
//! the timings are noisy) with `cargo run --release --example tune`, which prints each
//! crossover it finds; each constant's comment says where its value departs from that print
//! and why.
//!
//! With the `tiny-thresholds` feature every crossover is as small as its algorithm allows, so
//! that tests on small inputs reach every algorithm.

/// `add_n`, `sub_n`: the AVX-512F carry-lookahead kernel from this many limbs, where the CPU
/// has it (the ADC chain below). Measured with `cargo run --release --example tune -- --add`.
/// On an Ice Lake-class Xeon (session 10) level at 48–56 limbs, ahead from 64. On the AMD Zen 5
/// host the loop alone is ahead from 16 limbs (session 17, ADC against AVX-512F: 3.3 / 3.1 ns
/// at 16, 6.2 / 4.8 at 32, 12.2 / 8.3 at 64), but not where an operand was just written by
/// scalar stores: its 64-byte loads then wait for those stores to reach the cache. At 16 limbs
/// that made `t = a·k; r = t + b` 3.7 ns slower per sum, and `ap_mul_1024` 97 → 108 ns in the
/// peers harness (its Karatsuba sums have 16 limbs). From 32 limbs the vector kernel is ahead
/// or level in both cases: `Int` sums of 2048, 3072 and 4032 bits 14.2 → 11.1, 17.3 → 13.4 and 20.3 →
/// 15.1 ns (by value), with products and divisions of 2048–8192 bits level with 64 (three
/// interleaved runs, within the ±3% noise).
#[cfg(not(feature = "tiny-thresholds"))]
pub const ADD_AVX512: usize = 32;
/// `add_n`, `sub_n`: the AVX-512F carry-lookahead kernel from this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const ADD_AVX512: usize = 1;

/// `mul`: Karatsuba from this many limbs of the smaller operand (base case below). On the AMD
/// Zen 5 host of session 14 (balanced products as `examples/tune.rs` times them, ns), with the
/// base case's first eight rows in registers (`mul_n8_adx`): Karatsuba is ahead from 16 limbs
/// (16: 83 against 95, its halves taking the 8×8 kernel; 17: 107 against 110; 24: 188 against
/// 210; 30: 293 against 336). With the row-by-row base case it was ahead only at 16 and from 22.
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_KARATSUBA: usize = 16;
/// `mul`: Karatsuba from this many limbs of the smaller operand (base case below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_KARATSUBA: usize = 2;

/// `mul`: Toom-3 from this many limbs of the smaller operand (Karatsuba below). The tuner on
/// the Zen 5 host (session 17) prints 148, from Karatsuba / Toom-3 ns of 3864 / 3827 at 140,
/// 3859 / 3952 at 144, 4257 / 4156 at 148: level from 136 to 148, so 140 stays.
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_TOOM3: usize = 140;
/// `mul`: Toom-3 from this many limbs of the smaller operand (Karatsuba below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_TOOM3: usize = 3;

/// `mul`: Toom-4 from this many limbs of the smaller operand (Toom-3 below, the NTT from
/// `MUL_NTT` above). Measured with `cargo run --release --example tune -- --toom4` on the AMD
/// Zen 5 host (session 17), Toom-3 / Toom-4 in µs: 320: 13.4 / 13.9, 360: 15.6 / 16.9,
/// 400: 19.5 / 19.4, 440: 22.6 / 21.8, 480: 24.8 / 24.5, 520: 28.3 / 28.7, 560: 30.1 / 32.3,
/// 600: 36.2 / 35.9, 680: 44.1 / 42.4, 760: 51.8 / 49.3, 800: 55.5 / 55.8. So Toom-4 is level
/// to 5% ahead from 400 limbs but for 520–560, where its pieces (131–141 limbs) sit at the
/// Toom-3 crossover; on average over 400–800 about 1% ahead.
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_TOOM4: usize = 400;
/// `mul`: Toom-4 from this many limbs of the smaller operand (Toom-3 below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_TOOM4: usize = 6;

/// `sqr`: Karatsuba from this many limbs (base case below). Also where Montgomery squares
/// (`Modulus`) switch to it: the tuner finds the same crossover with a REDC after the square.
/// With the MULX/ADX base case the two run within a few per cent of each other from 44 to 56
/// limbs (32: base case 372 ns, Karatsuba 354; 64: 1345 against 1141, noisy machine).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_KARATSUBA: usize = 48;
/// `sqr`: Karatsuba from this many limbs (base case below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_KARATSUBA: usize = 2;

/// `sqr`: Toom-3 from this many limbs (Karatsuba below). `cargo run --release --example tune`
/// on the AMD Zen 5 host (session 17), Karatsuba / Toom-3 ns: 152: 3285 / 3542, 168: 3985 /
/// 4051, 176: 4345 / 4385, 180: 4505 / 4498, 188: 4846 / 4756, 200: 5273 / 5350 (level to
/// 210), 220: 6198 / 6070, 236: 6891 / 6688.
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_TOOM3: usize = 180;
/// `sqr`: Toom-3 from this many limbs (Karatsuba below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_TOOM3: usize = 3;

/// Radix conversion to digits (not a power-of-two radix): divide and conquer above this many
/// limbs (repeated division by one limb below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_DC: usize = 30;
/// Radix conversion to digits (not a power-of-two radix): divide and conquer above this many
/// limbs (repeated division by one limb below).
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_DC: usize = 2;

/// Radix conversion to digits: the divide and conquer (entered above `TO_RADIX_DC` limbs)
/// splits numbers down to this many limbs, converted by `limbs::to_radix_frac` (its leaves
/// cost about as much per limb pair as a schoolbook division by a power of the radix).
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_LEAF: usize = 60;
/// Radix conversion to digits: the divide and conquer (entered above `TO_RADIX_DC` limbs)
/// splits numbers down to this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_LEAF: usize = 2;

/// Radix conversion to digits: the divide and conquer divides by the powers of the radix of
/// at least this many limbs through their reciprocals (`limbs::divrem_by_reciprocal`),
/// computed once per power, below the top split (Burnikel–Ziegler otherwise). Decimal
/// conversions timed at 700, 1000 and 2000: 2000 loses nothing at 10^5 digits (2.26 ms, where
/// 1000 took 2.58) and gains as much at 10^6 (54.4 against 62.7 ms without).
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_MU: usize = 2000;
/// Radix conversion to digits: division by the reciprocals of the powers from this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_MU: usize = 3;

/// Radix conversion to digits: as `TO_RADIX_MU`, for the powers of the levels two or more
/// below the top split (four divisions or more share the reciprocal). Decimal conversions
/// timed with 2000, 1000, 600 and 300, two runs each: 1000 takes 10^6 digits from 0.96–0.97 to
/// 0.99–1.02 of GMP's time and 2.1·10^6 from 0.98 to 1.00–1.01, changing nothing at 10^5;
/// 600 and 300 lose at 10^5 and 3·10^5 (0.89–0.94), where the products are below the NTT.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_MU_DEEP: usize = 1000;
/// Radix conversion to digits: reciprocal division from this many limbs two levels below the top.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_MU_DEEP: usize = 3;

/// Radix conversion to digits: the leaves of the divide and conquer with at least this many
/// limbs multiply a fixed-point fraction by the chunk radix (`limbs::to_radix_frac`), the
/// shorter ones divide by it.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_FRAC: usize = 4;
/// Radix conversion to digits: the leaves of the divide and conquer with at least this many
/// limbs multiply a fixed-point fraction by the chunk radix (`limbs::to_radix_frac`), the
/// shorter ones divide by it.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_FRAC: usize = 1;

/// Radix conversion from digits (not a power-of-two radix): divide and conquer above this many
/// digits (Horner's rule on limb-sized chunks below). At least 40, the longest chunk (radix 3),
/// so that every split leaves a nonempty high part.
#[cfg(not(feature = "tiny-thresholds"))]
pub const FROM_RADIX_DC: usize = 1200;
/// Radix conversion from digits (not a power-of-two radix): divide and conquer above this many
/// digits (Horner's rule on limb-sized chunks below). At least 40, the longest chunk (radix 3),
/// so that every split leaves a nonempty high part.
#[cfg(feature = "tiny-thresholds")]
pub const FROM_RADIX_DC: usize = 40;

/// `divrem`: division by a Newton reciprocal (`limbs::divrem_mu`) from this many divisor limbs,
/// when the quotient is at least as long (Burnikel–Ziegler below). `cargo run --release
/// --example tune -- --mu` times 2n-by-n divisions both ways: Burnikel–Ziegler ahead up to 3000
/// limbs (0.95 against 1.00 ms there), Newton from 3500 on (1.03 against 1.09 ms; 4.69 against
/// 7.11 ms at 16000).
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIV_MU: usize = 3500;
/// `divrem`: division by a Newton reciprocal from this many divisor limbs.
#[cfg(feature = "tiny-thresholds")]
pub const DIV_MU: usize = 4;

/// `limbs::reciprocal`: below this many limbs the reciprocal is one exact division, above it a
/// Newton step from the reciprocal of the top half. 2n-by-n divisions at 5000/8000/16000
/// divisor limbs: 1.81/2.42/5.32 ms with 100, 1.79/2.53/5.35 with 300, 1.93/2.50/5.50 with
/// 1000, 2.23/3.28/5.86 with 5000.
#[cfg(not(feature = "tiny-thresholds"))]
pub const RECIPROCAL_EXACT: usize = 300;
/// `limbs::reciprocal`: one exact division below this many limbs (at least 8).
#[cfg(feature = "tiny-thresholds")]
pub const RECIPROCAL_EXACT: usize = 8;

/// `divrem`: divide and conquer (Burnikel–Ziegler) from this many divisor limbs (schoolbook
/// below, and for quotient blocks shorter than this). With the MULX/ADX products the halves'
/// corrections are cheap: 32 against 70 measured 11% faster at 128/64 and 1024/512 limbs.
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIV_DC: usize = 32;
/// `divrem`: divide and conquer (Burnikel–Ziegler) from this many divisor limbs (schoolbook
/// below, and for quotient blocks shorter than this).
#[cfg(feature = "tiny-thresholds")]
pub const DIV_DC: usize = 2;

/// `divrem`: divisors of 2 to this many limbs keep the divisor and the running remainder in
/// registers (`divrem_small`, instantiated up to 6), below `DIV_DC`. A compile-time choice, so
/// `tune` cannot switch it: a scratch loop over `Int::div_rem` (native build, ns), built with
/// the path for 2 to 8 limbs and for 2 to 4, measured 10/5 limbs 57 against 61, 12/6 69
/// against 74, 16/8 107 against 106, 24/8 195 against 187.
pub const DIV_REGISTERS: usize = 6;

/// `Modulus`: moduli of one to this many limbs take the fixed-width Montgomery products on
/// arrays (`modular::arith::Fixed`: the prime fields' unrolled CIOS), longer ones a square or
/// product on slices followed by REDC. The code has an instance per length up to 12, so this is
/// a compile-time choice that `tune` cannot switch: a scratch loop over `Modulus::pow` (n-bit
/// modulus and exponent, native build, session 19), slices against arrays in µs: 9 limbs
/// 64.9 / 49.5, 10 80.8 / 67.9, 11 101 / 89.5, 12 123 / 116, 13 149 / 143, 14 181 / 182, 16
/// 251 / 279; `pow_ct` 9 limbs 78.7 / 66.6, 12 141 / 136, 13 172 / 171, 16 288 / 313. Thirteen
/// limbs gained 4% and 0.5%, inside the loop's run-to-run noise, so the arrays stop at 12.
#[cfg(not(feature = "tiny-thresholds"))]
pub const MODULUS_FIXED: usize = 12;
/// `Modulus`: fixed-width products up to this many limbs (one, so that the tests reach the
/// slice products with small moduli; the default build tests the arrays).
#[cfg(feature = "tiny-thresholds")]
pub const MODULUS_FIXED: usize = 1;

/// `mul`: three-prime NTT from this many limbs of the smaller operand (Toom-3 below). The NTT
/// first wins near 440 limbs, but its time doubles each time the product length passes a power
/// of two, and it stays ahead of Toom-3 across those jumps from about 800 limbs (medians of two
/// `tune -- --ntt` runs; a third, on a busy machine, was too noisy to use).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_NTT: usize = 800;
/// `mul`: three-prime NTT from this many limbs of the smaller operand (Toom-3 below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_NTT: usize = 10;

/// `sqr`: three-prime NTT from this many limbs (Toom-3 below). First wins near 420 limbs,
/// stays ahead across the power-of-two jumps from about 700 (see `MUL_NTT`).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_NTT: usize = 700;
/// `sqr`: three-prime NTT from this many limbs (Toom-3 below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_NTT: usize = 10;

/// `Int::factorial(n)`: the prime-swing algorithm from this `n` on (a product tree of the
/// factors below; the same bound ends the swing recursion on the odd part).
#[cfg(not(feature = "tiny-thresholds"))]
pub const FACTORIAL_SWING: u64 = 256;
/// `Int::factorial(n)`: the prime-swing algorithm from this `n` on (a product tree of the
/// factors below; the same bound ends the swing recursion on the odd part).
#[cfg(feature = "tiny-thresholds")]
pub const FACTORIAL_SWING: u64 = 2;

/// `Int::sqrt`, `sqrt_rem`: the Karatsuba square root splits operands longer than this many
/// bits; shorter ones are its base case, a floating-point root corrected in `u128` (so at most
/// 128). At 2^20 bits it is 16 times faster than Newton's iteration, which it replaced.
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQRT_DC: u64 = 128;
/// `Int::sqrt`, `sqrt_rem`: the Karatsuba square root splits operands longer than this.
#[cfg(feature = "tiny-thresholds")]
pub const SQRT_DC: u64 = 8;

/// `Int::gcd`: half-gcd reductions while both operands have at least this many limbs (Lehmer's
/// algorithm below). Timing `gcd` of random operands built both ways: Lehmer alone is ahead at
/// 1200 limbs (1.20 vs 1.39 ms), level at 1600 (2.05 vs 2.06 ms), behind at 2000 (3.13 vs
/// 2.97 ms) and 2400 (4.43 vs 3.82 ms).
#[cfg(not(feature = "tiny-thresholds"))]
pub const GCD_HGCD: usize = 1600;
/// `Int::gcd`: half-gcd reductions while both operands have at least this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const GCD_HGCD: usize = 3;

/// `Int::gcd_ext`, `modinv`: half-gcd reductions, carrying the cofactor row, while both operands
/// have at least this many limbs. Timing `gcd_ext` of random operands built both ways: level at
/// 1000 limbs (2.04 vs 2.06 ms), ahead at 1200 (2.60-2.66 vs 2.91-3.00 ms) and 1400 (3.13 vs
/// 3.49 ms).
#[cfg(not(feature = "tiny-thresholds"))]
pub const GCDEXT_HGCD: usize = 1000;
/// `Int::gcd_ext`, `modinv`: half-gcd reductions from this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const GCDEXT_HGCD: usize = 3;

/// The half-gcd recursion ends in Lehmer steps at this many limbs. 50, 100 and 200 time alike
/// (`gcd` at 2^18 and 2^20 bits within 3% of each other, inside the machine's noise).
#[cfg(not(feature = "tiny-thresholds"))]
pub const HGCD_BASE: usize = 100;
/// The half-gcd recursion ends in Lehmer steps at this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const HGCD_BASE: usize = 2;
