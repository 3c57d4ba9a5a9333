//! Life-and-death commands: unconditional status, dragons, eye spaces and the owl (see
//! [`crate::eval::dragon`], [`crate::eval::eyes`], [`crate::eval::owl`]).

use super::reading::{format_read, move_and_stone, read_with, stone_arg};
use super::{Command, CommandResult, GtpEngine};
use crate::board::{Board, Color, Move, Point};
use crate::eval::owl::Owl;

/// GNU Go's `unconditional_status VERTEX`: `alive`, `dead`, `black_territory`,
/// `white_territory` or `undecided` (see [`crate::eval::unconditional`]).
fn cmd_unconditional_status(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let p = match e.parse_vertex(args.first())? {
        Move::Play(p) => p,
        Move::Pass => return Err("invalid coordinate".into()),
    };
    Ok(crate::eval::unconditional::point_status(e.game.board(), p)
        .name()
        .into())
}

/// This file's commands, in `list_commands` order.
pub(super) static COMMANDS: &[Command] = commands! {
    "unconditional_status" => cmd_unconditional_status,
    "same_dragon" => cmd_same_dragon,
    "dragon_stones" => cmd_dragon_stones,
    "eval_eye" => cmd_eval_eye,
    "owl_attack" => cmd_owl_attack,
    "owl_defend" => cmd_owl_defend,
    "owl_does_attack" => cmd_owl_does_attack,
    "owl_does_defend" => cmd_owl_does_defend,
    "dragon_status" => cmd_dragon_status,
    // GNU Go's owl node counter: the nodes the owl commands searched since the reset.
    "reset_owl_node_counter" => |e, _| {
        e.owl_nodes_at_reset = e.owl.as_ref().map_or(0, Owl::nodes);
        Ok(String::new())
    },
    "get_owl_node_counter" => |e, _| {
        let nodes = e.owl.as_ref().map_or(0, Owl::nodes);
        Ok(nodes.saturating_sub(e.owl_nodes_at_reset).to_string())
    },
    "analyze_semeai" => cmd_analyze_semeai,
    "combination_attack" => |e, args| {
        let color = e.parse_color(args.first())?;
        let found = read_with(e, |r, b| crate::eval::combination::combination_attacks(b, r, color));
        Ok(found.first().map_or("PASS".to_string(), |&p| e.format_move(Move::Play(p))))
    },
    "combination_defend" => |e, args| {
        let color = e.parse_color(args.first())?;
        let found = read_with(e, |r, b| crate::eval::combination::combination_defences(b, r, color));
        Ok(e.format_points(found))
    },
    "tesuji-semeai_race" => |e, args| {
        let a = stone_arg(e, args, 0)?;
        let b = stone_arg(e, args, 1)?;
        let r = crate::eval::semeai::Race::from_board(e.game.board_mut(), a, b);
        Ok(format!("{r:?} a_first {} b_first {}", r.solve(true), r.solve(false)))
    },
    "tesuji-owl_eval" => |e, args| {
        let s = stone_arg(e, args, 0)?;
        Ok(owl_with(e, s, |o, b, d| o.describe(b, d)))
    },
};

/// The dragons of the game position.
fn dragons(e: &mut GtpEngine) -> crate::eval::dragon::Dragons {
    e.sync_trymoves();
    let board = e.game.board();
    let key = super::DragonsKey {
        hash: board.hash(),
        move_count: board.move_count(),
        reading: crate::tactics::reading::thread_options(),
        base_depth: crate::tactics::reading::thread_base_depth(),
    };
    if let Some((k, d)) = &e.dragons
        && *k == key
    {
        return d.clone();
    }
    let patterns = e.patterns;
    let d = read_with(e, |r, b| crate::eval::dragon::Dragons::new(b, r, patterns));
    e.dragons = Some((key, d.clone()));
    d
}

/// `same_dragon V1 V2`: `1` when the two stones belong to one dragon, else `0`.
fn cmd_same_dragon(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let a = stone_arg(e, args, 0)?;
    let b = stone_arg(e, args, 1)?;
    Ok(u8::from(dragons(e).same_dragon(a, b)).to_string())
}

