//! The crate's layers import only downward: poly → geometry → query →
//! terrain → dynamics → bevy. Reads every source file and checks each
//! `crate::…` path outside test modules names its own layer or one below.
//! Fails (naming the file and line) on an upward import. Also: no file holds
//! more than 400 lines of code (blank lines, comments and tests aside).

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
        for entry in fs::read_dir(src.join(layer)).unwrap() {
            let path = entry.unwrap().path();
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

#[test]
fn no_file_passes_400_lines_of_code() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sizes = Vec::new();
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                sizes.push((code_lines(&fs::read_to_string(&path).unwrap()), path));
            }
        }
    }
    sizes.sort();
    let (most, file) = sizes.last().unwrap();
    println!(
        "{} files, the largest {} ({most} lines of code)",
        sizes.len(),
        file.display()
    );
    assert!(sizes.len() > 30, "too few files found");
    assert!(*most <= 400, "{} has {most} lines of code", file.display());
    assert_eq!(code_lines("// c\n\nfn a() {}\n#[cfg(test)]\nfn b() {}"), 1);
}
