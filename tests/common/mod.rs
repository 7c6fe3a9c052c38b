//! Shared helpers for the differential and property tests: a seeded PRNG, operand
//! generators producing `(carry::Int, rug::Integer)` pairs, and failure reporting that
//! says how to re-run the failing case.
//!
//! Every test binary that includes this module uses a different subset of it.
#![allow(dead_code)]

use carry::Int;
use rug::integer::Order;
use rug::Integer;
use std::io::Write;
use std::sync::OnceLock;

/// The run's seed: `CARRY_SEED` (decimal or `0x` hex) or, if unset, the clock.
pub fn seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| {
        let seed = match std::env::var("CARRY_SEED") {
            Ok(s) => {
                let s = s.trim();
                let parsed = match s.strip_prefix("0x") {
                    Some(h) => u64::from_str_radix(h, 16),
                    None => s.parse(),
                };
                parsed.unwrap_or_else(|_| panic!("CARRY_SEED={s:?} is not a u64"))
            }
            Err(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0x5eed),
        };
        // Straight to stderr, past the test harness's output capture, so every run shows it.
        let _ = writeln!(std::io::stderr(), "CARRY_SEED={seed}");
        seed
    })
}

/// The case-count multiplier: `CARRY_SCALE` (a float), default 1.0.
pub fn scale() -> f64 {
    static SCALE: OnceLock<f64> = OnceLock::new();
    *SCALE.get_or_init(|| match std::env::var("CARRY_SCALE") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("CARRY_SCALE={s:?} is not a number")),
        Err(_) => 1.0,
    })
}

/// `n` scaled by `CARRY_SCALE`, at least 1.
pub fn cases(n: usize) -> usize {
    ((n as f64 * scale()).round() as usize).max(1)
}

/// Reports the number of checks a test made, one per operation on one set of operands
/// (visible with `--nocapture`).
pub fn report(test: &str, checks: u64) {
    eprintln!("{test}: {checks} checks (CARRY_SEED={})", seed());
}

/// Panics with `msg` and the command that reproduces the run.
#[track_caller]
pub fn fail(msg: &str) -> ! {
    let exe = std::env::current_exe().ok();
    let stem = exe
        .as_ref()
        .and_then(|p| p.file_stem())
        .and_then(|s| s.to_str())
        .unwrap_or("");
    let binary = stem.rsplit_once('-').map_or(stem, |(name, _hash)| name);
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("");
    panic!(
        "{msg}\n  reproduce with: CARRY_SEED={} cargo test --release --test {binary} -- --exact {test}",
        seed()
    )
}

