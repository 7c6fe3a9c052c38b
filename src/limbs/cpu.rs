//! Which instruction-set extensions the kernels use: those the CPU reports (with `std`; without
//! it, those the build targets), less those turned off by the `CARRY_CPU` environment variable
//! (with `std`; read once, at the first kernel choice) or by [`set_cpu_disabled`]. Turning an extension off makes every run-time dispatch take the next
//! kernel down, so that the AVX2 and the plain x86_64 paths can be timed and tested on a CPU
//! with AVX-512: `CARRY_CPU=noavx512 make bench`.
//!
//! `CARRY_CPU` is a comma-separated list of words: `noavx512` (AVX-512F and AVX-512 IFMA),
//! `noifma` (AVX-512 IFMA only; no kernel uses it yet), `noavx2` (AVX2 and everything above it), `noadx` (BMI2 and
//! ADX: the MULX/ADCX/ADOX kernels) and `generic` (all of them); unknown words are ignored
//! ([`parse_cpu_spec`] reports them). Only kernels of the same timing class are exchanged: on
//! the constant-time paths (the fixed-width field and Montgomery kernels) the ADX kernels and
//! their portable twins are both constant-time.
//!
//! What the override does not reach: code the compiler vectorised by itself for the target the
//! crate was compiled for (`-C target-cpu=native` lets it use AVX-512 in plain loops), and the
//! four-limb Montgomery and field kernels of a build with the `bmi2` and `adx` target features
//! enabled at compile time, where the choice of the ADX kernel is a constant (a run-time test
//! there would cost a measurable part of a 20 ns field product).

use core::sync::atomic::{AtomicU32, Ordering};

/// BMI2 and ADX: MULX, ADCX and ADOX, for the product and Montgomery kernels.
pub const CPU_ADX: u32 = 1;
/// AVX2: the 8-lane NTT butterflies.
pub const CPU_AVX2: u32 = 2;
/// AVX-512F: the 16-lane NTT butterflies and the vector carry chains of `add_n`/`sub_n`.
pub const CPU_AVX512: u32 = 4;
/// AVX-512 IFMA (52-bit multiply-add lanes).
pub const CPU_AVX512_IFMA: u32 = 8;
/// Every extension the kernels know.
pub const CPU_ALL: u32 = CPU_ADX | CPU_AVX2 | CPU_AVX512 | CPU_AVX512_IFMA;

/// Set in [`STATE`] once it holds the features in use.
const READY: u32 = 1 << 31;

/// The features in use, with [`READY`]; 0 before the first kernel choice.
static STATE: AtomicU32 = AtomicU32::new(0);

/// The extensions the kernels use now (`CPU_*` bits): the CPU's, less those disabled.
///
/// ```
/// use carry::limbs;
/// let f = limbs::cpu_features();
/// assert_eq!(f & !limbs::cpu_detected(), 0); // never more than the CPU has
/// ```
#[inline]
pub fn cpu_features() -> u32 {
    let s = STATE.load(Ordering::Relaxed);
    if s & READY != 0 {
        s & CPU_ALL
    } else {
        init()
    }
}

#[cold]
fn init() -> u32 {
    let f = cpu_detected() & !disabled_by_environment();
    // A concurrent `set_cpu_disabled` wins: only an unset state is filled in.
    #[cfg(target_has_atomic = "32")]
    let _ = STATE.compare_exchange(0, f | READY, Ordering::Relaxed, Ordering::Relaxed);
    // Without compare-and-swap (Cortex-M0) a plain store: no x86_64 feature to race on there.
    #[cfg(not(target_has_atomic = "32"))]
    STATE.store(f | READY, Ordering::Relaxed);
    STATE.load(Ordering::Relaxed) & CPU_ALL
}

/// Whether the CPU (with `std`) or the build (without) has the x86_64 extension named.
macro_rules! detect {
    ($feature:tt) => {{
        #[cfg(all(target_arch = "x86_64", feature = "std"))]
        let has = std::is_x86_feature_detected!($feature);
        #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
        let has = cfg!(target_feature = $feature);
        #[cfg(not(target_arch = "x86_64"))]
        let has = false;
        has
    }};
}

/// The extensions this CPU has (`CPU_*` bits), whatever is disabled: detected at run time
/// with `std`, those the build targets (`target_feature`) without it.
pub fn cpu_detected() -> u32 {
    let mut f = 0;
    if detect_bmi2_adx() {
        f |= CPU_ADX;
    }
    if detect!("avx2") {
        f |= CPU_AVX2;
    }
    if detect!("avx512f") {
        f |= CPU_AVX512;
        if detect!("avx512ifma") {
            f |= CPU_AVX512_IFMA;
        }
    }
    f
}

