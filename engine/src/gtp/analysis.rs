//! Analysis commands and GoGui pictures: influence, territory and score estimates, blocks,
//! danger, pattern matches, and `gogui-analyze_commands`.

use super::reading::{read_with, stone_arg};
use super::{Command, CommandResult, GtpEngine};
use crate::board::{Color, Move, Point};

/// This file's commands, in `list_commands` order.
pub(super) static COMMANDS: &[Command] = commands! {
    "tesuji-influence" => cmd_tesuji_influence,
    "tesuji-territory" => cmd_tesuji_territory,
    "tesuji-estimate_score" => cmd_tesuji_estimate_score,
    "tesuji-influence-gfx" => cmd_tesuji_influence_gfx,
    "tesuji-blocks" => cmd_tesuji_blocks,
    "tesuji-blocks-gfx" => cmd_tesuji_blocks_gfx,
    "tesuji-danger-gfx" => cmd_tesuji_danger_gfx,
    "tesuji-patterns-gfx" => cmd_tesuji_patterns_gfx,
    "tesuji-predict" => cmd_tesuji_predict,
    "tesuji-predict-gfx" => cmd_tesuji_predict_gfx,
    "gogui-analyze_commands" => cmd_gogui_analyze_commands,
};

// Influence, territory and score estimates: each takes an optional rules name, `handtalk`
// (the default) or `wulu`.

fn influence_rules(args: &[&str]) -> Result<crate::eval::influence::InfluenceRules, String> {
    match args.first() {
        None => Ok(crate::eval::influence::InfluenceRules::default()),
        Some(a) => a.parse(),
    }
}

fn influence_estimate(
    e: &GtpEngine,
    args: &[&str],
) -> Result<crate::eval::influence::Estimate, String> {
    let rules = influence_rules(args)?;
    Ok(crate::eval::influence::Estimate::new(
        e.game.board(),
        e.game.komi(),
        rules,
    ))
}

/// `tesuji-influence [wulu|handtalk]`: every point's influence, −6..6, one row a line from
/// the top. Black positive, as in every picture tesuji gives GoGui (which draws positive
/// values black); the engine's own `Influence` counts White positive.
fn cmd_tesuji_influence(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let rules = influence_rules(args)?;
    let inf = crate::eval::influence::Influence::new(e.game.board(), rules);
    Ok(format!("\n{}", inf.to_grid_black_positive()))
}

/// `tesuji-territory [wulu|handtalk]`: every point's class, one row a line from the top: `X`
/// / `O` Black / White territory (alive stones included), `x` / `o` moyo, `.` neutral.
fn cmd_tesuji_territory(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    Ok(format!("\n{}", influence_estimate(e, args)?.to_grid()))
}

/// `tesuji-estimate_score [wulu|handtalk]`: area score estimate from the influence, with
/// komi, as `W+3.5` / `B+12` / `0`.
fn cmd_tesuji_estimate_score(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    Ok(influence_estimate(e, args)?.result_string())
}

/// `tesuji-influence-gfx [wulu|handtalk]`: GoGui's `gfx` answer: `INFLUENCE` pairs scaled to
/// −1..1 with Black positive (GoGui draws positive black), `BLACK` / `WHITE` territory points,
/// and the estimate as `TEXT`.
fn cmd_tesuji_influence_gfx(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    use crate::eval::influence::PointClass;
    let est = influence_estimate(e, args)?;
    let b = e.game.board();
    let mut influence = Vec::new();
    let mut territory: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    for p in b.points() {
        let v = est.influence.value(p);
        if v != 0 && b.color_at(p).is_none() {
            let scaled = -f32::from(v) / f32::from(crate::eval::influence::FULL);
            influence.push(format!(
                "{} {}",
                e.format_move(Move::Play(p)),
                gfx_number(scaled)
            ));
        }
        if let PointClass::Territory(c) = est.class(p) {
            if b.color_at(p) != Some(c) {
                territory[c as usize].push(p);
            }
        }
    }
    let mut lines = Vec::new();
    if !influence.is_empty() {
        lines.push(format!("INFLUENCE {}", influence.join(" ")));
    }
    for (name, c) in [("BLACK", Color::Black), ("WHITE", Color::White)] {
        let pts = std::mem::take(&mut territory[c as usize]);
        if !pts.is_empty() {
            lines.push(format!("{name} {}", e.format_points(pts)));
        }
    }
    lines.push(format!(
        "TEXT {} influence: {} (Black area {}, White area {}, komi {})",
        est.influence.rules(),
        est.result_string(),
        est.area(Color::Black),
        est.area(Color::White),
        est.komi
    ));
    Ok(lines.join("\n"))
}

// ---------------------------------------------------------------------------------------------
// Blocks (see `crate::eval::block` and docs/evaluation.md, "Blocks").

/// The blocks of the game position (owl reading off: static judgement only).
fn blocks(e: &mut GtpEngine) -> crate::eval::block::Blocks {
    let patterns = e.patterns;
    read_with(e, |r, b| {
        crate::eval::block::Blocks::new(
            b,
            r,
            patterns,
            &crate::eval::block::BlockOptions::default(),
        )
    })
}

