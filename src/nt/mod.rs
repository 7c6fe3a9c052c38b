//! Number theory on [`Int`](crate::Int): gcd and inverses, modular powers, roots, Jacobi
//! symbols, primality, combinatorial functions and the Chinese remainder theorem, as inherent
//! methods with GMP's semantics (`mpz_gcdext`, `mpz_invert`, `mpz_powm`, `mpz_root`, ...).

mod combinatorics;
mod crt;
mod gcd;
mod hgcd;
mod jacobi;
mod modinv;
mod modpow;
mod prime;
mod roots;
mod small_primes;

pub use gcd::gcd_limbs;
pub(crate) use gcd::{gcd_u64, stein_step};
