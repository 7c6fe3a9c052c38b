//! Algorithm crossover points: an operation switches to the faster algorithm once its
//! (smaller) operand has at least this many limbs. `make tune` (`examples/tune.rs`) measures
//! them and writes the record to `docs/calibration.md`; `docs/design/thresholds.md` says where
//! a value departs from that record and why. Not a stable API.
//!
//! With the `tiny-thresholds` feature every crossover is as small as its algorithm allows, so
//! that tests on small inputs reach every algorithm.

/// `add_n`, `sub_n`: the AVX-512F carry-lookahead kernel from this many limbs (ADC chain below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const ADD_AVX512: usize = 32;
/// `add_n`, `sub_n`: the AVX-512F carry-lookahead kernel from this many limbs (ADC chain below).
#[cfg(feature = "tiny-thresholds")]
pub const ADD_AVX512: usize = 1;

/// `add_n`, `sub_n` short of `ADD_AVX512` limbs or without AVX-512F: the AVX2
/// carry-lookahead kernel from this many limbs (ADC chain below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const ADD_AVX2: usize = 256;
/// `add_n`, `sub_n` short of `ADD_AVX512` limbs or without AVX-512F: the AVX2
/// carry-lookahead kernel from this many limbs (ADC chain below).
#[cfg(feature = "tiny-thresholds")]
pub const ADD_AVX2: usize = 1;

/// `limbs::add_n_top` (the sums of `Int`) without AVX-512F: the variable-time AVX2
/// carry-lookahead kernel, whose table index depends on the carries, from this many limbs
/// (ADC chain below). Never reached by constant-time code, which takes `ADD_AVX2`.
#[cfg(not(feature = "tiny-thresholds"))]
pub const ADD_AVX2_VARTIME: usize = 32;
/// `limbs::add_n_top` (the sums of `Int`) without AVX-512F: the variable-time AVX2
/// carry-lookahead kernel, whose table index depends on the carries, from this many limbs
/// (ADC chain below). Never reached by constant-time code, which takes `ADD_AVX2`.
#[cfg(feature = "tiny-thresholds")]
pub const ADD_AVX2_VARTIME: usize = 1;

/// `mul`: Karatsuba from this many limbs of the smaller operand (base case below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_KARATSUBA: usize = 24;
/// `mul`: Karatsuba from this many limbs of the smaller operand (base case below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_KARATSUBA: usize = 2;

/// `mul`: Toom-3 from this many limbs of the smaller operand (Karatsuba below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_TOOM3: usize = 180;
/// `mul`: Toom-3 from this many limbs of the smaller operand (Karatsuba below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_TOOM3: usize = 3;

/// `mul`: Toom-4 from this many limbs of the smaller operand (Toom-3 below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_TOOM4: usize = 400;
/// `mul`: Toom-4 from this many limbs of the smaller operand (Toom-3 below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_TOOM4: usize = 6;

/// `sqr` and Montgomery squares: Karatsuba from this many limbs (base case below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_KARATSUBA: usize = 48;
/// `sqr` and Montgomery squares: Karatsuba from this many limbs (base case below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_KARATSUBA: usize = 2;

/// `sqr`: Toom-3 from this many limbs (Karatsuba below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_TOOM3: usize = 300;
/// `sqr`: Toom-3 from this many limbs (Karatsuba below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_TOOM3: usize = 3;

/// To digits (radix not a power of two): divide and conquer above this many limbs.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_DC: usize = 30;
/// To digits (radix not a power of two): divide and conquer above this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_DC: usize = 2;

/// To digits: the divide and conquer splits numbers down to this many limbs.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_LEAF: usize = 60;
/// To digits: the divide and conquer splits numbers down to this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_LEAF: usize = 2;

/// To digits: divide by the radix powers of this many limbs through their reciprocals.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_MU: usize = 2000;
/// To digits: divide by the radix powers of this many limbs through their reciprocals.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_MU: usize = 3;

/// To digits: as `TO_RADIX_MU`, two levels or more below the top split.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_MU_DEEP: usize = 1000;
/// To digits: as `TO_RADIX_MU`, two levels or more below the top split.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_MU_DEEP: usize = 3;

/// To digits: leaves of this many limbs multiply a fixed-point fraction (divide below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_FRAC: usize = 4;
/// To digits: leaves of this many limbs multiply a fixed-point fraction (divide below).
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_FRAC: usize = 1;

/// To digits: from this many limbs, build the value in a radix power by products
/// (`limbs::radix_base`) instead of dividing by radix powers.
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_BASE: usize = 1500;
/// To digits: from this many limbs, build the value in a radix power by products
/// (`limbs::radix_base`) instead of dividing by radix powers.
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_BASE: usize = 20;

