//! The house rules, for every crate of the workspace, read from the
//! source files (test modules aside):
//! - the collision crate's layers import only downward (poly → geometry →
//!   query → terrain → dynamics → bevy), and in every crate the top-level
//!   modules import each other in one direction only (an order of floors
//!   exists; it is printed); a crate names no crate above it;
//! - no two files import each other, directly or round a circle;
//! - no file holds more than 400 lines of code (blank lines, comments and
//!   tests aside);
//! - in the game, a folder's plugin is in its `mod.rs`, and every other
//!   file is a leaf (declares no module, implements no plugin).
//!
//! Each rule also runs on a planted violation, which it must catch.

use std::fs;
use std::path::Path;

const LAYERS: [&str; 6] = ["poly", "geometry", "query", "terrain", "dynamics", "bevy"];

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == layer)
}

/// `(line number, layer named)` for each `crate::<layer>` path in the
/// non-test part of `text`, comments skipped.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push((i + 1, name));
        }
    }
    out
}

#[test]
fn layers_import_only_downward() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    let mut upward = Vec::new();
    for layer in LAYERS {
        let own = rank(layer).unwrap();
        for path in files_under(&src.join(layer)) {
            let text = fs::read_to_string(&path).unwrap();
            for (line, named) in crate_paths(&text) {
                checked += 1;
                match rank(&named) {
                    Some(r) if r <= own => {}
                    Some(_) => upward.push(format!(
                        "{}:{line}: {layer} imports {named}",
                        path.display()
                    )),
                    // `crate::prelude` re-exports every layer: only the top may use it.
                    None if named == "prelude" && own + 1 < LAYERS.len() => upward.push(format!(
                        "{}:{line}: {layer} uses the prelude",
                        path.display()
                    )),
                    None => {}
                }
            }
        }
    }
    println!(
        "{checked} crate paths checked across {} layers",
        LAYERS.len()
    );
    assert!(
        checked > 30,
        "too few paths found ({checked}): is the parser still right?"
    );
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

/// Every file under `dir`, in its folders too.
fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The dynamics' phases, bottom up: one body's step, running a surface,
/// many bodies (and the movers) together.
const PHASES: [&str; 3] = ["body", "surface", "world"];

/// `(line, phase named)` for each `crate::dynamics::<phase>` path in the
/// non-test part of `text`, comments skipped.
fn phase_paths(text: &str) -> Vec<(usize, String)> {
    crate_paths(&text.replace("crate::dynamics::", "crate::"))
        .into_iter()
        .filter(|(_, p)| PHASES.contains(&p.as_str()))
        .collect()
}

#[test]
fn the_dynamics_phases_call_only_the_phases_below() {
    let dynamics = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/dynamics");
    let (mut checked, mut files) = (0, 0);
    let mut upward = Vec::new();
    for (own, phase) in PHASES.iter().enumerate() {
        for path in files_under(&dynamics.join(phase)) {
            files += 1;
            let text = fs::read_to_string(&path).unwrap();
            for (line, named) in phase_paths(&text) {
                checked += 1;
                if PHASES.iter().position(|p| *p == named).unwrap() > own {
                    upward.push(format!("{}:{line}: {phase} calls {named}", path.display()));
                }
            }
        }
    }
    println!(
        "{files} files in {} phases, {checked} paths between phases",
        PHASES.len()
    );
    assert!(
        files > 20 && checked > 10,
        "too few found: is the parser still right?"
    );
    assert!(
        upward.is_empty(),
        "phases calling up:\n{}",
        upward.join("\n")
    );
    let planted = "use crate::dynamics::world::turns::Turn;\nuse super::chord;";
    assert_eq!(phase_paths(planted), vec![(1, "world".to_string())]);
}

#[test]
fn the_checker_sees_an_upward_import() {
    let planted = "use crate::dynamics::Body;\n#[cfg(test)]\nuse crate::bevy::X;";
    assert_eq!(crate_paths(planted), vec![(1, "dynamics".to_string())]);
}

