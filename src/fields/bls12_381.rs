//! The fields of the BLS12-381 pairing-friendly curve.

crate::prime_field! {
    /// The BLS12-381 base field (381 bits). Multiplicative generator 2, 2-adicity 1.
    pub struct Fq;
    modulus = "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
    generator = 2;
}

crate::prime_field! {
    /// The BLS12-381 scalar field (255 bits). Multiplicative generator 7, 2-adicity 32.
    pub struct Fr;
    modulus = "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
    generator = 7;
}
