//! Formatting: [`Int::to_str_radix`], `Display`, `Debug`, `LowerHex`, `UpperHex`, `Octal`, `Binary`.
//!
//! Negative values print as `-` and the digits of the magnitude in every radix (as GMP,
//! Python and num-bigint do), not in two's complement as Rust's primitive integers do in hex.
//! Width, fill, alignment, `+`, `#` and `0` behave exactly as for primitive integers.

use super::Int;
use crate::limbs::{is_pow2_radix, to_radix, to_radix_len};
use crate::thresholds::TO_RADIX_DC;
use alloc::{string::String, vec};
use core::fmt;

/// Magnitudes of at most this many limbs are copied to the stack for the clobbering kernel.
const STACK_LIMBS: usize = 4;

/// Digit strings of at most this many bytes (all values below 2^128 in every radix) are
/// built on the stack by the formatting traits.
const STACK_DIGITS: usize = 192;

/// ASCII for each digit value, in lower or upper case; indexed by a byte so lookups never
/// need a bounds check.
const fn ascii_table(upper: bool) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut d = 0;
    while d < 36 {
        table[d] = if d < 10 {
            b'0' + d as u8
        } else if upper {
            b'A' + (d - 10) as u8
        } else {
            b'a' + (d - 10) as u8
        };
        d += 1;
    }
    table
}

const LOWER: [u8; 256] = ascii_table(false);
const UPPER: [u8; 256] = ascii_table(true);

/// An upper bound of the digits of `mag` in `radix` (at least 1, for "0").
fn digits_len(mag: &[u64], radix: u32) -> usize {
    to_radix_len(mag, radix).max(1)
}

/// Writes the digits of `mag` in `radix` as ASCII into `out` (of at least
/// [`digits_len`] bytes); returns how many.
fn write_digits(out: &mut [u8], mag: &[u64], radix: u32, table: &[u8; 256]) -> usize {
    if mag.is_empty() {
        out[0] = b'0';
        return 1;
    }
    let k = if mag.len() > TO_RADIX_DC && !is_pow2_radix(radix) {
        super::radix::to_radix_dc(out, mag, radix)
    } else if mag.len() <= STACK_LIMBS {
        let mut copy = [0u64; STACK_LIMBS];
        copy[..mag.len()].copy_from_slice(mag);
        to_radix(out, &mut copy[..mag.len()], radix)
    } else {
        to_radix(out, &mut mag.to_vec(), radix)
    };
    let digits = &mut out[..k];
    if radix <= 10 {
        digits.iter_mut().for_each(|d| *d += b'0');
    } else {
        digits.iter_mut().for_each(|d| *d = table[*d as usize]);
    }
    k
}

/// Panics unless `radix` is in `2..=36`, as `u32::from_str_radix` does.
pub(super) fn check_radix(radix: u32) {
    assert!(
        (2..=36).contains(&radix),
        "radix must be in 2..=36, got {radix}"
    );
}

impl Int {
    /// The value in `radix` with lowercase digits, `-` before negative values.
    ///
    /// # Panics
    ///
    /// If `radix` is not in `2..=36`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(Int::from(-255).to_str_radix(16), "-ff");
    /// assert_eq!(Int::from(0).to_str_radix(2), "0");
    /// assert_eq!(Int::from(35).to_str_radix(36), "z");
    /// ```
    pub fn to_str_radix(&self, radix: u32) -> String {
        check_radix(radix);
        let mag = self.as_limbs();
        let sign = usize::from(self.is_negative());
        let mut out = vec![b'-'; sign + digits_len(mag, radix)];
        let k = write_digits(&mut out[sign..], mag, radix, &LOWER);
        out.truncate(sign + k);
        String::from_utf8(out).expect("digits are ASCII")
    }

