//! Other crates' traits for the types of [`prime_field!`](crate::prime_field), each behind its
//! cargo feature: `ff::Field` and `ff::PrimeField` (`ff`), random elements on rand_core
//! (`rand`), and the conversions from and to `Int` (`alloc`). Each is a hidden macro that
//! `prime_field!` invokes, with an empty twin when the feature is off (a `cfg` inside the
//! macro's body would test the features of the crate that invokes it, not carry's).

mod ff;
mod int;
mod rand;
