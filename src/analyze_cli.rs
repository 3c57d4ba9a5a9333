//! `tesuji analyze [FILE.sgf] [--move N]`: a terminal report on one position — the board,
//! the strings in tactical danger with the reader's attack and defence, every block (a
//! dragon with the area it holds) with its status, freedom, eyes and danger, and the score. Without a file it analyses a finished
//! 9×9 position shipped inside the binary, so it works at once on a fresh checkout.

use std::fmt::Write as _;
use std::path::PathBuf;
use tesuji::engine::board::game::Game;
use tesuji::engine::board::sgf::{self, Until};
use tesuji::engine::board::{Board, Color, Point, Vertex};
use tesuji::engine::eval::block::{BlockOptions, BlockStatus, Blocks};
use tesuji::engine::eval::influence::{
    Estimate, Influence, InfluenceRules, StoneWeights, StringStatus,
};
use tesuji::engine::eval::scoring::{
    self, FinalStatus, ScoringOptions, ScoringRules, StatusSource, StoneStatus,
};
use tesuji::engine::tactics::reading::{self, KO_A, KO_B, WIN};
use tesuji::patterns::CompiledPatterns;

/// The position `analyze` shows when given no file (also `tests/data/finished9.sgf`).
pub const SHIPPED_POSITION: &str = include_str!("../tests/data/finished9.sgf");
const SHIPPED_NAME: &str = "finished9.sgf (shipped)";

/// Strings with at most this many liberties are read for attack and defence.
const READ_LIBERTIES: usize = 3;

/// Arguments of `analyze`.
#[derive(clap::Args, Debug, Clone)]
pub struct AnalyzeArgs {
    /// SGF file with the game or position (default: a finished 9×9 position built in).
    pub file: Option<PathBuf>,
    /// Analyse the position before this move number (default: the end of the main line).
    #[arg(long = "move", short = 'L', value_name = "N")]
    pub move_number: Option<usize>,
    /// Komi, when the file gives none.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    pub komi: f32,
    /// Playouts for the final-status ownership statistics.
    #[arg(long, default_value_t = ScoringOptions::default().playouts)]
    pub playouts: u32,
}

/// Runs `analyze`: prints the report.
pub fn run(args: AnalyzeArgs) -> Result<(), String> {
    let (name, text) = match &args.file {
        Some(f) => {
            let shown = f.display().to_string();
            let text = sgf::read_file(f).map_err(|e| format!("{shown}: {e}"))?;
            (shown, text)
        }
        None => (SHIPPED_NAME.to_string(), SHIPPED_POSITION.to_string()),
    };
    let until = args.move_number.map_or(Until::End, Until::BeforeMove);
    let game = sgf::load(&text, until, args.komi).map_err(|e| format!("{name}:{e}"))?;
    let opts = ScoringOptions {
        playouts: args.playouts,
        ..ScoringOptions::default()
    };
    print!("{}", report(&game, &name, args.move_number, &opts));
    Ok(())
}