/// `dragon_stones [VERTEX|COLOR]`: the stones of one dragon, or of every dragon (of a
/// colour), one dragon a line.
fn cmd_dragon_stones(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let mut filter = None;
    let mut single = None;
    if let Some(a) = args.first() {
        match a.parse::<Color>() {
            Ok(c) => filter = Some(c),
            Err(_) => single = Some(stone_arg(e, args, 0)?),
        }
    }
    let d = dragons(e);
    if let Some(p) = single {
        let stones = d.dragon_at(p).map(|x| x.stones.clone()).unwrap_or_default();
        return Ok(e.format_points(stones));
    }
    Ok(d.dragons()
        .iter()
        .filter(|x| filter.is_none_or(|c| c == x.color))
        .map(|x| e.format_points(x.stones.iter().copied()))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// `eval_eye VERTEX`: `min max`, with the attack and defence points when they differ, of the
/// eye space at the point; `-1` when the point is in none.
fn cmd_eval_eye(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let p = match e.parse_vertex(args.first())? {
        Move::Play(p) => p,
        Move::Pass => return Err("invalid coordinate".into()),
    };
    let Some(space) = crate::eval::eyes::eye_space_of_point(e.game.board(), p) else {
        return Ok("-1".into());
    };
    let v = space.value;
    match (v.attack, v.defense) {
        (Some(a), Some(d)) if v.min < v.max => Ok(format!(
            "{} {} {} {}",
            v.min,
            v.max,
            e.format_move(Move::Play(a)),
            e.format_move(Move::Play(d))
        )),
        _ => Ok(format!("{} {}", v.min, v.max)),
    }
}

// ---------------------------------------------------------------------------------------------
// Owl life-and-death reading (see `crate::eval::owl`).

/// Runs `f` with this session's owl reader on the game board and the stones of the dragon at
/// `p`.
fn owl_with<R>(
    e: &mut GtpEngine,
    p: Point,
    f: impl FnOnce(&mut Owl, &mut Board, &[Point]) -> R,
) -> R {
    let d = dragons(e);
    let stones = d.dragon_at(p).map(|x| x.stones.clone()).unwrap_or_default();
    let patterns = e.patterns;
    let owl = e.owl.get_or_insert_with(|| Owl::new(Default::default()));
    owl.set_patterns(patterns);
    owl.set_likelihood(
        crate::play::prior::MovePredictor::cached(patterns)
            .map(|m| m as &'static dyn crate::eval::owl::MoveLikelihood),
    );
    f(owl, e.game.board_mut(), &stones)
}

fn cmd_owl_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let r = owl_with(e, s, |o, b, d| o.attack(b, d));
    Ok(format_read(e, r))
}

fn cmd_owl_defend(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let s = stone_arg(e, args, 0)?;
    let r = owl_with(e, s, |o, b, d| o.defend(b, d));
    Ok(format_read(e, r))
}

fn cmd_owl_does_attack(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (mv, s) = move_and_stone(e, args)?;
    Ok(owl_with(e, s, |o, b, d| o.does_attack(b, mv, d)).to_string())
}

fn cmd_owl_does_defend(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let (mv, s) = move_and_stone(e, args)?;
    Ok(owl_with(e, s, |o, b, d| o.does_defend(b, mv, d)).to_string())
}

/// `dragon_status [VERTEX]`: `alive`, `critical ATTACK DEFENSE` or `dead` for the dragon at
/// the vertex; without one, `ORIGIN: status` for every dragon.
fn cmd_dragon_status(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    use crate::eval::owl::DragonStatus;
    let describe = |e: &mut GtpEngine, p: Point| {
        let status = owl_with(e, p, |o, b, d| o.status(b, d));
        match status {
            DragonStatus::Alive => "alive".to_string(),
            DragonStatus::Dead => "dead".to_string(),
            DragonStatus::Critical { attack, defense } => {
                let name = |m: Option<Point>| {
                    m.map_or("PASS".to_string(), |p| e.format_move(Move::Play(p)))
                };
                format!("critical {} {}", name(attack), name(defense))
            }
        }
    };
    if !args.is_empty() {
        let s = stone_arg(e, args, 0)?;
        return Ok(describe(e, s));
    }
    let origins: Vec<Point> = dragons(e).dragons().iter().map(|d| d.origin).collect();
    let mut lines = Vec::new();
    for p in origins {
        let status = describe(e, p);
        lines.push(format!("{}: {status}", e.format_move(Move::Play(p))));
    }
    Ok(lines.join("\n"))
}

/// GNU Go's `analyze_semeai DRAGONA DRAGONB`: `SURVIVES KILLS MOVE` with A moving first —
/// `1 1` A kills B, `1 0` seki, `0 0` A loses — and A's move (`PASS` when none is needed or
/// none helps); see [`crate::eval::semeai`].
fn cmd_analyze_semeai(e: &mut GtpEngine, args: &[&str]) -> CommandResult {
    let a = stone_arg(e, args, 0)?;
    let b = stone_arg(e, args, 1)?;
    let board = e.game.board();
    if board.color_at(a) == board.color_at(b) {
        return Err("vertices must have different colors".into());
    }
    let d = dragons(e);
    let stones = |p: Point| {
        d.dragon_at(p)
            .map(|x| x.stones.clone())
            .unwrap_or_else(|| vec![p])
    };
    let (sa, sb) = (stones(a), stones(b));
    let r = crate::eval::semeai::analyze_semeai(e.game.board_mut(), &sa, &sb, Default::default())
        .ok_or("vertices must have different colors")?;
    let mv =
        r.mv.map_or("PASS".to_string(), |p| e.format_move(Move::Play(p)));
    Ok(format!("{} {} {mv}", r.survives, r.kills))
}
