//! Constant-time check under valgrind memcheck, in the manner of libsecp256k1's ctime_tests:
//! every secret input is marked undefined with a Valgrind client request, so memcheck reports
//! any branch ("Conditional jump or move depends on uninitialised value(s)") or memory index
//! ("Use of uninitialised value") that depends on it. Results are marked defined again before
//! they are looked at.
//!
//! Run by `make ct`: `valgrind --error-exitcode=42 target/release/examples/ctgrind` must pass,
//! and `... ctgrind vartime`, which runs the same harness on variable-time functions, must be
//! reported (so the harness is known to detect leaks). Without valgrind the requests do
//! nothing and the binary just runs.
//!
//! One function per checked operation; add new ones to `CHECKS`.

use carry::fields::{bls12_381, bn254, curve25519, p256, secp256k1};
use carry::{U256, U384};
use ff::PrimeField;
use std::hint::black_box;
use subtle::{ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess};

/// Valgrind client requests (valgrind.h, amd64): the magic rotation sequence is a no-op on a
/// real CPU and a request under valgrind.
mod valgrind {
    const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001;
    const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;

    #[cfg(target_arch = "x86_64")]
    fn request(args: &[u64; 6]) -> u64 {
        let result: u64;
        // SAFETY: rdi rotates by 3 + 13 + 61 + 51 = 128 bits (back to itself) and
        // `xchg rbx, rbx` exchanges a register with itself: without valgrind nothing changes
        // but the flags; under valgrind, the sequence is the client request whose arguments
        // rax points to (six readable u64), with the result in rdx.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") 0u64 => result,
                in("rax") args.as_ptr(),
                inout("rdi") 0u64 => _,
            );
        }
        result
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn request(_: &[u64; 6]) -> u64 {
        0
    }

    /// Marks the bytes of `x` undefined: secret from here on.
    pub fn secret<T>(x: &T) {
        let p = x as *const T as u64;
        request(&[MAKE_MEM_UNDEFINED, p, size_of::<T>() as u64, 0, 0, 0]);
    }

    /// Marks the limbs of `x` undefined: secret from here on (the slice's length stays public).
    pub fn secret_limbs(x: &[u64]) {
        let p = x.as_ptr() as u64;
        request(&[MAKE_MEM_UNDEFINED, p, size_of_val(x) as u64, 0, 0, 0]);
    }

    /// Marks the bytes of `x` defined again (declassified), so that they can be inspected.
    pub fn public<T>(x: &T) {
        let p = x as *const T as u64;
        request(&[MAKE_MEM_DEFINED, p, size_of::<T>() as u64, 0, 0, 0]);
    }
}

use valgrind::{public, secret, secret_limbs};

/// Two fixed, distinct, nonzero values of F (a square and whatever comes).
fn inputs<F: PrimeField>() -> (F, F) {
    let a = F::from(0x1234_5678_9abc_def0).square() + F::from(7);
    let b = F::from(0x0fed_cba9_8765_4321) * a + F::from(3);
    (a, b)
}

/// Runs `f` on secret inputs and declassifies its result.
fn on_secrets<F: PrimeField, R>(f: impl Fn(F, F) -> R) {
    let (a, b) = inputs::<F>();
    secret(&a);
    secret(&b);
    let r = f(black_box(a), black_box(b));
    public(&r);
    black_box(&r);
}

fn field_mul<F: PrimeField>() {
    on_secrets(|a: F, b: F| a * b);
}

fn field_square<F: PrimeField>() {
    on_secrets(|a: F, _: F| a.square());
}

fn field_add<F: PrimeField>() {
    on_secrets(|a: F, b: F| a + b);
}

fn field_sub<F: PrimeField>() {
    on_secrets(|a: F, b: F| a - b);
}

fn field_neg<F: PrimeField>() {
    on_secrets(|a: F, _: F| -a);
}

fn field_double<F: PrimeField>() {
    on_secrets(|a: F, _: F| a.double());
}

fn field_invert<F: PrimeField>() {
    on_secrets(|a: F, _: F| a.invert());
}

