//! [`Uint`]: unsigned integers of a fixed number of 64-bit limbs, constant-time by default.
//!
//! Every operation whose running time could depend on the values is named `*_vartime`; the
//! others run the same instructions and touch the same memory whatever the values are (the
//! `ct` check of `make test` verifies this under valgrind). Many are `const fn`, so constants
//! can be computed at compile time.

mod add;
mod bits;
mod cmp;
mod convert;
mod div;
mod encoding;
mod fmt;
mod mul;
mod shift;

/// An unsigned integer of `LIMBS` 64-bit limbs (`64·LIMBS` bits), stored least significant
/// limb first.
///
/// Arithmetic wraps or reports overflow explicitly (`wrapping_*`, `overflowing_*`,
/// `checked_*`); `==`, `<` and friends are constant-time, as are the [`subtle`] traits.
///
/// ```
/// use carry::U256;
/// let a = U256::from_be_hex("fedcba9876543210");
/// let b = U256::from_u64(2);
/// assert_eq!(a.wrapping_mul(&b), U256::from_be_hex("1fdb97530eca86420"));
/// assert_eq!(U256::BITS, 256);
/// ```
#[derive(Clone, Copy)]
pub struct Uint<const LIMBS: usize> {
    pub(crate) limbs: [u64; LIMBS],
}

impl<const LIMBS: usize> Uint<LIMBS> {
    /// Zero.
    ///
    /// ```
    /// assert!(bool::from(carry::U128::ZERO.is_zero()));
    /// ```
    pub const ZERO: Self = Self { limbs: [0; LIMBS] };

    /// One.
    ///
    /// ```
    /// assert_eq!(carry::U128::ONE, carry::U128::from_u64(1));
    /// ```
    pub const ONE: Self = Self::from_u64(1);

    /// The largest value, 2^BITS − 1.
    ///
    /// ```
    /// assert_eq!(carry::U64::MAX, carry::U64::from_u64(u64::MAX));
    /// ```
    pub const MAX: Self = Self {
        limbs: [u64::MAX; LIMBS],
    };

    /// The width in bits.
    ///
    /// ```
    /// assert_eq!(carry::U384::BITS, 384);
    /// ```
    pub const BITS: u32 = 64 * LIMBS as u32;

    /// The width in bytes.
    ///
    /// ```
    /// assert_eq!(carry::U384::BYTES, 48);
    /// ```
    pub const BYTES: usize = 8 * LIMBS;

    /// The value with these limbs, least significant first.
    ///
    /// ```
    /// let x = carry::U128::from_words([0, 1]);
    /// assert_eq!(x, carry::U128::from_be_hex("10000000000000000"));
    /// ```
    #[inline]
    pub const fn from_words(limbs: [u64; LIMBS]) -> Self {
        Self { limbs }
    }

    /// The limbs, least significant first.
    ///
    /// ```
    /// assert_eq!(carry::U128::from_u64(5).as_words(), &[5, 0]);
    /// ```
    #[inline]
    pub const fn as_words(&self) -> &[u64; LIMBS] {
        &self.limbs
    }

    /// The limbs, least significant first, by value.
    ///
    /// ```
    /// assert_eq!(carry::U128::MAX.to_words(), [u64::MAX; 2]);
    /// ```
    #[inline]
    pub const fn to_words(self) -> [u64; LIMBS] {
        self.limbs
    }
}

impl<const LIMBS: usize> Default for Uint<LIMBS> {
    /// Zero.
    ///
    /// ```
    /// assert_eq!(carry::U192::default(), carry::U192::ZERO);
    /// ```
    fn default() -> Self {
        Self::ZERO
    }
}

/// 64-bit unsigned integer.
pub type U64 = Uint<1>;
/// 128-bit unsigned integer.
pub type U128 = Uint<2>;
/// 192-bit unsigned integer.
pub type U192 = Uint<3>;
/// 256-bit unsigned integer.
pub type U256 = Uint<4>;
/// 320-bit unsigned integer.
pub type U320 = Uint<5>;
/// 384-bit unsigned integer.
pub type U384 = Uint<6>;
/// 448-bit unsigned integer.
pub type U448 = Uint<7>;
/// 512-bit unsigned integer.
pub type U512 = Uint<8>;
/// 576-bit unsigned integer.
pub type U576 = Uint<9>;
/// 768-bit unsigned integer.
pub type U768 = Uint<12>;
/// 1024-bit unsigned integer.
pub type U1024 = Uint<16>;
/// 1536-bit unsigned integer.
pub type U1536 = Uint<24>;
/// 2048-bit unsigned integer.
pub type U2048 = Uint<32>;
/// 3072-bit unsigned integer.
pub type U3072 = Uint<48>;
/// 4096-bit unsigned integer.
pub type U4096 = Uint<64>;