/// To digits by products: binary pieces of at most this many limbs are converted directly
/// (fraction method).
#[cfg(not(feature = "tiny-thresholds"))]
pub const TO_RADIX_BASE_LEAF: usize = 24;
/// To digits by products: binary pieces of at most this many limbs are converted directly
/// (fraction method).
#[cfg(feature = "tiny-thresholds")]
pub const TO_RADIX_BASE_LEAF: usize = 1;

/// Products in a radix power: the NTT from this many limbs of the shorter operand.
#[cfg(not(feature = "tiny-thresholds"))]
pub const RADIX_BASE_NTT: usize = 48;
/// Products in a radix power: the NTT from this many limbs of the shorter operand.
#[cfg(feature = "tiny-thresholds")]
pub const RADIX_BASE_NTT: usize = 2;

/// From digits: divide and conquer above this many digits (at least 40, radix 3's chunk).
#[cfg(not(feature = "tiny-thresholds"))]
pub const FROM_RADIX_DC: usize = 1200;
/// From digits: divide and conquer above this many digits (at least 40, radix 3's chunk).
#[cfg(feature = "tiny-thresholds")]
pub const FROM_RADIX_DC: usize = 40;

/// `divrem`: Newton-reciprocal division from this many divisor limbs (Burnikel–Ziegler below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIV_MU: usize = 3500;
/// `divrem`: Newton-reciprocal division from this many divisor limbs (Burnikel–Ziegler below).
#[cfg(feature = "tiny-thresholds")]
pub const DIV_MU: usize = 4;

/// `limbs::reciprocal`: one exact division below this many limbs, a Newton step above.
#[cfg(not(feature = "tiny-thresholds"))]
pub const RECIPROCAL_EXACT: usize = 300;
/// `limbs::reciprocal`: one exact division below this many limbs, a Newton step above.
#[cfg(feature = "tiny-thresholds")]
pub const RECIPROCAL_EXACT: usize = 8;

/// `divrem`: Burnikel–Ziegler from this many divisor limbs (schoolbook below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIV_DC: usize = 32;
/// `divrem`: Burnikel–Ziegler from this many divisor limbs (schoolbook below).
#[cfg(feature = "tiny-thresholds")]
pub const DIV_DC: usize = 2;

/// Short quotients: the top parts divided approximately (`limbs/div_appr.rs`, with a guard
/// digit) for quotients below this many limbs, above the register-held divisions (exactly, by
/// divide and conquer, from here).
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIV_APPR: usize = 32;
/// Short quotients: the top parts divided approximately (`limbs/div_appr.rs`, with a guard
/// digit) for quotients below this many limbs, above the register-held divisions (exactly, by
/// divide and conquer, from here).
#[cfg(feature = "tiny-thresholds")]
pub const DIV_APPR: usize = 8;

/// `limbs::mod_1`: four limbs a step with precomputed residues from this many dividend limbs
/// (`limbs::rem_1`, one limb a step with one residue, below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MOD_1_BLOCKS: usize = 40;
/// `limbs::mod_1`: four limbs a step with precomputed residues from this many dividend limbs
/// (`limbs::rem_1`, one limb a step with one residue, below).
#[cfg(feature = "tiny-thresholds")]
pub const MOD_1_BLOCKS: usize = 6;

/// `limbs::divrem_1`: the residue method (`limbs/div_1.rs`, one product on the remainder's
/// path a limb) from this many dividend limbs (a 2/1 division a limb below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIV_1_RESIDUE: usize = 4;
/// `limbs::divrem_1`: the residue method (`limbs/div_1.rs`, one product on the remainder's
/// path a limb) from this many dividend limbs (a 2/1 division a limb below).
#[cfg(feature = "tiny-thresholds")]
pub const DIV_1_RESIDUE: usize = 1;

/// `limbs::divexact_1_to`: Hensel's method and a division from the top, interleaved, from
/// this many limbs (Hensel's method alone below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const DIVEXACT_1_BIDIRECTIONAL: usize = 28;
/// `limbs::divexact_1_to`: Hensel's method and a division from the top, interleaved, from
/// this many limbs (Hensel's method alone below).
#[cfg(feature = "tiny-thresholds")]
pub const DIVEXACT_1_BIDIRECTIONAL: usize = 2;

/// `divrem`: divisors of 2 to this many limbs kept in registers (compile-time choice).
pub const DIV_REGISTERS: usize = 6;

/// `Modulus`: fixed-width array products for moduli of up to this many limbs.
#[cfg(not(feature = "tiny-thresholds"))]
pub const MODULUS_FIXED: usize = 12;
/// `Modulus`: fixed-width array products for moduli of up to this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const MODULUS_FIXED: usize = 1;

/// `Modulus`: squares by the schoolbook square and REDC rows on slices from this many limbs
/// (the fixed-width array product, which forms every cross product twice, below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MODULUS_SQR_SLICES: usize = 8;
/// `Modulus`: squares by the schoolbook square and REDC rows on slices from this many limbs
/// (the fixed-width array product, which forms every cross product twice, below).
#[cfg(feature = "tiny-thresholds")]
pub const MODULUS_SQR_SLICES: usize = 1;

