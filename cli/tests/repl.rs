//! The interactive session through a pseudo-terminal: commands, settings, carets under the
//! input, persistent history, limits that end a line and not the session.

mod common;

use common::*;

#[test]
fn help_quit_and_digits() {
    let dir = scratch("help_quit_and_digits");
    let mut s = repl(&[], &dir);
    s.exp_string("> ").unwrap();
    s.send_line("help").unwrap();
    s.exp_string("commands: help").unwrap();
    s.exp_string("usage: carry").unwrap();
    s.exp_string("with status 2.").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("1/3").unwrap();
    s.exp_string("1/3").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line(":digits 5").unwrap();
    s.exp_string("digits 5").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("2/3").unwrap();
    s.exp_string("0.66667").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line(":digits off").unwrap();
    s.exp_string("digits off").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("2/3").unwrap();
    s.exp_string("2/3").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line(":digits many").unwrap();
    s.exp_string("error: :digits needs a number of decimal places or off, not \"many\"")
        .unwrap();
    s.exp_string("> ").unwrap();
    s.send_line(":frob").unwrap();
    s.exp_string("error: unknown command :frob (try help)")
        .unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("quit").unwrap();
    s.exp_eof().unwrap();
}

#[test]
fn errors_show_a_caret_under_the_input() {
    let mut s = repl(&[], &scratch("errors_show_a_caret_under_the_input"));
    s.exp_string("> ").unwrap();
    s.send_line("1 + nope").unwrap();
    // The prompt is two characters: the caret sits under column 5 of the input.
    s.exp_string("\r\n      ^\r\nerror: column 5: unknown variable \"nope\"")
        .unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("f(n) = if (n < 2) n else f(n-1) + f(n-2)")
        .unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("f(20); 1/0").unwrap();
    s.exp_string("6765").unwrap();
    s.exp_string("error: column 9: division by zero").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("ans + 1").unwrap();
    s.exp_string("6766").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("exit").unwrap();
    s.exp_eof().unwrap();
}

#[test]
fn history_is_kept_between_sessions() {
    let dir = scratch("history_is_kept_between_sessions");
    let mut s = repl(&[], &dir);
    s.exp_string("> ").unwrap();
    s.send_line("6 * 7").unwrap();
    s.exp_string("42").unwrap();
    s.exp_string("> ").unwrap();
    s.send_control('d').unwrap();
    s.exp_eof().unwrap();
    let history = std::fs::read_to_string(dir.join("carry/history")).unwrap();
    assert!(history.lines().any(|l| l == "6 * 7"), "{history}");
    // A new session recalls it with the up arrow.
    let mut s = repl(&[], &dir);
    s.exp_string("> ").unwrap();
    s.send("\x1b[A").unwrap();
    s.send_line(" + 1").unwrap();
    s.exp_string("43").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("quit").unwrap();
    s.exp_eof().unwrap();
    let history = std::fs::read_to_string(dir.join("carry/history")).unwrap();
    assert!(history.lines().any(|l| l == "6 * 7 + 1"), "{history}");
}

#[test]
fn limits_end_a_line_not_the_session() {
    let dir = scratch("limits_end_a_line_not_the_session");
    let mut s = repl(&["--timeout", "0.5", "--max-memory", "100M"], &dir);
    s.exp_string("> ").unwrap();
    s.send_line("x = 5").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("isprime(2^1000003 - 1)").unwrap();
    s.exp_string("error: column 1: timed out after 0.5 s (see --timeout)")
        .unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("a = 2^(9*10^7); b = a+1; c = b+1; d = c+1; e = d+1; f = e+1; g = f+1; h = g+1")
        .unwrap();
    s.exp_string("memory budget exhausted").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("x + 1").unwrap();
    s.exp_string("6").unwrap();
    s.exp_string("> ").unwrap();
    s.send_line("f(n) = 1 + f(n + 1); f(0)").unwrap();
    s.exp_string("error: column 22: in f: recursion deeper than 10000 calls")
        .unwrap();
    s.exp_string("> ").unwrap();
    s.send_control('d').unwrap();
    s.exp_eof().unwrap();
}
