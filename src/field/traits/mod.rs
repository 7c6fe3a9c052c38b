//! Other crates' traits for the types of [`prime_field!`](crate::prime_field), each behind its
//! cargo feature: `ff::Field` and `ff::PrimeField` (`ff`), random elements on rand_core
//! (`rand`). Each is a hidden macro that `prime_field!` invokes, with an empty twin when the
//! feature is off.

mod ff;
mod rand;
