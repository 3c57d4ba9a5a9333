//! `tesuji regress`: GNU Go regression files (`.tst`) run against a GTP engine and graded
//! exactly as GNU Go's `regress.awk` does, in the reading of `shared/regression/run_tst.py`.
//!
//! A `.tst` file is a GTP session. Numbered commands (`12 attack F1`) are tests; the next
//! `#? [RE]` line is the expected answer. Everything else that is not a comment (`loadsgf`,
//! `boardsize`, `komi`, ...) is setup, sent to the engine too. The grading rules, all of them
//! copied from `run_tst.py`:
//!
//! * The answer is the first line of the response, `=N text` or `?N error`, with `=N`/`?N`
//!   and surrounding whitespace removed. Answers are matched to expectations by the id the
//!   engine echoes.
//! * The expectation is the `#?` line less `#? `, a leading `[` and a trailing `]` followed
//!   by any of `&*`. A trailing `*` marks a test the reference engine is expected to fail, a
//!   trailing `&` a test to ignore, and a leading `!` negates.
//! * The pattern is matched as `^PATTERN$` textually, so alternation binds looser than the
//!   anchors: `[1 A1|B2]` accepts `1 A1` and anything ending in `B2`. A pattern that does
//!   not compile is compared for equality.
//! * An error answer (`?N ...`) always fails, whatever the pattern (negated or not).
//! * Classes: `passed` (expected pass), `PASSED` (unexpected pass of a `*` test), `failed`
//!   (expected failure of a `*` test), `FAILED` (unexpected failure); besides them `ignored`
//!   (`&`) and `missing` (no answer: the engine died or never echoed the id).
//!
//! Relative `loadsgf` paths are resolved against the `.tst` file's folder before the line is
//! sent, so neither the engine nor `tesuji regress` has to run from that folder.
//!
//! One difference from `run_tst.py` remains by construction: patterns are compiled by the
//! `regex` crate, not Python's `re`, so a pattern using look-around or back-references (none
//! of GNU Go's files does) is compared for equality instead.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use regex::Regex;
use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::engine::gtp::GtpEngine;
use crate::patterns::CompiledPatterns;

/// How one test came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Expected to pass, passed (`passed`).
    Passed,
    /// Marked `*` (expected to fail), passed (`PASSED`).
    UnexpectedPass,
    /// Marked `*`, failed (`failed`).
    Failed,
    /// Expected to pass, failed (`FAILED`).
    UnexpectedFail,
    /// Marked `&` (`ignored`).
    Ignored,
    /// No answer carried the test's id (`missing`).
    Missing,
}

impl Class {
    /// GNU Go's name for the class.
    pub fn name(self) -> &'static str {
        match self {
            Class::Passed => "passed",
            Class::UnexpectedPass => "PASSED",
            Class::Failed => "failed",
            Class::UnexpectedFail => "FAILED",
            Class::Ignored => "ignored",
            Class::Missing => "missing",
        }
    }

    /// Whether `run_tst.py` lists the test without `-v`.
    fn is_notable(self) -> bool {
        matches!(
            self,
            Class::UnexpectedPass | Class::UnexpectedFail | Class::Missing
        )
    }
}

/// The expectation of one numbered test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    /// The whole command line, as written (comment included).
    pub command: String,
    /// The pattern, `!` included, brackets and `*`/`&` removed.
    pub spec: String,
    /// Marked `*`: the reference engine is expected to fail it.
    pub xfail: bool,
    /// Marked `&`: not graded.
    pub ignore: bool,
}

/// A parsed `.tst` file.
#[derive(Clone, Debug, Default)]
pub struct TstFile {
    /// Every line of the file (Python's `splitlines`).
    pub lines: Vec<String>,
    /// Test id -> expectation (the last `#?` for an id wins).
    pub expectations: HashMap<String, Expectation>,
    /// Test ids in the order of their `#?` lines (an id graded twice appears twice).
    pub order: Vec<String>,
}

/// Python's `str.isspace` for the characters a Latin-1 file can hold.
fn is_py_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\x1c'..='\x1f' | ' ' | '\u{85}' | '\u{a0}'
    ) || (c > '\u{ff}' && c.is_whitespace())
}