/// The divstep kernel of `invert` on secret words (CMOV on x86_64).
fn limbs_divsteps() {
    let (zeta, f, g) = (-1i64, 0x1234_5678_9abc_def1i64, 0x0fed_cba9_8765_4321i64);
    secret(&zeta);
    secret(&f);
    secret(&g);
    let r = carry::__private::divstep::divsteps::<19>(black_box(zeta), black_box(f), black_box(g));
    let s = carry::__private::divstep::divsteps::<62>(black_box(zeta), black_box(f), black_box(g));
    public(&r);
    public(&s);
    black_box((r, s));
}

fn invert_vartime_leaks() {
    on_secrets(|a: bn254::Fq, _| a.invert_vartime());
}

fn field_pow<F: PrimeField>() {
    // The exponent is secret too.
    let e = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210];
    secret(&e);
    on_secrets(|a: F, _: F| a.pow(e));
}

fn field_sqrt<F: PrimeField>() {
    on_secrets(|a: F, _: F| a.sqrt());
    on_secrets(|a: F, b: F| (a * b.square() * F::MULTIPLICATIVE_GENERATOR).sqrt());
}

fn field_from_repr<F: PrimeField>() {
    let (a, _) = inputs::<F>();
    let repr = a.to_repr();
    secret(&repr);
    let r = F::from_repr(black_box(repr));
    public(&r);
    black_box(&r);
}

fn field_ct_eq<F: PrimeField>() {
    on_secrets(|a: F, b: F| a.ct_eq(&b));
    on_secrets(|a: F, b: F| F::conditional_select(&a, &b, a.ct_eq(&b)));
}

fn field_is_odd<F: PrimeField>() {
    on_secrets(|a: F, _: F| a.is_odd());
}

fn field_is_zero<F: PrimeField>() {
    on_secrets(|a: F, _: F| a.is_zero());
}

fn field_vartime_leaks<F: PrimeField>() {
    on_secrets(|a: F, e: F| {
        a.pow_vartime(
            e.to_repr().as_ref()[..8]
                .iter()
                .map(|&x| x as u64)
                .collect::<Vec<_>>(),
        )
    });
}

/// The byte decoders that are not in `ff` (from_repr is `from_bytes_le`).
macro_rules! bytes_checks {
    ($($f:ident: $F:ty,)*) => {$(
        fn $f() {
            let (a, _) = inputs::<$F>();
            let be = a.to_bytes_be();
            let wide = [a.to_bytes_le(), a.to_bytes_be()].concat();
            let wide: [u8; 2 * <$F>::BYTES] = wide.try_into().unwrap();
            secret(&be);
            secret(&wide);
            let r = (<$F>::from_bytes_be(black_box(&be)), <$F>::from_bytes_wide(black_box(&wide)));
            public(&r);
            black_box(&r);
        }
    )*};
}

bytes_checks! {
    bytes_bn254: bn254::Fq,
    bytes_bls12_381: bls12_381::Fq,
    bytes_secp256k1: secp256k1::Fp,
    bytes_curve25519: curve25519::Fp,
    bytes_p256: p256::Fn,
}

/// Runs `f` on two secret `Uint`s and a secret shift amount.
fn on_uints<U: Copy, R>(a: U, b: U, f: impl Fn(U, U, u32) -> R) {
    let k = 77u32;
    secret(&a);
    secret(&b);
    secret(&k);
    let r = f(black_box(a), black_box(b), black_box(k));
    public(&r);
    black_box(&r);
}

fn uint_a() -> U256 {
    U256::from_be_hex("8000000000000000fedcba98765432100123456789abcdef0000000000000001")
}

fn uint_b() -> U256 {
    U256::from_be_hex("f0000000000000001111111111111111")
}

fn uint_arith() {
    on_uints(uint_a(), uint_b(), |a, b, _| a.overflowing_add(&b));
    on_uints(uint_a(), uint_b(), |a, b, _| a.overflowing_sub(&b));
    on_uints(uint_a(), uint_b(), |a, _, _| a.wrapping_neg());
    on_uints(uint_a(), uint_b(), |a, b, _| a.checked_add(&b));
    on_uints(uint_a(), uint_b(), |a, b, _| a.checked_sub(&b));
}

fn uint_mul() {
    on_uints(uint_a(), uint_b(), |a, b, _| a.widening_mul(&b));
    on_uints(uint_a(), uint_b(), |a, _, _| a.square_wide());
    on_uints(uint_a(), uint_b(), |a, b, _| a.wrapping_mul(&b));
    on_uints(uint_a(), uint_b(), |a, b, _| a.checked_mul(&b));
    on_uints(uint_a(), uint_b(), |a, b, _| a.overflowing_mul(&b));
}

