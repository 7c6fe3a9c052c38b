//! The fields of the BN254 (alt_bn128) pairing-friendly curve.

crate::prime_field! {
    /// The BN254 base field, p = 0x30644e…fd47 (254 bits). Multiplicative generator 3,
    /// 2-adicity 1.
    pub struct Fq;
    modulus = "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
    generator = 3;
}

crate::prime_field! {
    /// The BN254 scalar field, r = 0x30644e…0001 (254 bits). Multiplicative generator 5,
    /// 2-adicity 28.
    pub struct Fr;
    modulus = "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";
    generator = 5;
}
