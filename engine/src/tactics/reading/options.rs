//! The reader's cut-offs: GNU Go's depth options, with their names for GTP.

/// Cut-offs of the search, with GNU Go's meaning. The defaults are GNU Go's (its level 10)
/// except three that are shallower ([`ReadingOptions::gnu_go_depths`] restores them):
/// `branch_depth` 9 (GNU Go 13), `backfill2_depth` 2 (5) and `break_chain_depth` 3 (7).
/// Our generators offer more moves a node than GNU Go's (break-chain preparations and ladder
/// ataris, second-order liberties), and with GNU Go's depths our trees were about nine times
/// GNU Go's (reading.tst: 934,511 nodes against 101,206); with these, 633,914, as many
/// answers agreeing with GNU Go's on 1,551 strings of unseen game positions (1,520 against
/// 1,518), and the areas' counts kept (docs/evaluation.md, "Reading depths").
/// `backfill_depth` stays 12: the defence at the end of a ladder that meets a breaker (an
/// atari on a ladder stone) comes from the generators it gates (special rescue, backfill) at
/// depth 11 or so, and at 8 a broken ladder read as working.
///
/// All depths compare with `stackp`, the number of moves the reader has played on top of the
/// position it was asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadingOptions {
    /// Beyond this depth a string with three liberties is safe (ladders still read on).
    pub depth: u32,
    /// Beyond this depth attacks on three-liberty strings try only their best move.
    pub branch_depth: u32,
    /// Beyond this depth no backfilling moves are tried.
    pub backfill_depth: u32,
    /// Beyond this depth the more obscure backfilling and second-order moves are not tried.
    pub backfill2_depth: u32,
    /// Beyond this depth defences by attacking surrounding strings with three liberties stop.
    pub break_chain_depth: u32,
    /// Beyond this depth defences through the superstring are not tried.
    pub superstring_depth: u32,
    /// Beyond `break_chain_depth` and up to this depth, a defence still tries the outside
    /// liberties of a boundary string of at most three liberties that shares one with the
    /// string: the approach moves of a capturing race.
    pub race_depth: u32,
    /// Beyond this depth a string with four liberties is safe.
    pub fourlib_depth: u32,
    /// Beyond this depth no conditional ko captures are tried.
    pub ko_depth: u32,
    /// Up to this depth a defender that finds no saving move may also play elsewhere: the
    /// attacker must then be able to capture moving twice, if only through a ko (otherwise
    /// every defence only made things worse, and the string is safe as it stands).
    pub tenuki_depth: u32,
    /// Stop a search after this many nodes (0: no limit). A search cut short answers
    /// conservatively (attack: not captured; defence: saved) and is not cached. The default
    /// bounds every top-level question whatever the position; see docs/evaluation.md
    /// "Reading budgets".
    pub node_limit: u64,
    /// Budget of each question a pattern condition asks in the middle of another search (a
    /// nested question; 0: the same as `node_limit`). The smaller of the two applies.
    pub condition_node_limit: u64,
    /// Size of the transposition table in megabytes. The default, 2, fits a core's L2 cache:
    /// the table is cleared (by generation) whenever the root position changes, and a larger
    /// one scatters a question's entries over memory the caches do not hold. A question's
    /// budget of 100,000 nodes stores at most as many entries; the table has 131,072.
    pub hash_mb: usize,
    /// Use the transposition table.
    pub use_hash: bool,
    /// Ask the attack / defense pattern databases for candidate moves at the root.
    pub use_patterns: bool,
    /// Keep the most expensive top-level answers across moves (see [`persistent`]).
    pub persistent_cache: bool,
}

/// Default [`ReadingOptions::node_limit`]: reading nodes per top-level question.
pub const DEFAULT_NODE_LIMIT: u64 = 100_000;
/// Default [`ReadingOptions::condition_node_limit`]: nodes per question of a pattern condition.
pub const DEFAULT_CONDITION_NODE_LIMIT: u64 = 5_000;

impl Default for ReadingOptions {
    fn default() -> ReadingOptions {
        ReadingOptions {
            depth: 16,
            branch_depth: 9,
            backfill_depth: 12,
            backfill2_depth: 2,
            break_chain_depth: 3,
            superstring_depth: 7,
            race_depth: 9,
            fourlib_depth: 7,
            ko_depth: 8,
            tenuki_depth: 9,
            node_limit: DEFAULT_NODE_LIMIT,
            condition_node_limit: DEFAULT_CONDITION_NODE_LIMIT,
            hash_mb: 2,
            use_hash: true,
            use_patterns: true,
            persistent_cache: true,
        }
    }
}

