//! A per-thread cache of freed limb buffers of 4 to 2048 limbs, by capacity class.
//!
//! A program that computes `r = &a * &b` in a loop frees the previous result's buffer and
//! allocates the next one of the same size; at a few limbs that `malloc`/`free` pair costs more
//! than the arithmetic. Heap values give their buffer here when dropped, and new ones take it
//! back, so such a loop stops calling the allocator. At most two buffers per capacity class
//! are kept (a quotient and a remainder may share a class), under 80 KiB per thread in all,
//! freed when the thread exits. The cached buffers are not wiped.
//!
//! With the `zeroize-int` feature there is no cache: every buffer given back is wiped and freed
//! at once, and every buffer taken is a new zeroed allocation. Without the `std` feature (no
//! threads to key a cache by) there is none either, and buffers go to the allocator at once.

use alloc::{boxed::Box, vec::Vec};
#[cfg(feature = "std")]
use core::cell::Cell;

/// The smallest pooled capacity, in limbs (a scratch buffer can be this short, though values of
/// at most five limbs are stored inline).
const MIN_CAP: usize = 4;

/// Buffers of up to this many limbs are kept by their exact capacity, one class each, so that a
/// result is usually given the very buffer of the previous one of its length.
const EXACT: usize = 16;

/// Above [`EXACT`], classes of power-of-two capacities up to this many limbs.
const MAX_CAP: usize = 2048;

/// Capacity classes: the exact ones, then one per power of two from `2·EXACT` to `MAX_CAP`.
#[cfg(feature = "std")]
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

/// A cached buffer: a boxed slice, whose length is its capacity. (A `Box<[u64]>` moves as two
/// words in registers; a `Vec` is a three-word aggregate that the compiler copies with vector
/// loads, which stall when they read back a vector just written word by word.)
#[cfg(feature = "std")]
type Slot = Cell<Option<Box<[u64]>>>;

/// Buffers kept per class: the most recently given first. A result usually takes the first,
/// which sits at a fixed place for its class, so taking it does not wait on any other load.
#[cfg(feature = "std")]
type Class = [Slot; 2];

/// This thread's buffers. The array has no drop glue (`ManuallyDrop`), so no destructor is
/// registered for it and every access is a plain thread-local address: `take` tests no state
/// first, and `put` has no registration call on its way (which made it save five registers).
/// [`Reaper`] frees the buffers at thread exit; `armed` says that it is registered and has not
/// run, and only then does `put` keep a buffer here.
#[cfg(feature = "std")]
struct Free {
    classes: [Class; CLASSES],
    armed: Cell<bool>,
}

#[cfg(feature = "std")]
std::thread_local! {
    static FREE: core::mem::ManuallyDrop<Free> = const {
        core::mem::ManuallyDrop::new(Free {
            classes: [const { [const { Cell::new(None) }, const { Cell::new(None) }] }; CLASSES],
            armed: Cell::new(false),
        })
    };
    static REAPER: Reaper = const { Reaper };
}

/// Frees this thread's cached buffers when the thread exits (its destructor is registered by
/// the first buffer given back), and disarms the cache so that later ones are freed at once.
#[cfg(feature = "std")]
struct Reaper;

#[cfg(feature = "std")]
impl Drop for Reaper {
    fn drop(&mut self) {
        FREE.with(|free| {
            free.armed.set(false);
            for slot in free.classes.iter().flatten() {
                drop(slot.take());
            }
        });
    }
}

/// A buffer of at least `n` limbs whose values are unspecified (the caller overwrites the ones
/// it uses), from the cache when it holds one of `n`'s class.
#[inline(always)]
pub(crate) fn take(n: usize) -> Box<[u64]> {
    if n > MAX_CAP {
        return fresh(n);
    }
    let (k, cap) = request_class(n);
    if cfg!(feature = "zeroize-int") {
        return fresh(cap);
    }
    cached(k).unwrap_or_else(|| fresh(cap))
}

/// A buffer of class `k` from this thread's cache, if it holds one.
#[cfg(feature = "std")]
#[inline(always)]
fn cached(k: usize) -> Option<Box<[u64]>> {
    FREE.with(|free| {
        let class = &free.classes[k];
        class[0].take().or_else(|| class[1].take())
    })
}

/// Without `std` there are no per-thread caches: every buffer is a new allocation.
#[cfg(not(feature = "std"))]
#[inline(always)]
fn cached(_k: usize) -> Option<Box<[u64]>> {
    None
}