/// Python's `str.strip()`.
fn py_strip(s: &str) -> &str {
    s.trim_matches(is_py_space)
}

/// Python's `str.splitlines()`.
fn py_splitlines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                lines.push(std::mem::take(&mut current));
            }
            '\n' | '\x0b' | '\x0c' | '\x1c' | '\x1d' | '\x1e' | '\u{85}' | '\u{2028}'
            | '\u{2029}' => lines.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// Bytes read as Latin-1, as `run_tst.py` reads files and engine output.
pub fn decode_latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Text written as Latin-1 (characters beyond it become `?`).
fn encode_latin1(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

/// `^(\d+)\s+(\S+)` on a stripped line: the test id of a numbered command.
fn numbered_command_id(s: &str) -> Option<&str> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = &s[digits..];
    let after = rest.trim_start_matches(is_py_space);
    (after.len() < rest.len() && !after.is_empty()).then(|| &s[..digits])
}

/// Parses a `.tst` file as `run_tst.py`'s `parse_tst` does.
pub fn parse_tst(text: &str) -> TstFile {
    let lines = py_splitlines(text);
    let mut expectations = HashMap::new();
    let mut order = Vec::new();
    let mut last: Option<(String, String)> = None;
    for raw in &lines {
        let s = py_strip(raw);
        if let Some(id) = numbered_command_id(s) {
            last = Some((id.to_string(), s.to_string()));
            continue;
        }
        if !s.starts_with("#?") {
            continue;
        }
        let Some((id, command)) = &last else {
            continue;
        };
        let raw = raw.trim_end_matches(['\r', '\n']);
        let body = match raw.strip_prefix("#?") {
            Some(rest) => rest.trim_start_matches(' '),
            None => raw,
        };
        let spec = body.strip_prefix('[').unwrap_or(body);
        let spec = match spec.trim_end_matches(['&', '*']).strip_suffix(']') {
            Some(s) => s,
            None => spec,
        };
        expectations.insert(
            id.clone(),
            Expectation {
                command: command.clone(),
                spec: spec.to_string(),
                xfail: body.ends_with('*'),
                ignore: body.ends_with('&'),
            },
        );
        order.push(id.clone());
    }
    TstFile {
        lines,
        expectations,
        order,
    }
}

/// Whether `answer` satisfies `spec` (`!` negates; the pattern is anchored textually as
/// `^PATTERN$`; a pattern that does not compile is compared for equality).
pub fn grade(spec: &str, answer: &str) -> bool {
    let (negated, pattern) = match spec.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, spec),
    };
    let ok = match Regex::new(&format!("^{pattern}$")) {
        Ok(re) => re.is_match(answer),
        Err(_) => pattern == answer,
    };
    ok != negated
}

/// `^([=?])(\d+)\s?(.*)$` on a response's first line: (success, id, answer).
fn parse_response_line(line: &str) -> Option<(bool, &str, &str)> {
    let status = match line.chars().next()? {
        '=' => true,
        '?' => false,
        _ => return None,
    };
    let rest = &line[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || rest.contains('\n') {
        return None;
    }
    Some((status, &rest[..digits], py_strip(&rest[digits..])))
}

/// Which engine plays the tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineSpec {
    /// tesuji's own engine, in this process (a fresh one per file).
    InProcess,
    /// Any GTP program, started from this shell-style command line (one process per file).
    External(String),
}

/// A GTP session, one command line at a time.
trait Session {
    /// Sends one line; returns the response's lines (the blank terminator excluded), or
    /// `None` once the engine is gone.
    fn send(&mut self, line: &[u8]) -> Option<Vec<String>>;
}

/// The lines of one response out of a stream of lines: leading blank lines skipped, up to
/// the first blank line after them. `None` if the stream ends first.
fn collect_response(mut next_line: impl FnMut() -> Option<String>) -> Option<Vec<String>> {
    let mut out = Vec::new();
    loop {
        let line = next_line()?;
        if line.is_empty() {
            if out.is_empty() {
                continue;
            }
            return Some(out);
        }
        out.push(line);
    }
}

struct InProcess {
    engine: GtpEngine,
    dead: bool,
}

impl InProcess {
    fn new() -> Result<InProcess, String> {
        Ok(InProcess {
            engine: GtpEngine::new(19, 0.0)?.with_patterns(&CompiledPatterns),
            dead: false,
        })
    }
}

