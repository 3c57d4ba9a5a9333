//! Validation: [`ast::File`] to [`ir::Database`](crate::ir::Database), collecting every error of the file.

use std::collections::{BTreeSet, HashMap};

use crate::ast::{self, AttrArg, BinOp, ExprKind, UnOp};
use crate::diag::{Diagnostic, LineIndex, Span};
use crate::ir::{Cell, Database, Expr, Kind, Label, Mark, Pattern, Point, PointRef, Transform};
use crate::registry::{self, ArgKind, Type};

const ALPHABET_NOTE: &str = "the figure alphabet is `O` `X` `o` `x` `.` `*` `#` `?` and space (see docs/pattern-language.md)";

/// Validates `file`; returns the database when there are no errors.
pub fn lower(
    file_name: &str,
    source: &str,
    file: &ast::File,
    errors: &mut Vec<Diagnostic>,
) -> Option<Database> {
    let start = errors.len();
    let lines = LineIndex::new(source);
    let kind = check_kind(file, errors);
    let mut patterns = Vec::new();
    let mut spans = Vec::new();
    let mut names: HashMap<&str, &ast::PatternDef> = HashMap::new();
    for def in &file.patterns {
        if !def.name.name.is_empty() {
            if let Some(first) = names.get(def.name.name.as_str()) {
                errors.push(
                    Diagnostic::new(
                        def.name.span,
                        format!("duplicate pattern name `{}`", def.name.name),
                    )
                    .note(format!(
                        "first defined on line {}",
                        lines.line(first.name.span.start)
                    )),
                );
            } else {
                names.insert(&def.name.name, def);
            }
        }
        if let Some(p) = PatternLowering::new(def, kind, &lines, errors).run() {
            patterns.push(p);
            spans.push(def.name.span);
        }
    }
    check_duplicates(&patterns, &spans, errors);
    if errors.len() > start {
        return None;
    }
    Some(Database {
        file: file_name.to_string(),
        kind: kind.expect("no error means a kind"),
        patterns,
    })
}

fn check_kind(file: &ast::File, errors: &mut Vec<Diagnostic>) -> Option<Kind> {
    let kinds_list = Kind::ALL.map(Kind::name).join(", ");
    let Some(first) = file.kinds.first() else {
        errors.push(
            Diagnostic::new(Span::at(0), "missing `kind` directive").note(format!(
                "start the file with e.g. `kind attack`; the kinds are: {kinds_list}"
            )),
        );
        return None;
    };
    for extra in &file.kinds[1..] {
        errors.push(
            Diagnostic::new(extra.name.span, "duplicate `kind` directive")
                .note("a database has exactly one kind"),
        );
    }
    for k in &file.kinds {
        if k.after_pattern {
            errors.push(Diagnostic::new(
                k.name.span,
                "the `kind` directive must come before the first pattern",
            ));
        }
    }
    let kind = Kind::from_name(&first.name.name);
    if kind.is_none() {
        errors.push(
            Diagnostic::new(
                first.name.span,
                format!("unknown kind `{}`", first.name.name),
            )
            .note(format!("the kinds are: {kinds_list}")),
        );
    }
    kind
}

/// A label definition found in the label diagram.
struct LabelDef {
    name: char,
    dx: i32,
    dy: i32,
    cell: Cell,
    span: Span,
}

struct PatternLowering<'a> {
    def: &'a ast::PatternDef,
    kind: Option<Kind>,
    lines: &'a LineIndex,
    errors: &'a mut Vec<Diagnostic>,
    failed: bool,
    /// False when the figure or the label diagram was rejected: unknown labels are then not
    /// reported again (they are likely defined in the rejected diagram).
    labels_valid: bool,
    name: String,
}

/// The attributes each kind accepts: (name, required).
fn attributes_of(kind: Kind) -> &'static [(&'static str, bool)] {
    match kind {
        Kind::Efficiency => &[("value", true)],
        Kind::Joseki => &[("value", true), ("mark", false)],
        Kind::Attack => &[("attack", true)],
        Kind::Defense => &[("defend", true)],
        Kind::Connection => &[("link", true)],
        Kind::OwlAttack | Kind::OwlDefense => &[("value", true)],
        Kind::Generic => &[("value", false)],
    }
}

const ALL_ATTRIBUTES: [&str; 6] = ["value", "mark", "attack", "defend", "link", "symmetry"];

