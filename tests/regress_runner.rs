//! `tesuji regress`: the grading of hand-written `.tst` files against the in-process engine,
//! the command line (exit codes, `--json`, `--jobs`), and cross-checks against
//! `shared/regression/run_tst.py`, the reference grader, which must give the same class and
//! answer for every test: on tesuji's own `gtp` and, where GNU Go is installed, on GNU Go
//! with GNU Go's own reading.tst and connect.tst. Cross-checks whose tools are missing are
//! skipped with a printed notice.

use std::path::{Path, PathBuf};
use std::process::Command;
use tesuji::regress::{Class, EngineSpec, FileReport, run_file};

const GNUGO: &str = "/usr/games/gnugo";
const GNUGO_GTP: &str = "/usr/games/gnugo --mode gtp --quiet";
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/regress");
const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/regression");

fn data(name: &str) -> PathBuf {
    Path::new(DATA).join(name)
}

fn run(path: &Path, engine: &EngineSpec) -> FileReport {
    run_file(path, engine, &|| {}).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// (id, class, answer) of every test.
fn outcomes(report: &FileReport) -> Vec<(String, String, String)> {
    report
        .tests
        .iter()
        .map(|t| {
            (
                t.id.clone(),
                t.class.name().to_string(),
                t.answer.clone().unwrap_or_else(|| "None".into()),
            )
        })
        .collect()
}

fn classes(report: &FileReport) -> Vec<(&str, Class)> {
    report
        .tests
        .iter()
        .map(|t| (t.id.as_str(), t.class))
        .collect()
}

#[test]
fn mini_file_grading() {
    use Class::*;
    let report = run(&data("mini.tst"), &EngineSpec::InProcess);
    assert_eq!(
        classes(&report),
        [
            ("1", Passed),
            ("2", Failed),
            ("3", UnexpectedPass),
            ("4", UnexpectedFail),
            ("5", UnexpectedFail),
            ("6", Passed),
            ("7", Passed),
            ("8", Passed),
            ("9", Passed),
            ("10", UnexpectedFail),
            ("11", UnexpectedFail),
            ("12", UnexpectedFail),
            ("13", Failed),
            ("14", UnexpectedFail),
            ("15", Ignored),
            ("16", UnexpectedFail),
            ("17", Passed),
            ("18", Passed),
        ]
    );
    let t = &report.tests[4];
    assert_eq!(t.command, "5 list_stones black");
    assert_eq!(t.expected, "C3|D4");
    assert_eq!(t.answer.as_deref(), Some("D4 C3"));
    let err = &report.tests[10];
    assert!(err.error);
    assert_eq!(err.answer.as_deref(), Some("unknown command"));
    assert!(report.tests[1].xfail && !report.tests[0].xfail);
    assert!(report.tests.iter().all(|t| t.seconds.is_some()));
    let c = report.counts;
    assert_eq!(
        (
            c.passed,
            c.unexpected_pass,
            c.failed,
            c.unexpected_fail,
            c.ignored,
            c.missing
        ),
        (7, 1, 2, 7, 1, 0)
    );
    assert_eq!(c.correct(), 8);
    assert!(report.died_at.is_none());
}

#[test]
fn loadsgf_paths_resolve_from_the_tst_folder() {
    // Cargo runs integration tests from the package root: a relative path to the .tst file,
    // an absolute one, and one with `..` in it must all find ../ko.sgf next to it.
    let relative = PathBuf::from("tests/data/regress/ko.tst");
    let absolute = data("ko.tst");
    let roundabout = data("../regress/ko.tst");
    for path in [relative, absolute, roundabout] {
        let report = run(&path, &EngineSpec::InProcess);
        assert_eq!(
            report.counts.passed,
            6,
            "{}: {:?}",
            path.display(),
            outcomes(&report)
        );
        assert_eq!(report.tests[3].answer.as_deref(), Some("white"));
    }
}

#[test]
fn tests_after_quit_are_missing() {
    let report = run(&data("quit.tst"), &EngineSpec::InProcess);
    assert_eq!(
        classes(&report),
        [
            ("1", Class::Passed),
            ("2", Class::Passed),
            ("3", Class::Missing)
        ]
    );
    assert_eq!(report.died_at.as_deref(), Some("3 is_legal black A1"));
    assert_eq!(report.tests[2].seconds, None);
}

#[test]
fn unreadable_file_and_unstartable_engine_are_errors() {
    assert!(run_file(&data("no-such.tst"), &EngineSpec::InProcess, &|| {}).is_err());
    let engine = EngineSpec::External("/nonexistent/engine --gtp".into());
    assert!(run_file(&data("mini.tst"), &engine, &|| {}).is_err());
}

#[test]
fn command_line_json_jobs_and_exit_codes() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let json = dir.join("regress_runner.json");
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["regress", "--jobs", "2", "--json"])
        .arg(&json)
        .args([data("mini.tst"), data("ko.tst"), data("quit.tst")])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "failing tests are not an error:\n{stdout}"
    );
    assert!(
        stdout.contains("passed 7, PASSED 1, failed 2, FAILED 7"),
        "{stdout}"
    );
    assert!(
        stdout.contains("total (3 files): 27 tests, 16 pass"),
        "{stdout}"
    );
    // Without -v only the unexpected results are listed, as run_tst.py does.
    assert!(stdout.contains("4 FAILED"), "{stdout}");
    assert!(
        !stdout.lines().any(|l| l.starts_with("1 passed")),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(text.contains(
        "\"number\": \"5\", \"command\": \"5 list_stones black\", \"answer\": \"D4 C3\", \
         \"error\": false, \"expected\": \"C3|D4\", \"xfail\": false, \"class\": \"FAILED\""
    ));
    assert!(text.contains("\"answer\": null"));
    assert!(text.contains("\"totals\": {\"counts\": {\"tests\": 27, \"passed\": 15"));

    let verbose = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["regress", "-v"])
        .arg(data("ko.tst"))
        .output()
        .unwrap();
    assert!(verbose.status.success());
    let stdout = String::from_utf8_lossy(&verbose.stdout);
    assert!(stdout.contains("4 passed ("), "{stdout}");
    assert!(
        stdout.contains("expected '[white]' got 'white'"),
        "{stdout}"
    );

    let missing = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["regress"])
        .arg(data("no-such.tst"))
        .arg(data("ko.tst"))
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stdout).contains("6 pass"));
}