impl Session for InProcess {
    fn send(&mut self, line: &[u8]) -> Option<Vec<String>> {
        if self.dead || self.engine.has_quit() {
            return None;
        }
        let line = String::from_utf8_lossy(line);
        let engine = &mut self.engine;
        match catch_unwind(AssertUnwindSafe(|| engine.handle_line(&line))) {
            Ok(Some(text)) => {
                let mut lines = py_splitlines(&text).into_iter();
                Some(collect_response(|| lines.next()).unwrap_or_default())
            }
            Ok(None) => Some(Vec::new()),
            Err(_) => {
                // A panic leaves the engine in an unknown state: treat it as a crash.
                self.dead = true;
                None
            }
        }
    }
}

struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    /// Lines already read (a lone `\r` ends a line too, as in Python's text mode).
    pending: VecDeque<String>,
}

/// POSIX-shell word splitting of a command line (Python's `shlex.split`).
pub fn shell_split(s: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed quote in {s:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('\\' | '"' | '$' | '`')) => word.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unclosed quote in {s:?}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unclosed quote in {s:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') => {}
                    Some(c) => word.push(c),
                    None => return Err(format!("trailing backslash in {s:?}")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

impl External {
    fn spawn(command: &str) -> Result<External, String> {
        let argv = shell_split(command)?;
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| "empty engine command".to_string())?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start engine '{command}': {e}"))?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Ok(External {
            child,
            stdin,
            stdout,
            pending: VecDeque::new(),
        })
    }

    fn read_line(&mut self) -> Option<String> {
        if let Some(line) = self.pending.pop_front() {
            return Some(line);
        }
        let mut buf = Vec::new();
        match self.stdout.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        let text = decode_latin1(&buf);
        let mut parts = text.split('\r').map(str::to_string);
        let first = parts.next().unwrap_or_default();
        self.pending.extend(parts);
        Some(first)
    }
}

impl Session for External {
    fn send(&mut self, line: &[u8]) -> Option<Vec<String>> {
        let stdin = self.stdin.as_mut()?;
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        if stdin
            .write_all(&bytes)
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return None;
        }
        collect_response(|| self.read_line())
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"quit\n").and_then(|()| stdin.flush());
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) if Instant::now() >= deadline => break,
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The line actually sent: a relative `loadsgf` path is prefixed with `dir` (the `.tst`
/// file's folder, as bytes). `Err` if `dir` holds whitespace, which GTP cannot carry.
fn resolve_line(line: &str, dir: &[u8]) -> Result<Vec<u8>, String> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let at = usize::from(
        words
            .first()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit())),
    );
    let relative_file =
        words.get(at) == Some(&"loadsgf") && words.get(at + 1).is_some_and(|f| !f.starts_with('/'));
    if !relative_file || dir.is_empty() {
        return Ok(encode_latin1(line));
    }
    if dir.iter().any(u8::is_ascii_whitespace) {
        return Err(format!(
            "cannot resolve '{line}': the folder {} contains whitespace",
            String::from_utf8_lossy(dir)
        ));
    }
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        if i == at + 1 {
            out.extend_from_slice(dir);
            if dir.last() != Some(&b'/') {
                out.push(b'/');
            }
        }
        out.extend(encode_latin1(w));
    }
    Ok(out)
}

#[cfg(unix)]
fn path_bytes(p: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    p.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn path_bytes(p: &Path) -> Vec<u8> {
    p.to_string_lossy().replace('\\', "/").into_bytes()
}

/// The outcome of one test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRecord {
    /// The test id (the command's number, as written).
    pub id: String,
    /// The command line, as written.
    pub command: String,
    /// The expectation's pattern (`!` included).
    pub expected: String,
    /// Marked `*`.
    pub xfail: bool,
    /// The answer text (`=`/`?` and id removed), `None` if missing.
    pub answer: Option<String>,
    /// The answer was an error (`?`).
    pub error: bool,
    /// The class.
    pub class: Class,
    /// Wall time from sending the command to reading its answer.
    pub seconds: Option<f64>,
}