fn uint_shift() {
    on_uints(uint_a(), uint_b(), |a, _, k| a.shl(k));
    on_uints(uint_a(), uint_b(), |a, _, k| a.shr(k));
    on_uints(uint_a(), uint_b(), |a, _, k| (a << k, a >> k));
}

fn uint_bits() {
    on_uints(uint_a(), uint_b(), |a, _, _| {
        (a.bits(), a.leading_zeros(), a.trailing_zeros())
    });
    on_uints(uint_a(), uint_b(), |a, _, _| {
        (a.bit(5), a.is_zero(), a.is_odd())
    });
    on_uints(uint_a(), uint_b(), |a, b, _| (a & b, a | b, a ^ b, !a));
}

fn uint_cmp() {
    on_uints(uint_a(), uint_b(), |a, b, _| {
        (a.ct_eq(&b), a.ct_lt(&b), a.ct_gt(&b))
    });
    on_uints(uint_a(), uint_b(), |a, b, _| {
        U256::conditional_select(&a, &b, a.ct_lt(&b))
    });
    on_uints(uint_a(), uint_b(), |a, b, _| a.cmp(&b));
}

fn uint_div() {
    on_uints(uint_a(), uint_b(), |a, b, _| a.checked_div_rem(&b));
    let (a, b) = (U384::MAX, U384::from_u64(3));
    on_uints(a, b, |a, b, _| a.checked_div_rem(&b));
}

fn uint_bytes() {
    let bytes = uint_a().to_be_bytes();
    let bytes: [u8; 32] = bytes.try_into().unwrap();
    secret(&bytes);
    let r = (U256::from_be_slice(&bytes), U256::from_le_slice(&bytes));
    public(&r);
    black_box(&r);
}

fn uint_vartime_leaks() {
    on_uints(uint_a(), uint_b(), |a, b, _| a.div_rem_vartime(&b));
}