/// Lines of code before the test module: not blank, not a comment.
fn code_lines(text: &str) -> usize {
    text.lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .filter(|l| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with("//")
        })
        .count()
}

/// The workspace's source folders, with the crates each may not name
/// (the crates above it).
const CRATES: [(&str, &[&str]); 4] = [
    ("src", &[]),
    (
        "crates/tangent_collision/src",
        &["tangent_level", "tangent"],
    ),
    ("crates/tangent_level/src", &["tangent"]),
    ("crates/tangent_bench/src", &["tangent"]),
];

fn workspace() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Files over 400 lines of code, and the largest file.
fn too_long(mods: &[Module]) -> (Vec<String>, (usize, String)) {
    let mut over = Vec::new();
    let mut largest = (0, String::new());
    for m in mods {
        let n = code_lines(&m.text);
        if n > 400 {
            over.push(format!("{} has {n} lines of code", m.file));
        }
        if n > largest.0 {
            largest = (n, m.file.clone());
        }
    }
    (over, largest)
}

#[test]
fn no_file_in_any_crate_passes_400_lines_of_code() {
    let mut files = 0;
    let mut over = Vec::new();
    for (src, _) in CRATES {
        let mods = modules(&workspace().join(src));
        files += mods.len();
        let (long, (most, file)) = too_long(&mods);
        println!(
            "{src}: {} files, the largest {file} ({most} lines of code)",
            mods.len()
        );
        over.extend(long);
    }
    assert!(files > 150, "too few files found ({files})");
    assert!(over.is_empty(), "{}", over.join("\n"));
    assert_eq!(code_lines("// c\n\nfn a() {}\n#[cfg(test)]\nfn b() {}"), 1);
    // A planted file of 401 lines is caught.
    let planted = planted(&[("big", &"fn f() {}\n".repeat(401))]);
    assert_eq!(too_long(&planted).0.len(), 1);
}

/// The top-level module each module lies in (`[]` for the crate root).
fn top_of(m: &Module) -> Option<&str> {
    m.path.first().map(String::as_str)
}

/// An order of the crate's top-level modules (floors, bottom first) in
/// which each imports only those before it, or a pair that import each
/// other round a circle (as `a -> b -> … -> a`).
fn floors(mods: &[Module]) -> Result<Vec<String>, String> {
    let to = imports(mods);
    let mut tops: Vec<&str> = mods.iter().filter_map(top_of).collect();
    tops.sort();
    tops.dedup();
    let at = |t: &str| tops.iter().position(|x| *x == t).unwrap();
    let mut above: Vec<Vec<usize>> = vec![Vec::new(); tops.len()];
    for (i, targets) in to.iter().enumerate() {
        let Some(a) = top_of(&mods[i]) else { continue };
        for &j in targets {
            if let Some(b) = top_of(&mods[j])
                && a != b
                && !above[at(a)].contains(&at(b))
            {
                above[at(a)].push(at(b));
            }
        }
    }
    // The floors as a planted crate of one file per top-level module.
    let as_files: Vec<Module> = tops
        .iter()
        .enumerate()
        .map(|(i, t)| Module {
            path: vec![t.to_string()],
            file: t.to_string(),
            text: above[i]
                .iter()
                .map(|&j| format!("use crate::{}::X;\n", tops[j]))
                .collect(),
        })
        .collect();
    if let Some(circle) = a_circle(&as_files) {
        return Err(circle.join(" -> "));
    }
    // Bottom first: repeatedly take the modules all of whose imports are taken.
    let mut order: Vec<usize> = Vec::new();
    while order.len() < tops.len() {
        let next = (0..tops.len())
            .find(|i| !order.contains(i) && above[*i].iter().all(|j| order.contains(j)))
            .expect("no circle, so some module is free");
        order.push(next);
    }
    Ok(order.into_iter().map(|i| tops[i].to_string()).collect())
}