/// Counts of each class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub passed: usize,
    pub unexpected_pass: usize,
    pub failed: usize,
    pub unexpected_fail: usize,
    pub ignored: usize,
    pub missing: usize,
}

impl Counts {
    fn add(&mut self, class: Class) {
        *match class {
            Class::Passed => &mut self.passed,
            Class::UnexpectedPass => &mut self.unexpected_pass,
            Class::Failed => &mut self.failed,
            Class::UnexpectedFail => &mut self.unexpected_fail,
            Class::Ignored => &mut self.ignored,
            Class::Missing => &mut self.missing,
        } += 1;
    }

    fn merge(&mut self, other: &Counts) {
        self.passed += other.passed;
        self.unexpected_pass += other.unexpected_pass;
        self.failed += other.failed;
        self.unexpected_fail += other.unexpected_fail;
        self.ignored += other.ignored;
        self.missing += other.missing;
    }

    /// Tests answered correctly: `passed + PASSED`.
    pub fn correct(&self) -> usize {
        self.passed + self.unexpected_pass
    }

    /// Tests answered wrongly: `failed + FAILED`.
    pub fn wrong(&self) -> usize {
        self.failed + self.unexpected_fail
    }

    /// All graded entries.
    pub fn total(&self) -> usize {
        self.correct() + self.wrong() + self.ignored + self.missing
    }
}

/// The outcome of one file.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file as named on the command line.
    pub file: String,
    /// One record per `#?` line, in file order.
    pub tests: Vec<TestRecord>,
    pub counts: Counts,
    /// From starting the engine to its exit.
    pub wall: Duration,
    /// The line after which the engine stopped answering, if it did.
    pub died_at: Option<String>,
}

/// Runs one `.tst` file against a fresh engine. `on_answer` is called once per answer that
/// carries the id of an expectation (for progress display). `Err` if the file cannot be read
/// or the engine cannot be started.
pub fn run_file(
    path: &Path,
    engine: &EngineSpec,
    on_answer: &dyn Fn(),
) -> Result<FileReport, String> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
    let tst = parse_tst(&decode_latin1(&bytes));
    let dir = path_bytes(path.parent().unwrap_or(Path::new("")));

    let start = Instant::now();
    let mut session: Box<dyn Session> = match engine {
        EngineSpec::InProcess => Box::new(InProcess::new()?),
        EngineSpec::External(cmd) => Box::new(External::spawn(cmd)?),
    };
    let mut answers: HashMap<String, (bool, String)> = HashMap::new();
    let mut times: HashMap<String, f64> = HashMap::new();
    let mut died_at = None;
    for raw in &tst.lines {
        let line = py_strip(raw.split('#').next().unwrap_or(""));
        if line.is_empty() {
            continue;
        }
        let sent = resolve_line(line, &dir).map_err(|e| format!("{name}: {e}"))?;
        let t0 = Instant::now();
        let response = session.send(&sent);
        let dt = t0.elapsed().as_secs_f64();
        let Some(response) = response else {
            died_at = Some(line.to_string());
            break;
        };
        let Some((ok, id, answer)) = response.first().and_then(|l| parse_response_line(l)) else {
            continue;
        };
        if tst.expectations.contains_key(id) {
            on_answer();
        }
        answers.insert(id.to_string(), (ok, answer.to_string()));
        times.insert(id.to_string(), dt);
    }
    drop(session);
    let wall = start.elapsed();

    let mut counts = Counts::default();
    let mut tests = Vec::with_capacity(tst.order.len());
    for id in &tst.order {
        let e = &tst.expectations[id];
        let answer = answers.get(id);
        let class = match answer {
            None => Class::Missing,
            Some(_) if e.ignore => Class::Ignored,
            Some((ok, text)) => match (*ok && grade(&e.spec, text), e.xfail) {
                (true, false) => Class::Passed,
                (true, true) => Class::UnexpectedPass,
                (false, true) => Class::Failed,
                (false, false) => Class::UnexpectedFail,
            },
        };
        counts.add(class);
        tests.push(TestRecord {
            id: id.clone(),
            command: e.command.clone(),
            expected: e.spec.clone(),
            xfail: e.xfail,
            answer: answer.map(|(_, t)| t.clone()),
            error: answer.is_some_and(|(ok, _)| !ok),
            class,
            seconds: times.get(id).copied(),
        });
    }
    Ok(FileReport {
        file: name,
        tests,
        counts,
        wall,
        died_at,
    })
}

