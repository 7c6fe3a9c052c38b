//! [`prime_field!`](crate::prime_field) and its helpers (hidden, named through `$crate` so the
//! macro works in crates whose only dependency is carry).

/// Defines a prime-field element type with every Montgomery constant computed at compile time.
///
/// ```
/// carry::prime_field! {
///     /// The field of integers modulo 2^127 − 1.
///     pub struct F127;
///     modulus = "0x7fffffffffffffffffffffffffffffff";
/// }
///
/// let a = F127::from_u64(3);
/// let b = F127::from_int(&carry::Int::from(-1));
/// assert_eq!(a + b, F127::from_u64(2));
/// assert_eq!((a * a.invert().unwrap()), F127::ONE);
/// assert_eq!(b.to_string(), "170141183460469231731687303715884105726");
/// assert_eq!(F127::NUM_BITS, 127);
/// ```
///
/// The modulus is a string: decimal, or hex after `0x` (underscores allowed). It must be an
/// odd prime of at most 4096 bits; an even or composite modulus, one below 3 or bad text is a
/// compile error. Primality is decided at compile time by trial division and the Baillie–PSW
/// test (a strong test to base 2 and an extra strong Lucas test; no composite is known to pass
/// it). That costs compile time: measured with `cargo check` on an AMD EPYC (Zen 4), about
/// 0.7 s of CPU for a six-limb modulus and 4 s for a twelve-limb one, on top of the 2.5 s and
/// 8 s that such a field's other constants take. An optional `generator = 7;` line names the
/// multiplicative generator that `ff::PrimeField` (feature `ff`) reports; by default it is the
/// least quadratic non-residue (a generator whenever that non-residue is one; the fields of
/// [`carry::fields`](crate::fields) give theirs).
///
/// The type is `Copy` and has: the constants `ZERO`, `ONE`, `MODULUS` (a [`Uint`](crate::Uint)),
/// `NUM_BITS`, `BYTES`; `from_u64`, `from_uint`, `from_int` (all reduce), `to_uint`, `to_int`;
/// `from_bytes_le`/`from_bytes_be` (`CtOption`, values ≥ p rejected), `from_bytes_wide`
/// (`2·BYTES` little-endian bytes reduced), `to_bytes_le`/`to_bytes_be`; `+ - * -x` by value
/// and by reference with the `*Assign` forms, `double`, `square`, `invert` (constant-time,
/// `CtOption`), `invert_vartime`, `pow`/`pow_vartime` (little-endian `u64` exponent limbs),
/// `sqrt` (constant-time, `CtOption`), `legendre`, `is_zero`, `batch_invert`, `random`;
/// `FromStr`, `Display` (canonical decimal), `Debug`, `Sum`, `Product`, `ConstantTimeEq`,
/// `ConditionallySelectable`, `Zeroize`, `Default`, `Eq`, and (feature `ff`) `ff::Field` and
/// `ff::PrimeField`. Everything is constant-time except what is named `*_vartime`, the text
/// conversions and `random`. See [`carry::fields`](crate::fields) for a page of examples.
///
/// A four-limb modulus below 2^254 or a six-limb one below 2^381 makes a "lazy" field: elements are kept in [0, 2p) between
/// operations (the product skips its final subtraction); comparisons, encodings and the
/// conversions out reduce first, so nothing observable differs.
///
/// A composite modulus does not compile:
///
/// ```compile_fail,E0080
/// carry::prime_field! {
///     pub struct Z15;
///     modulus = "15";
/// }
/// ```
///
/// not even one that passes Fermat's and Miller–Rabin's tests to the bases 2, 3, 5 and 7 and
/// has no factor below 100, such as 3215031751 = 151·751·28351:
///
/// ```compile_fail,E0080
/// carry::prime_field! {
///     pub struct Pseudo;
///     modulus = "3215031751";
/// }
/// ```
///
/// (while the prime 3215031767 next to it does:)
///
/// ```
/// carry::prime_field! {
///     pub struct Prime;
///     modulus = "3215031767";
/// }
/// assert_eq!(Prime::from_u64(3215031768), Prime::ONE);
/// ```
#[macro_export]
macro_rules! prime_field {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident;
        modulus = $modulus:literal;
        $(generator = $generator:literal;)?
    ) => {
        $(#[$attr])*
        #[derive(Clone, Copy)]
        $vis struct $name($crate::Uint<{ $crate::__private::limbs_of($modulus) }>);

        #[allow(long_running_const_eval)]
        const _: () = {
            let params =
                $crate::__private::Params::<{ $crate::__private::limbs_of($modulus) }>::new($modulus);
            assert!(params.is_probable_prime(), "prime_field!: the modulus is not prime");
        };

        #[allow(dead_code)]
        impl $name {
            /// Zero.
            pub const ZERO: Self = Self($crate::Uint::ZERO);
            /// One.
            pub const ONE: Self = Self($crate::Uint::from_words(Self::PARAMS.r));
            /// The modulus p.
            pub const MODULUS: $crate::Uint<{ $crate::__private::limbs_of($modulus) }> =
                $crate::Uint::from_words(Self::PARAMS.modulus);
            /// The bit length of p.
            pub const NUM_BITS: u32 = Self::PARAMS.bits;
            /// The byte length of an encoded element, ⌈NUM_BITS / 8⌉.
            pub const BYTES: usize = $crate::__private::bytes_of($modulus);
            #[allow(long_running_const_eval)]
            const PARAMS: $crate::__private::Params<{ $crate::__private::limbs_of($modulus) }> =
                $crate::__private::Params::new($modulus);
            #[allow(long_running_const_eval)]
            const SQRT: $crate::__private::SqrtParams<{ $crate::__private::limbs_of($modulus) }> =
                $crate::__private::SqrtParams::new(&Self::PARAMS);

            /// The element `x mod p`.
            pub const fn from_u64(x: u64) -> Self {
                Self::from_uint(&$crate::Uint::from_u64(x))
            }

            /// The element `x mod p`.
            pub const fn from_uint(x: &$crate::Uint<{ $crate::__private::limbs_of($modulus) }>) -> Self {
                Self($crate::Uint::from_words(Self::PARAMS.to_mont(x.as_words())))
            }

            /// The canonical value in `[0, p)`.
            pub const fn to_uint(&self) -> $crate::Uint<{ $crate::__private::limbs_of($modulus) }> {
                $crate::Uint::from_words(Self::PARAMS.from_mont(self.0.as_words()))
            }

            /// The element encoded by `BYTES` little-endian bytes; none if the value is ≥ p.
            pub fn from_bytes_le(bytes: &[u8; $crate::__private::bytes_of($modulus)]) -> $crate::subtle::CtOption<Self> {
                let (m, ok) = $crate::__private::from_canonical(&$crate::Uint::from_le_slice(bytes), &Self::PARAMS);
                $crate::subtle::CtOption::new(Self($crate::Uint::from_words(m)), ok)
            }

            /// The element encoded by `BYTES` big-endian bytes; none if the value is ≥ p.
            pub fn from_bytes_be(bytes: &[u8; $crate::__private::bytes_of($modulus)]) -> $crate::subtle::CtOption<Self> {
                let (m, ok) = $crate::__private::from_canonical(&$crate::Uint::from_be_slice(bytes), &Self::PARAMS);
                $crate::subtle::CtOption::new(Self($crate::Uint::from_words(m)), ok)
            }

            /// The element `x mod p` for the `2·BYTES` little-endian bytes `x`: uniform when the
            /// bytes are.
            pub fn from_bytes_wide(bytes: &[u8; 2 * $crate::__private::bytes_of($modulus)]) -> Self {
                Self($crate::Uint::from_words($crate::__private::from_wide_le(bytes, &Self::PARAMS)))
            }

            /// The canonical value as `BYTES` little-endian bytes.
            pub fn to_bytes_le(&self) -> [u8; $crate::__private::bytes_of($modulus)] {
                let mut out = [0u8; $crate::__private::bytes_of($modulus)];
                $crate::__private::to_le_bytes(self.0.as_words(), &Self::PARAMS, &mut out);
                out
            }

            /// The canonical value as `BYTES` big-endian bytes.
            pub fn to_bytes_be(&self) -> [u8; $crate::__private::bytes_of($modulus)] {
                let mut out = self.to_bytes_le();
                out.reverse();
                out
            }

            /// `2·self`.
            pub const fn double(&self) -> Self {
                let m = &Self::PARAMS.bound;
                Self($crate::Uint::from_words($crate::__private::arith::add_portable(self.0.as_words(), self.0.as_words(), m)))
            }

            /// `self / 2`.
            pub const fn half(&self) -> Self {
                Self($crate::Uint::from_words($crate::__private::arith::half(self.0.as_words(), &Self::PARAMS.modulus)))
            }

            /// `self²`.
            #[inline]
            pub fn square(&self) -> Self {
                Self($crate::Uint::from_words($crate::__private::mont::sqr(self.0.as_words(), &Self::PARAMS)))
            }

            /// `self⁻¹`, none for zero; constant-time (safegcd).
            pub fn invert(&self) -> $crate::subtle::CtOption<Self> {
                $crate::subtle::CtOption::new(self.invert_or_zero(), !self.is_zero())
            }

            /// `self⁻¹`, zero for zero; constant-time (safegcd).
            fn invert_or_zero(&self) -> Self {
                Self($crate::Uint::from_words($crate::__private::inv::invert::<{ $crate::__private::limbs_of($modulus) }, { $crate::__private::inv::width($crate::__private::limbs_of($modulus)) }>(
                    self.0.as_words(),
                    &Self::PARAMS,
                )))
            }

            /// `self⁻¹`, `None` for zero; variable-time.
            pub fn invert_vartime(&self) -> Option<Self> {
                $crate::__private::inv::invert_vartime(self.0.as_words(), &Self::PARAMS)
                    .map(|r| Self($crate::Uint::from_words(r)))
            }

            /// `self^e` for the little-endian limbs `e`; constant-time in `self` and the bits of `e`.
            pub fn pow(&self, e: &[u64]) -> Self {
                Self($crate::Uint::from_words($crate::__private::pow::pow(self.0.as_words(), e, &Self::PARAMS)))
            }

            /// `self^e` for the little-endian limbs `e`; variable-time in `e`.
            pub fn pow_vartime(&self, e: &[u64]) -> Self {
                Self($crate::Uint::from_words($crate::__private::pow::pow_vartime(self.0.as_words(), e, &Self::PARAMS)))
            }

            /// A square root, none if `self` is not a square; constant-time.
            pub fn sqrt(&self) -> $crate::subtle::CtOption<Self> {
                let (r, ok) = $crate::__private::sqrt::sqrt(self.0.as_words(), &Self::PARAMS, &Self::SQRT);
                $crate::subtle::CtOption::new(Self($crate::Uint::from_words(r)), ok)
            }

            /// The Legendre symbol: 1 for a nonzero square, −1 for a non-square, 0 for zero.
            pub fn legendre(&self) -> i8 {
                $crate::__private::legendre(self.0.as_words(), &Self::PARAMS)
            }

            /// Whether `self` is zero.
            pub fn is_zero(&self) -> $crate::subtle::Choice {
                self.canonical().is_zero()
            }

            /// The Montgomery form reduced into `[0, p)` (a lazy field keeps it below 2p).
            #[inline]
            fn canonical(&self) -> $crate::Uint<{ $crate::__private::limbs_of($modulus) }> {
                $crate::Uint::from_words(Self::PARAMS.canonical(self.0.as_words()))
            }

            /// Inverts every element in place with one inversion (Montgomery's trick); zeros
            /// stay zero.
            pub fn batch_invert(xs: &mut [Self]) {
                $crate::__private::batch_invert(
                    xs,
                    Self::ONE,
                    |x| x.is_zero(),
                    |a, b| *a * *b,
                    |x| x.invert_or_zero(),
                );
            }

            #[inline]
            fn add_(&self, rhs: &Self) -> Self {
                Self($crate::Uint::from_words($crate::__private::arith::add(self.0.as_words(), rhs.0.as_words(), &Self::PARAMS)))
            }

            #[inline]
            fn sub_(&self, rhs: &Self) -> Self {
                Self($crate::Uint::from_words($crate::__private::arith::sub(self.0.as_words(), rhs.0.as_words(), &Self::PARAMS.bound)))
            }

            #[inline]
            fn mul_(&self, rhs: &Self) -> Self {
                Self($crate::Uint::from_words($crate::__private::mont::mul(self.0.as_words(), rhs.0.as_words(), &Self::PARAMS)))
            }

            #[inline]
            fn neg_(&self) -> Self {
                Self($crate::Uint::from_words($crate::__private::arith::neg(self.0.as_words(), &Self::PARAMS.bound)))
            }
        }

        $crate::__field_binop!($name, Add, add, AddAssign, add_assign, add_);
        $crate::__field_binop!($name, Sub, sub, SubAssign, sub_assign, sub_);
        $crate::__field_binop!($name, Mul, mul, MulAssign, mul_assign, mul_);

        impl ::core::ops::Neg for $name {
            type Output = $name;
            fn neg(self) -> $name {
                self.neg_()
            }
        }

        impl ::core::ops::Neg for &$name {
            type Output = $name;
            fn neg(self) -> $name {
                self.neg_()
            }
        }

        impl ::core::iter::Sum for $name {
            fn sum<I: Iterator<Item = $name>>(iter: I) -> $name {
                iter.fold($name::ZERO, |a, b| a + b)
            }
        }

        impl<'a> ::core::iter::Sum<&'a $name> for $name {
            fn sum<I: Iterator<Item = &'a $name>>(iter: I) -> $name {
                iter.fold($name::ZERO, |a, b| a + b)
            }
        }

        impl ::core::iter::Product for $name {
            fn product<I: Iterator<Item = $name>>(iter: I) -> $name {
                iter.fold($name::ONE, |a, b| a * b)
            }
        }

        impl<'a> ::core::iter::Product<&'a $name> for $name {
            fn product<I: Iterator<Item = &'a $name>>(iter: I) -> $name {
                iter.fold($name::ONE, |a, b| a * b)
            }
        }

        impl $crate::subtle::ConstantTimeEq for $name {
            fn ct_eq(&self, other: &Self) -> $crate::subtle::Choice {
                $crate::subtle::ConstantTimeEq::ct_eq(&self.canonical(), &other.canonical())
            }
        }

        impl $crate::subtle::ConditionallySelectable for $name {
            fn conditional_select(a: &Self, b: &Self, choice: $crate::subtle::Choice) -> Self {
                Self($crate::subtle::ConditionallySelectable::conditional_select(&a.0, &b.0, choice))
            }
        }

        impl ::core::cmp::PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.canonical() == other.canonical()
            }
        }

        impl ::core::cmp::Eq for $name {}

        impl ::core::default::Default for $name {
            fn default() -> Self {
                Self::ZERO
            }
        }

        impl ::core::convert::From<u64> for $name {
            fn from(x: u64) -> Self {
                Self::from_u64(x)
            }
        }

        impl $crate::zeroize::Zeroize for $name {
            fn zeroize(&mut self) {
                $crate::zeroize::Zeroize::zeroize(&mut self.0);
            }
        }

        impl ::core::fmt::Display for $name {
            /// The canonical value in decimal.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&self.to_uint(), f)
            }
        }

        impl ::core::fmt::Debug for $name {
            /// `Name(0x…)`, the canonical value in hex.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}({:#x})", stringify!($name), self.to_uint())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::ParseUintError;

            /// Decimal, or hex after `0x`; values outside `[0, p)` are rejected.
            fn from_str(s: &str) -> ::core::result::Result<Self, $crate::ParseUintError> {
                let x: $crate::Uint<{ $crate::__private::limbs_of($modulus) }> = s.parse()?;
                let (m, ok) = $crate::__private::from_canonical(&x, &Self::PARAMS);
                if bool::from(ok) {
                    Ok(Self($crate::Uint::from_words(m)))
                } else {
                    Err($crate::ParseUintError::OutOfRange)
                }
            }
        }

        $crate::__prime_field_int!($name);
        $crate::__prime_field_rand!($name);
        $crate::__prime_field_ff!($name, $modulus, [$($generator)?]);
    };
}