impl<'a> PatternLowering<'a> {
    fn new(
        def: &'a ast::PatternDef,
        kind: Option<Kind>,
        lines: &'a LineIndex,
        errors: &'a mut Vec<Diagnostic>,
    ) -> Self {
        PatternLowering {
            def,
            kind,
            lines,
            errors,
            failed: false,
            labels_valid: true,
            name: def.name.name.clone(),
        }
    }

    fn line_of(&self, span: Span) -> usize {
        self.lines.line(span.start)
    }

    fn error(&mut self, d: Diagnostic) {
        self.failed = true;
        self.errors.push(d);
    }

    fn run(mut self) -> Option<Pattern> {
        let def = self.def;
        if def.end.is_none() || def.name.name.is_empty() {
            // Already reported by the parser; still check what can be checked.
            self.failed = true;
        }
        let figure = self.figure();
        if figure.is_none() {
            self.labels_valid = false;
        }
        let labels = match (&figure, def.diagrams.get(1)) {
            (Some(f), Some(d)) => self.label_diagram(f, d),
            _ => Vec::new(),
        };
        if let Some(extra) = def.diagrams.get(2) {
            self.error(
                Diagnostic::new(extra.span(), "too many diagrams in one pattern")
                    .note("a pattern has a figure and at most one label diagram"),
            );
        }
        let attrs = self.attributes(&labels);
        // Labels: targets first, then the others in reading order.
        let mut order: Vec<usize> = attrs
            .targets
            .iter()
            .filter_map(|t| labels.iter().position(|l| l.name == *t))
            .collect();
        for i in 0..labels.len() {
            if !order.contains(&i) {
                order.push(i);
            }
        }
        let labels: Vec<LabelDef> = {
            let mut v: Vec<Option<LabelDef>> = labels.into_iter().map(Some).collect();
            order.iter().map(|&i| v[i].take().expect("once")).collect()
        };
        let conditions = self.conditions(&labels);
        let figure = figure?;
        if self.failed {
            return None;
        }
        let labels: Vec<Label> = labels
            .into_iter()
            .map(|l| Label {
                name: l.name,
                dx: l.dx,
                dy: l.dy,
                cell: l.cell,
            })
            .collect();
        let mut p = Pattern {
            name: self.name.clone(),
            line: self.line_of(def.header) as u32,
            figure: figure.rows,
            points: figure.points,
            labels,
            targets: attrs.targets.len(),
            value: attrs.value,
            mark: attrs.mark,
            conditions,
            requested: attrs.symmetry.clone(),
            transforms: Vec::new(),
        };
        let mut seen = BTreeSet::new();
        for &t in &attrs.symmetry {
            if seen.insert(p.transformed(t)) {
                p.transforms.push(t);
            }
        }
        Some(p)
    }