/// One block in a line: `ORIGIN color status danger D stones N territory T dead E freedom
/// a/b/c eyes MIN..MAX`, then `attack V defense V` when known.
fn describe_block(e: &GtpEngine, bl: &crate::eval::block::Block) -> String {
    let f = bl.freedom;
    let mut line = format!(
        "{} {} {} danger {} stones {} territory {} dead {} freedom {}/{}/{} eyes {}..{}",
        e.format_move(Move::Play(bl.origin())),
        match bl.color {
            Color::Black => "black",
            Color::White => "white",
        },
        bl.status.name(),
        gfx_number(bl.danger.moku),
        bl.stones.len(),
        bl.territory.len(),
        bl.dead_enemy.len(),
        f.adjacent,
        f.jumps,
        f.wulu(),
        bl.eyes.min,
        bl.eyes.max
    );
    for (name, mv) in [("attack", bl.attack), ("defense", bl.defense)] {
        if let Some(p) = mv {
            line.push_str(&format!(" {name} {}", e.format_move(Move::Play(p))));
        }
    }
    line
}

/// `tesuji-blocks [VERTEX]`: the block of the stone at the vertex, or every block, most
/// endangered first, one a line (see [`describe_block`]).
fn cmd_tesuji_blocks(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let single = if args.is_empty() {
        None
    } else {
        Some(stone_arg(e, args, 0)?)
    };
    let all = blocks(e);
    if let Some(p) = single {
        let bl = all.block_of_stone(p).ok_or("no block there")?;
        return Ok(describe_block(e, bl));
    }
    let mut list: Vec<&crate::eval::block::Block> = all.blocks().iter().collect();
    list.sort_by(|a, b| b.danger.moku.total_cmp(&a.danger.moku));
    Ok(list
        .iter()
        .map(|bl| describe_block(e, bl))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Field colours for blocks, Black's and White's alternating so neighbours differ.
const BLOCK_COLORS: [[&str; 3]; 2] = [
    ["#4060c0", "#60a0e0", "#3090a0"],
    ["#e0a040", "#e06060", "#c0c040"],
];

/// `tesuji-blocks-gfx`: GoGui's `gfx` answer: a field `COLOR` per live block (its stones and
/// the area it holds), dead stones `MARK`ed, the attack points of critical blocks as
/// `TRIANGLE`, and a `TEXT` summary.
fn cmd_tesuji_blocks_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    use crate::eval::block::BlockStatus;
    let all = blocks(e);
    let mut lines = Vec::new();
    let mut count = [0usize; 2];
    let (mut dead, mut vital) = (Vec::new(), Vec::new());
    for bl in all.blocks() {
        if bl.status == BlockStatus::Dead {
            dead.extend(bl.stones.iter().copied());
            continue;
        }
        let side = bl.color as usize;
        let color = BLOCK_COLORS[side][count[side] % BLOCK_COLORS[side].len()];
        count[side] += 1;
        let area = bl.stones.iter().chain(&bl.territory).chain(&bl.dead_enemy);
        lines.push(format!("COLOR {color} {}", e.format_points(area.copied())));
        if bl.status == BlockStatus::Critical {
            vital.extend(bl.attack);
        }
    }
    if !dead.is_empty() {
        lines.push(format!("MARK {}", e.format_points(dead)));
    }
    if !vital.is_empty() {
        lines.push(format!("TRIANGLE {}", e.format_points(vital)));
    }
    let status_count = |s: BlockStatus| all.blocks().iter().filter(|b| b.status == s).count();
    lines.push(format!(
        "TEXT {} blocks: {} alive, {} critical, {} unknown, {} dead",
        all.blocks().len(),
        status_count(BlockStatus::Alive),
        status_count(BlockStatus::Critical),
        status_count(BlockStatus::Unknown),
        status_count(BlockStatus::Dead)
    ));
    Ok(lines.join("\n"))
}

/// `tesuji-danger-gfx`: GoGui's `gfx` answer: each endangered block's danger in moku as a
/// `LABEL` on its first stone, and the total per colour as `TEXT`.
fn cmd_tesuji_danger_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    let all = blocks(e);
    let mut labels = Vec::new();
    let mut total = [0.0f32; 2];
    for bl in all.blocks() {
        if bl.danger.moku >= 0.005 {
            labels.push(format!(
                "{} {}",
                e.format_move(Move::Play(bl.origin())),
                gfx_number(bl.danger.moku)
            ));
            total[bl.color as usize] += bl.danger.moku;
        }
    }
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    lines.push(format!(
        "TEXT danger in moku: Black {}, White {}",
        gfx_number(total[Color::Black as usize]),
        gfx_number(total[Color::White as usize])
    ));
    Ok(lines.join("\n"))
}

