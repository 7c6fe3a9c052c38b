//! A per-thread cache of freed limb buffers of 4 to 2048 limbs, by capacity class.
//!
//! A program that computes `r = &a * &b` in a loop frees the previous result's buffer and
//! allocates the next one of the same size; at a few limbs that `malloc`/`free` pair costs more
//! than the arithmetic. Heap values give their buffer here when dropped, and new ones take it
//! back, so such a loop stops calling the allocator. At most two buffers per capacity class
//! are kept (a quotient and a remainder may share a class), under 80 KiB per thread in all,
//! freed when the thread exits.

use core::cell::Cell;

/// The smallest pooled capacity, in limbs (values of at most three limbs are stored inline).
const MIN_CAP: usize = 4;

/// Buffers of up to this many limbs are kept by their exact capacity, one class each, so that a
/// result is usually given the very buffer of the previous one of its length.
const EXACT: usize = 16;

/// Above [`EXACT`], classes of power-of-two capacities up to this many limbs.
const MAX_CAP: usize = 2048;

/// Capacity classes: the exact ones, then one per power of two from `2·EXACT` to `MAX_CAP`.
const CLASSES: usize = EXACT - MIN_CAP + 1 + (MAX_CAP / EXACT).ilog2() as usize;

/// The class and capacity that serve a request for `n <= MAX_CAP` limbs.
#[inline(always)]
fn request_class(n: usize) -> (usize, usize) {
    if n <= EXACT {
        let cap = n.max(MIN_CAP);
        return (cap - MIN_CAP, cap);
    }
    let cap = n.next_power_of_two();
    let k = EXACT - MIN_CAP + (cap / EXACT).ilog2() as usize;
    (k, cap)
}

/// The class a buffer of capacity `cap` can serve: the largest whose requests all fit.
#[inline(always)]
fn capacity_class(cap: usize) -> Option<usize> {
    match cap {
        0..MIN_CAP => None,
        MIN_CAP..=EXACT => Some(cap - MIN_CAP),
        _ if cap < 2 * EXACT => Some(EXACT - MIN_CAP),
        _ if cap < 2 * MAX_CAP => Some(EXACT - MIN_CAP + (cap / EXACT).ilog2() as usize),
        _ => None,
    }
}

/// A cached buffer, with the length of the value that last used it.
type Slot = Cell<Vec<u64>>;

thread_local! {
    static FREE: [[Slot; 2]; CLASSES] =
        const { [const { [const { Cell::new(Vec::new()) }, const { Cell::new(Vec::new()) }] }; CLASSES] };
}

/// A vector of `n` limbs whose values are unspecified (the caller overwrites them), from the
/// cache when it holds a buffer of `n`'s class.
#[inline(always)]
pub(crate) fn buffer(n: usize) -> Vec<u64> {
    if n > MAX_CAP {
        return fresh(n, n);
    }
    let (k, cap) = request_class(n);
    let mut v = match FREE.try_with(|free| {
        let v = free[k][0].take();
        if v.capacity() != 0 {
            v
        } else {
            free[k][1].take()
        }
    }) {
        Ok(v) if v.capacity() != 0 => v,
        _ => return fresh(cap, n),
    };
    if v.len() < n {
        return lengthen(v, n);
    }
    v.truncate(n);
    v
}

/// A new zeroed allocation of `cap` limbs cut to length `n`, out of the callers' way.
#[cold]
#[inline(never)]
fn fresh(cap: usize, n: usize) -> Vec<u64> {
    let mut v = vec![0; cap];
    v.truncate(n);
    v
}

/// `v` lengthened with zeros to `n` limbs (within its capacity), out of the callers' way: the
/// buffer cached for a class usually held a value of the length asked for next.
#[cold]
#[inline(never)]
fn lengthen(mut v: Vec<u64>, n: usize) -> Vec<u64> {
    v.resize(n, 0);
    v
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

/// Gives a buffer back to its class, where it displaces the older of the two kept (which is
/// freed); buffers outside every class are freed at once.
#[inline]
pub(crate) fn give(v: Vec<u64>) {
    let cap = v.capacity();
    let Some(k) = capacity_class(cap) else {
        return;
    };
    let _ = FREE.try_with(|free| {
        let old = free[k][0].replace(v);
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
        let w = buffer(6);
        assert_eq!(w.as_ptr(), p);
        assert_eq!(w.len(), 6);
    }
}