/// What `tesuji regress` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub files: Vec<PathBuf>,
    /// `None`: tesuji's own engine in-process.
    pub engine: Option<String>,
    /// Files run in parallel (each with its own engine).
    pub jobs: usize,
    pub json: Option<PathBuf>,
    /// Print every test; no progress bar.
    pub verbose: bool,
}

/// The outcome of a whole run.
#[derive(Clone, Debug)]
pub struct Summary {
    pub files: Vec<FileReport>,
    pub counts: Counts,
    pub wall: Duration,
}

/// One test as `run_tst.py` prints it.
fn format_test(t: &TestRecord) -> String {
    let time = t.seconds.map(|s| format!(" ({s:.3}s)")).unwrap_or_default();
    let answer = match (&t.answer, t.error) {
        (Some(a), false) => a.clone(),
        (Some(a), true) => format!("? {a}"),
        (None, _) => "None".to_string(),
    };
    format!(
        "{} {}{}: cmd '{}' expected '[{}]{}' got '{}'",
        t.id,
        t.class.name(),
        time,
        t.command,
        t.expected,
        if t.xfail { "*" } else { "" },
        answer
    )
}

fn format_counts(label: &str, c: &Counts, wall: Duration) -> String {
    format!(
        "{label}: {} tests, {} pass ({} unexpected), {} fail ({} unexpected), {} ignored, \
         {} missing; passed {}, PASSED {}, failed {}, FAILED {}; wall {:.2}s",
        c.total(),
        c.correct(),
        c.unexpected_pass,
        c.wrong(),
        c.unexpected_fail,
        c.ignored,
        c.missing,
        c.passed,
        c.unexpected_pass,
        c.failed,
        c.unexpected_fail,
        wall.as_secs_f64()
    )
}

/// The printed block of one file: its notable (or, verbose, all) tests, the engine's death,
/// its summary and slowest tests.
fn format_file(report: &FileReport, verbose: bool) -> String {
    let mut s = String::new();
    for t in &report.tests {
        if verbose || t.class.is_notable() {
            let _ = writeln!(s, "{}", format_test(t));
        }
    }
    if let Some(line) = &report.died_at {
        let _ = writeln!(s, "{}: engine died at: {line}", report.file);
    }
    let _ = writeln!(
        s,
        "{}",
        format_counts(&report.file, &report.counts, report.wall)
    );
    let mut slow: Vec<(f64, &str)> = report
        .tests
        .iter()
        .filter_map(|t| t.seconds.map(|d| (d, t.id.as_str())))
        .collect();
    if !slow.is_empty() {
        slow.sort_by(|a, b| b.0.total_cmp(&a.0));
        let list: Vec<String> = slow
            .iter()
            .take(5)
            .map(|(d, id)| format!("{id}={d:.3}s"))
            .collect();
        let _ = writeln!(s, "slowest tests: {}", list.join(", "));
    }
    s
}

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_counts(c: &Counts) -> String {
    format!(
        "{{\"tests\": {}, \"passed\": {}, \"PASSED\": {}, \"failed\": {}, \"FAILED\": {}, \
         \"ignored\": {}, \"missing\": {}, \"correct\": {}}}",
        c.total(),
        c.passed,
        c.unexpected_pass,
        c.failed,
        c.unexpected_fail,
        c.ignored,
        c.missing,
        c.correct()
    )
}

