//! `carry`: an exact calculator on the carry crate, in infix or (`--rpn`) in the postfix
//! syntax of blip_mp's `bp`.
//!
//! ```text
//! carry '2^4096 - 1'
//! carry '0.1 + 0.2'            # 0.3
//! carry prog.txt               # a program: statements on lines, functions, comments
//! carry --rpn 35 factorial 24 factorial '*'
//! echo '(0xff + 1) * -3' | carry --hex
//! ```

use carry_cli::options::{self, Command, Input};
use carry_cli::run::{self, fail, Program};
use carry_cli::{limits, repl};
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

/// Every allocation is counted, for `--max-memory`.
#[global_allocator]
static ALLOCATOR: limits::Counting = limits::Counting;

fn main() -> ExitCode {
    let options = match options::parse(std::env::args_os().skip(1).collect()) {
        Ok(Command::Run(options)) => options,
        Ok(Command::Help) => return print(&options::usage()),
        Ok(Command::Version) => return print(&format!("carry {}", env!("CARGO_PKG_VERSION"))),
        Err(message) => return fail(&message),
    };
    run::catch_panics();
    let mut programs = Vec::new();
    for input in &options.inputs {
        match input {
            Input::Expression(text) => programs.push(Program {
                text: text.as_str().into(),
                file: false,
            }),
            Input::File(path) => match run::read_file(path) {
                Ok(program) => programs.push(program),
                Err(message) => return fail(&message),
            },
        }
    }
    match options.words.as_slice() {
        [] => {}
        // A lone argument naming a file is a program file (-e forces an expression).
        [word] if options.inputs.is_empty() && Path::new(word).is_file() => {
            match run::read_file(word) {
                Ok(program) => programs.push(program),
                Err(message) => return fail(&message),
            }
        }
        words => programs.push(Program {
            text: words.join(" ").into(),
            file: false,
        }),
    }
    if !programs.is_empty() {
        return run::programs(&options, programs);
    }
    if io::stdin().is_terminal() {
        return repl::run(&options);
    }
    if options.rpn {
        return match run::read_stdin() {
            Ok(program) => run::programs(&options, vec![program]),
            Err(message) => fail(&message),
        };
    }
    run::lines(&options)
}

/// Prints `text` and a newline; status 2 when standard output is closed or failing.
fn print(text: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(2),
    }
}
