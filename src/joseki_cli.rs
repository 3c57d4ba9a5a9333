//! `tesuji joseki import FILE.sgf... -o OUT.db`: SGF joseki trees to a pattern database.

use std::path::PathBuf;
use tesuji::engine::board::sgf;
use tesuji::joseki_import::{self, Source};

#[derive(clap::Subcommand)]
pub enum JosekiCommand {
    /// Turn SGF joseki trees into a `kind joseki` database: one corner pattern per move of
    /// every variation, marked by `BM`/`TE`/`DO`/`IT` properties or comment tags (`good`,
    /// `bad`, `trick`, `urgent`, `tenuki`, `value=N`); transpositions are merged.
    Import {
        /// SGF files, each a tree of variations in one corner.
        #[arg(required = true, value_name = "FILE.sgf")]
        files: Vec<PathBuf>,
        /// Where to write the database (default: standard output).
        #[arg(short, long, value_name = "OUT.db")]
        output: Option<PathBuf>,
    },
}

pub fn run(cmd: JosekiCommand) -> Result<(), String> {
    match cmd {
        JosekiCommand::Import { files, output } => {
            let mut sources = Vec::new();
            for f in &files {
                let text = sgf::read_file(f).map_err(|e| format!("{}: {e}", f.display()))?;
                sources.push(Source {
                    name: f.display().to_string(),
                    text,
                });
            }
            let imported = joseki_import::import(&sources).map_err(|e| e.to_string())?;
            for w in &imported.warnings {
                eprintln!("warning: {w}");
            }
            match &output {
                Some(path) => std::fs::write(path, &imported.text)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
                None => print!("{}", imported.text),
            }
            eprintln!(
                "{} patterns from {} files ({} transpositions merged){}",
                imported.patterns,
                files.len(),
                imported.merged,
                output
                    .map(|p| format!(" written to {}", p.display()))
                    .unwrap_or_default()
            );
            Ok(())
        }
    }
}
