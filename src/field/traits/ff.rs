//! The zkcrypto `ff::Field` and `ff::PrimeField` traits (feature `ff`).

/// `ff::Field` and `ff::PrimeField`, with the `ff` feature.
#[cfg(feature = "ff")]
#[doc(hidden)]
#[macro_export]
macro_rules! __prime_field_ff {
    ($name:ident, $modulus:literal, [$($generator:literal)?]) => {
        impl $name {
            #[allow(long_running_const_eval)]
            const GENERATOR: Self = {
                let given: &[u64] = &[$($generator)?];
                if given.is_empty() {
                    Self($crate::Uint::from_words(Self::PARAMS.least_nonresidue()))
                } else {
                    Self::from_u64(given[0])
                }
            };
        }

        impl $crate::__private::ff::Field for $name {
            const ZERO: Self = $name::ZERO;
            const ONE: Self = $name::ONE;

            fn try_random<R: $crate::__private::rand_core::TryRng + ?Sized>(
                rng: &mut R,
            ) -> ::core::result::Result<Self, R::Error> {
                $name::try_random(rng)
            }

            fn square(&self) -> Self {
                $name::square(self)
            }

            fn double(&self) -> Self {
                $name::double(self)
            }

            fn invert(&self) -> $crate::subtle::CtOption<Self> {
                $name::invert(self)
            }

            fn sqrt(&self) -> $crate::subtle::CtOption<Self> {
                $name::sqrt(self)
            }

            /// As `ff::helpers::sqrt_ratio_generic` (with `ROOT_OF_UNITY` as the non-square
            /// G_S), without its `assert!` and `unwrap`, which branch on the secret results.
            fn sqrt_ratio(num: &Self, div: &Self) -> ($crate::subtle::Choice, Self) {
                use $crate::subtle::ConditionallySelectable;
                let a = div.invert_or_zero() * num;
                let b = a * <Self as $crate::__private::ff::PrimeField>::ROOT_OF_UNITY;
                let (sqrt_a, sqrt_b) = (a.sqrt(), b.sqrt());
                let is_square = sqrt_a.is_some();
                let root = Self::conditional_select(
                    &sqrt_b.unwrap_or(Self::ZERO),
                    &sqrt_a.unwrap_or(Self::ZERO),
                    is_square,
                );
                (is_square & (num.is_zero() | !div.is_zero()), root)
            }

            fn pow<S: AsRef<[u64]>>(&self, exp: S) -> Self {
                $name::pow(self, exp.as_ref())
            }

            fn pow_vartime<S: AsRef<[u64]>>(&self, exp: S) -> Self {
                $name::pow_vartime(self, exp.as_ref())
            }
        }

        impl $crate::__private::ff::PrimeField for $name {
            type Repr = $crate::FieldBytes<{ $crate::__private::bytes_of($modulus) }>;

            const MODULUS: &'static str = $modulus;
            const NUM_BITS: u32 = $name::NUM_BITS;
            const CAPACITY: u32 = $name::NUM_BITS - 1;
            const TWO_INV: Self = $name::ONE.half();
            const MULTIPLICATIVE_GENERATOR: Self = $name::GENERATOR;
            const S: u32 = $name::PARAMS.s;
            #[allow(long_running_const_eval)]
            const ROOT_OF_UNITY: Self = Self($crate::Uint::from_words(
                $name::PARAMS.pow_const(
                    $name::GENERATOR.0.as_words(),
                    $crate::Uint::from_words($name::PARAMS.modulus).shr_vartime($name::PARAMS.s).as_words(),
                ),
            ));
            #[allow(long_running_const_eval)]
            const ROOT_OF_UNITY_INV: Self = {
                // The root has order 2^S: its inverse is its (2^S − 1)-th power.
                let root = <Self as $crate::__private::ff::PrimeField>::ROOT_OF_UNITY.0;
                let p = &$name::PARAMS;
                let mut acc = p.r;
                let mut i = 0;
                while i < p.s {
                    acc = p.mul_const(&p.square_times(&acc, 1), root.as_words());
                    i += 1;
                }
                Self($crate::Uint::from_words(acc))
            };
            #[allow(long_running_const_eval)]
            const DELTA: Self = Self($crate::Uint::from_words(
                $name::PARAMS.square_times($name::GENERATOR.0.as_words(), $name::PARAMS.s),
            ));

            fn from_repr(repr: Self::Repr) -> $crate::subtle::CtOption<Self> {
                $name::from_bytes_le(&repr.0)
            }

            fn to_repr(&self) -> Self::Repr {
                $crate::FieldBytes(self.to_bytes_le())
            }

            fn is_odd(&self) -> $crate::subtle::Choice {
                self.to_uint().is_odd()
            }
        }
    };
}

/// Without the `ff` feature: nothing.
#[cfg(not(feature = "ff"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __prime_field_ff {
    ($name:ident, $modulus:literal, [$($generator:literal)?]) => {};
}
