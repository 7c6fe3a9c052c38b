//! Running programs: each evaluation on a worker thread with a large stack, watched by the
//! main thread for the time limit (`--timeout`), the memory budget (`--max-memory`, as a
//! backstop to the checks made before each operation) and, in the interactive session,
//! Ctrl-C.
//!
//! When a limit is hit the watcher sets the evaluation's cancel flag and reports the error
//! at the operation under way. A single long library call cannot be stopped midway: outside
//! the interactive session the process then exits (status 2); inside it, the worker is
//! abandoned and finishes in the background.

use crate::calc::{Context, Shared};
use crate::error::{Error, Source};
use crate::eval::Session;
use crate::limits::{self, MAX_INPUT_BYTES};
use crate::options::Options;
use crate::output::render;
use crate::rpn::Machine;
use crate::value::Value;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The stack of the evaluating thread: room for `eval::MAX_EVAL_DEPTH` nested evaluations
/// (reserved address space; pages are used only as deep as the recursion goes).
pub const STACK_BYTES: usize = 256 << 20;

/// The message of the last panic, taken by the watcher to report it as an error.
static PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Makes a panic (a library's refusal of a size it cannot allocate, say) an error that the
/// watcher reports at the operation under way, instead of a message of the panic hook.
pub fn catch_panics() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        *PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(message);
    }));
}

/// The text under evaluation, its first line, whether lines are named, and since when.
type Current = (Arc<str>, usize, bool, Instant);

/// What the watcher knows of the evaluation under way.
#[derive(Debug, Default)]
pub struct Watch {
    /// The cancel flag and the position of the operation under way.
    pub shared: Arc<Shared>,
    /// The text being evaluated, its first line and whether lines are named; `None` while
    /// the worker waits for input.
    current: Mutex<Option<Current>>,
}

impl Watch {
    /// The worker starts evaluating `source` (whose text is `text`).
    pub fn begin(&self, text: &Arc<str>, source: Source<'_>) {
        let mut current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        *current = Some((
            text.clone(),
            source.first_line,
            source.name_lines,
            Instant::now(),
        ));
    }

    /// The worker has finished the evaluation and waits.
    pub fn end(&self) {
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// How long the evaluation under way has run.
    fn busy(&self) -> Option<Duration> {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        current.as_ref().map(|(.., since)| since.elapsed())
    }

    /// `message` as an error at the operation under way, with the text it points into.
    fn stop(&self, message: String) -> Stop {
        let current = self.current.lock().unwrap_or_else(|e| e.into_inner());
        let offset = self.shared.position.load(Ordering::Relaxed);
        Stop {
            error: Error::at(offset, message),
            text: current
                .as_ref()
                .map(|(text, line, named, _)| (text.clone(), *line, *named)),
        }
    }
}

/// How a watched evaluation ended.
pub enum Outcome<T> {
    Done(T),
    /// Stopped for a limit, a panic or an interrupt.
    Stopped(Stop),
}

/// Why an evaluation was stopped, and where.
pub struct Stop {
    pub error: Error,
    /// The text being evaluated, its first line and whether lines are named.
    text: Option<(Arc<str>, usize, bool)>,
}

impl Stop {
    /// The text the error points into, if the evaluation had begun.
    pub fn source(&self) -> Option<Source<'_>> {
        self.text
            .as_ref()
            .map(|(text, first_line, name_lines)| Source {
                text,
                first_line: *first_line,
                name_lines: *name_lines,
            })
    }

    /// The full report: the message, the line and the caret.
    pub fn describe(&self) -> String {
        match self.source() {
            Some(source) => source.describe(&self.error),
            None => self.error.message.clone(),
        }
    }
}

