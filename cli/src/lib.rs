//! The calculator as a library: what the `carry` command runs (its options, runs and
//! interactive session), and [`evaluate`], one program's evaluation under explicit limits
//! (what the fuzz target `calc` drives).

mod calc;
mod error;
mod eval;
mod lexer;
pub mod limits;
pub mod options;
mod output;
mod parser;
mod real;
pub mod repl;
mod rpn;
pub mod run;
mod value;

/// The command's allocator in the unit tests too (the binary installs its own).
#[cfg(test)]
#[global_allocator]
static ALLOCATOR: limits::Counting = limits::Counting;

/// Evaluates the program `text` (infix, or postfix when `rpn`) in a fresh session with
/// results limited to `max_bits` bits, `max_memory` bytes of values and `max_steps`
/// operations: the printed results, or the error as the command would report it.
///
/// ```
/// assert_eq!(carry_cli::evaluate("2^10; 1/3 + 1/6", false, 1 << 20, 1 << 30, 10_000),
///            Ok(vec!["1024".to_string(), "0.5".to_string()]));
/// assert!(carry_cli::evaluate("2^2^2^40", false, 1 << 20, 1 << 30, 10_000).is_err());
/// ```
pub fn evaluate(
    text: &str,
    rpn: bool,
    max_bits: u64,
    max_memory: u64,
    max_steps: u64,
) -> Result<Vec<String>, String> {
    let cx = calc::Context::new(None, max_bits, max_memory, max_steps);
    let radix = options::Radix::Base(10);
    let source = error::Source::argument(text);
    let mut printed = Vec::new();
    let result = if rpn {
        let mut machine = rpn::Machine::default();
        machine.run(text, &cx).and_then(|()| match machine.top() {
            Some(top) => output::render(top, radix, None, &cx).map(|s| printed.push(s)),
            None => Ok(()),
        })
    } else {
        eval::Session::default()
            .run(text, &cx, &mut |v, cx| {
                printed.push(output::render(v, radix, None, cx)?);
                Ok(())
            })
            .map(|_| ())
    };
    result.map(|()| printed).map_err(|e| source.describe(&e))
}