/// `Modulus` (variable time): Montgomery reduction by two products from this many limbs
/// (row-by-row REDC below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MODULUS_REDC_MUL: usize = 240;
/// `Modulus` (variable time): Montgomery reduction by two products from this many limbs
/// (row-by-row REDC below).
#[cfg(feature = "tiny-thresholds")]
pub const MODULUS_REDC_MUL: usize = 2;

// The reduction by products serves the slices, above the fixed-width moduli.
const _: () = assert!(MODULUS_REDC_MUL > MODULUS_FIXED);

/// `mul`: three-prime NTT from this many limbs of the smaller operand (Toom-4 below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_NTT: usize = 800;
/// `mul`: three-prime NTT from this many limbs of the smaller operand (Toom-4 below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_NTT: usize = 10;

/// `mul` with `a` at least 1.5 times as long as `b`: three-prime NTT from this many limbs of
/// `b` (Toom products of `b.len()`-limb pieces of `a` below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const MUL_NTT_UNBALANCED: usize = 300;
/// `mul` with `a` at least 1.5 times as long as `b`: three-prime NTT from this many limbs of
/// `b` (Toom products of `b.len()`-limb pieces of `a` below).
#[cfg(feature = "tiny-thresholds")]
pub const MUL_NTT_UNBALANCED: usize = 6;
const _: () = assert!(MUL_NTT_UNBALANCED <= MUL_NTT);

/// `sqr`: three-prime NTT from this many limbs (Toom-3 below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const SQR_NTT: usize = 700;
/// `sqr`: three-prime NTT from this many limbs (Toom-3 below).
#[cfg(feature = "tiny-thresholds")]
pub const SQR_NTT: usize = 10;

/// `Int::factorial(n)`: the prime-swing algorithm from this `n` (a product tree below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const FACTORIAL_SWING: u64 = 512;
/// `Int::factorial(n)`: the prime-swing algorithm from this `n` (a product tree below).
#[cfg(feature = "tiny-thresholds")]
pub const FACTORIAL_SWING: u64 = 2;

/// `Int::factorial(n)`: from this many limbs of `oddfac(n/2)`, the swing step is two products
/// `h·(h·swing)` rather than a square and a product `h²·swing`.
#[cfg(not(feature = "tiny-thresholds"))]
pub const FACTORIAL_TWO_PRODUCTS: usize = 1500;
/// `Int::factorial(n)`: from this many limbs of `oddfac(n/2)`, the swing step is two products
/// `h·(h·swing)` rather than a square and a product `h²·swing`.
#[cfg(feature = "tiny-thresholds")]
pub const FACTORIAL_TWO_PRODUCTS: usize = 2;

/// `Int::binomial(n, k)`: prime-power splitting from this `k` (with `n` at most
/// `BINOMIAL_PRIMES_RATIO·k` and below 2^32; the quotient of two product trees otherwise).
#[cfg(not(feature = "tiny-thresholds"))]
pub const BINOMIAL_PRIMES: u64 = 256;
/// `Int::binomial(n, k)`: prime-power splitting from this `k` (with `n` at most
/// `BINOMIAL_PRIMES_RATIO·k` and below 2^32; the quotient of two product trees otherwise).
#[cfg(feature = "tiny-thresholds")]
pub const BINOMIAL_PRIMES: u64 = 2;
/// `Int::binomial(n, k)`: prime-power splitting needs a sieve up to `n`, worth it while `n` is
/// at most this many times `k` (the result then has at least `k·log2(n/k)` bits).
pub const BINOMIAL_PRIMES_RATIO: u64 = 64;

/// `Int::gcd`: half-gcd reductions from this many limbs (Lehmer below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const GCD_HGCD: usize = 1600;
/// `Int::gcd`: half-gcd reductions from this many limbs (Lehmer below).
#[cfg(feature = "tiny-thresholds")]
pub const GCD_HGCD: usize = 3;

/// `Int::gcd_ext`, `modinv`: half-gcd reductions from this many limbs (Lehmer below).
#[cfg(not(feature = "tiny-thresholds"))]
pub const GCDEXT_HGCD: usize = 1000;
/// `Int::gcd_ext`, `modinv`: half-gcd reductions from this many limbs (Lehmer below).
#[cfg(feature = "tiny-thresholds")]
pub const GCDEXT_HGCD: usize = 3;

/// The half-gcd recursion ends in Lehmer steps at this many limbs.
#[cfg(not(feature = "tiny-thresholds"))]
pub const HGCD_BASE: usize = 100;
/// The half-gcd recursion ends in Lehmer steps at this many limbs.
#[cfg(feature = "tiny-thresholds")]
pub const HGCD_BASE: usize = 2;