/// The four by-value/by-reference forms of one binary operator and its two `*Assign` forms.
#[doc(hidden)]
#[macro_export]
macro_rules! __field_binop {
    ($name:ident, $Op:ident, $op:ident, $OpAssign:ident, $op_assign:ident, $f:ident) => {
        impl ::core::ops::$Op<$name> for $name {
            type Output = $name;
            #[inline]
            fn $op(self, rhs: $name) -> $name {
                self.$f(&rhs)
            }
        }
        impl ::core::ops::$Op<&$name> for $name {
            type Output = $name;
            #[inline]
            fn $op(self, rhs: &$name) -> $name {
                self.$f(rhs)
            }
        }
        impl ::core::ops::$Op<$name> for &$name {
            type Output = $name;
            #[inline]
            fn $op(self, rhs: $name) -> $name {
                self.$f(&rhs)
            }
        }
        impl ::core::ops::$Op<&$name> for &$name {
            type Output = $name;
            #[inline]
            fn $op(self, rhs: &$name) -> $name {
                self.$f(rhs)
            }
        }
        impl ::core::ops::$OpAssign<$name> for $name {
            #[inline]
            fn $op_assign(&mut self, rhs: $name) {
                *self = self.$f(&rhs);
            }
        }
        impl ::core::ops::$OpAssign<&$name> for $name {
            #[inline]
            fn $op_assign(&mut self, rhs: &$name) {
                *self = self.$f(rhs);
            }
        }
    };
}
