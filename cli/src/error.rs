//! Errors: what went wrong and where, shown with the input line and a caret under the column.
//!
//! ```text
//! carry: column 5: division by zero
//!   1 / (2 - 2)
//!     ^
//! ```

use std::fmt::Write as _;

/// An error of evaluation, placed at a byte offset of the text being evaluated.
#[derive(Clone, Debug)]
pub struct Error {
    /// Where, as a byte offset into the evaluated text; `None` for errors with no place.
    pub offset: Option<usize>,
    pub message: String,
    /// The value could not be decided at the working precision (an approximation too wide
    /// to compare or to print): evaluating again at a higher precision may succeed.
    pub retry: bool,
}

impl Error {
    /// An error at byte `offset`.
    pub fn at(offset: usize, message: impl Into<String>) -> Error {
        Error {
            offset: Some(offset),
            message: message.into(),
            retry: false,
        }
    }

    /// An error that evaluating at a higher precision may avoid.
    pub fn undecided(message: impl Into<String>) -> Error {
        Error {
            offset: None,
            message: message.into(),
            retry: true,
        }
    }

    /// The same error placed at `offset`, unless it already has a place.
    pub fn place(mut self, offset: usize) -> Error {
        self.offset.get_or_insert(offset);
        self
    }
}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error {
            offset: None,
            message,
            retry: false,
        }
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::from(message.to_string())
    }
}

/// A text that errors point into.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    pub text: &'a str,
    /// The input line number of the text's first line.
    pub first_line: usize,
    /// Whether messages name the line (always for files and standard input; for a text
    /// given as arguments only when it has several lines).
    pub name_lines: bool,
}

/// Characters of the input line shown around the column, at most.
const EXCERPT: usize = 72;

impl<'a> Source<'a> {
    /// A text given on the command line: lines are named only when it has several.
    pub fn argument(text: &'a str) -> Source<'a> {
        Source {
            text,
            first_line: 1,
            name_lines: text.trim_end_matches('\n').contains('\n'),
        }
    }

    /// Line `line` of an input read line by line.
    pub fn line(text: &'a str, line: usize) -> Source<'a> {
        Source {
            text,
            first_line: line,
            name_lines: true,
        }
    }

    /// A program file.
    pub fn file(text: &'a str) -> Source<'a> {
        Source {
            text,
            first_line: 1,
            name_lines: true,
        }
    }

    /// The 1-based line number, 1-based column (in characters) and the text of the line
    /// holding byte `offset`.
    pub fn locate(&self, offset: usize) -> (usize, usize, &'a str) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |i| offset + i);
        let line = self.first_line
            + self.text.as_bytes()[..start]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
        let column = self.text[start..offset].chars().count() + 1;
        (line, column, &self.text[start..end])
    }

    /// `line L, column C: message` (the line when named), or the bare message.
    pub fn headline(&self, e: &Error) -> String {
        match e.offset {
            None => e.message.clone(),
            Some(offset) => {
                let (line, column, _) = self.locate(offset);
                if self.name_lines {
                    format!("line {line}, column {column}: {}", e.message)
                } else {
                    format!("column {column}: {}", e.message)
                }
            }
        }
    }

    /// The line holding `offset` and a caret under it, each line indented by `indent`
    /// spaces; long lines are cut to an excerpt around the column.
    pub fn caret(&self, offset: usize, indent: usize) -> String {
        let (_, column, line) = self.locate(offset);
        let column = column - 1;
        // Only the characters near the column are looked at: a line may be megabytes long.
        let from = column.saturating_sub(EXCERPT / 2);
        let mut near: Vec<char> = line.chars().skip(from).take(EXCERPT + 1).collect();
        let cut_end = near.len() > EXCERPT;
        near.truncate(EXCERPT);
        let mut shown = String::new();
        let mut pad = column - from;
        if from > 0 {
            shown.push_str("...");
            pad += 3;
        }
        shown.extend(near.iter().map(|&c| if c.is_control() { ' ' } else { c }));
        if cut_end {
            shown.push_str("...");
        }
        let mut out = String::new();
        let _ = writeln!(out, "{:indent$}{}", "", shown.trim_end());
        let _ = write!(out, "{:indent$}{:pad$}^", "", "");
        out
    }

    /// The full report: the headline, then the line and the caret when the error has a place.
    pub fn describe(&self, e: &Error) -> String {
        let mut text = self.headline(e);
        if let Some(offset) = e.offset {
            text.push('\n');
            text.push_str(&self.caret(offset, 2));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_the_column() {
        let s = Source::argument("1 + é + x");
        let e = Error::at(9, "unknown variable \"x\"");
        assert_eq!(
            s.describe(&e),
            "column 9: unknown variable \"x\"\n  1 + é + x\n          ^"
        );
        let s = Source::file("a = 1\n\tb + 2\n");
        assert_eq!(
            s.describe(&Error::at(7, "unknown variable \"b\"")),
            "line 2, column 2: unknown variable \"b\"\n   b + 2\n   ^"
        );
        assert_eq!(
            s.describe(&Error::at(13, "end")),
            "line 3, column 1: end\n  \n  ^"
        );
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let text = "1+".repeat(1000) + "x";
        let s = Source::argument(&text);
        let shown = s.caret(1000, 0);
        let (line, caret) = shown.split_once('\n').unwrap();
        assert!(line.starts_with("...") && line.ends_with("..."), "{line}");
        assert!(line.len() < 100);
        assert_eq!(&line[caret.len() - 1..caret.len()], "1");
        let end = s.caret(text.len(), 0);
        let (line, caret) = end.split_once('\n').unwrap();
        assert!(line.starts_with("...") && line.ends_with('x'));
        assert_eq!(caret.len(), line.len() + 1);
        let short = Source::argument("1 + 2)");
        assert_eq!(short.caret(5, 1), " 1 + 2)\n      ^");
    }
}
