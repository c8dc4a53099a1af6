//! A level fuzzer: 20 000 mutants of the shipped levels (tokens and lines
//! deleted, duplicated and swapped, numbers made extreme, NaN, infinite or
//! negative, bytes that are not UTF-8, deep nesting, truncation; one to
//! three mutations each, drawn from a fixed seed) go through the loader's
//! own path (`level_text`, then `Level::parse`). None may panic or take a
//! second; every refusal names `FILE:LINE:`; every accepted level is played
//! 60 fixed steps headless and every actor stays finite.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::Rng;

use bevy::prelude::*;
use tangent::collision::{PhysicsPosition, Velocity};
use tangent::level::LevelCommand;
use tangent::sim::headless::headless_app;
use tangent_level::Level;
use tangent_level::files::{SHIPPED_LEVELS, level_text};

const CASES: usize = 20_000;
const FILE: &str = "fuzz/mutant.level.ron";

/// Splits text into tokens: runs of word characters (numbers with their
/// sign, dot and exponent; names), quoted strings, single punctuation
/// marks, and runs of white space.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let mut t = c.to_string();
        let word = |c: char| c.is_alphanumeric() || "_.-+".contains(c);
        if c == '"' {
            for d in chars.by_ref() {
                t.push(d);
                if d == '"' {
                    break;
                }
            }
        } else if word(c) {
            while let Some(&d) = chars.peek().filter(|d| word(**d)) {
                t.push(d);
                chars.next();
            }
        } else if c.is_whitespace() {
            while let Some(&d) = chars.peek().filter(|d| d.is_whitespace()) {
                t.push(d);
                chars.next();
            }
        }
        out.push(t);
    }
    out
}

const EXTREMES: [&str; 16] = [
    "NaN",
    "inf",
    "-inf",
    "1e30",
    "-1e30",
    "1e-30",
    "0",
    "-0",
    "-1",
    "16385",
    "-16385",
    "99999999999999999999",
    "1e12",
    "65536",
    "0.0000001",
    "340282350000000000000000000000000000000",
];

