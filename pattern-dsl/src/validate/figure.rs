//! The figure and the label diagram: the constrained points relative to `*`, and the labels.

use crate::ast;
use crate::diag::Diagnostic;
use crate::ir::{Cell, Point};

use super::{LabelDef, PatternValidator};

const ALPHABET_NOTE: &str = "the figure alphabet is `O` `X` `o` `x` `.` `*` `#` `?` and space (see docs/pattern-language.md)";

/// A well-formed figure.
pub(super) struct Figure {
    cells: Vec<Vec<Cell>>,
    anchor: (usize, usize),
    pub(super) points: Vec<Point>,
    pub(super) rows: Vec<String>,
}

impl PatternValidator<'_> {
    /// Checks the figure; returns its points relative to `*` when it is well-formed.
    pub(super) fn figure(&mut self) -> Option<Figure> {
        let def = self.def;
        let Some(fig) = def.diagrams.first() else {
            self.error(
                Diagnostic::new(def.header, format!("pattern `{}` has no figure", self.name))
                    .note("draw the shape as rows `|...|` right after the `pattern` line"),
            );
            return None;
        };
        if fig.rows.iter().any(|r| r.broken) {
            self.failed = true;
            return None;
        }
        let mut ok = true;
        let width = fig.rows[0].cells.len();
        for row in &fig.rows[1..] {
            if row.cells.len() != width {
                ok = false;
                self.error(
                    Diagnostic::new(
                        row.span,
                        format!(
                            "ragged figure: this row has {} columns, the first row has {}",
                            row.cells.len(),
                            width
                        ),
                    )
                    .note("every row of a figure has the same width; use ` ` or `?` for points that do not matter"),
                );
            }
        }
        let mut cells: Vec<Vec<Cell>> = Vec::new();
        let mut stars = Vec::new();
        for (y, row) in fig.rows.iter().enumerate() {
            let mut out = Vec::new();
            for (x, c) in row.cells.iter().enumerate() {
                match Cell::from_char(c.ch) {
                    Some(cell) => {
                        if cell == Cell::Anchor {
                            stars.push((x, y, c.span));
                        }
                        out.push(cell);
                    }
                    None => {
                        ok = false;
                        let mut d = Diagnostic::new(
                            c.span,
                            format!("unknown figure character `{}`", c.ch.escape_debug()),
                        )
                        .note(ALPHABET_NOTE);
                        if c.ch.is_ascii_alphabetic() {
                            d = d.note("labels belong in a second, labelled copy of the figure");
                        }
                        self.error(d);
                        out.push(Cell::DontCare);
                    }
                }
            }
            cells.push(out);
        }
        match stars.len() {
            0 => {
                ok = false;
                self.error(
                    Diagnostic::new(fig.span(), "figure has no `*`")
                        .note("mark the move with `*`: patterns are anchored at it"),
                );
            }
            1 => {}
            _ => {
                ok = false;
                for &(_, _, span) in &stars[1..] {
                    self.error(
                        Diagnostic::new(span, "more than one `*` in the figure")
                            .note("a figure has exactly one `*`, the move"),
                    );
                }
            }
        }
        // Off-board points must lie outside the bounding box of the on-board points.
        let mut bbox: Option<(usize, usize, usize, usize)> = None;
        for (y, row) in cells.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                if c != Cell::OffBoard && c != Cell::DontCare {
                    bbox = Some(match bbox {
                        None => (x, x, y, y),
                        Some((x0, x1, y0, y1)) => (x0.min(x), x1.max(x), y0.min(y), y1.max(y)),
                    });
                }
            }
        }
        if let Some((x0, x1, y0, y1)) = bbox {
            for (y, row) in cells.iter().enumerate() {
                for (x, &c) in row.iter().enumerate() {
                    if c == Cell::OffBoard && (x0..=x1).contains(&x) && (y0..=y1).contains(&y) {
                        ok = false;
                        self.error(
                            Diagnostic::new(
                                fig.rows[y].cells[x].span,
                                "off-board point `#` inside the board",
                            )
                            .note("`#` draws edges and corners: rows and columns of `#` outside all on-board points of the figure"),
                        );
                    }
                }
            }
        }
        if !ok {
            return None;
        }
        let (sx, sy, _) = stars[0];
        let mut points = Vec::new();
        for (y, row) in cells.iter().enumerate() {
            for (x, &cell) in row.iter().enumerate() {
                if cell != Cell::Anchor && cell != Cell::DontCare {
                    points.push(Point {
                        dx: x as i32 - sx as i32,
                        dy: y as i32 - sy as i32,
                        cell,
                    });
                }
            }
        }
        Some(Figure {
            cells,
            anchor: (sx, sy),
            points,
            rows: fig
                .rows
                .iter()
                .map(|r| r.cells.iter().map(|c| c.ch).collect())
                .collect(),
        })
    }

    pub(super) fn label_diagram(&mut self, fig: &Figure, d: &ast::Diagram) -> Vec<LabelDef> {
        let mut labels: Vec<LabelDef> = Vec::new();
        if d.rows.iter().any(|r| r.broken) {
            self.failed = true;
            self.labels_valid = false;
            return labels;
        }
        let width = fig.cells[0].len();
        if d.rows.len() != fig.cells.len() {
            self.error(
                Diagnostic::new(
                    d.span(),
                    format!(
                        "label diagram has {} rows, the figure has {}",
                        d.rows.len(),
                        fig.cells.len()
                    ),
                )
                .note("the label diagram is a copy of the figure with some points replaced by letters"),
            );
            self.labels_valid = false;
            return labels;
        }
        for row in &d.rows {
            if row.cells.len() != width {
                self.error(
                    Diagnostic::new(
                        row.span,
                        format!(
                            "label diagram row has {} columns, the figure has {}",
                            row.cells.len(),
                            width
                        ),
                    )
                    .note("the label diagram is a copy of the figure with some points replaced by letters"),
                );
                self.labels_valid = false;
                return labels;
            }
        }
        let (sx, sy) = fig.anchor;
        for (y, row) in d.rows.iter().enumerate() {
            for (x, c) in row.cells.iter().enumerate() {
                let f = fig.cells[y][x];
                let l = c.ch;
                let same = Cell::from_char(l) == Some(f);
                if same {
                    continue;
                }
                if f == Cell::Anchor {
                    let msg = if l.is_ascii_alphabetic() {
                        format!("label `{l}` on `*`")
                    } else {
                        format!("the label diagram has `{l}` where the figure has `*`")
                    };
                    self.error(
                        Diagnostic::new(c.span, msg)
                            .note("`*` cannot be relabelled; conditions refer to it as `*`"),
                    );
                    continue;
                }
                if l == '*' {
                    self.error(
                        Diagnostic::new(
                            c.span,
                            "`*` in the label diagram is not where the figure has its `*`",
                        )
                        .note(format!("the figure has `{}` here", fig_char(f, fig, x, y))),
                    );
                    continue;
                }
                if l.is_ascii_alphabetic() && !"oOxX".contains(l) {
                    if f == Cell::OffBoard {
                        self.error(Diagnostic::new(
                            c.span,
                            format!("label `{l}` on an off-board point"),
                        ));
                        continue;
                    }
                    if let Some(prev) = labels.iter().find(|p| p.name == l) {
                        let d = Diagnostic::new(c.span, format!("label `{l}` is defined twice"))
                            .note(format!("first defined at line {}", self.line_of(prev.span)));
                        self.error(d);
                        continue;
                    }
                    labels.push(LabelDef {
                        name: l,
                        dx: x as i32 - sx as i32,
                        dy: y as i32 - sy as i32,
                        cell: f,
                        span: c.span,
                    });
                    continue;
                }
                let mut d = Diagnostic::new(
                    c.span,
                    format!(
                        "label diagram differs from the figure: `{}` here, but the figure has `{}`",
                        l.escape_debug(),
                        fig_char(f, fig, x, y)
                    ),
                );
                if "oOxX".contains(l) {
                    d = d.note("`o`, `O`, `x` and `X` are figure characters and cannot be labels");
                } else {
                    d = d.note("labels are letters; every other point must copy the figure");
                }
                self.error(d);
            }
        }
        labels
    }
}

fn fig_char(f: Cell, fig: &Figure, x: usize, y: usize) -> char {
    if f == Cell::DontCare {
        fig.rows[y].chars().nth(x).unwrap_or('?')
    } else {
        f.to_char()
    }
}
