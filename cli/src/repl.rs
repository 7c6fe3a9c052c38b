//! The interactive session: line editing and history (rustyline), kept between sessions in
//! the user's data directory, Ctrl-C that interrupts a computation without ending the
//! session, and the commands `help`, `quit` (or `exit`) and `:digits N`.
//!
//! Each line is evaluated on a worker thread (`run::supervise`) while the main thread waits
//! for its result or for SIGINT (caught with the `ctrlc` crate). On SIGINT the main thread
//! sets the job's cancel flag, which the evaluator checks between operations, and returns to
//! the prompt at once, abandoning the worker: a single long library call (a huge factorial)
//! cannot be stopped midway, so its thread finishes in the background and its result is
//! dropped. A line's statements take effect as they complete; an interrupted line changes
//! nothing.

use crate::error::{Error, Source};
use crate::eval::Session;
use crate::options::{usage, Options};
use crate::rpn::Machine;
use crate::run::{self, supervise, Outcome, Watch};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::Editor;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const PROMPT: &str = "> ";

/// What persists between lines.
#[derive(Clone)]
enum State {
    Infix(Session),
    Rpn(Machine),
}

/// The history file: `$XDG_DATA_HOME/carry/history`, else `~/.local/share/carry/history`
/// (`~/Library/Application Support/carry/history` on macOS, `%APPDATA%\carry\history` on
/// Windows).
pub fn history_file() -> Option<PathBuf> {
    let env = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        env("APPDATA")?
    } else if let Some(data) = env("XDG_DATA_HOME") {
        data
    } else if cfg!(target_os = "macos") {
        env("HOME")?.join("Library/Application Support")
    } else {
        env("HOME")?.join(".local/share")
    };
    Some(base.join("carry").join("history"))
}

/// Text of the session's own commands, shown before the usage by `help`.
const COMMANDS: &str = "\
commands: help (this text), quit or exit (or Ctrl-D), :digits N (decimal places of
non-integer results), :digits off (exact fractions); Ctrl-C interrupts a computation.
";

pub fn run(options: &Options) -> ExitCode {
    let mut options = options.clone();
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        return run::fail(&format!("cannot catch Ctrl-C: {e}"));
    }
    let mut editor: Editor<(), DefaultHistory> = match Editor::new() {
        Ok(editor) => editor,
        Err(e) => return run::fail(&format!("cannot start the line editor: {e}")),
    };
    let history = history_file();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    let mut state = if options.rpn {
        State::Rpn(Machine::default())
    } else {
        State::Infix(Session::default())
    };
    loop {
        let line = match editor.readline(PROMPT) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => return ExitCode::SUCCESS,
            Err(e) => return run::fail(&format!("cannot read a line: {e}")),
        };
        let command = line.trim();
        if command.is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(line.as_str());
        if let Some(path) = &history {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = editor.append_history(path);
        }
        match command {
            "quit" | "exit" => return ExitCode::SUCCESS,
            "help" => {
                println!("{COMMANDS}\n{}", usage());
                continue;
            }
            _ => {}
        }
        // `:digits 30`; `: name ... ;` is an `--rpn` definition.
        if let Some(setting) = command
            .strip_prefix(':')
            .filter(|s| s.starts_with(|c: char| c.is_ascii_alphabetic()))
        {
            match set(setting, &mut options) {
                Ok(message) => println!("{message}"),
                Err(message) => eprintln!("error: {message}"),
            }
            continue;
        }
        interrupt.store(false, Ordering::SeqCst);
        if let Some(next) = evaluate(&state, line, &options, &interrupt) {
            state = next;
        }
        let _ = std::io::stdout().flush();
    }
}

/// A `:` command: `digits N` or `digits off`; the message to show.
fn set(setting: &str, options: &mut Options) -> Result<String, String> {
    let words: Vec<&str> = setting.split_whitespace().collect();
    match words.as_slice() {
        ["digits"] => Ok(match options.digits {
            Some(n) => format!("digits {n}"),
            None => "digits off: exact results".into(),
        }),
        ["digits", "off"] => {
            options.digits = None;
            Ok("digits off: exact results".into())
        }
        ["digits", n] => {
            let n: usize = n.parse().map_err(|_| {
                format!(":digits needs a number of decimal places or off, not {n:?}")
            })?;
            if n as f64 * 3.33 > options.max_bits as f64 || n > u32::MAX as usize {
                return Err(format!(
                    "digits {n} exceeds the size limit (see --max-bits)"
                ));
            }
            options.digits = Some(n);
            Ok(format!("digits {n}"))
        }
        _ => Err(format!("unknown command :{setting} (try help)")),
    }
}

/// Evaluates `line` on a worker thread, printing its results and errors; the new state, or
/// `None` when interrupted or stopped.
fn evaluate(
    state: &State,
    line: String,
    options: &Options,
    interrupt: &AtomicBool,
) -> Option<State> {
    let watch = Arc::new(Watch::default());
    let w = watch.clone();
    let options_ = options.clone();
    let mut state = state.clone();
    let work = move || {
        let options = options_;
        let cx = run::context(&options, &w.shared);
        let text: Arc<str> = line.into();
        let source = Source::argument(&text);
        w.begin(&text, source);
        let result = match &mut state {
            State::Infix(session) => session
                .run(&text, &cx, &mut |v, cx| {
                    if w.shared.cancel.load(Ordering::Relaxed) {
                        return Err(Error::from("interrupted"));
                    }
                    run::emit(v, &options, cx)
                })
                .map(|_| ()),
            State::Rpn(machine) => machine.run(&text, &cx).and_then(|()| match machine.top() {
                Some(top) => run::emit(top, &options, &cx),
                None => Ok(()),
            }),
        };
        w.end();
        if let Err(e) = result {
            if !w.shared.cancel.load(Ordering::Relaxed) {
                report(&source, &e);
            }
            // The statements before the error keep their effect (an `--rpn` line is undone).
        }
        state
    };
    let limit = options.time_limit(true);
    match supervise(&watch, limit, options.max_memory, Some(interrupt), work) {
        Outcome::Done(state) => Some(state),
        Outcome::Stopped(stop) => {
            match stop.source() {
                Some(source) => report(&source, &stop.error),
                None => eprintln!("{}", stop.error.message),
            }
            None
        }
    }
}

/// An error of a line: a caret under the input (which sits after the prompt), then the
/// message.
fn report(source: &Source<'_>, e: &Error) {
    let mut out = std::io::stderr().lock();
    if let Some(offset) = e.offset {
        let caret = source.caret(offset, PROMPT.len());
        let caret = caret.rsplit('\n').next().unwrap_or("");
        let _ = writeln!(out, "{caret}");
    }
    let _ = writeln!(out, "error: {}", source.headline(e));
}