/// The crates above this one that a crate's code names.
fn names_crates_above(mods: &[Module], above: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for m in mods {
        for path in named_paths(&code_of(&m.text)) {
            let first = path.split("::").next().unwrap_or("");
            if above.contains(&first) {
                out.push(format!("{} names {first}", m.file));
            }
        }
    }
    out
}

#[test]
fn every_crate_imports_only_downward() {
    for (src, above) in CRATES {
        let mods = modules(&workspace().join(src));
        match floors(&mods) {
            Ok(order) => println!("{src}: floors, bottom first: {}", order.join(" < ")),
            Err(circle) => panic!("{src}: top-level modules import each other: {circle}"),
        }
        let up = names_crates_above(&mods, above);
        assert!(up.is_empty(), "{}", up.join("\n"));
    }
    // Planted: two folders that import each other, and a crate naming the game.
    let circle = planted(&[
        ("", "mod a; mod b;"),
        ("a", "mod x;"),
        ("a/x", "use crate::b::Y;"),
        ("b", "pub struct Y; fn f() { crate::a::x::g() }"),
    ]);
    assert!(floors(&circle).is_err());
    let fine = planted(&[("", "mod a; mod b;"), ("a", "use crate::b::Y;"), ("b", "")]);
    assert_eq!(floors(&fine), Ok(vec!["b".to_string(), "a".to_string()]));
    let upward = planted(&[("a", "fn f() { tangent::game::run() }")]);
    assert_eq!(names_crates_above(&upward, &["tangent"]).len(), 1);
}

/// Where a game module breaks the folder rules: a plugin outside its
/// folder's `mod.rs`, or a file that is not a folder's `mod.rs` (or the
/// crate's root) declaring modules. A top-level file (`src/game.rs`) is a
/// folder of one file: it may hold its plugin.
fn folder_rule_breaks(mods: &[Module]) -> Vec<String> {
    let mut out = Vec::new();
    for m in mods {
        let is_mod = m.file.ends_with("mod.rs") || m.file.ends_with("lib.rs");
        let code = code_of(&m.text);
        if !is_mod && m.path.len() > 1 && code.contains("impl Plugin for") {
            out.push(format!("{}: a plugin outside its folder's mod.rs", m.file));
        }
        let declares = code.lines().any(|l| {
            let t = l.trim_start();
            let t = t
                .strip_prefix("pub(crate) ")
                .or(t.strip_prefix("pub "))
                .unwrap_or(t);
            t.starts_with("mod ") && t.trim_end().ends_with(';')
        });
        if !is_mod && declares {
            out.push(format!("{}: declares modules but is not a mod.rs", m.file));
        }
    }
    out
}

#[test]
fn each_game_folders_plugin_is_in_its_mod_rs_and_other_files_are_leaves() {
    let mods = modules(&workspace().join("src"));
    let plugins = mods
        .iter()
        .filter(|m| code_of(&m.text).contains("impl Plugin for"))
        .count();
    let breaks = folder_rule_breaks(&mods);
    println!(
        "{} game files, {plugins} with plugins, every plugin in place",
        mods.len()
    );
    assert!(plugins >= 10, "too few plugins found ({plugins})");
    assert!(breaks.is_empty(), "{}", breaks.join("\n"));
    let planted = planted(&[
        ("level/mod.rs", "pub mod clock;"),
        ("level/clock.rs", "impl Plugin for ClockPlugin {}"),
        ("level/watch.rs", "mod inner;"),
        ("game.rs", "impl Plugin for GamePlugin {}"),
    ]);
    let found = folder_rule_breaks(&planted);
    assert_eq!(found.len(), 2, "{found:?}");
}

/// A source file as a module: its path in its crate (`["dynamics",
/// "step"]`; `[]` for `lib.rs`) and its text.
struct Module {
    path: Vec<String>,
    file: String,
    text: String,
}

