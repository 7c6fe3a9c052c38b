//! The calculator on arbitrary programs, infix and postfix: never a panic or an abort (an
//! error is an answer), within small limits on result size, memory and steps, and in
//! bounded time (libFuzzer's -timeout, 5 s in `make fuzz`, reports a slower input; this
//! instrumented build runs about 7 to 13 times slower than a release build).
//! Results are capped at 2^14 bits: the real-number engine raises its working precision up
//! to half that cap before it gives up on a comparison, and at 2^16 bits one such input took
//! 0.1 s in a release build and 1.6 s here.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let _ = carry_cli::evaluate(text, mode & 1 == 1, 1 << 14, 64 << 20, 100_000);
});