/// One mutation of `bytes`, chosen by `rng`.
fn mutate(bytes: Vec<u8>, rng: &mut Rng) -> Vec<u8> {
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mut toks = tokens(&text);
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    let (nt, nl) = (toks.len(), lines.len());
    let numbers: Vec<usize> = (0..nt)
        .filter(|&i| toks[i].starts_with(|c: char| c.is_ascii_digit() || c == '-'))
        .collect();
    match rng.below(12) {
        0 if nt > 0 => {
            toks.remove(rng.below(nt));
        }
        1 if nt > 0 => {
            let i = rng.below(nt);
            toks.insert(i, toks[i].clone());
        }
        2 if nt > 1 => {
            let (a, b) = (rng.below(nt), rng.below(nt));
            toks.swap(a, b);
        }
        3 if nl > 0 => {
            lines.remove(rng.below(nl));
            return lines.concat().into_bytes();
        }
        4 if nl > 0 => {
            let i = rng.below(nl);
            lines.insert(i, lines[i].clone());
            return lines.concat().into_bytes();
        }
        5 if nl > 1 => {
            let (a, b) = (rng.below(nl), rng.below(nl));
            lines.swap(a, b);
            return lines.concat().into_bytes();
        }
        6 | 7 if !numbers.is_empty() => {
            let i = numbers[rng.below(numbers.len())];
            toks[i] = EXTREMES[rng.below(EXTREMES.len())].to_string();
        }
        8 if !numbers.is_empty() => {
            let i = numbers[rng.below(numbers.len())];
            toks[i] = match toks[i].strip_prefix('-') {
                Some(rest) => rest.to_string(),
                None => format!("-{}", toks[i]),
            };
        }
        9 => {
            let mut b = bytes;
            let at = rng.below(b.len() + 1);
            let bad: &[u8] =
                [&b"\xff"[..], b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xf0\x9f"][rng.below(5)];
            b.splice(at..at, bad.iter().copied());
            return b;
        }
        10 if nt > 0 => {
            let depth = [2, 100, 127, 129, 1000, 100_000][rng.below(6)];
            let (open, close) = [("(", ")"), ("[", "]"), ("Some(", ")")][rng.below(3)];
            let i = rng.below(nt);
            toks[i] = format!("{}{}{}", open.repeat(depth), toks[i], close.repeat(depth));
        }
        _ => {
            let mut b = bytes;
            b.truncate(rng.below(b.len() + 1));
            return b;
        }
    }
    toks.concat().into_bytes()
}

/// `FILE:LINE:` followed by a message.
fn names_file_and_line(e: &str) -> bool {
    e.strip_prefix(FILE)
        .and_then(|rest| rest.strip_prefix(':'))
        .is_some_and(|rest| {
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && rest[digits..].starts_with(':')
        })
}

#[test]
fn twenty_thousand_mutants_of_the_shipped_levels_load_or_fail_clearly() {
    let first = crate::common::first_level();
    let mut app = headless_app(&first, None).unwrap();
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    // Loads run on a worker, so a hang fails the case after a second
    // instead of stalling the suite.
    let (loader, jobs) = mpsc::channel::<Vec<u8>>();
    let (answer, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for bytes in jobs {
            let start = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| {
                level_text(&bytes, FILE)
                    .and_then(|t| Level::parse(t, FILE).map_err(|e| e.to_string()))
            }));
            if answer.send((result, start.elapsed())).is_err() {
                return;
            }
        }
    });
    let (mut accepted, mut refused, mut played) = (0usize, 0usize, 0usize);
    let mut slowest = (Duration::ZERO, 0usize);
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    let mut seen = std::collections::HashSet::new();
    let mut parsing = Duration::ZERO;
    for case in 0..CASES {
        let (_, source) = SHIPPED_LEVELS[case % SHIPPED_LEVELS.len()];
        let mut bytes = source.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            bytes = mutate(bytes, &mut rng);
        }
        loader.send(bytes.clone()).unwrap();
        let answer = answers.recv_timeout(Duration::from_secs(1));
        let mutant = || {
            String::from_utf8_lossy(&bytes)
                .chars()
                .take(3000)
                .collect::<String>()
        };
        let Ok((result, took)) = answer else {
            panic!("case {case}: no answer within a second for:\n{}", mutant());
        };
        parsing += took;
        if took > slowest.0 {
            slowest = (took, case);
        }
        let Ok(result) = result else {
            panic!("case {case}: the loader panicked on:\n{}", mutant());
        };
        assert!(
            took < Duration::from_secs(1),
            "case {case}: {took:?} to load:\n{}",
            mutant()
        );
        match result {
            Err(e) => {
                refused += 1;
                assert!(names_file_and_line(&e), "case {case}: {e}");
                let message = e.splitn(4, ':').last().unwrap_or("").trim();
                let kind: String = message.chars().take(24).collect();
                *kinds.entry(kind).or_default() += 1;
            }
            Ok(level) => {
                accepted += 1;
                // A mutant that reads as a level already played (white
                // space moved, a comment cut) plays the same: once is enough.
                if !seen.insert(format!("{:?}", level.file)) {
                    continue;
                }
                app.world_mut().write_message(LevelCommand::Open {
                    path: PathBuf::from(FILE),
                    level: Box::new(level),
                });
                for _ in 0..61 {
                    app.update();
                }
                let mut q = app.world_mut().query::<(&PhysicsPosition, &Velocity)>();
                for (p, v) in q.iter(app.world()) {
                    assert!(
                        p.0.is_finite() && v.0.is_finite(),
                        "case {case}: an actor at {} moving {}:\n{}",
                        p.0,
                        v.0,
                        mutant()
                    );
                }
                played += 1;
            }
        }
    }
    println!(
        "{CASES} mutants: {refused} refused with file:line, {accepted} accepted, of which \
         {played} different levels played 60 steps; loading took {parsing:?} in all, the \
         slowest {:?} (case {})",
        slowest.0, slowest.1
    );
    let mut common: Vec<_> = kinds.into_iter().collect();
    common.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    println!("most common refusals: {:?}", &common[..common.len().min(8)]);
    // Both sides of the loader are exercised, in numbers (today 17 048
    // refused, 2 952 accepted, 832 different levels played).
    assert!(
        refused >= 15_000 && accepted >= 2_000 && played >= 400,
        "{refused} refused, {accepted} accepted, {played} different levels played"
    );
}
