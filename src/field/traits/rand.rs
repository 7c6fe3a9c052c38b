//! Random field elements on rand_core (feature `rand`).

/// `random`, with the `rand` feature.
#[cfg(feature = "rand")]
#[doc(hidden)]
#[macro_export]
macro_rules! __prime_field_rand {
    ($name:ident) => {
        impl $name {
            /// A uniformly random element (rejection sampling of `NUM_BITS`-bit values).
            pub fn random<R: $crate::__private::rand_core::Rng + ?Sized>(rng: &mut R) -> Self {
                let Ok(x) = Self::try_random(rng);
                x
            }

            /// A uniformly random element from a fallible generator.
            pub fn try_random<R: $crate::__private::rand_core::TryRng + ?Sized>(
                rng: &mut R,
            ) -> ::core::result::Result<Self, R::Error> {
                let mut bytes = [0u8; $name::BYTES];
                loop {
                    rng.try_fill_bytes(&mut bytes)?;
                    let top = $name::NUM_BITS % 8;
                    if top != 0 {
                        bytes[$name::BYTES - 1] &= (1u8 << top) - 1;
                    }
                    let x = Self::from_bytes_le(&bytes);
                    if bool::from(x.is_some()) {
                        return Ok(x.unwrap());
                    }
                }
            }
        }
    };
}

/// Without the `rand` feature: nothing.
#[cfg(not(feature = "rand"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __prime_field_rand {
    ($name:ident) => {};
}