/// The whole report as text.
pub fn report(
    game: &Game,
    name: &str,
    move_number: Option<usize>,
    opts: &ScoringOptions,
) -> String {
    let board = game.board();
    let size = board.size();
    let fs = scoring::final_status(board, game.to_move(), opts);
    let mut out = String::new();
    let at = match move_number {
        Some(n) => format!("before move {n}"),
        None => format!("after {} moves", game.moves().len()),
    };
    let _ = writeln!(
        out,
        "{name}: {size}x{size}, {at}, komi {}, {} to move",
        game.komi(),
        color_name(game.to_move())
    );
    let _ = writeln!(
        out,
        "captures: Black has taken {}, White {}\n",
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    board_section(&mut out, board, &fs);
    danger_section(&mut out, board);
    blocks_section(&mut out, board, &fs);
    score_section(&mut out, board, &fs, game.komi());
    out
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn vertex(p: Point, size: usize) -> String {
    Vertex::from_point(p, size).to_string()
}

/// The position and, beside it, the final statuses and territories.
fn board_section(out: &mut String, board: &Board, fs: &FinalStatus) {
    let size = board.size();
    let black_territory = scoring::empty_points_owned(board, fs, Some(Color::Black));
    let white_territory = scoring::empty_points_owned(board, fs, Some(Color::White));
    let letters: String = (0..size)
        .flat_map(|x| [' ', Vertex::column_letter(x)])
        .collect();
    let _ = writeln!(out, "   {letters}        {letters}");
    for y in 0..size {
        let row = size - y;
        let mut left = String::new();
        let mut right = String::new();
        for x in 0..size {
            let p = Point::from_xy(x, y);
            let stone = match board.color_at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            let status = match (board.color_at(p), fs.status(p)) {
                (Some(_), Some(StoneStatus::Seki)) => 's',
                (Some(Color::Black), Some(StoneStatus::Dead)) => 'x',
                (Some(Color::White), Some(StoneStatus::Dead)) => 'o',
                (Some(_), _) => stone,
                (None, _) if black_territory.contains(&p) => 'b',
                (None, _) if white_territory.contains(&p) => 'w',
                (None, _) => '.',
            };
            left.push(' ');
            left.push(stone);
            right.push(' ');
            right.push(status);
        }
        let _ = writeln!(out, "{row:2}{left} {row:<2}   {row:2}{right} {row}");
    }
    let _ = writeln!(out, "   {letters}        {letters}");
    let _ = writeln!(
        out,
        "right: X O alive, x o dead, s seki, b w territory, . dame or open\n"
    );
}

fn code_name(code: i32) -> &'static str {
    match code {
        WIN => "WIN",
        KO_A => "KO_A",
        KO_B => "KO_B",
        _ => "0",
    }
}

/// The first stone of every string, board order.
fn string_heads(board: &Board) -> Vec<Point> {
    let mut seen = vec![false; tesuji::engine::board::NUM_CELLS];
    let mut heads = Vec::new();
    for p in board.points() {
        if board.color_at(p).is_some() && !seen[p.index()] {
            for s in board.string_stones(p) {
                seen[s.index()] = true;
            }
            heads.push(p);
        }
    }
    heads
}

/// Strings of few liberties the tactical reader can capture, with the attack and the
/// defence (if any).
fn danger_section(out: &mut String, board: &Board) {
    let size = board.size();
    let _ = writeln!(
        out,
        "Strings in danger (tactical reader, strings of at most {READ_LIBERTIES} liberties):"
    );
    let mut scratch = board.clone();
    let mut any = false;
    for head in string_heads(board) {
        if board.libs(head) > READ_LIBERTIES {
            continue;
        }
        let (attack, defence) = reading::with_reader(|r| {
            r.set_patterns(&CompiledPatterns);
            let a = r.attack(&mut scratch, head);
            let d = if a.0 != 0 {
                r.find_defense(&mut scratch, head)
            } else {
                (0, None)
            };
            (a, d)
        });
        if attack.0 == 0 {
            continue;
        }
        any = true;
        let color = board.color_at(head).map_or("", color_name);
        let mv = |m: Option<Point>| m.map_or("PASS".to_string(), |p| vertex(p, size));
        let defence_text = if defence.0 == 0 {
            "no defence".to_string()
        } else {
            format!("defence {} ({})", mv(defence.1), code_name(defence.0))
        };
        let _ = writeln!(
            out,
            "  {:<4} {color}, {} stone{}, {} libert{}: attack {} ({}), {defence_text}",
            vertex(head, size),
            board.string_size(head),
            if board.string_size(head) == 1 {
                ""
            } else {
                "s"
            },
            board.libs(head),
            if board.libs(head) == 1 { "y" } else { "ies" },
            mv(attack.1),
            code_name(attack.0),
        );
    }
    if !any {
        let _ = writeln!(out, "  none");
    }
    out.push('\n');
}

/// Every block (a dragon's stones with the area it holds, `engine::eval::block`), most endangered
/// first: its static status, freedom, eyes and danger, and the final status of its stones.
fn blocks_section(out: &mut String, board: &Board, fs: &FinalStatus) {
    let size = board.size();
    let mut scratch = board.clone();
    let blocks = reading::with_reader(|r| {
        r.set_patterns(&CompiledPatterns);
        Blocks::new(&mut scratch, r, &CompiledPatterns, &BlockOptions::default())
    });
    let _ = writeln!(
        out,
        "Blocks, most endangered first: a dragon's stones with the empty points it controls \
         (terr) and the dead enemy stones inside (dead); static status, freedom of the area (a \
         adjacent/diagonal, b jump/knight, c Wulu degree 2+2.5), eyes (min..max), danger in \
         moku, and the final status of its stones (source):"
    );
    let _ = writeln!(
        out,
        "  {:<5} {:<5} {:>6} {:>4} {:>4}  {:<8} {:>3} {:>3} {:>5}  {:<8}  {:>6}  {:<6} source",
        "where",
        "color",
        "stones",
        "terr",
        "dead",
        "status",
        "a",
        "b",
        "c",
        "eyes",
        "danger",
        "final",
    );
    let mut list: Vec<_> = blocks.blocks().iter().collect();
    list.sort_by(|a, b| b.danger.moku.total_cmp(&a.danger.moku));
    for bl in list {
        let head = bl.origin();
        let final_status = fs.status(head).map_or("?", StoneStatus::name);
        let source = match fs.source(head) {
            Some(StatusSource::Unconditional) => "unconditional",
            Some(StatusSource::Playouts) => "playouts",
            Some(StatusSource::Seki) => "seki point",
            Some(StatusSource::Tactics) => "tactics",
            Some(StatusSource::Region) => "region",
            None => "",
        };
        let f = bl.freedom;
        let eyes = format!("{}..{}", bl.eyes.min, bl.eyes.max);
        let _ = write!(
            out,
            "  {:<5} {:<5} {:>6} {:>4} {:>4}  {:<8} {:>3} {:>3} {:>2}+{:<2}  {:<8}  {:>6.2}  {:<6} {source}",
            vertex(head, size),
            color_name(bl.color),
            bl.stones.len(),
            bl.territory.len(),
            bl.dead_enemy.len(),
            bl.status.name(),
            f.adjacent,
            f.jumps,
            f.wulu_degree2,
            f.wulu_degree25,
            eyes,
            bl.danger.moku,
            final_status,
        );
        if bl.status == BlockStatus::Critical {
            let mv = |m: Option<Point>| m.map_or("-".to_string(), |p| vertex(p, size));
            let _ = write!(out, "  attack {} defence {}", mv(bl.attack), mv(bl.defense));
        }
        out.push('\n');
    }
    out.push('\n');
}

/// The score if the game ended now, both ways, and the influence estimate with the dead
/// stones counted for the opponent.
fn score_section(out: &mut String, board: &Board, fs: &FinalStatus, komi: f32) {
    let _ = writeln!(
        out,
        "Score (dead stones removed, as if the game ended now):"
    );
    for (rules, label) in [
        (ScoringRules::Japanese, "Japanese, GNU Go's default"),
        (ScoringRules::Chinese, "Chinese, area"),
    ] {
        let s = scoring::final_score(board, fs, komi, rules);
        let side = |c: Color| {
            let part = match c {
                Color::Black => s.black,
                Color::White => s.white,
            };
            let detail = match rules {
                ScoringRules::Japanese => format!(
                    "territory {} + dead {} twice + captures {}",
                    part.territory, part.dead_enemy_stones, part.captures
                ),
                ScoringRules::Chinese => format!(
                    "territory {} + dead {} + stones {} + dame filled {}",
                    part.territory, part.dead_enemy_stones, part.stones, part.dame_filled
                ),
            };
            format!("{} {} ({detail})", color_name(c), s.points(c))
        };
        let _ = writeln!(
            out,
            "  {label:<27} {:<7}  {}, {} + komi {komi}",
            s.result_string(),
            side(Color::Black),
            side(Color::White),
        );
    }
    let mut weights = StoneWeights::alive();
    for p in board.points() {
        if fs.status(p) == Some(StoneStatus::Dead) {
            weights.set_status(board, p, StringStatus::Dead);
        }
    }
    let rules = InfluenceRules::HANDTALK;
    let est = Estimate::from_influence(
        board,
        komi,
        Influence::with_weights(board, rules, Some(&weights)),
    );
    let _ = writeln!(
        out,
        "  {:<27} {:<7}  Black area {}, White area {} (Handtalk influence, dead stones for the opponent)",
        "influence estimate",
        est.result_string(),
        est.area(Color::Black),
        est.area(Color::White),
    );
}

#[cfg(test)]
mod tests;