    /// Checks the figure; returns its points relative to `*` when it is well-formed.
    fn figure(&mut self) -> Option<Figure> {
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

    fn label_diagram(&mut self, fig: &Figure, d: &ast::Diagram) -> Vec<LabelDef> {
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

    fn attributes(&mut self, labels: &[LabelDef]) -> Attrs {
        let def = self.def;
        let mut out = Attrs {
            targets: Vec::new(),
            value: 0,
            mark: if self.kind == Some(Kind::Joseki) {
                Mark::Good
            } else {
                Mark::None
            },
            symmetry: Transform::ALL.to_vec(),
        };
        let allowed: Vec<&str> = match self.kind {
            Some(k) => attributes_of(k)
                .iter()
                .map(|a| a.0)
                .chain(["symmetry"])
                .collect(),
            None => ALL_ATTRIBUTES.to_vec(),
        };
        let mut seen: HashMap<&str, Span> = HashMap::new();
        for st in &def.statements {
            let ast::Statement::Attr { key, args, span } = st else {
                continue;
            };
            let k = key.name.as_str();
            if !allowed.contains(&k) {
                // Without a `kind` (itself reported) only unknown names get here.
                let whose = self.kind.map_or("patterns".to_string(), |kind| {
                    format!("{} patterns", kind.name())
                });
                let mut d =
                    Diagnostic::new(key.span, format!("unknown attribute `{k}` for {whose}")).note(
                        format!(
                            "{whose} take: {}, and `if` conditions",
                            allowed
                                .iter()
                                .map(|a| format!("`{a}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    );
                let owners: Vec<&str> = Kind::ALL
                    .iter()
                    .filter(|o| attributes_of(**o).iter().any(|a| a.0 == k))
                    .map(|o| o.name())
                    .collect();
                if !owners.is_empty() {
                    d = d.note(format!(
                        "`{k}` is an attribute of {} patterns",
                        owners.join(", ")
                    ));
                }
                self.error(d);
                continue;
            }
            if seen.insert(k, key.span).is_some() {
                self.error(Diagnostic::new(
                    key.span,
                    format!("duplicate attribute `{k}`"),
                ));
                continue;
            }
            match k {
                "value" => match args.as_slice() {
                    [AttrArg::Int(v, s)] => match i32::try_from(*v) {
                        Ok(v) => out.value = v,
                        Err(_) => self.error(Diagnostic::new(
                            *s,
                            "integer out of range (a 32-bit signed integer is expected)",
                        )),
                    },
                    _ => self.error(
                        Diagnostic::new(*span, "`value` takes one integer")
                            .note("e.g. `value -15`"),
                    ),
                },
                "mark" => {
                    let names = Mark::NAMED.map(Mark::name).join(", ");
                    match args.as_slice() {
                        [AttrArg::Name(n)] => match Mark::from_name(&n.name) {
                            Some(m) => out.mark = m,
                            None => self.error(
                                Diagnostic::new(n.span, format!("unknown mark `{}`", n.name))
                                    .note(format!("the marks are: {names}")),
                            ),
                        },
                        _ => self.error(
                            Diagnostic::new(*span, "`mark` takes one name")
                                .note(format!("one of: {names}")),
                        ),
                    }
                }
                "attack" | "defend" => {
                    let want = if k == "attack" {
                        Cell::Theirs
                    } else {
                        Cell::Ours
                    };
                    match args.as_slice() {
                        [arg] => {
                            if let Some(l) = self.target(arg, labels, k, want) {
                                out.targets.push(l);
                            }
                        }
                        _ => self.error(
                            Diagnostic::new(*span, format!("`{k}` takes one label"))
                                .note(format!("e.g. `{k} A` where `A` labels a stone")),
                        ),
                    }
                }
                "link" => match args.as_slice() {
                    [a, b] => {
                        let la = self.target(a, labels, k, Cell::Ours);
                        let lb = self.target(b, labels, k, Cell::Ours);
                        if let (Some(la), Some(lb)) = (la, lb) {
                            if la == lb {
                                self.error(Diagnostic::new(
                                    b.span(),
                                    "`link` needs two different labels",
                                ));
                            } else {
                                out.targets.push(la);
                                out.targets.push(lb);
                            }
                        }
                    }
                    _ => self.error(
                        Diagnostic::new(*span, "`link` takes two labels")
                            .note("e.g. `link A B` where `A` and `B` label our stones"),
                    ),
                },
                "symmetry" => {
                    if args.is_empty() {
                        self.error(
                            Diagnostic::new(*span, "`symmetry` needs at least one argument")
                                .note(symmetry_note()),
                        );
                    }
                    let mut set = vec![Transform::Identity];
                    for a in args {
                        match a {
                            AttrArg::Name(n) if n.name == "all" => {
                                set.extend(Transform::ALL);
                            }
                            AttrArg::Name(n) if n.name == "none" => {}
                            AttrArg::Name(n) => match Transform::from_name(&n.name) {
                                Some(t) => set.push(t),
                                None => self.error(
                                    Diagnostic::new(
                                        n.span,
                                        format!("unknown symmetry `{}`", n.name),
                                    )
                                    .note(symmetry_note()),
                                ),
                            },
                            other => self.error(
                                Diagnostic::new(other.span(), "expected a symmetry name")
                                    .note(symmetry_note()),
                            ),
                        }
                    }
                    let mut dedup = Vec::new();
                    for t in set {
                        if !dedup.contains(&t) {
                            dedup.push(t);
                        }
                    }
                    out.symmetry = dedup;
                }
                _ => unreachable!("checked against the allowed list"),
            }
        }
        if let Some(kind) = self.kind {
            for &(attr, required) in attributes_of(kind) {
                if required && !seen.contains_key(attr) {
                    let example = match attr {
                        "value" => "e.g. `value 10`",
                        "attack" => "e.g. `attack A` where `A` labels an `X` stone",
                        "defend" => "e.g. `defend A` where `A` labels an `O` stone",
                        _ => "e.g. `link A B` where `A` and `B` label `O` stones",
                    };
                    self.error(
                        Diagnostic::new(
                            def.name.span,
                            format!(
                                "{} pattern `{}` has no `{attr}` attribute",
                                kind.name(),
                                self.name
                            ),
                        )
                        .note(format!("{} patterns need `{attr}`: {example}", kind.name())),
                    );
                }
            }
        }
        out
    }

    /// Resolves the label argument of `attack`, `defend` or `link`.
    fn target(
        &mut self,
        arg: &AttrArg,
        labels: &[LabelDef],
        attr: &str,
        want: Cell,
    ) -> Option<char> {
        let what = if want == Cell::Ours {
            "one of our stones `O`"
        } else {
            "an opponent stone `X`"
        };
        let name = match arg {
            AttrArg::Name(n) => n,
            other => {
                self.error(Diagnostic::new(
                    other.span(),
                    format!("`{attr}` names a label on {what}"),
                ));
                return None;
            }
        };
        let l = self.resolve_label(&name.name, name.span, labels)?;
        let def = &labels[l];
        if def.cell != want {
            self.error(
                Diagnostic::new(
                    name.span,
                    format!(
                        "the point named by `{attr}` must be {what}, but `{}` is on `{}`",
                        def.name,
                        def.cell.to_char()
                    ),
                )
                .note(format!("label defined at line {}", self.line_of(def.span))),
            );
            return None;
        }
        Some(def.name)
    }

    fn resolve_label(&mut self, name: &str, span: Span, labels: &[LabelDef]) -> Option<usize> {
        let mut chars = name.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            self.error(
                Diagnostic::new(span, format!("unknown name `{name}`"))
                    .note("labels are single letters defined in the label diagram"),
            );
            return None;
        };
        if let Some(i) = labels.iter().position(|l| l.name == c) {
            return Some(i);
        }
        if !self.labels_valid {
            self.failed = true;
            return None;
        }
        let mut d = Diagnostic::new(span, format!("unknown label `{c}`"));
        if "oOxX".contains(c) {
            d = d.note("`o`, `O`, `x` and `X` are figure characters and cannot be labels");
        } else if labels.is_empty() {
            d = d.note(
                "labels are defined in a label diagram: a second copy of the figure below it with letters on some points",
            );
        } else {
            let names: String = labels.iter().map(|l| l.name).collect();
            d = d.note(format!("the labels of this pattern are: {names}"));
        }
        self.error(d);
        None
    }

    fn conditions(&mut self, labels: &[LabelDef]) -> Vec<Expr> {
        let mut out = Vec::new();
        for st in &self.def.statements {
            let ast::Statement::If { expr, .. } = st else {
                continue;
            };
            if let Some((e, ty)) = self.check(expr, labels) {
                if ty == Type::Bool {
                    out.push(e);
                } else {
                    self.error(
                        Diagnostic::new(
                            expr.span,
                            format!("condition must be bool, found {}", ty.name()),
                        )
                        .note("compare it, e.g. `lib(A) > 1`"),
                    );
                }
            }
        }
        out
    }

    /// Type-checks an expression. `None` after an error (already reported).
    fn check(&mut self, e: &ast::Expr, labels: &[LabelDef]) -> Option<(Expr, Type)> {
        match &e.kind {
            ExprKind::Int(v) => match i32::try_from(*v) {
                Ok(v) => Some((Expr::Int(v), Type::Int)),
                Err(_) => {
                    self.error(Diagnostic::new(
                        e.span,
                        "integer out of range (a 32-bit signed integer is expected)",
                    ));
                    None
                }
            },
            ExprKind::Star => Some((Expr::Int(0), Type::Point)),
            ExprKind::Name(n) => match n.as_str() {
                "true" => Some((Expr::Bool(true), Type::Bool)),
                "false" => Some((Expr::Bool(false), Type::Bool)),
                _ => {
                    if let Some(&(_, v)) = registry::CONSTANTS.iter().find(|c| c.0 == n) {
                        return Some((Expr::Int(v), Type::Int));
                    }
                    if registry::lookup(n).is_some() {
                        self.error(Diagnostic::new(
                            e.span,
                            format!("`{n}` is a predicate; call it, e.g. `{n}(A)`"),
                        ));
                        return None;
                    }
                    self.resolve_label(n, e.span, labels)
                        .map(|i| (Expr::Int(i as i32), Type::Point))
                }
            },
            ExprKind::Paren(inner) => self.check(inner, labels),
            ExprKind::Unary(op, inner) => {
                let (ie, ty) = self.check(inner, labels)?;
                let want = if *op == UnOp::Not {
                    Type::Bool
                } else {
                    Type::Int
                };
                let sym = if *op == UnOp::Not { "!" } else { "-" };
                if ty != want {
                    self.type_error(inner.span, want, ty, &format!("operand of `{sym}`"));
                    return None;
                }
                Some(match (op, ie) {
                    (UnOp::Neg, Expr::Int(v)) => (Expr::Int(v.wrapping_neg()), Type::Int),
                    (UnOp::Neg, ie) => (Expr::Neg(Box::new(ie)), Type::Int),
                    (UnOp::Not, ie) => (Expr::Not(Box::new(ie)), Type::Bool),
                })
            }
            ExprKind::Binary(op, l, r) => {
                let lc = self.check(l, labels);
                let rc = self.check(r, labels);
                let ((le, lt), (re, rt)) = (lc?, rc?);
                let what = format!("operand of `{}`", op.symbol());
                let (operand, result) = match op {
                    BinOp::Or | BinOp::And => (Type::Bool, Type::Bool),
                    BinOp::Add | BinOp::Sub => (Type::Int, Type::Int),
                    BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Type::Int, Type::Bool),
                    BinOp::Eq | BinOp::Ne => {
                        if lt == Type::Point || rt == Type::Point {
                            let s = if lt == Type::Point { l.span } else { r.span };
                            self.error(
                                Diagnostic::new(s, "points cannot be compared")
                                    .note("points are only passed to predicates; compare e.g. `lib(a) == lib(b)`"),
                            );
                            return None;
                        }
                        if lt != rt {
                            self.type_error(r.span, lt, rt, &what);
                            return None;
                        }
                        (lt, Type::Bool)
                    }
                };
                let mut ok = true;
                if lt != operand {
                    self.type_error(l.span, operand, lt, &what);
                    ok = false;
                }
                if rt != operand {
                    self.type_error(r.span, operand, rt, &what);
                    ok = false;
                }
                ok.then(|| (Expr::Binary(*op, Box::new(le), Box::new(re)), result))
            }
            ExprKind::Call(name, args) => {
                let Some(pred) = registry::lookup(&name.name) else {
                    let names: Vec<&str> = registry::PREDICATES.iter().map(|p| p.name).collect();
                    self.error(
                        Diagnostic::new(name.span, format!("unknown predicate `{}`", name.name))
                            .note(format!("the predicates are: {}", names.join(", "))),
                    );
                    for a in args {
                        let _ = self.check(a, labels);
                    }
                    return None;
                };
                if args.len() != pred.args.len() {
                    let plural = if pred.args.len() == 1 { "" } else { "s" };
                    self.error(
                        Diagnostic::new(
                            e.span,
                            format!(
                                "`{}` takes {} argument{plural}, found {}",
                                pred.name,
                                pred.args.len(),
                                args.len()
                            ),
                        )
                        .note(format!("{}: {}", signature(pred), pred.doc)),
                    );
                    return None;
                }
                let mut points = Vec::new();
                let mut ok = true;
                for (a, &kind) in args.iter().zip(pred.args) {
                    match self.check(a, labels) {
                        Some((Expr::Int(i), Type::Point)) => {
                            let (point, cell, label) = if matches!(a.kind, ExprKind::Star) {
                                (PointRef::Anchor, Cell::Anchor, "*".to_string())
                            } else {
                                let l = &labels[i as usize];
                                (PointRef::Label(i as usize), l.cell, l.name.to_string())
                            };
                            let fits = match kind {
                                ArgKind::Stone => cell.may_be_stone(),
                                ArgKind::Empty => cell.may_be_empty(),
                                ArgKind::Any => cell != Cell::OffBoard,
                            };
                            if !fits {
                                let what = if cell == Cell::Anchor {
                                    "`*` is the (empty) move point".to_string()
                                } else {
                                    format!("`{label}` is on `{}`", cell.to_char())
                                };
                                self.error(
                                    Diagnostic::new(
                                        a.span,
                                        format!(
                                            "`{}` needs {}, but {what}",
                                            pred.name,
                                            kind.describe(),
                                        ),
                                    )
                                    .note(format!(
                                        "{}: {}",
                                        signature(pred),
                                        pred.doc
                                    )),
                                );
                                ok = false;
                            }
                            points.push(point);
                        }
                        Some((_, ty)) => {
                            self.error(
                                Diagnostic::new(
                                    a.span,
                                    format!(
                                        "argument of `{}` must be a point (a label or `*`), found {}",
                                        pred.name,
                                        ty.name()
                                    ),
                                )
                                .note(format!("{}: {}", signature(pred), pred.doc)),
                            );
                            ok = false;
                        }
                        None => ok = false,
                    }
                }
                ok.then_some((Expr::Call(pred.id, points), pred.result))
            }
        }
    }

    fn type_error(&mut self, span: Span, want: Type, found: Type, what: &str) {
        self.error(Diagnostic::new(
            span,
            format!(
                "type error: {what} must be {}, found {}",
                want.name(),
                found.name()
            ),
        ));
    }
}

fn fig_char(f: Cell, fig: &Figure, x: usize, y: usize) -> char {
    if f == Cell::DontCare {
        fig.rows[y].chars().nth(x).unwrap_or('?')
    } else {
        f.to_char()
    }
}

/// `lib(stone) -> int`
pub fn signature(p: &registry::Predicate) -> String {
    let args: Vec<&str> = p
        .args
        .iter()
        .map(|a| match a {
            ArgKind::Stone => "stone",
            ArgKind::Empty => "empty",
            ArgKind::Any => "point",
        })
        .collect();
    format!("{}({}) -> {}", p.name, args.join(", "), p.result.name())
}

fn symmetry_note() -> String {
    let names: Vec<&str> = Transform::ALL.iter().map(|t| t.name()).collect();
    format!("symmetries: all, none, {}", names.join(", "))
}

struct Figure {
    cells: Vec<Vec<Cell>>,
    anchor: (usize, usize),
    points: Vec<Point>,
    rows: Vec<String>,
}

struct Attrs {
    /// Labels named by kind attributes, in order.
    targets: Vec<char>,
    value: i32,
    mark: Mark,
    symmetry: Vec<Transform>,
}

/// The label-name-independent identity of a pattern under a transformation.
fn identity_key(p: &Pattern, t: Transform) -> (Vec<Point>, Vec<(i32, i32)>, Vec<String>) {
    let (points, _) = p.transformed(t);
    let at = |r: PointRef| match r {
        PointRef::Anchor => "(0,0)".to_string(),
        PointRef::Label(i) => {
            let (dx, dy) = t.apply(p.labels[i].dx, p.labels[i].dy);
            format!("({dx},{dy})")
        }
    };
    let targets = p.labels[..p.targets]
        .iter()
        .map(|l| t.apply(l.dx, l.dy))
        .collect();
    let mut conds: Vec<String> = p.conditions.iter().map(|c| c.render_with(&at)).collect();
    conds.sort();
    (points, targets, conds)
}

fn check_duplicates(patterns: &[Pattern], spans: &[Span], errors: &mut Vec<Diagnostic>) {
    type Key = (Vec<Point>, Vec<(i32, i32)>, Vec<String>);
    let mut seen: HashMap<Key, (usize, Transform)> = HashMap::new();
    for (i, p) in patterns.iter().enumerate() {
        let mut reported = false;
        for &t in &p.transforms {
            let key = identity_key(p, t);
            if let Some(&(j, s)) = seen.get(&key) {
                if !reported && j != i {
                    reported = true;
                    let q = &patterns[j];
                    // t(p) == s(q), so p == u(q) with u = t⁻¹ ∘ s.
                    let u = t.inverse().after(s);
                    let how = if u == Transform::Identity {
                        String::new()
                    } else {
                        format!(" transformed by `{}`", u.name())
                    };
                    errors.push(
                        Diagnostic::new(
                            spans[i],
                            format!(
                                "pattern `{}` is identical to pattern `{}`{how}",
                                p.name, q.name
                            ),
                        )
                        .note(format!(
                            "`{}` is defined on line {}; same figure, targets and conditions after symmetry",
                            q.name, q.line
                        )),
                    );
                }
            } else {
                seen.insert(key, (i, t));
            }
        }
    }
}
