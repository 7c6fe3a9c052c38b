//! A per-thread cache of freed limb buffers, sorted by power-of-two capacity from 4 to 2048 limbs.
//!
//! A program that computes `r = &a * &b` in a loop frees the previous result's buffer and
//! allocates the next one of the same size; at a few limbs that `malloc`/`free` pair costs more
//! than the arithmetic. Heap values give their buffer here when dropped, and new ones take it
//! back, so such a loop stops calling the allocator. At most two buffers per capacity class
//! are kept (a quotient and a remainder may share a class), 64 KiB per thread in all, freed
//! when the thread exits.

use core::cell::Cell;

/// Capacity classes: class `k` holds buffers of at least `4 << k` limbs.
const CLASSES: usize = 10;

/// The smallest pooled capacity, in limbs (values of at most three limbs are stored inline).
const MIN_CAP: usize = 4;

/// The largest pooled capacity, in limbs.
const MAX_CAP: usize = MIN_CAP << (CLASSES - 1);

/// A cached buffer, its length equal to its capacity.
type Slot = Cell<Option<Box<[u64]>>>;

thread_local! {
    /// Kept as boxed slices, whose length is their capacity: a buffer taken from here becomes
    /// a vector of any shorter length without a call.
    static FREE: [[Slot; 2]; CLASSES] =
        const { [const { [const { Cell::new(None) }, const { Cell::new(None) }] }; CLASSES] };
}

/// A vector of `n` limbs whose values are unspecified (the caller overwrites them), from the
/// cache when it holds a buffer of `n`'s class.
#[inline(always)]
pub(crate) fn buffer(n: usize) -> Vec<u64> {
    let b = if n > MAX_CAP {
        fresh(n)
    } else {
        let k = (n.max(MIN_CAP) - 1).ilog2() as usize - 1;
        match FREE.try_with(|free| free[k][0].take().or_else(|| free[k][1].take())) {
            Ok(Some(b)) => b,
            _ => fresh(MIN_CAP << k),
        }
    };
    let mut v = Vec::from(b);
    v.truncate(n);
    v
}

/// A new zeroed allocation of `cap` limbs, out of the callers' way. (A boxed slice comes back
/// in two registers, so the caller's vector can stay in registers too: a vector assembled in
/// memory from narrower stores stalls the wide load that later moves it.)
#[cold]
#[inline(never)]
fn fresh(cap: usize) -> Box<[u64]> {
    vec![0; cap].into_boxed_slice()
}

/// A vector of `n` zero limbs (see [`buffer`]).
#[inline]
pub(crate) fn zeroed(n: usize) -> Vec<u64> {
    let mut v = buffer(n);
    v.fill(0);
    v
}

/// A vector holding a copy of `a` (see [`buffer`]).
#[inline]
pub(crate) fn copy_of(a: &[u64]) -> Vec<u64> {
    let mut v = buffer(a.len());
    v.copy_from_slice(a);
    v
}

/// Gives a buffer back: kept when its class is empty, freed otherwise.
#[inline]
pub(crate) fn give(mut v: Vec<u64>) {
    let cap = v.capacity();
    if !(MIN_CAP..2 * MAX_CAP).contains(&cap) {
        return;
    }
    let k = (cap / MIN_CAP).ilog2() as usize;
    v.resize(cap, 0);
    let b = v.into_boxed_slice();
    let _ = FREE.try_with(|free| {
        let old = free[k][0].replace(Some(b));
        drop(free[k][1].replace(old))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_come_back_with_enough_room() {
        for n in 0..3000 {
            let v = zeroed(n);
            assert_eq!(v.len(), n);
            assert!(v.iter().all(|&x| x == 0));
            give(v);
            let mut w = buffer(n);
            assert!(w.len() == n && w.capacity() >= n);
            w.fill(7);
            give(w);
        }
    }

    #[test]
    fn a_freed_buffer_is_reused() {
        let v = zeroed(6);
        let p = v.as_ptr();
        give(v);
        let w = buffer(5);
        assert_eq!(w.as_ptr(), p);
        assert_eq!(w.len(), 5);
        assert!(w.capacity() >= 8);
    }
}