/// The `--json` document: per-test records, per-file and overall totals.
pub fn to_json(summary: &Summary) -> String {
    let mut s = String::from("{\n \"tests\": [\n");
    let records: Vec<String> = summary
        .files
        .iter()
        .flat_map(|f| f.tests.iter().map(move |t| (f, t)))
        .map(|(f, t)| {
            format!(
                "  {{\"file\": {}, \"number\": {}, \"command\": {}, \"answer\": {}, \
                 \"error\": {}, \"expected\": {}, \"xfail\": {}, \"class\": {}, \"seconds\": {}}}",
                json_string(&f.file),
                json_string(&t.id),
                json_string(&t.command),
                t.answer.as_deref().map_or("null".into(), json_string),
                t.error,
                json_string(&t.expected),
                t.xfail,
                json_string(t.class.name()),
                t.seconds.map_or("null".into(), |d| format!("{d:.6}")),
            )
        })
        .collect();
    s.push_str(&records.join(",\n"));
    s.push_str("\n ],\n \"files\": [\n");
    let files: Vec<String> = summary
        .files
        .iter()
        .map(|f| {
            format!(
                "  {{\"file\": {}, \"counts\": {}, \"wall_s\": {:.6}, \"died_at\": {}}}",
                json_string(&f.file),
                json_counts(&f.counts),
                f.wall.as_secs_f64(),
                f.died_at.as_deref().map_or("null".into(), json_string)
            )
        })
        .collect();
    s.push_str(&files.join(",\n"));
    let _ = write!(
        s,
        "\n ],\n \"totals\": {{\"counts\": {}, \"wall_s\": {:.6}}}\n}}\n",
        json_counts(&summary.counts),
        summary.wall.as_secs_f64()
    );
    s
}

/// `tesuji regress`: runs the files (`jobs` at a time), prints per-file and total summaries,
/// writes `--json`. `Err` if some file could not be read or run (the others still are);
/// failing tests are not errors.
pub fn run(opts: &Options) -> Result<Summary, String> {
    let engine = match &opts.engine {
        None => EngineSpec::InProcess,
        Some(cmd) => EngineSpec::External(cmd.clone()),
    };
    let start = Instant::now();

    // Count the tests up front for the progress bar (unreadable files count zero here and
    // report their error when run).
    let total: usize = opts
        .files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .map(|b| parse_tst(&decode_latin1(&b)).order.len())
        .sum();
    let bar = if opts.verbose || !io::stdout().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} tests {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    };

    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<FileReport, String>>>> =
        Mutex::new(vec![None; opts.files.len()]);
    let print_lock = Mutex::new(());
    let jobs = opts.jobs.clamp(1, opts.files.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let worker = || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(path) = opts.files.get(i) else {
                        break;
                    };
                    bar.set_message(path.display().to_string());
                    let expected = std::fs::read(path)
                        .map(|b| parse_tst(&decode_latin1(&b)).order.len())
                        .unwrap_or(0);
                    let counted = AtomicUsize::new(0);
                    let tick = || {
                        if counted.fetch_add(1, Ordering::Relaxed) < expected {
                            bar.inc(1);
                        }
                    };
                    let result = run_file(path, &engine, &tick);
                    let done = counted.load(Ordering::Relaxed).min(expected);
                    bar.inc((expected - done) as u64);
                    {
                        let _guard = print_lock.lock().unwrap_or_else(|e| e.into_inner());
                        if let Ok(report) = &result {
                            bar.suspend(|| {
                                print!("{}", format_file(report, opts.verbose));
                                let _ = io::stdout().flush();
                            });
                        }
                    }
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                }
            };
            // Reading code may recurse deeply: give each worker a generous stack.
            std::thread::Builder::new()
                .name("regress".into())
                .stack_size(256 << 20)
                .spawn_scoped(scope, worker)
                .expect("cannot start a worker thread");
        }
    });
    bar.finish_and_clear();

    let mut files = Vec::new();
    let mut errors = Vec::new();
    for result in results.into_inner().unwrap_or_else(|e| e.into_inner()) {
        match result {
            Some(Ok(report)) => files.push(report),
            Some(Err(e)) => errors.push(e),
            None => errors.push("a worker stopped early".into()),
        }
    }
    let mut counts = Counts::default();
    for f in &files {
        counts.merge(&f.counts);
    }
    let summary = Summary {
        files,
        counts,
        wall: start.elapsed(),
    };
    let label = format!(
        "total ({} file{})",
        summary.files.len(),
        if summary.files.len() == 1 { "" } else { "s" }
    );
    if summary.files.len() > 1 {
        println!("{}", format_counts(&label, &summary.counts, summary.wall));
    }
    if let Some(out) = &opts.json {
        std::fs::write(out, to_json(&summary))
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    match errors.len() {
        0 => Ok(summary),
        1 => Err(errors.remove(0)),
        n => Err(format!("{n} files could not be run: {}", errors.join("; "))),
    }
}

#[cfg(test)]
mod tests;
