//! Bit operations on the infinite two's complement form, as GMP defines them: `mpz_and`,
//! `mpz_ior`, `mpz_xor`, `mpz_com`, `mpz_{tst,set,clr,com}bit`, `mpz_popcount`,
//! `mpz_hamdist`, `mpz_scan0`, `mpz_scan1`.
//!
//! Limb `i` of the two's complement of `-m` is 0 below the lowest nonzero limb `z` of `m`,
//! `-m[z]` at `z` and `!m[i]` above; all ones past the end.

use crate::mem::*;
use crate::mpz_set::*;
use core::ffi::{c_int, c_ulong};

/// Reads limbs of a value's two's complement form.
#[derive(Clone, Copy)]
struct Twos {
    p: *const u64,
    n: usize,
    neg: bool,
    /// The index of the lowest nonzero limb (negative values).
    z: usize,
}

impl Twos {
    unsafe fn new(a: Src) -> Twos {
        let (p, n, neg) = ((*a).d as *const u64, len(a), is_neg(a));
        let mut z = 0;
        if neg {
            while *p.add(z) == 0 {
                z += 1;
            }
        }
        Twos { p, n, neg, z }
    }

    /// Limb `i` (any `i`).
    #[inline(always)]
    unsafe fn limb(&self, i: usize) -> u64 {
        if i >= self.n {
            return if self.neg { u64::MAX } else { 0 };
        }
        let m = *self.p.add(i);
        if !self.neg {
            m
        } else if i < self.z {
            0
        } else if i == self.z {
            m.wrapping_neg()
        } else {
            !m
        }
    }

    fn ext(&self) -> u64 {
        if self.neg {
            u64::MAX
        } else {
            0
        }
    }
}

/// `r = op(a, b)` limb by limb on the two's complement forms.
unsafe fn logic(r: Ptr, a: Src, b: Src, op: impl Fn(u64, u64) -> u64) {
    let (ta, tb) = (Twos::new(a), Twos::new(b));
    let n = ta.n.max(tb.n);
    let top = op(ta.ext(), tb.ext());
    // Compute into a fresh block when r is an input (its limbs are read after being written).
    let alias = core::ptr::eq(r, a) || core::ptr::eq(r, b);
    let rp = if alias {
        alloc_limbs(n + 1)
    } else {
        ensure(r, n + 1)
    };
    // `ensure` may have moved r's limbs, but r is not an input here.
    for i in 0..n {
        *rp.add(i) = op(ta.limb(i), tb.limb(i));
    }
    *rp.add(n) = top;
    if alias {
        replace_storage(r, rp, n + 1);
    }
    let neg = top != 0;
    if neg {
        carry_rs::limbs::neg_assign(slice_mut(rp, n + 1));
    }
    set_norm(r, n + 1, neg);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_and(r: Ptr, a: Src, b: Src) {
    logic(r, a, b, |x, y| x & y)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_ior(r: Ptr, a: Src, b: Src) {
    logic(r, a, b, |x, y| x | y)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_xor(r: Ptr, a: Src, b: Src) {
    logic(r, a, b, |x, y| x ^ y)
}

/// `r = -a - 1`.
#[no_mangle]
pub unsafe extern "C" fn mpz_com(r: Ptr, a: Src) {
    let one = [1u64];
    let v = view(&one, false);
    crate::mpz_arith::aors(r, a, &v, false);
    (*r).size = -(*r).size;
}

#[no_mangle]
pub unsafe extern "C" fn mpz_tstbit(a: Src, k: c_ulong) -> c_int {
    let t = Twos::new(a);
    ((t.limb((k / 64) as usize) >> (k % 64)) & 1) as c_int
}

/// A read-only value `±(2^k + extra)` over `buf`.
fn bit_value(buf: &mut Vec<u64>, k: u64, extra: u64, neg: bool) -> Mpz {
    let w = (k / 64) as usize;
    buf.clear();
    buf.resize(w + 1, 0);
    buf[w] = 1 << (k % 64);
    buf[0] += extra;
    view(buf, neg)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_setbit(r: Ptr, k: c_ulong) {
    if mpz_tstbit(r, k) == 1 {
        return;
    }
    let w = (k / 64) as usize;
    if !is_neg(r) {
        let n = len(r);
        if w >= n {
            let rp = ensure(r, w + 1);
            core::ptr::write_bytes(rp.add(n), 0, w + 1 - n);
            (*r).size = (w + 1) as c_int;
        }
        *(*r).d.add(w) |= 1 << (k % 64);
        return;
    }
    let mut buf = Vec::new();
    let v = bit_value(&mut buf, k, 0, false);
    logic(r, r, &v, |x, y| x | y);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_clrbit(r: Ptr, k: c_ulong) {
    if mpz_tstbit(r, k) == 0 {
        return;
    }
    if !is_neg(r) {
        *(*r).d.add((k / 64) as usize) &= !(1 << (k % 64));
        set_norm(r, len(r), false);
        return;
    }
    // and with !2^k = -(2^k + 1).
    let mut buf = Vec::new();
    let v = bit_value(&mut buf, k, 1, true);
    logic(r, r, &v, |x, y| x & y);
}

#[no_mangle]
pub unsafe extern "C" fn mpz_combit(r: Ptr, k: c_ulong) {
    if mpz_tstbit(r, k) == 0 {
        mpz_setbit(r, k)
    } else {
        mpz_clrbit(r, k)
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_popcount(a: Src) -> c_ulong {
    if is_neg(a) {
        return c_ulong::MAX;
    }
    mag(a).iter().map(|x| u64::from(x.count_ones())).sum()
}

#[no_mangle]
pub unsafe extern "C" fn mpz_hamdist(a: Src, b: Src) -> c_ulong {
    if is_neg(a) != is_neg(b) {
        return c_ulong::MAX;
    }
    let (ta, tb) = (Twos::new(a), Twos::new(b));
    (0..ta.n.max(tb.n))
        .map(|i| u64::from((ta.limb(i) ^ tb.limb(i)).count_ones()))
        .sum()
}

/// The first bit at or above `k` of the two's complement form equal to `bit`, or `!0`.
unsafe fn scan(a: Src, k: u64, bit: bool) -> u64 {
    let t = Twos::new(a);
    let flip = if bit { 0 } else { u64::MAX };
    let mut i = (k / 64) as usize;
    let mut x = (t.limb(i) ^ flip) & (u64::MAX << (k % 64));
    loop {
        if x != 0 {
            return i as u64 * 64 + u64::from(x.trailing_zeros());
        }
        i += 1;
        if i >= t.n {
            // Past the end every bit equals the sign.
            return if (t.ext() ^ flip) != 0 {
                (i.max(t.n) as u64 * 64).max(k)
            } else {
                c_ulong::MAX
            };
        }
        x = t.limb(i) ^ flip;
    }
}

#[no_mangle]
pub unsafe extern "C" fn mpz_scan0(a: Src, k: c_ulong) -> c_ulong {
    scan(a, k, false)
}

#[no_mangle]
pub unsafe extern "C" fn mpz_scan1(a: Src, k: c_ulong) -> c_ulong {
    scan(a, k, true)
}