/// Every module file under a crate's `src` (a binary's `main.rs` left out:
/// nothing imports it).
fn modules(src: &Path) -> Vec<Module> {
    files_under(src)
        .into_iter()
        .filter(|file| file.extension().is_some_and(|e| e == "rs") && *file != src.join("main.rs"))
        .map(|file| {
            let rel = file.strip_prefix(src).unwrap().with_extension("");
            let mut path: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(path.last().map(String::as_str), Some("mod" | "lib")) {
                path.pop();
            }
            Module {
                path,
                file: file.display().to_string(),
                text: fs::read_to_string(&file).unwrap(),
            }
        })
        .collect()
}

/// The code of `text` before its test module, comments and visibility
/// paths (`pub(in crate::dynamics)`: a path, but no import) removed.
fn code_of(text: &str) -> String {
    let code = text
        .lines()
        .take_while(|l| !l.starts_with("#[cfg(test)]"))
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::with_capacity(code.len());
    let mut rest = code.as_str();
    while let Some(at) = rest.find("pub(in ") {
        out.push_str(&rest[..at]);
        out.push_str("pub");
        rest = &rest[at..];
        rest = &rest[rest.find(')').map_or(rest.len(), |e| e + 1)..];
    }
    out.push_str(rest);
    out
}

/// `a::{b, c::{d, e}}` as `a::b`, `a::c::d`, `a::c::e`.
fn expand_use(tree: &str, out: &mut Vec<String>) {
    let Some(open) = tree.find('{') else {
        out.push(tree.to_string());
        return;
    };
    let (head, inner) = (
        &tree[..open],
        &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())],
    );
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices().chain([(inner.len(), ',')]) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                let part = &inner[start..i];
                if !part.is_empty() {
                    expand_use(&format!("{head}{part}"), out);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
}

/// Every path a module names: the leaves of its `use` trees and each
/// path in its code (`crate::…`, `super::…`, `child::…`, `Vec2::new`…).
fn named_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest.find(';').unwrap_or(rest.len());
        let tree: String = rest[..end].chars().filter(|c| !c.is_whitespace()).collect();
        expand_use(&tree, &mut out);
    }
    // Paths in code: `crate::a::f()`, `super::b::g`, a child's `c::h()`
    // (which names are modules is decided by the caller).
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("::") {
        let colons = from + at;
        from = colons + 2;
        let start = code[..colons]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let before = start.checked_sub(1).map(|i| bytes[i] as char);
        if start == colons || before == Some(':') {
            continue;
        }
        let len = code[start..]
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(code.len() - start);
        out.push(code[start..start + len].trim_end_matches(':').to_string());
        from = start + len;
    }
    out
}

/// The modules of one crate each module imports (itself left out): a
/// path resolves to the deepest module file it names.
fn imports(mods: &[Module]) -> Vec<Vec<usize>> {
    let index = |p: &[String]| mods.iter().position(|m| m.path == p);
    mods.iter()
        .enumerate()
        .map(|(me, m)| {
            let mut to = Vec::new();
            for path in named_paths(&code_of(&m.text)) {
                let mut segs: Vec<String> = path.split("::").map(str::to_string).collect();
                let mut base = m.path.clone();
                match segs[0].as_str() {
                    "crate" => base.clear(),
                    "self" => {}
                    "super" => {
                        while segs.first().is_some_and(|s| s == "super") {
                            base.pop();
                            segs.remove(0);
                        }
                        segs.insert(0, "self".into());
                    }
                    // A child module named from its parent; other crates
                    // cannot be in a circle with this one.
                    first => {
                        let mut child = base.clone();
                        child.push(first.to_string());
                        if index(&child).is_none() {
                            continue;
                        }
                        segs.insert(0, "self".into());
                    }
                }
                segs.remove(0);
                for k in (0..=segs.len()).rev() {
                    let mut p = base.clone();
                    p.extend_from_slice(&segs[..k]);
                    if let Some(i) = index(&p) {
                        if i != me && !to.contains(&i) {
                            to.push(i);
                        }
                        break;
                    }
                }
            }
            to
        })
        .collect()
}

