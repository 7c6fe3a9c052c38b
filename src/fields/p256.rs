//! The fields of the NIST P-256 (secp256r1) curve.

crate::prime_field! {
    /// The P-256 base field, p = 2^256 − 2^224 + 2^192 + 2^96 − 1. Multiplicative generator 6,
    /// 2-adicity 1.
    pub struct Fp;
    modulus = "0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
    generator = 6;
}

crate::prime_field! {
    /// The P-256 scalar field (the group order n). Multiplicative generator 7, 2-adicity 4.
    pub struct Fn;
    modulus = "0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
    generator = 7;
}
