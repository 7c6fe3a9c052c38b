//! The calculator on arbitrary programs, infix and postfix: never a panic or an abort (an
//! error is an answer), within small limits on result size, memory and steps, and within a
//! second an input (libFuzzer's -timeout, which `make fuzz` sets, reports a slower one).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let _ = carry_cli::evaluate(text, mode & 1 == 1, 1 << 16, 64 << 20, 100_000);
});
