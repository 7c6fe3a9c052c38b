//! The baseline of `make size`: the runtime alone.
#![no_std]
#![no_main]

use carry_arm as _;

#[no_mangle]
extern "C" fn run() -> bool {
    true
}
