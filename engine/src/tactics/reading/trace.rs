//! Recording the search tree as SGF variations (`decide-string -o vars.sgf`).

use crate::board::{Board, Color, Point};

struct Node {
    mv: Point,
    color: Color,
    parent: usize,
    children: Vec<usize>,
    comment: String,
}

/// The tree of every move the reader tried, with the results it found, as it read them.
pub struct Trace {
    nodes: Vec<Node>,
    cur: usize,
    /// Stop recording beyond this many nodes (the file would be unreadable anyway).
    limit: usize,
}

impl Default for Trace {
    fn default() -> Trace {
        Trace::new()
    }
}

impl Trace {
    pub fn new() -> Trace {
        Trace {
            nodes: vec![Node {
                mv: Point::NONE,
                color: Color::Black,
                parent: 0,
                children: Vec::new(),
                comment: String::new(),
            }],
            cur: 0,
            limit: 500_000,
        }
    }

    /// Number of moves recorded.
    pub fn moves(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Number of variations (leaves below the root).
    pub fn variations(&self) -> usize {
        self.nodes
            .iter()
            .skip(1)
            .filter(|n| n.children.is_empty())
            .count()
    }

    pub(crate) fn push(&mut self, mv: Point, color: Color) {
        if self.nodes.len() >= self.limit {
            // Keep the depth bookkeeping: a placeholder that `pop` can leave.
            self.nodes.push(Node {
                mv,
                color,
                parent: self.cur,
                children: Vec::new(),
                comment: String::new(),
            });
            self.cur = self.nodes.len() - 1;
            return;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv,
            color,
            parent: self.cur,
            children: Vec::new(),
            comment: String::new(),
        });
        self.nodes[self.cur].children.push(id);
        self.cur = id;
    }

    pub(crate) fn pop(&mut self) {
        let parent = self.nodes[self.cur].parent;
        if self.nodes[parent].children.last() != Some(&self.cur) {
            // A placeholder beyond the limit: forget it.
            self.nodes.truncate(self.cur);
        }
        self.cur = parent;
    }

    /// Appends a line to the comment of the current node.
    pub(crate) fn comment(&mut self, text: &str) {
        let c = &mut self.nodes[self.cur].comment;
        if !c.is_empty() {
            c.push('\n');
        }
        c.push_str(text);
    }

    /// The tree as an SGF file: the position of `board` as setup stones, then the variations.
    pub fn to_sgf(&self, board: &Board, to_move: Color, header_comment: &str) -> String {
        let coord = |p: Point| {
            let (x, y) = p.xy();
            format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
        };
        let mut s = format!("(;GM[1]FF[4]SZ[{}]", board.size());
        for (color, tag) in [(Color::Black, "AB"), (Color::White, "AW")] {
            let stones: Vec<String> = board
                .points()
                .filter(|&p| board.color_at(p) == Some(color))
                .map(|p| format!("[{}]", coord(p)))
                .collect();
            if !stones.is_empty() {
                s.push_str(tag);
                s.push_str(&stones.concat());
            }
        }
        s.push_str(if to_move == Color::Black {
            "PL[B]"
        } else {
            "PL[W]"
        });
        let mut root_comment = header_comment.to_string();
        if !self.nodes[0].comment.is_empty() {
            root_comment.push('\n');
            root_comment.push_str(&self.nodes[0].comment);
        }
        if !root_comment.is_empty() {
            s.push_str(&format!("C[{}]", escape(&root_comment)));
        }
        s.push('\n');
        self.write_children(0, &mut s, &coord);
        s.push_str(")\n");
        s
    }

    fn write_children(&self, id: usize, out: &mut String, coord: &dyn Fn(Point) -> String) {
        // Iterative to survive deep ladders: (node, state) where state 0 = open, 1 = close.
        let mut stack: Vec<(usize, bool)> = self.nodes[id]
            .children
            .iter()
            .rev()
            .map(|&c| (c, false))
            .collect();
        while let Some((n, closing)) = stack.pop() {
            if closing {
                out.push_str(")\n");
                continue;
            }
            let node = &self.nodes[n];
            out.push_str("(;");
            out.push_str(if node.color == Color::Black { "B" } else { "W" });
            out.push_str(&format!("[{}]", coord(node.mv)));
            if !node.comment.is_empty() {
                out.push_str(&format!("C[{}]", escape(&node.comment)));
            }
            stack.push((n, true));
            for &c in node.children.iter().rev() {
                stack.push((c, false));
            }
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}