/// Runs `work` on a worker thread and waits for it, stopping it past `time_limit`, past
/// the memory budget with a quarter to spare, when `interrupt` is set, or when it panics.
pub fn supervise<T: Send + 'static>(
    watch: &Arc<Watch>,
    time_limit: Option<Duration>,
    max_memory: u64,
    interrupt: Option<&AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Outcome<T> {
    let (send, receive) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let _ = send.send(work());
        });
    if let Err(e) = spawned {
        return Outcome::Stopped(watch.stop(format!("cannot start a worker thread: {e}")));
    }
    let stop = |message: String| {
        watch.shared.cancel.store(true, Ordering::SeqCst);
        Outcome::Stopped(watch.stop(message))
    };
    loop {
        match receive.recv_timeout(Duration::from_millis(10)) {
            Ok(result) => return Outcome::Done(result),
            Err(RecvTimeoutError::Disconnected) => {
                let panic = PANIC.lock().unwrap_or_else(|e| e.into_inner()).take();
                let what = panic.unwrap_or_else(|| "the evaluation ended abnormally".into());
                return stop(format!("internal error: {what}"));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if interrupt.is_some_and(|i| i.load(Ordering::SeqCst)) {
            watch.shared.cancel.store(true, Ordering::SeqCst);
            return Outcome::Stopped(Stop {
                error: "interrupted".into(),
                text: None,
            });
        }
        if let (Some(limit), Some(busy)) = (time_limit, watch.busy()) {
            if busy > limit {
                return stop(format!(
                    "timed out after {} s (see --timeout)",
                    limit.as_secs_f64()
                ));
            }
        }
        let used = limits::in_use();
        if used > max_memory.saturating_add(max_memory / 4) {
            return stop(format!(
                "memory budget exhausted: {} in use (the limit is {}; see --max-memory)",
                limits::show_bytes(used),
                limits::show_bytes(max_memory)
            ));
        }
    }
}

/// A program to run: its text and how errors name its lines.
pub struct Program {
    pub text: Arc<str>,
    /// Whether it came from a file (its lines are always named).
    pub file: bool,
}

impl Program {
    fn source(&self) -> Source<'_> {
        if self.file {
            Source::file(&self.text)
        } else {
            Source::argument(&self.text)
        }
    }
}

/// Reads the program file `path`, or the error to report.
pub fn read_file(path: &str) -> Result<Program, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(format!(
            "{path}: input too long: more than {} MiB",
            MAX_INPUT_BYTES >> 20
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{path}: not UTF-8 text"))?;
    Ok(Program {
        text: text.into(),
        file: true,
    })
}

/// All of standard input as one program (for `--rpn`), or the error to report.
pub fn read_stdin() -> Result<Program, String> {
    let mut bytes = Vec::new();
    io::stdin()
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read standard input: {e}"))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(format!(
            "standard input too long: more than {} MiB",
            MAX_INPUT_BYTES >> 20
        ));
    }
    let text =
        String::from_utf8(bytes).map_err(|_| "standard input is not UTF-8 text".to_string())?;
    Ok(Program {
        text: text.into(),
        file: false,
    })
}

/// The context of one run.
pub fn context(options: &Options, shared: &Arc<Shared>) -> Context {
    let mut cx = Context::new(
        options.digits,
        options.max_bits,
        options.max_memory,
        options.max_steps,
    );
    cx.shared = shared.clone();
    cx
}

/// Prints `value` as the options ask (or asks, with a `retry` error, for more precision).
pub fn emit(value: &Value, options: &Options, cx: &Context) -> Result<(), Error> {
    let text = render(value, options.radix, options.digits, cx)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| Error::from(format!("cannot write the result: {e}")))
}

/// Reports `message` on standard error (ignoring a closed stderr); status 2.
pub fn fail(message: &str) -> ExitCode {
    let _ = writeln!(io::stderr().lock(), "carry: {message}");
    ExitCode::from(2)
}

/// Runs `programs` in order with one session (or one stack), stopping at the first error.
pub fn programs(options: &Options, programs: Vec<Program>) -> ExitCode {
    let watch = Arc::new(Watch::default());
    let options = options.clone();
    let w = watch.clone();
    let limit = options.time_limit(false);
    let max_memory = options.max_memory;
    let work = move || -> u8 {
        let cx = context(&options, &w.shared);
        let mut session = Session::default();
        let mut machine = Machine::default();
        for program in &programs {
            let source = program.source();
            w.begin(&program.text, source);
            cx.reset_steps();
            let result = if options.rpn {
                machine
                    .run(&program.text, &cx)
                    .and_then(|()| match machine.top() {
                        Some(top) => emit_retrying(top, &options, &cx),
                        None => Ok(()),
                    })
            } else {
                session
                    .run(&program.text, &cx, &mut |v, cx| emit(v, &options, cx))
                    .and_then(|count| {
                        if count == 0 && !program.file {
                            Err(Error::at(0, "empty expression"))
                        } else {
                            Ok(())
                        }
                    })
            };
            w.end();
            if let Err(e) = result {
                // A stopped evaluation is reported by the watcher.
                if !w.shared.cancel.load(Ordering::SeqCst) {
                    fail(&source.describe(&e));
                }
                return 2;
            }
        }
        0
    };
    finish(supervise(&watch, limit, max_memory, None, work))
}

