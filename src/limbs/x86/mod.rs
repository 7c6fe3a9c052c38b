//! x86_64 kernels. Addition and subtraction of limb vectors run one ADC/SBB chain (any x86_64).
//! The multiplication kernels use MULX, ADCX and ADOX (BMI2 + ADX): two independent carry chains
//! let one pass over the product row add both the low and the high halves; they are selected at
//! run time by [`has_bmi2_adx`]. The portable twins in `add.rs` and `mul.rs` are always built and
//! tests compare the two. The files split by operation as the portable ones do: `add` (carry
//! chains), `mul` (rows, fixed-size and schoolbook products and squares), `redc` (Montgomery
//! reduction rows) and `mont` (four-limb Montgomery products).

mod add;
mod mont;
mod mul;
mod redc;

pub use add::*;
pub use mont::*;
pub use mul::*;
pub use redc::*;

pub use super::cpu::{has_avx2, has_avx512f, has_bmi2_adx};