/// The checks of one field, by operation name.
type FieldChecks = [(&'static str, fn()); 13];

/// Every field operation on one field.
macro_rules! field_checks {
    ($F:ty) => {
        [
            ("mul", field_mul::<$F> as fn()),
            ("square", field_square::<$F>),
            ("add", field_add::<$F>),
            ("sub", field_sub::<$F>),
            ("neg", field_neg::<$F>),
            ("double", field_double::<$F>),
            ("invert", field_invert::<$F>),
            ("pow", field_pow::<$F>),
            ("sqrt", field_sqrt::<$F>),
            ("from_repr", field_from_repr::<$F>),
            ("ct_eq", field_ct_eq::<$F>),
            ("is_odd", field_is_odd::<$F>),
            ("is_zero", field_is_zero::<$F>),
        ]
    };
}

fn main() {
    let vartime = std::env::args().nth(1).as_deref() == Some("vartime");
    // Valgrind hides ADX from CPUID, so the field kernels run under it only when compiled in
    // (`make ct` runs both builds).
    let adx = cfg!(all(target_feature = "bmi2", target_feature = "adx"));
    println!(
        "ctgrind: field kernels {}",
        if adx {
            "MULX/ADX (compiled in)"
        } else {
            "as detected at run time"
        }
    );
    let mut checks: Vec<(String, fn())> = Vec::new();
    if vartime {
        // Variable-time functions: memcheck must report these.
        checks.push(("bn254 pow_vartime".into(), field_vartime_leaks::<bn254::Fq>));
        checks.push(("U256 div_rem_vartime".into(), uint_vartime_leaks));
        checks.push((
            "Modulus::pow_vartime 2048".into(),
            modulus_pow_vartime_leaks,
        ));
        checks.push(("bn254 invert_vartime".into(), invert_vartime_leaks));
    } else {
        let fields: [(&str, FieldChecks); 8] = [
            ("bn254::Fq", field_checks!(bn254::Fq)),
            ("bn254::Fr", field_checks!(bn254::Fr)),
            ("bls12_381::Fq", field_checks!(bls12_381::Fq)),
            ("bls12_381::Fr", field_checks!(bls12_381::Fr)),
            ("secp256k1::Fp", field_checks!(secp256k1::Fp)),
            ("p256::Fp", field_checks!(p256::Fp)),
            ("curve25519::Fp", field_checks!(curve25519::Fp)),
            ("curve25519::Fn", field_checks!(curve25519::Fn)),
        ];
        for (field, ops) in fields {
            for (op, f) in ops {
                checks.push((format!("{field} {op}"), f));
            }
        }
        let more: [(&str, fn()); 19] = [
            ("bytes bn254", bytes_bn254),
            ("bytes bls12_381", bytes_bls12_381),
            ("bytes secp256k1", bytes_secp256k1),
            ("bytes curve25519", bytes_curve25519),
            ("bytes p256", bytes_p256),
            ("U256 add/sub", uint_arith),
            ("U256 mul", uint_mul),
            ("U256 shifts", uint_shift),
            ("U256 bits", uint_bits),
            ("U256 compare", uint_cmp),
            ("Uint div_rem", uint_div),
            ("U256 bytes", uint_bytes),
            ("bn254 batch_invert", batch_invert),
            ("Modulus::pow 2048", modulus_pow_2048),
            ("Modulus::pow 768 (fixed width)", modulus_pow_768),
            ("Modulus::pow 256 (fixed width)", modulus_pow_256),
            ("Modulus::pow 128 (fixed width)", modulus_pow_128),
            ("Modulus::pow 64 (one word)", modulus_pow_64),
            ("limbs divsteps", limbs_divsteps),
        ];
        checks.extend(more.into_iter().map(|(n, f)| (n.to_string(), f)));
    }
    for (name, f) in &checks {
        eprintln!("ctgrind: {name}");
        f();
    }
    eprintln!("ctgrind: {} checks run", checks.len());
}

fn batch_invert() {
    let (a, b) = inputs::<bn254::Fq>();
    let mut xs = [a, b, bn254::Fq::ZERO, a * b];
    secret(&xs);
    bn254::Fq::batch_invert(black_box(&mut xs));
    public(&xs);
    black_box(&xs);
}

/// `Modulus::pow_into` on a 2048-bit modulus (public) with a secret base and exponent. The
/// exponent's bit length is public by contract (the running time may depend on it), so its top
/// limb stays defined; every other limb of the exponent and all of the base are secret.
fn modulus_pow_2048() {
    modulus_pow::<32>(true);
}

/// The same on 768-, 256- and 128-bit moduli, which take the fixed-width products (the 4-limb
/// MULX/ADX kernels where the build has them, the unrolled CIOS otherwise; 12 limbs is the
/// longest that does, `MODULUS_FIXED`). In the tiny-thresholds build all three take the slices.
fn modulus_pow_768() {
    modulus_pow::<12>(true);
}

fn modulus_pow_256() {
    modulus_pow::<4>(true);
}

fn modulus_pow_128() {
    modulus_pow::<2>(true);
}

fn modulus_pow_64() {
    modulus_pow::<1>(true);
}

/// The same with the variable-time `Modulus::pow_vartime` (sliding windows): must be reported.
fn modulus_pow_vartime_leaks() {
    modulus_pow::<32>(false);
}

fn modulus_pow<const N: usize>(ct: bool) {
    let limbs = |seed: u64, count: usize| -> Vec<u64> {
        let mut x = seed;
        (0..count)
            .map(|_| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                x ^ (x >> 29)
            })
            .collect()
    };
    let mut m = limbs(1, N);
    m[0] |= 1;
    m[N - 1] |= 1 << 63;
    let m = carry::Int::from_limbs(&m);
    let modulus = carry::Modulus::new(&m).expect("odd modulus");
    let mut base = limbs(2, N);
    base[N - 1] >>= 1;
    let base = carry::Int::from_limbs(&base);
    // At least two limbs, so that a one-limb modulus has a secret exponent limb too.
    let e = N.max(2);
    let mut exp = limbs(3, e);
    exp[e - 1] |= 1 << 63;
    let exp = carry::Int::from_limbs(&exp);
    secret_limbs(base.as_limbs());
    secret_limbs(&exp.as_limbs()[..e - 1]);
    let mut out = [0u64; N];
    if ct {
        modulus.pow_into(black_box(&base), black_box(&exp), &mut out);
    } else {
        let r = modulus.pow_vartime(black_box(&base), black_box(&exp));
        out[..r.as_limbs().len()].copy_from_slice(r.as_limbs());
    }
    public(&out);
    black_box(&out);
}
