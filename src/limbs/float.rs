//! The `f64` functions that `core` lacks (`std` has them as inherent methods), from the `libm`
//! crate, for builds with `alloc` but without `std`. Callers use them only for estimates that
//! are corrected exactly afterwards (digit counts, root estimates), so the last bit of their
//! rounding does not matter.

/// `log2`, `ln`, `exp2`, `powi`, `floor` and `round` for `f64` under the names of `std`'s
/// methods: a file imports this trait only when `std` is off, where the inherent ones are
/// missing.
pub(crate) trait FloatMath {
    fn log2(self) -> f64;
    fn ln(self) -> f64;
    fn exp2(self) -> f64;
    fn powi(self, n: i32) -> f64;
    fn floor(self) -> f64;
    fn round(self) -> f64;
}

impl FloatMath for f64 {
    fn log2(self) -> f64 {
        libm::log2(self)
    }
    fn ln(self) -> f64 {
        libm::log(self)
    }
    fn exp2(self) -> f64 {
        libm::exp2(self)
    }
    fn powi(self, n: i32) -> f64 {
        libm::pow(self, f64::from(n))
    }
    fn floor(self) -> f64 {
        libm::floor(self)
    }
    fn round(self) -> f64 {
        libm::round(self)
    }
}
