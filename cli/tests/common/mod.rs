//! Running the `carry` binary from the tests.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub fn carry(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carry"))
        .args(args)
        .output()
        .unwrap()
}

pub fn carry_stdin(args: &[&str], input: &str) -> Output {
    carry_bytes(args, input.as_bytes())
}

pub fn carry_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carry"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from another thread: carry may stop reading early (and the pipe then fills).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// `carry args` with standard input `input`, its output and how long it took; a run of more
/// than `limit` is killed and fails the test (a hang, not a slow run: the limit is generous).
pub fn carry_within(args: &[&str], input: &[u8], limit: Duration) -> (Output, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_carry"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let pid = child.id();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let killer = std::thread::spawn(move || {
        if wait.recv_timeout(limit).is_err() {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
    });
    let out = child.wait_with_output().unwrap();
    let _ = done.send(());
    killer.join().unwrap();
    writer.join().unwrap();
    let took = start.elapsed();
    assert!(took < limit, "carry {args:?} ran {took:?}: killed as hung");
    (out, took)
}

/// The printed result of evaluating `expression`, asserting success.
pub fn eval(expression: &str) -> String {
    let out = carry(&[expression]);
    assert!(
        out.status.success(),
        "{expression}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end_matches('\n')
        .to_string()
}

/// The first line of standard error of a failing run, asserting status 2, no output, and a
/// well-formed report (see [`check_report`]).
pub fn fails(args: &[&str]) -> String {
    let out = carry(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    check_report(&err);
    err.lines().next().unwrap().to_string()
}

/// The column an error's first line names: `carry: [line L, ]column C: ...`.
pub fn column_of(line: &str) -> Option<usize> {
    let at = line.find("column ")? + "column ".len();
    let digits: String = line[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if !line[at + digits.len()..].starts_with(':') {
        return None;
    }
    digits.parse().ok()
}

/// An error report: one line `carry: message`; or, when the message names a column, that
/// line, the input line indented by two spaces, and a caret under the column.
pub fn check_report(err: &str) {
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("carry: "), "{err}");
    let Some(column) = column_of(lines[0]) else {
        assert_eq!(lines.len(), 1, "{err}");
        return;
    };
    assert_eq!(lines.len(), 3, "{err}");
    let (shown, caret) = (lines[1], lines[2]);
    assert_eq!(caret.trim_start(), "^", "{err}");
    assert!(shown.starts_with("  ") && caret.starts_with("  "), "{err}");
    if !shown.starts_with("  ...") {
        assert_eq!(
            caret.chars().count(),
            2 + column,
            "caret under column {column}:\n{err}"
        );
    }
}

/// The output of `carry --rpn ARGS...`, asserting success.
pub fn rpn(args: &[&str]) -> String {
    let mut all = vec!["--rpn"];
    all.extend(args);
    let out = carry(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

/// A fresh directory under the target directory, for files a test writes.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The interactive session through a pseudo-terminal, with its history kept under `data`
/// (as `$XDG_DATA_HOME`) rather than in the user's own data directory.
pub fn repl(args: &[&str], data: &std::path::Path) -> rexpect::session::PtySession {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carry"));
    command.args(args).env("XDG_DATA_HOME", data);
    rexpect::session::spawn_command(command, Some(30_000)).unwrap()
}