/// The exit status of a run; a stopped run is reported and ends the process at once (its
/// worker may be inside a library call that cannot be interrupted).
fn finish(outcome: Outcome<u8>) -> ExitCode {
    match outcome {
        Outcome::Done(status) => ExitCode::from(status),
        Outcome::Stopped(stop) => {
            fail(&stop.describe());
            let _ = io::stdout().flush();
            std::process::exit(2)
        }
    }
}

/// Prints the top of the `--rpn` stack; an approximation that cannot be printed at the
/// working precision is an error (the program is not run again).
fn emit_retrying(value: &Value, options: &Options, cx: &Context) -> Result<(), Error> {
    emit(value, options, cx).map_err(|mut e| {
        e.retry = false;
        e
    })
}

/// Evaluates standard input line by line with one session: a line with an unclosed `(` or
/// ending in `\` continues on the next. Errors are reported and the next line is read; the
/// status is 2 if any line failed.
pub fn lines(options: &Options) -> ExitCode {
    let watch = Arc::new(Watch::default());
    let options = options.clone();
    let w = watch.clone();
    let limit = options.time_limit(false);
    let max_memory = options.max_memory;
    let work = move || -> u8 {
        let cx = context(&options, &w.shared);
        let mut session = Session::default();
        let mut status = 0;
        let mut stdin = io::stdin().lock();
        let mut number = 0;
        loop {
            let first = number + 1;
            let text = match read_program(&mut stdin, &mut number) {
                Ok(None) => return status,
                Ok(Some(text)) => text,
                Err(message) => {
                    fail(&format!("line {number}: {message}"));
                    status = 2;
                    continue;
                }
            };
            let text: Arc<str> = text.into();
            let source = Source::line(&text, first);
            w.begin(&text, source);
            cx.reset_steps();
            let result = session.run(&text, &cx, &mut |v, cx| emit(v, &options, cx));
            w.end();
            if let Err(e) = result {
                if w.shared.cancel.load(Ordering::SeqCst) {
                    return 2;
                }
                fail(&source.describe(&e));
                status = 2;
            }
        }
    };
    finish(supervise(&watch, limit, max_memory, None, work))
}

/// The next program of line-by-line input: a line, joined with the following ones while a
/// `(` is open or it ends in `\`; `number` counts the lines read. `None` at the end.
fn read_program(input: &mut impl BufRead, number: &mut usize) -> Result<Option<String>, String> {
    let mut text = String::new();
    loop {
        let line = read_line(input);
        if !matches!(line, Ok(None)) {
            *number += 1;
        }
        let Some(line) = line? else {
            return Ok((!text.is_empty()).then_some(text));
        };
        text.push_str(&line);
        if text.len() > MAX_INPUT_BYTES {
            return Err(format!(
                "input too long: more than {} MiB",
                MAX_INPUT_BYTES >> 20
            ));
        }
        if !continues(&text) {
            return Ok(Some(text));
        }
        text.push('\n');
    }
}

/// Whether a program read so far goes on: a `(` is still open or the text ends in `\`.
fn continues(text: &str) -> bool {
    let mut depth = 0i64;
    for line in text.lines() {
        let code = line.split('#').next().unwrap_or("");
        for c in code.bytes() {
            match c {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
        }
    }
    depth > 0 || text.trim_end().ends_with('\\')
}

/// One line without its end, read in pieces so that a line longer than the input limit
/// is refused (and skipped) without holding it whole. `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> Result<Option<String>, String> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("cannot read: {e}")),
        };
        if chunk.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1),
            None => (chunk, chunk.len()),
        };
        if !too_long {
            if line.len() + part.len() > MAX_INPUT_BYTES {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(part);
            }
        }
        let newline = done > part.len();
        input.consume(done);
        if newline {
            break;
        }
    }
    if too_long {
        return Err(format!(
            "input too long: more than {} MiB",
            MAX_INPUT_BYTES >> 20
        ));
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| "not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_continue_while_parentheses_are_open() {
        let mut input = io::Cursor::new("f(x) = (x +\n 1)\n2 \\\n+ 3\n# (\n4\n");
        let mut n = 0;
        assert_eq!(
            read_program(&mut input, &mut n).unwrap().unwrap(),
            "f(x) = (x +\n 1)"
        );
        assert_eq!(n, 2);
        assert_eq!(
            read_program(&mut input, &mut n).unwrap().unwrap(),
            "2 \\\n+ 3"
        );
        assert_eq!(read_program(&mut input, &mut n).unwrap().unwrap(), "# (");
        assert_eq!(read_program(&mut input, &mut n).unwrap().unwrap(), "4");
        assert_eq!(read_program(&mut input, &mut n).unwrap(), None);
        assert_eq!(n, 6);
    }
}
