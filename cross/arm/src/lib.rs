//! A minimal Cortex-M runtime for the test and size programs: the vector table, a reset handler
//! that calls the program's `run`, and ARM semihosting (text out, exit status) for qemu.
#![no_std]

pub mod vectors;

use core::arch::asm;

extern "C" {
    static _stack_top: u32;
    /// The program's body: returns whether every check passed.
    fn run() -> bool;
}

/// The initial stack pointer and the reset, NMI and hard fault handlers.
#[repr(C)]
pub struct VectorTable {
    stack_top: *const u32,
    handlers: [unsafe extern "C" fn() -> !; 3],
}

// SAFETY: the table is read only by the CPU.
unsafe impl Sync for VectorTable {}

#[link_section = ".vector_table"]
#[used]
#[no_mangle]
pub static VECTOR_TABLE: VectorTable = VectorTable {
    stack_top: &raw const _stack_top,
    handlers: [reset, fault, fault],
};

/// Runs the program and reports its result to qemu.
#[no_mangle]
pub unsafe extern "C" fn reset() -> ! {
    // SAFETY: `run` is the program's entry point, defined once by each binary.
    let ok = unsafe { run() };
    exit(ok)
}

unsafe extern "C" fn fault() -> ! {
    print("hard fault\n");
    exit(false)
}

/// One semihosting call: operation `op` with argument `arg`.
fn semihost(op: usize, arg: usize) -> usize {
    let r;
    // SAFETY: BKPT 0xAB is the semihosting trap; qemu (-semihosting) serves it.
    unsafe { asm!("bkpt #0xab", inout("r0") op => r, in("r1") arg, options(nostack)) };
    r
}

/// Writes `s` (at most 127 bytes a call) to qemu's standard output.
pub fn print(s: &str) {
    for chunk in s.as_bytes().chunks(127) {
        let mut buf = [0u8; 128];
        buf[..chunk.len()].copy_from_slice(chunk);
        semihost(0x04, buf.as_ptr() as usize);
    }
}

/// Writes `x` in decimal.
pub fn print_u32(mut x: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    print(core::str::from_utf8(&buf[i..]).unwrap_or("?"));
}

/// Ends qemu: exit status 0 when `ok`, 1 otherwise.
pub fn exit(ok: bool) -> ! {
    let reason = if ok { 0x20026 } else { 0x20023 };
    loop {
        semihost(0x18, reason);
    }
}

/// The stack pointer.
#[inline(always)]
pub fn stack_pointer() -> usize {
    let sp: usize;
    // SAFETY: reads a register.
    unsafe { asm!("mov {}, sp", out(reg) sp, options(nomem, nostack)) };
    sp
}

const PAINT: u32 = 0xA5A5_A5A5;

/// Fills the stack from `from − len` up to `from − 256` (below this function's own frame) with a
/// pattern; `from` is the caller's stack pointer.
#[inline(never)]
pub fn paint_stack(from: usize, len: usize) {
    let mut p = from - len;
    while p < from - 256 {
        // SAFETY: unused stack below the current frame, inside the board's RAM.
        unsafe { core::ptr::write_volatile(p as *mut u32, PAINT) };
        p += 4;
    }
}

/// How far below `from` the stack painted by [`paint_stack`] was overwritten, in bytes.
#[inline(never)]
pub fn stack_used(from: usize, len: usize) -> usize {
    let mut p = from - len;
    // SAFETY: the region painted by `paint_stack`.
    while p < from - 256 && unsafe { core::ptr::read_volatile(p as *const u32) } == PAINT {
        p += 4;
    }
    from - p
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    print("panic\n");
    exit(false)
}
