//! The one scanner of a level's RON text that saving uses: the elements of
//! a bracketed value (`[…]`, `{…}`, `(…)`) as byte ranges, with comments,
//! strings, chars and nesting skipped ([`elements`]), and the top-level
//! `key: value` fields of the file's outer `( … )` read from them
//! ([`fields`]).

use std::ops::Range;

/// A top-level `key: value` of the level's outer `( … )`, as byte ranges.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FieldSpan {
    pub key: String,
    pub value: Range<usize>,
}

/// Past the comments and whitespace from `i` on.
fn skip_trivia(b: &[u8], mut i: usize) -> usize {
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else {
            return i.min(b.len());
        }
    }
}

/// The elements of the bracketed value opening at `text[open]`, each from
/// its first to its last character of code (comments and spacing around it
/// left out), and where the matching bracket closes it. `None` when no
/// bracket opens there or none closes it.
fn elements_from(text: &str, open: usize) -> Option<(Vec<Range<usize>>, usize)> {
    let b = text.as_bytes();
    if !matches!(b.get(open), Some(b'[' | b'{' | b'(')) {
        return None;
    }
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    let mut last_code = 0;
    let mut i = open + 1;
    loop {
        i = skip_trivia(b, i);
        let &c = b.get(i)?;
        if depth == 0 && matches!(c, b')' | b']' | b'}') {
            if let Some(s) = start {
                out.push(s..last_code);
            }
            return Some((out, i));
        }
        if c == b',' && depth == 0 {
            if let Some(s) = start.take() {
                out.push(s..last_code);
            }
            i += 1;
            continue;
        }
        start.get_or_insert(i);
        let end = match c {
            b'"' | b'\'' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != c {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                j + 1
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i + 1
            }
            b')' | b']' | b'}' => {
                depth -= 1;
                i + 1
            }
            // A whole UTF-8 character.
            _ => i + text[i..].chars().next().map_or(1, char::len_utf8),
        };
        last_code = end.min(b.len());
        i = end;
    }
}

/// The elements of the bracketed value at `text[value]` (see
/// [`elements_from`]); `None` when it is not one bracketed value.
pub(crate) fn elements(text: &str, value: Range<usize>) -> Option<Vec<Range<usize>>> {
    let (out, close) = elements_from(text, value.start)?;
    (close + 1 == value.end).then_some(out)
}

/// The top-level fields of a level's text (`( key: value, … )`, perhaps
/// after comments and a struct name), and where its outer `)` is; no
/// fields and `None` when the text is not such a value.
pub(crate) fn fields(text: &str) -> (Vec<FieldSpan>, Option<usize>) {
    let b = text.as_bytes();
    let mut open = skip_trivia(b, 0);
    while open < b.len() && (b[open].is_ascii_alphanumeric() || b[open] == b'_') {
        open += 1;
    }
    let open = skip_trivia(b, open);
    let Some((elements, close)) = elements_from(text, open) else {
        return (Vec::new(), None);
    };
    let spans = elements
        .into_iter()
        .filter_map(|e| {
            let key_len = text[e.clone()]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(e.len());
            let after_key = skip_trivia(b, e.start + key_len);
            if key_len == 0 || b.get(after_key) != Some(&b':') {
                return None;
            }
            let mut v = after_key + 1;
            while v < e.end && (b[v] == b' ' || b[v] == b'\t') {
                v += 1;
            }
            Some(FieldSpan {
                key: text[e.start..e.start + key_len].to_string(),
                value: v..e.end,
            })
        })
        .collect();
    (spans, Some(close))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(t: &str) -> Range<usize> {
        0..t.len()
    }

    #[test]
    fn elements_skip_comments_strings_and_nesting() {
        let t = "[ (a, [1, 2]), // x, y\n \"p, q\" /* , */, 'c', ',' ]";
        let got: Vec<&str> = elements(t, whole(t))
            .unwrap()
            .into_iter()
            .map(|r| &t[r])
            .collect();
        assert_eq!(got, ["(a, [1, 2])", "\"p, q\"", "'c'", "','"]);
        assert_eq!(elements("[1, 2] x", whole("[1, 2] x")), None);
        assert_eq!(elements("[1, 2", whole("[1, 2")), None);
    }

    #[test]
    fn finds_top_level_fields_past_comments_strings_and_chars() {
        let text = "// (not: this)\n(\n  name: \"a, (b)\", // c: d\n  legend: { ',': Solid },\n  spawn: (1, 2),\n)";
        let (spans, close) = fields(text);
        let keys: Vec<&str> = spans.iter().map(|s| s.key.as_str()).collect();
        assert_eq!(keys, ["name", "legend", "spawn"]);
        assert_eq!(&text[spans[0].value.clone()], "\"a, (b)\"");
        assert_eq!(&text[spans[2].value.clone()], "(1, 2)");
        assert_eq!(close, Some(text.len() - 1));
        let named = "Level(name: \"x\")";
        assert_eq!(fields(named).0[0].key, "name");
        assert_eq!(fields("no level"), (Vec::new(), None));
    }
}