/// `run_tst.py`'s (id, class, got) for a file, run from the file's folder; `None` (with a
/// notice) when python3 or shared/ is missing.
fn run_tst_py(tst: &Path, engine: &str) -> Option<Vec<(String, String, String)>> {
    let script = Path::new(SHARED).join("run_tst.py");
    if !script.exists() {
        println!("skipped: {} is missing", script.display());
        return None;
    }
    let name = tst.file_name().unwrap().to_string_lossy().to_string();
    let json = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("run_tst_{name}.json"));
    let status = match Command::new("python3")
        .arg(&script)
        .arg(&name)
        .args(["--engine", engine, "--json"])
        .arg(&json)
        .current_dir(tst.parent().unwrap())
        .stdout(std::process::Stdio::null())
        .status()
    {
        Ok(s) => s,
        Err(e) => {
            println!("skipped: cannot run python3: {e}");
            return None;
        }
    };
    assert!(status.success(), "run_tst.py failed on {}", tst.display());
    let out = Command::new("python3")
        .arg("-c")
        .arg(
            "import json, sys\n\
             for t in json.load(open(sys.argv[1]))['tests']:\n\
             \x20   print('%s\\t%s\\t%s' % (t['id'], t['class'], t['got']))",
        )
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success());
    Some(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                let mut f = l.splitn(3, '\t');
                let mut next = || f.next().unwrap_or("").to_string();
                (next(), next(), next())
            })
            .collect(),
    )
}

#[test]
fn same_grades_as_run_tst_py_on_tesuji_gtp() {
    // The same engine two ways: `tesuji gtp` under run_tst.py, and in-process under
    // `tesuji regress`. (quit.tst is left out: run_tst.py dies of a broken pipe on it.)
    let engine = format!("{} gtp --komi 0", env!("CARGO_BIN_EXE_tesuji"));
    for name in ["mini.tst", "ko.tst"] {
        let Some(reference) = run_tst_py(&data(name), &engine) else {
            return;
        };
        let ours = run(&data(name), &EngineSpec::InProcess);
        assert_eq!(outcomes(&ours), reference, "{name}");
    }
}

#[test]
fn same_grades_as_run_tst_py_on_gnugo() {
    if !Path::new(GNUGO).exists() {
        println!("skipped: {GNUGO} is not installed");
        return;
    }
    let shared = Path::new(SHARED);
    if !shared.join("reading.tst").exists() {
        println!("skipped: {} is missing", shared.display());
        return;
    }
    let gnugo = EngineSpec::External(GNUGO_GTP.into());
    // GNU Go's own files, referenced in place (their loadsgf paths resolve from there), and
    // the hand-written ones.
    let files = [
        shared.join("reading.tst"),
        shared.join("connect.tst"),
        data("mini.tst"),
        data("ko.tst"),
    ];
    for path in files {
        let Some(reference) = run_tst_py(&path, GNUGO_GTP) else {
            return;
        };
        let ours = run(&path, &gnugo);
        assert_eq!(outcomes(&ours), reference, "{}", path.display());
        println!(
            "{}: {} tests, {} correct (passed {}, PASSED {}, failed {}, FAILED {})",
            path.display(),
            ours.tests.len(),
            ours.counts.correct(),
            ours.counts.passed,
            ours.counts.unexpected_pass,
            ours.counts.failed,
            ours.counts.unexpected_fail
        );
    }
}