/// A new zeroed allocation of `cap` limbs, out of the callers' way. An allocation that fails
/// panics (the allocator's own failure aborts the process, which no front end can catch).
#[cold]
#[inline(never)]
fn fresh(cap: usize) -> Box<[u64]> {
    let mut v = Vec::new();
    if v.try_reserve_exact(cap).is_err() {
        cannot_allocate(cap);
    }
    v.resize(cap, 0);
    v.into_boxed_slice()
}

#[cold]
#[inline(never)]
fn cannot_allocate(limbs: usize) -> ! {
    panic!(
        "Int: cannot allocate {} bytes",
        (limbs as u128) * (u64::BITS as u128 / 8)
    );
}

/// Gives a buffer back to the front of its class, where it displaces the one there to the back
/// (and the one at the back, if any, is freed); buffers outside every class are freed at once.
/// Out of line: inlined, it made the division routines that give scratch back larger and
/// slower (a 1002-by-1000-limb quotient 1.4 ns).
#[inline(never)]
pub(crate) fn put(b: Box<[u64]>) {
    if cfg!(feature = "zeroize-int") {
        return wipe(b);
    }
    let Some(k) = capacity_class(b.len()) else {
        return;
    };
    keep(k, b);
}

/// Puts a buffer of class `k` at the front of this thread's cache.
#[cfg(feature = "std")]
#[inline(always)]
fn keep(k: usize, b: Box<[u64]>) {
    FREE.with(|free| {
        if !free.armed.get() {
            return arm(k, b);
        }
        if let Some(old) = free.classes[k][0].replace(Some(b)) {
            displace(&free.classes[k][1], old);
        }
    })
}

/// [`keep`] before this thread's [`Reaper`] is registered (the first buffer given back) or
/// after it has run (the thread is exiting: the buffer is freed).
#[cfg(feature = "std")]
#[cold]
#[inline(never)]
fn arm(k: usize, b: Box<[u64]>) {
    if REAPER.try_with(|_| ()).is_err() {
        return drop(b);
    }
    FREE.with(|free| {
        free.armed.set(true);
        if let Some(old) = free.classes[k][0].replace(Some(b)) {
            displace(&free.classes[k][1], old);
        }
    })
}

/// Without `std`, frees the buffer.
#[cfg(not(feature = "std"))]
#[inline(always)]
fn keep(_k: usize, b: Box<[u64]>) {
    drop(b);
}

/// Wipes a buffer and frees it (the `zeroize-int` feature's `put`).
#[inline(never)]
fn wipe(mut b: Box<[u64]>) {
    use zeroize::Zeroize;
    b.zeroize();
}

/// Moves a buffer to the back slot of its class, out of the way of the usual case of one
/// buffer per class.
#[cfg(feature = "std")]
#[cold]
#[inline(never)]
fn displace(back: &Slot, b: Box<[u64]>) {
    drop(back.replace(Some(b)));
}

/// A vector of `n` limbs whose values are unspecified, on a cached buffer (see [`take`]).
#[inline]
pub(crate) fn buffer(n: usize) -> Vec<u64> {
    let mut v = Vec::from(take(n));
    v.truncate(n);
    v
}

/// A buffer holding a copy of `a` in its first `a.len()` limbs (see [`take`]).
#[inline]
pub(crate) fn copy_of(a: &[u64]) -> Box<[u64]> {
    let mut b = take(a.len());
    b[..a.len()].copy_from_slice(a);
    b
}

/// Gives a vector's buffer back (see [`put`]); its unused capacity is zeroed first, so that it
/// becomes a boxed slice without reallocating.
#[inline]
pub(crate) fn give(mut v: Vec<u64>) {
    if cfg!(feature = "zeroize-int") {
        v.resize(v.capacity(), 0);
        return put(v.into_boxed_slice());
    }
    if capacity_class(v.capacity()).is_some() {
        v.resize(v.capacity(), 0);
        put(v.into_boxed_slice());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_come_back_with_enough_room() {
        for n in 0..3000 {
            let v = buffer(n);
            assert_eq!(v.len(), n);
            give(v);
            let mut w = buffer(n);
            assert!(w.len() == n && w.capacity() >= n);
            w.fill(7);
            give(w);
            let b = take(n);
            assert!(b.len() >= n);
            put(b);
        }
    }

    #[test]
    #[cfg(not(feature = "zeroize-int"))]
    fn a_freed_buffer_is_reused() {
        let v = buffer(6);
        let p = v.as_ptr();
        give(v);
        let w = buffer(6);
        assert_eq!(w.as_ptr(), p);
        assert_eq!(w.len(), 6);
    }
}
