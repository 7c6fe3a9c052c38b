//! Ready-made prime fields, each made with [`prime_field!`](crate::prime_field).
#![doc = include_str!("../../docs/fields.md")]

pub mod bls12_381;
pub mod bn254;
pub mod curve25519;
pub mod p256;
pub mod secp256k1;