    /// Formats through `Formatter::pad_integral`, which applies width, fill, alignment and
    /// the `+`, `#` and `0` flags as for primitive integers.
    fn pad(
        &self,
        f: &mut fmt::Formatter<'_>,
        radix: u32,
        prefix: &str,
        table: &[u8; 256],
    ) -> fmt::Result {
        let mag = self.as_limbs();
        let len = digits_len(mag, radix);
        let nonneg = !self.is_negative();
        if len <= STACK_DIGITS {
            let mut buf = [0u8; STACK_DIGITS];
            let k = write_digits(&mut buf, mag, radix, table);
            f.pad_integral(nonneg, prefix, ascii(&buf[..k]))
        } else {
            let mut buf = vec![0u8; len];
            let k = write_digits(&mut buf, mag, radix, table);
            f.pad_integral(nonneg, prefix, ascii(&buf[..k]))
        }
    }
}

/// Digits written by [`write_digits`] as a `str`.
fn ascii(digits: &[u8]) -> &str {
    core::str::from_utf8(digits).expect("digits are ASCII")
}

impl fmt::Display for Int {
    /// Decimal, honouring the flags as `i128` does.
    ///
    /// ```
    /// use carry::Int;
    /// let x = Int::from(-42);
    /// assert_eq!(format!("{x}"), "-42");
    /// assert_eq!(format!("{x:>6}|{x:<6}|{x:^6}|{x:06}"), "   -42|-42   | -42  |-00042");
    /// assert_eq!(format!("{:+}", Int::from(7)), "+7");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pad(f, 10, "", &LOWER)
    }
}

impl fmt::Debug for Int {
    /// The same as `Display`, as for primitive integers and num-bigint's `BigInt`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(format!("{:?}", Int::from(-42)), "-42");
    /// assert_eq!(format!("{:?}", Some(Int::from(7))), "Some(7)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::LowerHex for Int {
    /// Lowercase hexadecimal of the magnitude, `-` before negative values; `#` adds `0x`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(format!("{:#x}", Int::from(-255)), "-0xff");
    /// assert_eq!(format!("{:08x}", Int::from(255)), "000000ff");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pad(f, 16, "0x", &LOWER)
    }
}

impl fmt::UpperHex for Int {
    /// Uppercase hexadecimal of the magnitude, `-` before negative values; `#` adds `0x`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(format!("{:#X}", Int::from(-255)), "-0xFF");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pad(f, 16, "0x", &UPPER)
    }
}

impl fmt::Octal for Int {
    /// Octal of the magnitude, `-` before negative values; `#` adds `0o`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(format!("{:#o}", Int::from(-8)), "-0o10");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pad(f, 8, "0o", &LOWER)
    }
}

