//! The fixed-width Montgomery engine on `[u64; N]`, below both `Modulus` (moduli of up to
//! `MODULUS_FIXED` limbs) and the prime fields: CIOS and no-carry Montgomery products, REDC,
//! and branch-free modular addition, subtraction and halving. Everything here is
//! portable `const fn` code and runs in time independent of the values; the MULX/ADX kernels
//! that replace it on x86_64 are in `limbs` (any 4-limb modulus) and in the field's `x86_64`
//! folder (kernels for particular moduli and the lazy representation).

mod add;
mod mul;

pub use add::*;
pub use mul::*;