/// One circle of imports, as module paths, if there is any.
fn a_circle(mods: &[Module]) -> Option<Vec<String>> {
    let to = imports(mods);
    // Depth-first search; a module met again on the current path closes a circle.
    fn visit(
        v: usize,
        to: &[Vec<usize>],
        state: &mut [u8],
        stack: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        state[v] = 1;
        stack.push(v);
        for &w in &to[v] {
            if state[w] == 1 {
                let at = stack.iter().position(|&s| s == w).unwrap();
                return Some(stack[at..].to_vec());
            }
            if state[w] == 0
                && let Some(c) = visit(w, to, state, stack)
            {
                return Some(c);
            }
        }
        stack.pop();
        state[v] = 2;
        None
    }
    let mut state = vec![0u8; mods.len()];
    for v in 0..mods.len() {
        if state[v] == 0
            && let Some(c) = visit(v, &to, &mut state, &mut Vec::new())
        {
            let mut names: Vec<String> = c.iter().map(|&i| mods[i].file.clone()).collect();
            names.push(names[0].clone());
            return Some(names);
        }
    }
    None
}

#[test]
fn no_two_files_in_the_workspace_import_each_other_round_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = 0;
    let mut edges = 0;
    for src in [
        "src",
        "crates/tangent_collision/src",
        "crates/tangent_level/src",
        "crates/tangent_bench/src",
    ] {
        let mods = modules(&root.join(src));
        files += mods.len();
        edges += imports(&mods).iter().map(Vec::len).sum::<usize>();
        if let Some(circle) = a_circle(&mods) {
            panic!("an import circle: {}", circle.join(" -> "));
        }
    }
    println!("{files} files, {edges} imports between them, no circle");
    assert!(
        files > 100 && edges > 300,
        "too few found: is the parser still right?"
    );
}

fn planted(files: &[(&str, &str)]) -> Vec<Module> {
    files
        .iter()
        .map(|(path, text)| Module {
            path: path
                .split('/')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            file: path.to_string(),
            text: text.to_string(),
        })
        .collect()
}

#[test]
fn the_checker_sees_a_circle() {
    // Siblings through `super::`, a use tree, and a child's parent.
    let circle = planted(&[
        ("", "mod a;"),
        ("a", "pub mod x;\npub mod y;\nuse x::X;"),
        ("a/x", "use super::y::{Y, self};"),
        ("a/y", "fn f() { crate::a::x::g() }"),
    ]);
    assert_eq!(
        a_circle(&circle),
        Some(vec!["a/x".into(), "a/y".into(), "a/x".into()])
    );
    // A child naming what its parent re-exports, the parent naming the child.
    let parent = planted(&[
        ("", "mod a;"),
        (
            "a",
            "mod x;\nmod shared;\npub use shared::S;\nfn p() { x::run() }",
        ),
        ("a/x", "use super::S;"),
        ("a/shared", "pub struct S;"),
    ]);
    assert!(a_circle(&parent).is_some());
    // The same made right: the child names the leaf; tests are left out.
    let fine = planted(&[
        ("", "mod a;"),
        ("a", "mod x;\nmod shared;\nfn p() { x::run() }"),
        ("a/x", "use super::shared::S;\n#[cfg(test)]\nuse super::p;"),
        ("a/shared", "pub struct S; // super::x"),
    ]);
    assert_eq!(a_circle(&fine), None);
}

