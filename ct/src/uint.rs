//! Every constant-time function of `Uint` at 256, 576 and 4096 bits: arithmetic, shifts (with a
//! secret amount), bit queries, comparisons, selection, the byte encodings and the conversions.

use crate::{on1, on2, public, secret, Checks};
use carry::{Int, Uint};
use std::hint::black_box;
use subtle::{ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess};
use zeroize::Zeroize;

/// Limbs of a fixed pseudo-random sequence.
fn words<const L: usize>(seed: u64) -> [u64; L] {
    let mut x = seed;
    core::array::from_fn(|_| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        x ^ (x >> 29)
    })
}

/// A full-width value (top bit set) and one of about half the width.
fn inputs<const L: usize>() -> (Uint<L>, Uint<L>) {
    let mut a = words::<L>(1);
    a[L - 1] |= 1 << 63;
    let mut b = words::<L>(2);
    for w in &mut b[L.div_ceil(2)..] {
        *w = 0;
    }
    b[0] |= 1;
    (Uint::from_words(a), Uint::from_words(b))
}

/// A secret shift amount.
const SHIFT: u32 = 77;

/// The checks of `Uint<L>`, named `name`.
fn width<const L: usize>(c: &mut Checks, name: &str) {
    let n = |f: &str| format!("{name}::{f}");
    let a = || inputs::<L>().0;
    let b = || inputs::<L>().1;
    c.add(n("overflowing_add"), move || {
        on2(a(), b(), |a, b| a.overflowing_add(&b))
    });
    c.add(n("wrapping_add"), move || {
        on2(a(), b(), |a, b| a.wrapping_add(&b))
    });
    c.add(n("checked_add"), move || {
        on2(a(), b(), |a, b| a.checked_add(&b))
    });
    c.add(n("overflowing_sub"), move || {
        on2(a(), b(), |a, b| a.overflowing_sub(&b))
    });
    c.add(n("wrapping_sub"), move || {
        on2(a(), b(), |a, b| a.wrapping_sub(&b))
    });
    c.add(n("checked_sub"), move || {
        on2(a(), b(), |a, b| b.checked_sub(&a))
    });
    c.add(n("wrapping_neg"), move || on1(a(), |a| a.wrapping_neg()));
    c.add(n("widening_mul"), move || {
        on2(a(), b(), |a, b| a.widening_mul(&b))
    });
    c.add(n("square_wide"), move || on1(a(), |a| a.square_wide()));
    c.add(n("wrapping_mul"), move || {
        on2(a(), b(), |a, b| a.wrapping_mul(&b))
    });
    c.add(n("overflowing_mul"), move || {
        on2(a(), b(), |a, b| a.overflowing_mul(&b))
    });
    c.add(n("checked_mul"), move || {
        on2(a(), b(), |a, b| a.checked_mul(&b))
    });
    c.add(n("div_rem"), move || {
        // The divisor's zero test before the division is its one branch (the panic); the
        // division itself with a secret divisor is checked_div_rem's.
        let b = b();
        on1(a(), move |a| a.div_rem(&b))
    });
    c.add(n("checked_div_rem"), move || {
        on2(a(), b(), |a, b| a.checked_div_rem(&b))
    });
    c.add(n("shl"), move || on2(a(), SHIFT, |a, k| a.shl(k)));
    c.add(n("shr"), move || on2(a(), SHIFT, |a, k| a.shr(k)));
    c.add(n("Shl"), move || on2(a(), SHIFT, |a, k| a << k));
    c.add(n("Shr"), move || on2(a(), SHIFT, |a, k| a >> k));
    c.add(n("ShlAssign"), move || {
        on2(a(), SHIFT, |mut a, k| {
            a <<= k;
            a
        })
    });
    c.add(n("ShrAssign"), move || {
        on2(a(), SHIFT, |mut a, k| {
            a >>= k;
            a
        })
    });
    c.add(n("bits"), move || on1(b(), |b| b.bits()));
    c.add(n("leading_zeros"), move || on1(b(), |b| b.leading_zeros()));
    c.add(n("trailing_zeros"), move || {
        on1(b() << 70, |b| b.trailing_zeros())
    });
    c.add(n("bit"), move || on1(a(), |a| a.bit(SHIFT))); // the index is public
    c.add(n("is_zero"), move || on1(a(), |a| a.is_zero()));
    c.add(n("is_odd"), move || on1(a(), |a| a.is_odd()));
    c.add(n("BitAnd"), move || on2(a(), b(), |a, b| a & b));
    c.add(n("BitOr"), move || on2(a(), b(), |a, b| a | b));
    c.add(n("BitXor"), move || on2(a(), b(), |a, b| a ^ b));
    c.add(n("Not"), move || on1(a(), |a| !a));
    c.add(n("BitAndAssign"), move || {
        on2(a(), b(), |mut a, b| {
            a &= b;
            a
        })
    });
    c.add(n("BitOrAssign"), move || {
        on2(a(), b(), |mut a, b| {
            a |= b;
            a
        })
    });
    c.add(n("BitXorAssign"), move || {
        on2(a(), b(), |mut a, b| {
            a ^= b;
            a
        })
    });
    c.add(n("ct_eq"), move || {
        on2(a(), b(), |a, b| (a.ct_eq(&b), a.ct_eq(&a)))
    });
    c.add(n("ct_lt"), move || {
        on2(a(), b(), |a, b| (a.ct_lt(&b), b.ct_lt(&a)))
    });
    c.add(n("ct_gt"), move || {
        on2(a(), b(), |a, b| (a.ct_gt(&b), b.ct_gt(&a)))
    });
    c.add(n("conditional_select"), move || {
        on2(a(), b(), |a, b| {
            Uint::conditional_select(&a, &b, a.ct_lt(&b))
        })
    });
    c.add(n("eq"), move || on2(a(), b(), |a, b| (a == b, a != b)));
    c.add(n("cmp"), move || {
        on2(a(), b(), |a, b| {
            (a.cmp(&b), a.partial_cmp(&b), a < b, a >= b)
        })
    });
    c.add(n("from_be_slice"), move || {
        let bytes = a().to_be_bytes();
        secret(&bytes[..]);
        let r = Uint::<L>::from_be_slice(black_box(&bytes));
        public(&r);
    });
    c.add(n("from_le_slice"), move || {
        let bytes = a().to_le_bytes();
        secret(&bytes[..]);
        let r = Uint::<L>::from_le_slice(black_box(&bytes));
        public(&r);
    });
    c.add(n("write_be_bytes"), move || {
        on1(a(), |a| {
            let mut out = [0u8; 1024];
            a.write_be_bytes(&mut out[..8 * L]);
            out
        })
    });
    c.add(n("write_le_bytes"), move || {
        on1(a(), |a| {
            let mut out = [0u8; 1024];
            a.write_le_bytes(&mut out[..8 * L]);
            out
        })
    });
    c.add(n("to_be_bytes"), move || {
        on1(a(), |a| declassify(a.to_be_bytes()))
    });
    c.add(n("to_le_bytes"), move || {
        on1(a(), |a| declassify(a.to_le_bytes()))
    });
    c.add(n("from_u64"), move || {
        on1(0x8765_4321_u64, Uint::<L>::from_u64)
    });
    c.add(n("From<u64>"), move || {
        on1(0x8765_4321_u64, Uint::<L>::from)
    });
    c.add(n("from_words"), move || {
        on1(words::<L>(3), Uint::<L>::from_words)
    });
    c.add(n("to_words"), move || on1(a(), |a| a.to_words()));
    c.add(n("as_words"), move || on1(a(), |a| *a.as_words()));
    c.add(n("zeroize"), move || {
        on1(a(), |mut a| {
            a.zeroize();
            a
        })
    });
    c.add(n("Int::from"), move || {
        // An Int's limb length is public: the top limb (nonzero) stays defined.
        let a = a();
        secret(&a.as_words()[..L - 1]);
        let r = Int::from(black_box(&a));
        public(r.as_limbs());
        black_box(&r);
    });
    c.add(n("try_from(&Int)"), move || {
        // The Int's length and sign are public; its limbs are secret.
        let x = Int::from(&a());
        secret(x.as_limbs());
        let r = Uint::<L>::try_from(black_box(&x));
        public(&r);
        black_box(&r);
    });
}

/// The bytes of `v`, declassified (a `Vec`'s heap part is not covered by `public(&v)`).
fn declassify(v: Vec<u8>) -> Vec<u8> {
    public(&v[..]);
    v
}

/// The checks of `Uint` at 256, 576 (an odd limb count) and 4096 bits.
pub fn checks(c: &mut Checks) {
    width::<4>(c, "U256");
    width::<9>(c, "U576");
    width::<64>(c, "U4096");
}