/// `tesuji-patterns-gfx`: GoGui's `gfx` answer: the moves where `efficiency.db` patterns
/// match for the side to move, `LABEL`ed with the summed value in percent (`+35`, `-20`),
/// and the number of matches as `TEXT`.
fn cmd_tesuji_patterns_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    use crate::pattern::Kind;
    let us = e.game.to_move();
    let board = e.game.board();
    let Some(matcher) = e.patterns.matcher(Kind::Efficiency) else {
        return Ok("TEXT no efficiency patterns loaded".into());
    };
    let view = crate::tactics::pattern_view::PatternView::new(board);
    let size = board.size() as i32;
    let mut value = vec![0i32; crate::board::NUM_CELLS];
    let mut matched = vec![false; crate::board::NUM_CELLS];
    let mut count = 0usize;
    for y in 0..size {
        for x in 0..size {
            e.patterns
                .match_at(Kind::Efficiency, &view, x, y, us, &mut |m| {
                    let p = Point::from_xy(m.x as usize, m.y as usize);
                    value[p.index()] += matcher.patterns[m.pattern].value;
                    matched[p.index()] = true;
                    count += 1;
                });
        }
    }
    let labels: Vec<String> = board
        .points()
        .filter(|p| matched[p.index()])
        .map(|p| format!("{} {:+}", e.format_move(Move::Play(p)), value[p.index()]))
        .collect();
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    let side = match us {
        Color::Black => "Black",
        Color::White => "White",
    };
    lines.push(format!(
        "TEXT {count} efficiency.db matches for {side} at {} points",
        labels.len()
    ));
    Ok(lines.join("\n"))
}

/// The move-prediction model's probabilities for the side to move: every legal move that
/// does not fill an own eye, most likely first.
fn predictions(e: &mut GtpEngine) -> Result<Vec<(Point, f32)>, String> {
    let model = crate::play::prior::MovePredictor::cached(e.patterns)
        .ok_or("no move-prediction model (patterns/prior.db) loaded")?;
    let us = e.game.to_move();
    let mut board = e.game.board().clone();
    let mut moves: Vec<(Point, f32)> = Vec::new();
    for k in 0..board.empty_points().len() {
        let p = board.empty_points()[k];
        if board.is_eye(p, us) || !board.is_legal_simple(p, us) {
            continue;
        }
        moves.push((p, model.gamma(&mut board, p, us)));
    }
    let total: f32 = moves.iter().map(|m| m.1).sum();
    for m in &mut moves {
        m.1 /= total;
    }
    moves.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Ok(moves)
}

/// `tesuji-predict [N]`: the N (default 10) moves the move-prediction model finds likeliest
/// for the side to move, one `VERTEX PERCENT` a line.
fn cmd_tesuji_predict(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let n = match args.first() {
        None => 10,
        Some(a) => a.parse::<usize>().map_err(|_| "N must be a count")?,
    };
    let moves = predictions(e)?;
    Ok(moves
        .iter()
        .take(n)
        .map(|&(p, prob)| format!("{} {:.1}", e.format_move(Move::Play(p)), 100.0 * prob))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `tesuji-predict-gfx`: GoGui's `gfx` answer: the ten likeliest moves `LABEL`ed with
/// their probability in percent.
fn cmd_tesuji_predict_gfx(e: &mut GtpEngine, _: &[&str]) -> CommandResult {
    if crate::play::prior::MovePredictor::cached(e.patterns).is_none() {
        return Ok("TEXT no move-prediction model (patterns/prior.db) loaded".into());
    }
    let moves = predictions(e)?;
    let labels: Vec<String> = moves
        .iter()
        .take(10)
        .map(|&(p, prob)| {
            format!(
                "{} {}",
                e.format_move(Move::Play(p)),
                gfx_number(100.0 * prob)
            )
        })
        .collect();
    let mut lines = Vec::new();
    if !labels.is_empty() {
        lines.push(format!("LABEL {}", labels.join(" ")));
    }
    lines.push(format!("TEXT move prediction: {} candidates", moves.len()));
    Ok(lines.join("\n"))
}

/// A number for a gfx answer: at most two decimals, no trailing zeros.
fn gfx_number(x: f32) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// GoGui's analyze command list: `type/label/command` lines.
fn cmd_gogui_analyze_commands(_: &mut GtpEngine, _: &[&str]) -> CommandResult {
    Ok([
        "gfx/Influence/tesuji-influence-gfx",
        "gfx/Influence (Wulu)/tesuji-influence-gfx wulu",
        "sboard/Influence values/tesuji-influence",
        "sboard/Territory and moyo/tesuji-territory",
        "string/Score estimate/tesuji-estimate_score",
        "plist/Dragon stones/dragon_stones %p",
        "string/Dragon status/dragon_status %p",
        "string/Eye value/eval_eye %p",
        "string/Owl attack/owl_attack %p",
        "string/Owl defend/owl_defend %p",
        "string/Owl evaluation/tesuji-owl_eval %p",
        "gfx/Blocks/tesuji-blocks-gfx",
        "gfx/Danger (moku)/tesuji-danger-gfx",
        "gfx/Shape patterns (efficiency.db)/tesuji-patterns-gfx",
        "gfx/Move prediction (prior.db)/tesuji-predict-gfx",
        "string/Block list/tesuji-blocks",
    ]
    .join("\n"))
}
