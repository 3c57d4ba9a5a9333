//! Statistics of the decision tree of a database: code weight, switches, and the mean number
//! of cells the tree reads per empty anchor on random 19x19 positions (the cost model's
//! currency), for tuning `codegen::tree`.
//!
//! ```text
//! cargo run --release -p pattern-dsl --example treestat -- FILE.db [BUDGET_EXTRA PRICE]
//! ```

use pattern_dsl::codegen::tree;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = &args[0];
    let source = std::fs::read_to_string(path).expect("readable");
    let db = pattern_dsl::check(path, &source).unwrap_or_else(|d| panic!("{}", d.render()));
    let items = tree::items(&db);
    let once: usize = items.iter().map(|(_, t)| 1 + t.len()).sum();
    let extra: usize = args
        .get(1)
        .map_or(tree::default_budget(once) - once, |a| a.parse().unwrap());
    let price: f64 = args.get(2).map_or(tree::PRICE, |a| a.parse().unwrap());
    let t0 = std::time::Instant::now();
    let t = tree::build_items(items, once + extra, price);
    let built = t0.elapsed();
    // Random positions: 40% stones.
    let n = 19i32;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut reads, mut anchors, mut hits) = (0usize, 0usize, 0usize);
    let mut walk = [0usize; 4];
    for _ in 0..20 {
        let board: Vec<u8> = (0..n * n)
            .map(|_| match next() % 10 {
                0..=5 => 0,
                6 | 7 => 1,
                _ => 2,
            })
            .collect();
        for y in 0..n {
            for x in 0..n {
                if board[(y * n + x) as usize] != 0 {
                    continue;
                }
                let rd = |dx: i8, dy: i8| {
                    let (px, py) = (x + dx as i32, y + dy as i32);
                    if px < 0 || py < 0 || px >= n || py >= n {
                        3
                    } else {
                        board[(py * n + px) as usize]
                    }
                };
                let (h, r) = t.run(&rd);
                reads += r.reads();
                walk[0] += r.switches;
                walk[1] += r.linear;
                walk[2] += r.bit_leaves;
                walk[3] += r.bits;
                hits += h.len();
                anchors += 1;
            }
        }
    }
    let mut sizes: Vec<usize> = t
        .nodes
        .iter()
        .filter_map(|n| match n {
            tree::Node::Leaf(items) if tree::use_bits(items) => Some(items.len()),
            _ => None,
        })
        .collect();
    sizes.sort_unstable();
    let per = |k: usize| walk[k] as f64 / anchors as f64;
    println!(
        "per anchor: {:.1} switches, {:.1} linear reads, {:.1} bit leaves, {:.1} bit reads",
        per(0),
        per(1),
        per(2),
        per(3)
    );
    println!(
        "bit leaves: {} sizes {:?}",
        sizes.len(),
        &sizes[..sizes.len().min(40)]
    );
    println!(
        "{path}: {} variants, once {once}, weight {} ({:.2}x), {} nodes, {} switches, built in {:.2?}; {:.1} reads per anchor, {:.3} hits",
        db.variants().len(),
        t.weight(),
        t.weight() as f64 / once as f64,
        t.nodes.len(),
        t.switches(),
        built,
        reads as f64 / anchors as f64,
        hits as f64 / anchors as f64
    );
}
