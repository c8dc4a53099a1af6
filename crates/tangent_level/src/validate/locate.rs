//! Where a problem in a level file is: [`LevelError`] (file, line,
//! column, what), and finding a field's line in the text.
//!
//! RON syntax and type errors carry ron's own position. Problems found after
//! parsing are located by finding the field in the text: the `n`-th row
//! string after `tiles:`, the `n`-th `points` after `curves:`, and so on,
//! which is exact for files in the documented layout (one row, curve or
//! actor per line) and the field's line otherwise.

use std::fmt;

/// A problem with a level file: where, and what.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelError {
    pub file: String,
    /// 1-based line, 0 when the problem is the whole file.
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "{}:{}:{}: {}", self.file, self.line, c, self.message),
            None => write!(f, "{}:{}: {}", self.file, self.line, self.message),
        }
    }
}

impl std::error::Error for LevelError {}

/// Finds lines of fields in the level text for error messages.
pub(crate) struct Locator<'a> {
    pub(crate) lines: Vec<&'a str>,
    file: &'a str,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str, file: &'a str) -> Self {
        Locator {
            lines: text.lines().collect(),
            file,
        }
    }

    /// An error at `line` (and `column`) of this file.
    pub(crate) fn err(&self, line: usize, column: Option<usize>, message: String) -> LevelError {
        LevelError {
            file: self.file.to_string(),
            line,
            column,
            message,
        }
    }

    /// The code part of a line: everything before a `//` comment.
    fn code(line: &str) -> &str {
        line.find("//").map_or(line, |i| &line[..i])
    }

    /// 1-based line of the first `key:` outside comments, or 0.
    pub(crate) fn key(&self, key: &str) -> usize {
        let pat = format!("{key}:");
        self.lines
            .iter()
            .position(|l| {
                let c = Self::code(l).trim_start();
                c.starts_with(&pat)
            })
            .map_or(0, |i| i + 1)
    }

    /// 1-based line of the `n`-th line (0-based) after `after` whose code
    /// contains `pat`, or `after` itself when there is none.
    pub(crate) fn nth_after(&self, after: usize, pat: &str, n: usize) -> usize {
        self.lines
            .iter()
            .enumerate()
            .skip(after.saturating_sub(1))
            .filter(|(_, l)| Self::code(l).contains(pat))
            .nth(n)
            .map_or(after, |(i, _)| i + 1)
    }

    /// 1-based line of the `n`-th (0-based) element of the list that
    /// starts at `after` (a `key: [` line): where its `(` is, or `after`
    /// when there is no such element.
    pub(crate) fn nth_item(&self, after: usize, n: usize) -> usize {
        let mut depth = 0usize;
        let mut seen = 0usize;
        let mut started = false;
        for (i, line) in self.lines.iter().enumerate().skip(after.saturating_sub(1)) {
            let mut in_string = false;
            for ch in Self::code(line).chars() {
                match ch {
                    '"' => in_string = !in_string,
                    _ if in_string => {}
                    '[' | '(' | '{' => {
                        if started && depth == 1 && ch == '(' {
                            if seen == n {
                                return i + 1;
                            }
                            seen += 1;
                        }
                        if ch == '[' && !started {
                            started = true;
                            depth = 0;
                        }
                        depth += 1;
                    }
                    ']' | ')' | '}' => {
                        depth = depth.saturating_sub(1);
                        if started && depth == 0 {
                            return after;
                        }
                    }
                    _ => {}
                }
            }
        }
        after
    }
}