/// BMI2 and ADX, which the MULX/ADCX/ADOX kernels need together.
#[cfg_attr(
    any(not(feature = "std"), not(target_arch = "x86_64")),
    allow(clippy::nonminimal_bool, clippy::eq_op)
)]
fn detect_bmi2_adx() -> bool {
    detect!("bmi2") && detect!("adx")
}

/// The extensions `CARRY_CPU` turns off (none without `std`, which reads the environment).
fn disabled_by_environment() -> u32 {
    #[cfg(feature = "std")]
    if let Ok(spec) = std::env::var("CARRY_CPU") {
        return parse_cpu_spec(&spec).unwrap_or_else(|(bits, _)| bits);
    }
    0
}

/// Turns off the extensions in `mask` (`CPU_*` bits) and turns back on the others the CPU has;
/// `set_cpu_disabled(0)` restores them all, whatever `CARRY_CPU` said. Takes effect at the next
/// kernel choice, in every thread.
///
/// ```
/// use carry::{limbs, Int};
/// let a = Int::from(3).pow(100_000);
/// limbs::set_cpu_disabled(limbs::CPU_AVX512 | limbs::CPU_ADX);
/// let slow = &a * &a;
/// limbs::set_cpu_disabled(0);
/// assert_eq!(slow, &a * &a);
/// ```
pub fn set_cpu_disabled(mask: u32) {
    STATE.store((cpu_detected() & !mask) | READY, Ordering::Relaxed);
}

/// The `CPU_*` bits a `CARRY_CPU` value turns off, or those of its known words and the first
/// unknown word.
///
/// ```
/// use carry::limbs::{parse_cpu_spec, CPU_ADX, CPU_AVX512, CPU_AVX512_IFMA};
/// assert_eq!(parse_cpu_spec("noavx512, noadx"), Ok(CPU_AVX512 | CPU_AVX512_IFMA | CPU_ADX));
/// assert!(parse_cpu_spec("noavx512,fast").is_err());
/// ```
pub fn parse_cpu_spec(spec: &str) -> Result<u32, (u32, &str)> {
    let mut bits = 0;
    let mut unknown = None;
    for word in spec.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        // Case-insensitive, without a heap: the lowercase word, if it is short enough.
        let mut buf = [0u8; 16];
        let lower = buf.get_mut(..word.len()).map(|b| {
            b.copy_from_slice(word.as_bytes());
            b.make_ascii_lowercase();
            &*b
        });
        bits |= match lower.unwrap_or(b"") {
            b"noadx" | b"nobmi2" => CPU_ADX,
            b"noavx2" => CPU_AVX2 | CPU_AVX512 | CPU_AVX512_IFMA,
            b"noavx512" | b"noavx512f" => CPU_AVX512 | CPU_AVX512_IFMA,
            b"noifma" | b"noavx512ifma" => CPU_AVX512_IFMA,
            b"generic" | b"none" => CPU_ALL,
            _ => {
                unknown.get_or_insert(word);
                0
            }
        };
    }
    match unknown {
        None => Ok(bits),
        Some(w) => Err((bits, w)),
    }
}

/// Whether the kernels may use BMI2 and ADX (MULX, ADCX, ADOX).
#[inline]
pub fn has_bmi2_adx() -> bool {
    cpu_features() & CPU_ADX != 0
}

/// Whether the kernels may use AVX2.
#[inline]
pub fn has_avx2() -> bool {
    cpu_features() & CPU_AVX2 != 0
}

/// Whether the kernels may use AVX-512F.
#[inline]
pub fn has_avx512f() -> bool {
    cpu_features() & CPU_AVX512 != 0
}

/// The extensions the kernels use now (as [`cpu_features`]) once the feature state is set,
/// `None` before the first kernel choice. Never initialises the state, so that a dispatch can
/// leave that to a cold path out of line and save no registers around it.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn features_if_ready() -> Option<u32> {
    let s = STATE.load(Ordering::Relaxed);
    if s & READY != 0 {
        Some(s & CPU_ALL)
    } else {
        None
    }
}

/// Whether the kernels are known not to use AVX-512F: the feature state is set and AVX-512F is
/// off in it. Never initialises the state (`false` before the first kernel choice), so a caller
/// that only needs a fast path when AVX-512F is off stays free of the call that would.
#[inline]
pub fn avx512f_known_off() -> bool {
    STATE.load(Ordering::Relaxed) & (READY | CPU_AVX512) == READY
}

/// Whether the kernels are known not to use AVX2: as [`avx512f_known_off`] for AVX2.
#[inline]
pub fn avx2_known_off() -> bool {
    STATE.load(Ordering::Relaxed) & (READY | CPU_AVX2) == READY
}
