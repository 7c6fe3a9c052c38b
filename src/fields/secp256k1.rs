//! The fields of the secp256k1 curve (Bitcoin).

crate::prime_field! {
    /// The secp256k1 base field, p = 2^256 − 2^32 − 977. Multiplicative generator 3,
    /// 2-adicity 1.
    pub struct Fp;
    modulus = "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
    generator = 3;
}

crate::prime_field! {
    /// The secp256k1 scalar field (the group order n). Multiplicative generator 7,
    /// 2-adicity 6.
    pub struct Fn;
    modulus = "0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
    generator = 7;
}
