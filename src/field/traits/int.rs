//! Conversions between field elements and [`Int`](crate::Int) (feature `alloc`).

/// `from_int` and `to_int`, with the `alloc` feature.
#[cfg(feature = "alloc")]
#[doc(hidden)]
#[macro_export]
macro_rules! __prime_field_int {
    ($name:ident) => {
        impl $name {
            /// The element `x mod p` (for negative `x` too: the result is in `[0, p)`).
            pub fn from_int(x: &$crate::Int) -> Self {
                Self($crate::Uint::from_words($crate::__private::from_int(
                    x,
                    &Self::PARAMS,
                )))
            }

            /// The canonical value in `[0, p)` as an [`Int`]($crate::Int).
            pub fn to_int(&self) -> $crate::Int {
                $crate::Int::from(&self.to_uint())
            }
        }
    };
}

/// Without the `alloc` feature: nothing.
#[cfg(not(feature = "alloc"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __prime_field_int {
    ($name:ident) => {};
}
