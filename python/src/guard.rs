//! The size limit, the allocation probe and the GIL policy shared by every binding.
//!
//! A result whose size can be computed before the work (a shift, a power, a product, a
//! factorial, ...) is checked against [`max_bits`] first and refused with `OverflowError`.
//! Below that limit, a result of more than [`PROBE_BITS`] is preceded by a trial allocation of
//! its size: where the system refuses it, `MemoryError` is raised instead of letting the
//! allocation inside carry abort the interpreter.

use pyo3::exceptions::{PyMemoryError, PyOverflowError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default size limit of a result: 2^32 bits (512 MiB, about 1.29·10^9 decimal digits).
pub const DEFAULT_MAX_BITS: u64 = 1 << 32;

static MAX_BITS: AtomicU64 = AtomicU64::new(DEFAULT_MAX_BITS);

/// Results above this many bits are probed with a trial allocation first (1 MiB).
const PROBE_BITS: f64 = 8.0 * 1024.0 * 1024.0;

/// Operations whose work, in units of a limb product pass (the largest operand's limbs for a
/// product or division; a linear operation passes its limbs / 64), exceeds this release the
/// GIL while they run: from about 20 µs of work, where the release's cost is lost in it.
pub const DETACH_LIMBS: usize = 256;

/// The current size limit in bits.
pub fn max_bits() -> u64 {
    MAX_BITS.load(Ordering::Relaxed)
}

/// Sets the size limit in bits (at least 64).
pub fn set_max_bits(bits: u64) {
    MAX_BITS.store(bits.max(64), Ordering::Relaxed);
}

/// Refuses a result of about `bits` bits above the limit (`OverflowError`), and one the
/// system cannot allocate (`MemoryError`), before any work is done.
pub fn check_bits(bits: f64) -> PyResult<()> {
    if bits > max_bits() as f64 {
        return Err(PyOverflowError::new_err(format!(
            "result too large: about {bits:.0} bits (the limit is {}; see carry.set_max_bits)",
            max_bits()
        )));
    }
    if bits > PROBE_BITS {
        // The result and about as much scratch space again.
        let bytes = (bits / 8.0 * 2.0) as usize + 64;
        let mut probe: Vec<u8> = Vec::new();
        if probe.try_reserve_exact(bytes).is_err() {
            return Err(PyMemoryError::new_err(format!(
                "cannot allocate a result of about {bits:.0} bits"
            )));
        }
    }
    Ok(())
}

/// Runs `f` with the GIL released when `limbs` (the size of the work) is large enough for the
/// release to pay; other threads may run Python meanwhile.
#[inline]
pub fn run<T: Send>(py: Python<'_>, limbs: usize, f: impl FnOnce() -> T + Send) -> T {
    if limbs > DETACH_LIMBS {
        py.detach(f)
    } else {
        f()
    }
}