impl ReadingOptions {
    /// The same options with GNU Go's level-10 values of the depths the defaults make
    /// shallower (`branch_depth` 13, `backfill2_depth` 5, `break_chain_depth` 7), and no race
    /// moves beyond `break_chain_depth` (there, as in GNU Go, the chain-breaking moves read
    /// the races).
    pub fn gnu_go_depths(self) -> ReadingOptions {
        ReadingOptions {
            branch_depth: 13,
            backfill2_depth: 5,
            break_chain_depth: 7,
            race_depth: 7,
            ..self
        }
    }

    /// Every depth one deeper (GTP `increase_depths`), or shallower with `delta = -1`.
    pub fn shift_depths(&mut self, delta: i32) {
        for d in [
            &mut self.depth,
            &mut self.branch_depth,
            &mut self.backfill_depth,
            &mut self.backfill2_depth,
            &mut self.break_chain_depth,
            &mut self.superstring_depth,
            &mut self.race_depth,
            &mut self.fourlib_depth,
            &mut self.ko_depth,
            &mut self.tenuki_depth,
        ] {
            *d = (*d as i32 + delta).max(0) as u32;
        }
    }

    /// Sets one option by name (`depth`, `branch_depth`, ..., `node_limit`, `condition_node_limit`, `hash_mb`,
    /// `use_hash`, `use_patterns`, `persistent_cache`).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let num = || -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{name}: not a non-negative integer: {value}"))
        };
        let flag = || -> Result<bool, String> {
            match value {
                "1" | "true" | "on" => Ok(true),
                "0" | "false" | "off" => Ok(false),
                _ => Err(format!("{name}: not a boolean: {value}")),
            }
        };
        match name {
            "depth" => self.depth = num()? as u32,
            "branch_depth" => self.branch_depth = num()? as u32,
            "backfill_depth" => self.backfill_depth = num()? as u32,
            "backfill2_depth" => self.backfill2_depth = num()? as u32,
            "break_chain_depth" => self.break_chain_depth = num()? as u32,
            "superstring_depth" => self.superstring_depth = num()? as u32,
            "race_depth" => self.race_depth = num()? as u32,
            "fourlib_depth" => self.fourlib_depth = num()? as u32,
            "ko_depth" => self.ko_depth = num()? as u32,
            "tenuki_depth" => self.tenuki_depth = num()? as u32,
            "node_limit" => self.node_limit = num()?,
            "condition_node_limit" => self.condition_node_limit = num()?,
            "hash_mb" => self.hash_mb = num()? as usize,
            "use_hash" => self.use_hash = flag()?,
            "use_patterns" => self.use_patterns = flag()?,
            "persistent_cache" => self.persistent_cache = flag()?,
            _ => return Err(format!("unknown reading option '{name}'")),
        }
        Ok(())
    }

    /// Sets one option from `NAME=VALUE` (the command-line form; spaces around either
    /// side are ignored).
    pub fn set_assignment(&mut self, assignment: &str) -> Result<(), String> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| format!("reading option '{assignment}': expected NAME=VALUE"))?;
        self.set(name.trim(), value.trim())
    }

    /// `name value` lines of every option.
    pub fn describe(&self) -> String {
        format!(
            "depth {}\nbranch_depth {}\nbackfill_depth {}\nbackfill2_depth {}\n\
             break_chain_depth {}\nsuperstring_depth {}\nrace_depth {}\nfourlib_depth {}\nko_depth {}\n\
             tenuki_depth {}\nnode_limit {}\ncondition_node_limit {}\nhash_mb {}\nuse_hash {}\nuse_patterns {}\n\
             persistent_cache {}",
            self.depth,
            self.branch_depth,
            self.backfill_depth,
            self.backfill2_depth,
            self.break_chain_depth,
            self.superstring_depth,
            self.race_depth,
            self.fourlib_depth,
            self.ko_depth,
            self.tenuki_depth,
            self.node_limit,
            self.condition_node_limit,
            self.hash_mb,
            self.use_hash,
            self.use_patterns,
            self.persistent_cache
        )
    }
}
