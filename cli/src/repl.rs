//! The interactive session: line editing and history (rustyline), and Ctrl-C that
//! interrupts a computation without ending the session.
//!
//! Each line is evaluated on a worker thread while the main thread waits for its result or
//! for SIGINT (caught with the `ctrlc` crate). On SIGINT the main thread sets the job's
//! cancel flag, which the evaluator checks between operations, and returns to the prompt
//! at once, abandoning the worker: a single long library call (a huge factorial) cannot be
//! stopped midway, so its thread finishes in the background and its result is dropped.
//! The session's variables or stack change only when a line completes.

use crate::calc::Context;
use crate::{infix, render, rpn, Options};
use carry::Rational;
use rustyline::error::ReadlineError;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// What persists between lines.
#[derive(Clone)]
enum State {
    Infix(infix::Session),
    Rpn(rpn::Machine),
}

impl State {
    /// Evaluates `line`: the new state and the values to print, or the error's text.
    fn evaluate(mut self, line: &str, cx: &Context) -> Result<(State, Vec<Rational>), String> {
        let values = match &mut self {
            State::Infix(session) => session.evaluate(line, cx),
            State::Rpn(machine) => machine
                .run(line, cx)
                .map(|()| machine.top().cloned().into_iter().collect()),
        };
        values.map(|v| (self, v)).map_err(|e| e.describe(None))
    }
}

pub fn run(options: &Options) -> ExitCode {
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        return crate::fail(&format!("cannot catch Ctrl-C: {e}"));
    }
    let mut editor = match rustyline::DefaultEditor::new() {
        Ok(editor) => editor,
        Err(e) => return crate::fail(&format!("cannot start the line editor: {e}")),
    };
    let mut state = if options.rpn {
        State::Rpn(rpn::Machine::default())
    } else {
        State::Infix(infix::Session::default())
    };
    loop {
        let line = match editor.readline("> ") {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return ExitCode::SUCCESS,
            Err(e) => return crate::fail(&format!("cannot read a line: {e}")),
        };
        if line.trim().is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(line.as_str());
        interrupt.store(false, Ordering::SeqCst);
        match evaluate(&state, line, options, &interrupt) {
            Some(Ok((next, values))) => {
                state = next;
                for value in &values {
                    match render(value, options) {
                        Ok(text) => println!("{text}"),
                        Err(message) => eprintln!("error: {message}"),
                    }
                }
            }
            Some(Err(message)) => eprintln!("error: {message}"),
            None => eprintln!("interrupted"),
        }
        let _ = std::io::stdout().flush();
    }
}

/// Runs `line` on a worker thread; `None` when interrupted first.
fn evaluate(
    state: &State,
    line: String,
    options: &Options,
    interrupt: &AtomicBool,
) -> Option<Result<(State, Vec<Rational>), String>> {
    let cx = options.context();
    let cancel = cx.cancel.clone();
    let (send, receive) = mpsc::channel();
    let state = state.clone();
    let spawned = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let _ = send.send(state.evaluate(&line, &cx));
        });
    if let Err(e) = spawned {
        return Some(Err(format!("cannot start a worker thread: {e}")));
    }
    loop {
        match receive.recv_timeout(Duration::from_millis(20)) {
            Ok(result) => return Some(result),
            Err(RecvTimeoutError::Disconnected) => {
                return Some(Err("the computation failed".into()))
            }
            Err(RecvTimeoutError::Timeout) if interrupt.load(Ordering::SeqCst) => {
                cancel.store(true, Ordering::SeqCst);
                return None;
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}
