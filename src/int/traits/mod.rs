//! Implementations of other crates' traits, each behind its cargo feature: num-traits and
//! num-integer (`num-traits`), serde (`serde`), random values on rand_core (`rand`).

#[cfg(feature = "num-traits")]
mod num_traits;
#[cfg(feature = "rand")]
mod rand;
#[cfg(feature = "serde")]
mod serde;
