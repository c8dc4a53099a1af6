//! Rewriting one list or map value of a level's text element by element, so
//! the comments between elements survive an edit of the field: only the
//! elements that changed are rewritten. A comment sits with the element it
//! comes before (`// the big hill` above a curve goes when that curve is
//! deleted, and stays when a curve before it is).
//!
//! Lists whose order means something (tiles, curves, actors, checkpoints)
//! keep their unchanged start and end and rewrite the middle
//! ([`splice_list`]); maps (the legend, the tuning) are matched by key
//! ([`splice_keyed`]). Either gives `None` when it cannot be sure (the
//! text's elements do not match the old value, or nothing would be left),
//! and the caller rewrites the whole value.

use std::ops::Range;

use crate::files::ron_text::elements;

/// One element of the rewritten value: an original one (kept or rewritten)
/// or a new one.
enum Out {
    Original(usize, Option<String>),
    New(String),
}

/// Puts the value back together: the text before the first element, the
/// elements with the original text between them where an original element
/// follows (its comments and comma), and the original text after the last.
fn rebuild(text: &str, value: Range<usize>, spans: &[Range<usize>], out: &[Out]) -> Option<String> {
    if out.is_empty() || spans.is_empty() {
        return None;
    }
    let first = spans[0].start;
    let line_start = text[..first].rfind('\n').map_or(value.start, |n| n + 1);
    let indent = &text[line_start..first];
    let multiline = text[value.start..first].contains('\n');
    let default_sep = if multiline && indent.trim().is_empty() {
        format!(",\n{indent}")
    } else {
        ", ".to_string()
    };
    let last = spans.len() - 1;
    let mut s = text[value.start..first].to_string();
    for (k, o) in out.iter().enumerate() {
        if k > 0 {
            match o {
                Out::Original(j, _) if *j > 0 => {
                    s.push_str(&text[spans[j - 1].end..spans[*j].start])
                }
                _ => s.push_str(&default_sep),
            }
        }
        match o {
            Out::Original(j, None) => s.push_str(&text[spans[*j].clone()]),
            Out::Original(_, Some(t)) | Out::New(t) => s.push_str(t),
        }
    }
    s.push_str(&text[spans[last].end..value.end]);
    Some(s)
}

/// The list value at `text[value]`, whose elements were `old`, rewritten
/// as `new`: the unchanged start and end kept as written, the middle
/// rewritten in the places of the old middle, longer or shorter.
pub fn splice_list(
    text: &str,
    value: Range<usize>,
    old: &[String],
    new: &[String],
) -> Option<String> {
    let spans = elements(text, value.clone())?;
    if spans.len() != old.len() {
        return None;
    }
    let p = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let q = old[p..]
        .iter()
        .rev()
        .zip(new[p..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out: Vec<Out> = (0..p).map(|i| Out::Original(i, None)).collect();
    // The middle: old elements rewritten in place (keeping the comments
    // before them) as far as the new ones go, then the rest added or dropped.
    let (old_mid, new_mid) = (p..old.len() - q, &new[p..new.len() - q]);
    for (k, t) in new_mid.iter().enumerate() {
        out.push(match old_mid.clone().nth(k) {
            Some(j) => Out::Original(j, Some(t.clone())),
            None => Out::New(t.clone()),
        });
    }
    out.extend((old.len() - q..old.len()).map(|i| Out::Original(i, None)));
    rebuild(text, value, &spans, &out)
}

/// The map value at `text[value]`, whose entries were `old` (key, entry
/// text), rewritten as `new`: entries matched by key (`key` reads an
/// element's key), changed ones rewritten in place, removed ones dropped,
/// new ones added at the end.
pub fn splice_keyed(
    text: &str,
    value: Range<usize>,
    old: &[(String, String)],
    new: &[(String, String)],
    key: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    let spans = elements(text, value.clone())?;
    let keys: Vec<String> = spans
        .iter()
        .map(|r| key(&text[r.clone()]))
        .collect::<Option<_>>()?;
    // Every old entry is in the text once, and the text has nothing else.
    if keys.len() != old.len() || !old.iter().all(|(k, _)| keys.contains(k)) {
        return None;
    }
    let find = |list: &[(String, String)], k: &str| {
        list.iter()
            .find(|(key, _)| key == k)
            .map(|(_, t)| t.clone())
    };
    let mut out = Vec::new();
    for (j, k) in keys.iter().enumerate() {
        match (find(old, k), find(new, k)) {
            (Some(a), Some(b)) if a == b => out.push(Out::Original(j, None)),
            (_, Some(b)) => out.push(Out::Original(j, Some(b))),
            (_, None) => {}
        }
    }
    for (k, t) in new {
        if !keys.contains(k) {
            out.push(Out::New(t.clone()));
        }
    }
    rebuild(text, value, &spans, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(t: &str) -> Range<usize> {
        0..t.len()
    }

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_changed_middle_element_keeps_the_comments_around_it() {
        let t = "[\n    // hill\n    a,\n    // ramp\n    b, // steep\n    // pad\n    c,\n]";
        let old = list(&["a", "b", "c"]);
        let got = splice_list(t, whole(t), &old, &list(&["a", "B", "c"])).unwrap();
        assert_eq!(
            got,
            "[\n    // hill\n    a,\n    // ramp\n    B, // steep\n    // pad\n    c,\n]"
        );
        // Deleting b takes its leading comment with it; the others stay.
        let got = splice_list(t, whole(t), &old, &list(&["a", "c"])).unwrap();
        assert_eq!(
            got,
            "[\n    // hill\n    a, // steep\n    // pad\n    c,\n]"
        );
        // Adding at the end keeps everything.
        let got = splice_list(t, whole(t), &old, &list(&["a", "b", "c", "d"])).unwrap();
        assert_eq!(
            got,
            "[\n    // hill\n    a,\n    // ramp\n    b, // steep\n    // pad\n    c,\n    d,\n]"
        );
        // Nothing left, or a text that does not match: the caller rewrites.
        assert_eq!(splice_list(t, whole(t), &old, &[]), None);
        assert_eq!(splice_list(t, whole(t), &list(&["a"]), &[]), None);
    }

    #[test]
    fn map_entries_are_matched_by_key() {
        let t = "{ 'a': X, // keep\n  'b': Y, 'c': Z }";
        let kv = |k: &str, v: &str| (k.to_string(), format!("'{k}': {v}"));
        let old = vec![kv("a", "X"), kv("b", "Y"), kv("c", "Z")];
        let new = vec![kv("a", "X"), kv("b", "W"), kv("d", "V")];
        let key = |e: &str| {
            e.split(':')
                .next()
                .map(|k| k.trim().trim_matches('\'').to_string())
        };
        let got = splice_keyed(t, whole(t), &old, &new, key).unwrap();
        assert_eq!(got, "{ 'a': X, // keep\n  'b': W, 'd': V }");
    }
}
