//! `tesuji decide-string` and `tesuji decide-connection`: run the tactical or connection
//! reader on one string (or pair) of an SGF position and print the result, the nodes read and
//! the time; with `-o` write every variation read as an SGF tree (like GNU Go's
//! `--decide-string` / `--decide-connection`).

use std::path::PathBuf;
use std::time::Instant;
use tesuji::engine::board::game::Game;
use tesuji::engine::board::sgf::{self, Until};
use tesuji::engine::board::{Board, Color, Move, Point, Vertex};
use tesuji::engine::tactics::reading::{KO_A, KO_B, ReadResult, Reader, ReadingOptions, WIN};
use tesuji::patterns::CompiledPatterns;

/// Arguments of `decide-string`.
#[derive(clap::Args, Debug, Clone)]
pub struct DecideStringArgs {
    /// SGF file with the position.
    pub file: PathBuf,
    /// A stone of the string to read, e.g. `D4`.
    pub vertex: String,
    /// Position before this move number or at this vertex (GNU Go's -L).
    #[arg(short = 'L', long = "until")]
    pub until: Option<String>,
    /// Write every variation read to this SGF file.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Reading options as NAME=VALUE (depth, branch_depth, backfill_depth, backfill2_depth,
    /// break_chain_depth, superstring_depth, race_depth, fourlib_depth, ko_depth, tenuki_depth, node_limit,
    /// hash_mb, use_hash, use_patterns).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

/// Arguments of `decide-connection`.
#[derive(clap::Args, Debug, Clone)]
pub struct DecideConnectionArgs {
    /// SGF file with the position.
    pub file: PathBuf,
    /// The two strings as `V1/V2`, e.g. `D4/F4`.
    pub strings: String,
    /// Position before this move number or at this vertex (GNU Go's -L).
    #[arg(short = 'L', long = "until")]
    pub until: Option<String>,
    /// Write every variation read to this SGF file.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Reading options as NAME=VALUE (see `decide-string --help`).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

fn load(file: &PathBuf, until: Option<&str>) -> Result<Game, String> {
    let name = file.display();
    let text = sgf::read_file(file).map_err(|e| format!("{name}: {e}"))?;
    let until = match until {
        None => Until::End,
        Some(u) if u.bytes().all(|b| b.is_ascii_digit()) => {
            Until::BeforeMove(u.parse().map_err(|_| format!("bad move number {u}"))?)
        }
        Some(u) => {
            let size = sgf::load(&text, Until::BeforeMove(0), 0.0)
                .map_err(|e| format!("{name}:{e}"))?
                .size();
            match Vertex::parse_move(u, size).map_err(|e| e.to_string())? {
                Move::Play(p) => Until::BeforeVertex(Vertex::from_point(p, size)),
                Move::Pass => return Err("--until pass".into()),
            }
        }
    };
    sgf::load(&text, until, 0.0).map_err(|e| format!("{name}:{e}"))
}

fn options(list: &[String]) -> Result<ReadingOptions, String> {
    let mut opts = ReadingOptions::default();
    for o in list {
        opts.set_assignment(o)?;
    }
    Ok(opts)
}

fn stone(board: &Board, v: &str) -> Result<Point, String> {
    match Vertex::parse_move(v, board.size()).map_err(|e| e.to_string())? {
        Move::Play(p) if board.color_at(p).is_some() => Ok(p),
        Move::Play(_) => Err(format!("{v} is empty")),
        Move::Pass => Err("pass is not a string".into()),
    }
}

fn name(board: &Board, p: Point) -> String {
    Vertex::from_point(p, board.size()).to_string()
}

fn how(board: &Board, (code, mv): ReadResult) -> String {
    let at = mv.map_or("PASS".to_string(), |p| name(board, p));
    match code {
        WIN => format!("at {at}"),
        KO_A => format!("at {at} with ko (KO_A: we take the ko first)"),
        KO_B => format!("at {at} with ko (KO_B: we need a ko threat first)"),
        _ => String::new(),
    }
}

fn write_trace(
    reader: &mut Reader,
    board: &Board,
    to_move: Color,
    out: &Option<PathBuf>,
    header: &str,
) -> Result<(), String> {
    if let (Some(path), Some(trace)) = (out, reader.take_trace()) {
        let text = trace.to_sgf(board, to_move, header);
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!(
            "{} variations ({} moves) written to {}",
            trace.variations(),
            trace.moves(),
            path.display()
        );
    }
    Ok(())
}

/// Runs one read and returns its answer with what it cost, as printed after the answer:
/// reading nodes only, or connection and reading nodes.
fn timed(
    reader: &mut Reader,
    connection: bool,
    read: impl FnOnce(&mut Reader) -> ReadResult,
) -> (ReadResult, String) {
    let (t, n0, c0) = (Instant::now(), reader.nodes(), reader.connection_nodes());
    let r = read(reader);
    let secs = t.elapsed().as_secs_f64();
    let nodes = reader.nodes() - n0;
    let cost = if connection {
        let cn = reader.connection_nodes() - c0;
        format!("{cn} connection nodes, {nodes} reading nodes, {secs:.3} s")
    } else {
        format!("{nodes} nodes, {secs:.3} s")
    };
    (r, cost)
}

/// Prints `SUBJECT can be VERB <how> (cost)` or `SUBJECT cannot be VERB (cost)`; returns
/// whether it can.
fn report(board: &Board, subject: &str, verb: &str, (r, cost): (ReadResult, String)) -> bool {
    if r.0 == 0 {
        println!("{subject} cannot be {verb} ({cost})");
        false
    } else {
        println!("{subject} can be {verb} {} ({cost})", how(board, r));
        true
    }
}

/// `decide-string`: can the string be captured, and if so, defended?
pub fn decide_string(args: DecideStringArgs) -> Result<(), String> {
    let mut game = load(&args.file, args.until.as_deref())?;
    let opts = options(&args.options)?;
    let to_move = game.to_move();
    let board = game.board_mut();
    let s = stone(board, &args.vertex)?;
    let v = name(board, s);
    let mut reader = Reader::new(opts);
    reader.set_patterns(&CompiledPatterns);
    if args.output.is_some() {
        reader.start_trace();
    }
    let attack = timed(&mut reader, false, |r| r.attack(board, s));
    if report(board, &v, "attacked", attack) {
        let defence = timed(&mut reader, false, |r| r.find_defense(board, s));
        report(board, &v, "defended", defence);
    }
    let header = format!("decide-string {v}");
    write_trace(&mut reader, board, to_move, &args.output, &header)
}

/// `decide-connection`: can the two strings be connected, and disconnected?
pub fn decide_connection(args: DecideConnectionArgs) -> Result<(), String> {
    let mut game = load(&args.file, args.until.as_deref())?;
    let opts = options(&args.options)?;
    let to_move = game.to_move();
    let board = game.board_mut();
    let (v1, v2) = args
        .strings
        .split_once('/')
        .ok_or("strings: expected V1/V2")?;
    let (s1, s2) = (stone(board, v1)?, stone(board, v2)?);
    if board.color_at(s1) != board.color_at(s2) {
        return Err("the strings must have the same colour".into());
    }
    let (n1, n2) = (name(board, s1), name(board, s2));
    let mut reader = Reader::new(opts);
    reader.set_patterns(&CompiledPatterns);
    if args.output.is_some() {
        reader.start_trace();
    }
    let subject = format!("{n1} and {n2}");
    let connect = timed(&mut reader, true, |r| r.string_connect(board, s1, s2));
    report(board, &subject, "connected", connect);
    let cut = timed(&mut reader, true, |r| r.disconnect(board, s1, s2));
    report(board, &subject, "disconnected", cut);
    let header = format!("decide-connection {n1}/{n2}");
    write_trace(&mut reader, board, to_move, &args.output, &header)
}
