//! Game records for training the move-prediction model: which files, which games, and the
//! split into training and held-out positions (`tesuji patterns train`).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use tesuji_engine::board::sgf::{self, EmptySetup, Until};
use tesuji_engine::play::prior::train::{Scope, TrainingSet, add_game};

/// Every `.sgf` under `path` (itself when it is a file), in path order.
pub fn sgf_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "sgf") {
                sgf_files(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// The records that lists name (one path per line, relative to the list's folder, `#`
/// comments), canonicalized.
pub fn excluded(lists: &[PathBuf]) -> Result<HashSet<PathBuf>, String> {
    let mut set = HashSet::new();
    for list in lists {
        let text = std::fs::read_to_string(list).map_err(|e| format!("{}: {e}", list.display()))?;
        let dir = list.parent().unwrap_or(Path::new("."));
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Ok(p) = dir.join(line).canonicalize() {
                set.insert(p);
            }
        }
    }
    Ok(set)
}

/// The positions of a collection of records.
#[derive(Debug, Default)]
pub struct Harvest {
    pub training: TrainingSet,
    pub held_out: TrainingSet,
    /// Games used (training and held out).
    pub games: usize,
    pub held_out_games: usize,
    /// Files left out because a list names them.
    pub excluded: usize,
    /// Files that could not be read as SGF.
    pub unreadable: usize,
    pub files: usize,
}

/// Reads every record under `inputs` except those `exclude` lists name; keeps the games of
/// `size` with at least 20 moves; every `holdout`-th kept game (0: none) goes to the
/// held-out set.
pub fn harvest(
    inputs: &[PathBuf],
    size: usize,
    exclude: &[PathBuf],
    holdout: usize,
    scope: Scope,
) -> Result<Harvest, String> {
    let mut files = Vec::new();
    for i in inputs {
        sgf_files(i, &mut files)?;
    }
    let skip = excluded(exclude)?;
    let mut h = Harvest {
        files: files.len(),
        ..Harvest::default()
    };
    h.training.scope = scope;
    h.held_out.scope = scope;
    for f in &files {
        if f.canonicalize().is_ok_and(|c| skip.contains(&c)) {
            h.excluded += 1;
            continue;
        }
        let Ok(text) = sgf::read_file(f) else {
            h.unreadable += 1;
            continue;
        };
        let Ok(game) = sgf::load_with(&text, Until::End, 0.0, EmptySetup::IgnoreLikeGnuGo) else {
            h.unreadable += 1;
            continue;
        };
        if game.size() != size || game.moves().len() < 20 {
            continue;
        }
        h.games += 1;
        if holdout > 0 && h.games % holdout == 0 {
            h.held_out_games += 1;
            add_game(&game, &mut h.held_out);
        } else {
            add_game(&game, &mut h.training);
        }
    }
    Ok(h)
}