impl fmt::Binary for Int {
    /// Binary of the magnitude, `-` before negative values; `#` adds `0b`.
    ///
    /// ```
    /// use carry::Int;
    /// assert_eq!(format!("{:#b}", Int::from(-5)), "-0b101");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pad(f, 2, "0b", &LOWER)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: [i128; 14] = [
        0,
        1,
        -1,
        7,
        -7,
        42,
        -42,
        255,
        -256,
        i64::MAX as i128,
        i64::MIN as i128,
        u64::MAX as i128 + 1,
        i128::MAX,
        i128::MIN + 1,
    ];

    /// `$x` formatted with width `$w` and every combination of fill and alignment, `+`, `#`
    /// and `0`, each paired with its spec.
    macro_rules! every_spec {
        ($x:expr, $ty:literal, $w:expr) => {
            vec![
                ("", format!(concat!("{:w$", $ty, "}"), $x, w = $w)),
                ("0", format!(concat!("{:0w$", $ty, "}"), $x, w = $w)),
                ("#", format!(concat!("{:#w$", $ty, "}"), $x, w = $w)),
                ("#0", format!(concat!("{:#0w$", $ty, "}"), $x, w = $w)),
                ("+", format!(concat!("{:+w$", $ty, "}"), $x, w = $w)),
                ("+0", format!(concat!("{:+0w$", $ty, "}"), $x, w = $w)),
                ("+#", format!(concat!("{:+#w$", $ty, "}"), $x, w = $w)),
                ("+#0", format!(concat!("{:+#0w$", $ty, "}"), $x, w = $w)),
                ("<", format!(concat!("{:<w$", $ty, "}"), $x, w = $w)),
                ("<0", format!(concat!("{:<0w$", $ty, "}"), $x, w = $w)),
                ("<#", format!(concat!("{:<#w$", $ty, "}"), $x, w = $w)),
                ("<#0", format!(concat!("{:<#0w$", $ty, "}"), $x, w = $w)),
                ("<+", format!(concat!("{:<+w$", $ty, "}"), $x, w = $w)),
                ("<+0", format!(concat!("{:<+0w$", $ty, "}"), $x, w = $w)),
                ("<+#", format!(concat!("{:<+#w$", $ty, "}"), $x, w = $w)),
                ("<+#0", format!(concat!("{:<+#0w$", $ty, "}"), $x, w = $w)),
                ("^", format!(concat!("{:^w$", $ty, "}"), $x, w = $w)),
                ("^0", format!(concat!("{:^0w$", $ty, "}"), $x, w = $w)),
                ("^#", format!(concat!("{:^#w$", $ty, "}"), $x, w = $w)),
                ("^#0", format!(concat!("{:^#0w$", $ty, "}"), $x, w = $w)),
                ("^+", format!(concat!("{:^+w$", $ty, "}"), $x, w = $w)),
                ("^+0", format!(concat!("{:^+0w$", $ty, "}"), $x, w = $w)),
                ("^+#", format!(concat!("{:^+#w$", $ty, "}"), $x, w = $w)),
                ("^+#0", format!(concat!("{:^+#0w$", $ty, "}"), $x, w = $w)),
                (">", format!(concat!("{:>w$", $ty, "}"), $x, w = $w)),
                (">0", format!(concat!("{:>0w$", $ty, "}"), $x, w = $w)),
                (">#", format!(concat!("{:>#w$", $ty, "}"), $x, w = $w)),
                (">#0", format!(concat!("{:>#0w$", $ty, "}"), $x, w = $w)),
                (">+", format!(concat!("{:>+w$", $ty, "}"), $x, w = $w)),
                (">+0", format!(concat!("{:>+0w$", $ty, "}"), $x, w = $w)),
                (">+#", format!(concat!("{:>+#w$", $ty, "}"), $x, w = $w)),
                (">+#0", format!(concat!("{:>+#0w$", $ty, "}"), $x, w = $w)),
                ("_^", format!(concat!("{:_^w$", $ty, "}"), $x, w = $w)),
                ("_^0", format!(concat!("{:_^0w$", $ty, "}"), $x, w = $w)),
                ("_^#", format!(concat!("{:_^#w$", $ty, "}"), $x, w = $w)),
                ("_^#0", format!(concat!("{:_^#0w$", $ty, "}"), $x, w = $w)),
                ("_^+", format!(concat!("{:_^+w$", $ty, "}"), $x, w = $w)),
                ("_^+0", format!(concat!("{:_^+0w$", $ty, "}"), $x, w = $w)),
                ("_^+#", format!(concat!("{:_^+#w$", $ty, "}"), $x, w = $w)),
                ("_^+#0", format!(concat!("{:_^+#0w$", $ty, "}"), $x, w = $w)),
            ]
        };
    }

    #[test]
    fn display_matches_i128_for_every_flag() {
        for &x in &VALUES {
            for w in 0..45 {
                assert_eq!(
                    every_spec!(Int::from(x), "", w),
                    every_spec!(x, "", w),
                    "{x} width {w}"
                );
            }
            assert_eq!(format!("{:.3}", Int::from(x)), format!("{x:.3}"));
        }
    }

    #[test]
    fn radix_traits_match_u128_for_every_flag_on_non_negatives() {
        for &x in VALUES.iter().filter(|&&x| x >= 0) {
            let (int, prim) = (Int::from(x), x as u128);
            for w in 0..135 {
                assert_eq!(
                    every_spec!(&int, "x", w),
                    every_spec!(prim, "x", w),
                    "{x} width {w}"
                );
                assert_eq!(
                    every_spec!(&int, "X", w),
                    every_spec!(prim, "X", w),
                    "{x} width {w}"
                );
                assert_eq!(
                    every_spec!(&int, "o", w),
                    every_spec!(prim, "o", w),
                    "{x} width {w}"
                );
                assert_eq!(
                    every_spec!(&int, "b", w),
                    every_spec!(prim, "b", w),
                    "{x} width {w}"
                );
            }
        }
    }

    #[test]
    fn negative_radix_formats_put_sign_then_prefix_then_zeros() {
        let x = Int::from(-255);
        assert_eq!(format!("{x:x}"), "-ff");
        assert_eq!(format!("{x:#x}"), "-0xff");
        assert_eq!(format!("{x:#X}"), "-0xFF");
        assert_eq!(format!("{x:#010x}"), "-0x00000ff");
        assert_eq!(format!("{x:010x}"), "-0000000ff");
        assert_eq!(format!("{x:>8x}"), "     -ff");
        assert_eq!(format!("{x:*<#8x}"), "-0xff***");
        assert_eq!(format!("{x:+#o}"), "-0o377");
        assert_eq!(format!("{x:#b}"), "-0b11111111");
        assert_eq!(format!("{:+#x}", Int::from(255)), "+0xff");
    }

    #[test]
    fn negative_radix_formats_are_sign_and_magnitude() {
        for &x in VALUES.iter().filter(|&&x| x < 0) {
            let (int, mag) = (Int::from(x), x.unsigned_abs());
            assert_eq!(format!("{int:x}"), format!("-{mag:x}"));
            assert_eq!(format!("{int:X}"), format!("-{mag:X}"));
            assert_eq!(format!("{int:o}"), format!("-{mag:o}"));
            assert_eq!(format!("{int:b}"), format!("-{mag:b}"));
        }
    }

    #[test]
    fn to_str_radix_matches_std_in_every_radix() {
        for radix in 2..=36 {
            for &x in &VALUES {
                let mag = x.unsigned_abs();
                let expected = format!(
                    "{}{}",
                    if x < 0 { "-" } else { "" },
                    u128_in_radix(mag, radix)
                );
                assert_eq!(
                    Int::from(x).to_str_radix(radix),
                    expected,
                    "{x} in radix {radix}"
                );
            }
        }
    }

    fn u128_in_radix(mut x: u128, radix: u32) -> String {
        let mut digits = Vec::new();
        loop {
            digits.push(char::from_digit((x % u128::from(radix)) as u32, radix).unwrap());
            x /= u128::from(radix);
            if x == 0 {
                return digits.iter().rev().collect();
            }
        }
    }

    #[test]
    fn large_values_format_through_the_heap_path() {
        let x = -(Int::from(1) << 1000u32);
        let bin = format!("{x:b}");
        assert_eq!(bin.len(), 1002);
        assert_eq!(&bin[..3], "-10");
        assert!(bin[2..].bytes().all(|b| b == b'0'));
        assert_eq!(format!("{x:#x}"), format!("-0x1{}", "0".repeat(250)));
        assert_eq!(x.to_str_radix(32), format!("-1{}", "0".repeat(200)));
        assert_eq!(x.to_string(), "-10715086071862673209484250490600018105614048117055336074437503883703510511249361224931983788156958581275946729175531468251871452856923140435984577574698574803934567774824230985421074605062371141877954182153046474983581941267398767559165543946077062914571196477686542167660429831652624386837205668069376");
    }

    #[test]
    #[should_panic(expected = "radix must be in 2..=36")]
    fn radix_37_panics() {
        Int::from(1).to_str_radix(37);
    }

    #[test]
    #[should_panic(expected = "radix must be in 2..=36")]
    fn radix_1_panics() {
        Int::from(1).to_str_radix(1);
    }
}