/// splitmix64.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for one test: the run's seed mixed with the test's name, so each test
    /// has its own stream and is reproducible alone.
    pub fn for_test(name: &str) -> Rng {
        let mut h = seed() ^ 0x9e37_79b9_7f4a_7c15;
        for b in name.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn next_u128(&mut self) -> u128 {
        (u128::from(self.next_u64()) << 64) | u128::from(self.next_u64())
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    pub fn bool(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }

    /// True with probability `num/den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// The crossovers of the subquadratic products and squares in `carry::thresholds`: operand
/// sizes around them (and around their multiples, where a split operand's parts reach them)
/// are tested.
pub const PRODUCT_THRESHOLDS: [usize; 5] = {
    use carry::thresholds::{MUL_KARATSUBA, MUL_TOOM3, MUL_TOOM4, SQR_KARATSUBA, SQR_TOOM3};
    [
        MUL_KARATSUBA,
        MUL_TOOM3,
        MUL_TOOM4,
        SQR_KARATSUBA,
        SQR_TOOM3,
    ]
};

/// Operand sizes in limbs: 1 to 12, and around every threshold `t` of [`PRODUCT_THRESHOLDS`]
/// (`t - 1`, `t`, `t + 1`, and `2t ± 1`, `3t ± 1` where a split operand's parts reach `t`).
pub fn sizes() -> &'static [usize] {
    static SIZES: OnceLock<Vec<usize>> = OnceLock::new();
    SIZES.get_or_init(|| {
        let mut v: Vec<usize> = (1..=12).collect();
        for t in PRODUCT_THRESHOLDS {
            for m in [t, 2 * t, 3 * t] {
                v.extend([m.saturating_sub(1), m, m + 1]);
            }
        }
        v.retain(|&n| n > 0);
        v.sort_unstable();
        v.dedup();
        v
    })
}

/// A limb count in `0..=max`, mostly small, sometimes one of [`sizes`] (capped at `max`).
pub fn limb_count(rng: &mut Rng, max: usize) -> usize {
    match rng.below(10) {
        0..=3 => rng.range(0, 4.min(max) as u64) as usize,
        4..=6 => rng.range(0, 12.min(max) as u64) as usize,
        _ => {
            let n = *rng.pick(sizes());
            n.min(max)
        }
    }
}

/// An integer from little-endian limbs.
pub fn from_limbs(limbs: &[u64]) -> Integer {
    Integer::from_digits(limbs, Order::Lsf)
}

/// A magnitude of exactly `n` limbs (top limb nonzero) in one of several shapes.
pub fn magnitude(rng: &mut Rng, n: usize) -> Integer {
    if n == 0 {
        return Integer::new();
    }
    let bits = 64 * n as u32;
    let mut limbs = vec![0u64; n];
    match rng.below(8) {
        // Random limbs.
        0..=2 => limbs.iter_mut().for_each(|l| *l = rng.next_u64()),
        // Striped: long runs of ones and zeros.
        3 => {
            let mut i = 0;
            let mut one = rng.bool();
            while i < bits {
                let max_run = if rng.bool() { 8 } else { 200 };
                let run = rng.range(1, max_run) as u32;
                if one {
                    for b in i..(i + run).min(bits) {
                        limbs[(b / 64) as usize] |= 1 << (b % 64);
                    }
                }
                i += run;
                one = !one;
            }
        }
        // All-ones limbs, sometimes with a few limbs cleared or random.
        4 => {
            limbs.iter_mut().for_each(|l| *l = u64::MAX);
            if rng.bool() {
                let i = rng.below(n as u64) as usize;
                limbs[i] = if rng.bool() { 0 } else { rng.next_u64() };
            }
        }
        // 2^k - 1, 2^k, 2^k + 1 in the top limb's range.
        5 => {
            let k = bits - 1 - rng.below(64) as u32;
            let x = (Integer::from(1) << k) + rng.range(0, 2) - 1;
            return ensure_len(x, n, rng);
        }
        // Sparse: a few bits set.
        6 => {
            for _ in 0..rng.range(1, 4) {
                let b = rng.below(u64::from(bits)) as u32;
                limbs[(b / 64) as usize] |= 1 << (b % 64);
            }
        }
        // Small values in the top limb, random or extreme low limbs.
        _ => {
            for l in limbs.iter_mut() {
                let r = rng.next_u64();
                *l = *rng.pick(&[0, 1, u64::MAX, 1 << 63, r]);
            }
            limbs[n - 1] = rng.range(1, 3);
        }
    }
    ensure_len(from_limbs(&limbs), n, rng)
}

/// `x` forced to exactly `n` limbs by setting a random bit of the top limb if it is shorter.
fn ensure_len(mut x: Integer, n: usize, rng: &mut Rng) -> Integer {
    let bits = 64 * n as u32;
    if x.significant_bits() > bits {
        x.keep_bits_mut(bits);
    }
    if x.significant_bits() <= bits - 64 {
        x.set_bit(bits - 1 - rng.below(64) as u32, true);
    }
    x
}

/// A value near a representation boundary: 0, ±1, ±(2^k ± 1) for k around the limb and
/// inline-storage boundaries (64, 128, 192, 256) or random k.
pub fn special(rng: &mut Rng) -> Integer {
    let x = match rng.below(4) {
        0 => Integer::from(rng.below(3)),
        1 | 2 => {
            let k = *rng.pick(&[63u32, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257]);
            (Integer::from(1) << k) + rng.range(0, 2) - 1
        }
        _ => {
            let k = rng.below(64 * 12) as u32;
            (Integer::from(1) << k) + rng.range(0, 2) - 1
        }
    };
    with_sign(rng, x)
}

fn with_sign(rng: &mut Rng, x: Integer) -> Integer {
    if rng.bool() {
        -x
    } else {
        x
    }
}

/// A signed operand of at most `max_limbs` limbs in one of the generator's shapes.
pub fn integer(rng: &mut Rng, max_limbs: usize) -> Integer {
    if rng.chance(1, 6) {
        let x = special(rng);
        if x.significant_bits() as usize <= 64 * max_limbs {
            return x;
        }
    }
    let n = limb_count(rng, max_limbs);
    let m = magnitude(rng, n);
    with_sign(rng, m)
}

/// Like [`integer`], but never zero.
pub fn nonzero(rng: &mut Rng, max_limbs: usize) -> Integer {
    loop {
        let x = integer(rng, max_limbs.max(1));
        if x != 0 {
            return x;
        }
    }
}

/// `x` as a carry `Int`, through `from_limbs` of its magnitude and negation.
pub fn to_int(x: &Integer) -> Int {
    let m = Int::from_limbs(&x.as_abs().to_digits::<u64>(Order::Lsf));
    if *x < 0 {
        -m
    } else {
        m
    }
}

/// `x` as a rug `Integer`, through `as_limbs` and the sign.
pub fn to_rug(x: &Int) -> Integer {
    let m = from_limbs(x.as_limbs());
    if x.is_negative() {
        -m
    } else {
        m
    }
}

/// A pair of equal values.
pub fn pair(rng: &mut Rng, max_limbs: usize) -> (Int, Integer) {
    let r = integer(rng, max_limbs);
    (to_int(&r), r)
}

/// Hex for messages.
pub fn hx(x: &Integer) -> String {
    format!("{x:#x}")
}

/// Hex of an `Int` for messages (through `as_limbs`, not carry's formatting).
pub fn ihx(x: &Int) -> String {
    let neg = if x.is_negative() { "-" } else { "" };
    format!(
        "{neg}{:#x} (limbs {:x?})",
        from_limbs(x.as_limbs()),
        x.as_limbs()
    )
}

/// Checks that `got` equals `want` and is in canonical form (normalised limbs, no negative
/// zero); `what` describes the operation and operands.
#[track_caller]
pub fn check(got: &Int, want: &Integer, what: impl FnOnce() -> String) {
    let limbs = got.as_limbs();
    let canonical = limbs.last() != Some(&0) && !(limbs.is_empty() && got.is_negative());
    if !canonical || to_rug(got) != *want {
        fail(&format!(
            "{}\n  got  {}{}\n  want {}",
            what(),
            ihx(got),
            if canonical { "" } else { " (not canonical)" },
            hx(want)
        ));
    }
}

/// Checks a plain value.
#[track_caller]
pub fn check_eq<T: PartialEq + std::fmt::Debug>(got: T, want: T, what: impl FnOnce() -> String) {
    if got != want {
        fail(&format!("{}\n  got  {got:?}\n  want {want:?}", what()));
    }
}

/// A primitive integer type with a generator biased to its extremes and small values.
pub trait Prim: Copy {
    fn random(rng: &mut Rng) -> Self;
}

macro_rules! impl_prim {
    ($($t:ty)*) => {$(
        impl Prim for $t {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, clippy::cast_possible_wrap)]
            fn random(rng: &mut Rng) -> $t {
                match rng.below(8) {
                    0 => 0,
                    1 => <$t>::MAX,
                    2 => <$t>::MIN,
                    3 => *rng.pick(&[<$t>::MAX - 1, <$t>::MIN.wrapping_add(1), 1, (0 as $t).wrapping_sub(1)]),
                    4 => (rng.below(21) as i64 - 10) as $t,
                    5 => rng.next_u128() as $t,
                    _ => (rng.next_u128() >> rng.below(128)) as $t,
                }
            }
        }
    )*};
}
impl_prim!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
