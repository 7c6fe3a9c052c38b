//! The fields of Curve25519 / Ed25519.

crate::prime_field! {
    /// The Curve25519 base field, p = 2^255 − 19. Multiplicative generator 2, 2-adicity 2.
    pub struct Fp;
    modulus = "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed";
    generator = 2;
}

crate::prime_field! {
    /// The Ed25519 scalar field, ℓ = 2^252 + 27742317777372353535851937790883648493.
    /// Multiplicative generator 2, 2-adicity 2.
    pub struct Fn;
    modulus = "0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed";
    generator = 2;
}