/// `text` with comments, string and char literals blanked (same length, so
/// line numbers hold), for counting braces.
fn blank_literals(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '"' || (c == 'r' && next == Some('#')) || (c == 'r' && next == Some('"')) {
            // A string, raw or not: blank to its end.
            let hashes = if c == 'r' {
                let mut h = 0;
                i += 1;
                out.push(' ');
                while b.get(i) == Some(&'#') {
                    h += 1;
                    i += 1;
                    out.push(' ');
                }
                Some(h)
            } else {
                None
            };
            out.push(' ');
            i += 1;
            while i < b.len() {
                let d = b[i];
                if hashes.is_none() && d == '\\' {
                    out.push(' ');
                    out.push(if b.get(i + 1) == Some(&'\n') {
                        '\n'
                    } else {
                        ' '
                    });
                    i += 2;
                    continue;
                }
                if d == '"' {
                    let h = hashes.unwrap_or(0);
                    if (1..=h).all(|k| b.get(i + k) == Some(&'#')) {
                        for _ in 0..=h {
                            out.push(' ');
                        }
                        i += h + 1;
                        break;
                    }
                }
                out.push(if d == '\n' { '\n' } else { ' ' });
                i += 1;
            }
        } else if c == '\'' && b.get(i + 2) == Some(&'\'') {
            out.push_str("   ");
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{7f}': up to the closing quote.
            let end = (i + 2..b.len()).find(|&k| b[k] == '\'').unwrap_or(i + 1);
            for _ in i..=end {
                out.push(' ');
            }
            i = end + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Every non-test function of a file: `(lines, name, first line)`, a
/// function's lines counted from its `fn` line to its closing brace.
fn function_lengths(text: &str) -> Vec<(usize, String, usize)> {
    let code = blank_literals(text);
    let lines: Vec<&str> = code.lines().collect();
    let end = lines
        .iter()
        .position(|l| l.starts_with("#[cfg(test)]"))
        .unwrap_or(lines.len());
    let mut out = Vec::new();
    for (i, line) in lines[..end].iter().enumerate() {
        let t = line.trim_start();
        let Some(at) = t.find("fn ") else { continue };
        // `pub(in crate::x)` is one word of the head.
        let before = match (t[..at].find("pub(in "), t[..at].find(')')) {
            (Some(a), Some(b)) if a < b => format!("{}pub{}", &t[..a], &t[b + 1..at]),
            _ => t[..at].to_string(),
        };
        let head_ok = before.is_empty()
            || before.split_whitespace().all(|w| {
                matches!(
                    w,
                    "pub" | "pub(crate)" | "pub(super)" | "const" | "async" | "unsafe" | "extern"
                )
            });
        if !head_ok {
            continue;
        }
        let name: String = t[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // The body: from the first `{` after the signature (or none: a
        // trait method's declaration) to its match.
        let mut depth = 0i32;
        let mut opened = false;
        let mut last = i;
        'scan: for (k, l) in lines[i..end].iter().enumerate() {
            for c in l.chars() {
                match c {
                    ';' if !opened => break 'scan,
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => {
                        depth -= 1;
                        if opened && depth == 0 {
                            last = i + k;
                            break 'scan;
                        }
                    }
                    _ => {}
                }
            }
        }
        if opened {
            out.push((last - i + 1, name, i + 1));
        }
    }
    out
}

#[test]
fn the_longest_functions_and_the_preludes_size() {
    let mut all = Vec::new();
    for (src, _) in CRATES {
        let root = workspace().join(src);
        for m in modules(&root) {
            let rel = Path::new(&m.file)
                .strip_prefix(workspace())
                .map(|p| p.display().to_string())
                .unwrap_or(m.file.clone());
            for (n, name, line) in function_lengths(&m.text) {
                all.push((n, format!("{rel} {name}"), line));
            }
        }
        // main.rs too: `modules` leaves it out.
        if let Ok(text) = fs::read_to_string(root.join("main.rs")) {
            for (n, name, line) in function_lengths(&text) {
                all.push((n, format!("{src}/main.rs {name}"), line));
            }
        }
    }
    all.sort_by_key(|f| std::cmp::Reverse(f.0));
    let over = |k: usize| all.iter().filter(|f| f.0 > k).count();
    println!(
        "{} non-test functions; {} over 80 lines, {} over 100; the longest:",
        all.len(),
        over(80),
        over(100)
    );
    // Every one over 80 lines (the architecture page says why each is).
    for (n, name, line) in all.iter().take(over(80).max(12)) {
        println!("  {n:4} lines  {name} (line {line})");
    }
    assert!(all.len() > 800, "too few functions found ({})", all.len());
    let long: Vec<&str> = all
        .iter()
        .filter(|f| f.0 > 100)
        .map(|f| f.1.as_str())
        .collect();
    assert!(long.is_empty(), "functions over 100 lines: {long:?}");
    // The counter on planted text: braces in strings, chars and comments
    // do not count; a declaration without a body is not a function body.
    let planted = "fn a() {\n    let s = \"}\";\n    let c = '{';\n    // }\n}\ntrait T { fn b(); }\npub(crate) fn c() { }\npub(in crate::a) fn e() {\n}\n#[cfg(test)]\nfn d() {\n}\n";
    let got: Vec<(usize, String)> = function_lengths(planted)
        .into_iter()
        .map(|(n, name, _)| (n, name))
        .collect();
    assert_eq!(
        got,
        vec![
            (5, "a".to_string()),
            (1, "c".to_string()),
            (2, "e".to_string())
        ]
    );

    // The collision crate's prelude: the names it re-exports.
    let lib = fs::read_to_string(workspace().join("crates/tangent_collision/src/lib.rs")).unwrap();
    let prelude = &lib[lib.find("pub mod prelude").unwrap()..];
    let names = prelude_names(prelude);
    println!(
        "the collision prelude: {} names without the ECS face, {} with it (feature bevy)",
        names.0, names.1
    );
    assert!(names.0 > 10, "too few prelude names found");
    assert!(names.1 <= 35, "the prelude has {} names, over 35", names.1);
    let planted = "pub mod prelude {\n    pub use glam::Vec2;\n    pub use crate::a::{B, c};\n    #[cfg(feature = \"bevy\")]\n    pub use crate::bevy::{D, E};\n}";
    assert_eq!(prelude_names(planted), (3, 5));
}

/// The names a prelude's `pub use` lines re-export: `(without, with)` the
/// ones behind `#[cfg(feature = "bevy")]`.
fn prelude_names(prelude: &str) -> (usize, usize) {
    let mut plain = 0;
    let mut all = 0;
    let mut gated = false;
    for stmt in prelude.split(';') {
        let gate = stmt.contains("#[cfg(feature");
        let Some(at) = stmt.find("pub use ") else {
            gated |= gate;
            continue;
        };
        let tree: String = stmt[at + 8..]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let mut leaves = Vec::new();
        expand_use(&tree, &mut leaves);
        all += leaves.len();
        if !(gate || gated) {
            plain += leaves.len();
        }
        gated = false;
    }
    (plain, all)
}

/// Lines of the `//!` header at the top of `text`.
fn header_lines(text: &str) -> usize {
    text.lines().take_while(|l| l.starts_with("//!")).count()
}

#[test]
fn module_headers_stay_within_15_lines() {
    let mut long = Vec::new();
    let mut files = 0;
    for (src, _) in CRATES {
        for path in files_under(&workspace().join(src)) {
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            files += 1;
            let n = header_lines(&fs::read_to_string(&path).unwrap());
            let rel = path
                .strip_prefix(workspace())
                .unwrap()
                .display()
                .to_string();
            let rel = rel.trim_start_matches("./").to_string();
            if n > 15 {
                long.push((rel, n));
            }
        }
    }
    long.sort();
    println!(
        "{files} files, {} with a header over 15 lines: {long:?}",
        long.len()
    );
    assert!(files > 150, "too few files found");
    assert!(long.is_empty(), "headers over 15 lines: {long:?}");
    assert_eq!(header_lines("//! a\n//! b\n\n//! c\nfn f() {}"), 2);
}
