//! Validation: [`ast::File`] to [`ir::Database`](crate::ir::Database), collecting every error of the file.
//!
//! Each pattern goes through the inner stages in order, every one reporting all it finds:
//! `figure.rs` (the figure and the label diagram), `attributes.rs` (the attributes of the
//! database's kind and `symmetry`), `conditions.rs` (the `if` lines, type-checked into IR
//! expressions); `duplicates.rs` then rejects patterns identical to an earlier one.

use std::collections::{BTreeSet, HashMap};

use crate::ast;
use crate::diag::{Diagnostic, LineIndex, Span};
use crate::ir::{Cell, Database, Kind, Label, Pattern};

mod attributes;
mod conditions;
mod duplicates;
mod figure;

pub use conditions::signature;

/// Validates `file`; returns the database when there are no errors.
pub fn validate(
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
        if let Some(p) = PatternValidator::new(def, kind, &lines, errors).run() {
            patterns.push(p);
            spans.push(def.name.span);
        }
    }
    duplicates::check(&patterns, &spans, errors);
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

/// Validates one pattern: each inner stage is a method (in its own file) that reports into
/// `errors` and sets `failed`.
struct PatternValidator<'a> {
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

impl<'a> PatternValidator<'a> {
    fn new(
        def: &'a ast::PatternDef,
        kind: Option<Kind>,
        lines: &'a LineIndex,
        errors: &'a mut Vec<Diagnostic>,
    ) -> Self {
        PatternValidator {
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
        // A label named twice as a target (`link A A`, two `attack` lines) is ordered once.
        let mut order: Vec<usize> = Vec::new();
        for t in &attrs.targets {
            if let Some(i) = labels.iter().position(|l| l.name == *t) {
                if !order.contains(&i) {
                    order.push(i);
                }
            }
        }
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
        if attrs.lookup && (attrs.feature.is_some() || !conditions.is_empty()) {
            // A table keyed by the figure cannot evaluate conditions or stand for a feature.
            self.error(
                Diagnostic::new(
                    def.name.span,
                    format!(
                        "lookup pattern `{}` must be a figure alone, without `feature` or conditions",
                        self.name
                    ),
                )
                .note("the engine finds a lookup pattern by the exact contents of its figure"),
            );
        }
        if attrs.feature.is_some() && (!figure.points.is_empty() || !conditions.is_empty()) {
            // The engine measures the feature itself; a figure or a condition would be ignored.
            self.error(
                Diagnostic::new(
                    def.name.span,
                    format!(
                        "feature pattern `{}` must have the figure `*` alone and no conditions",
                        self.name
                    ),
                )
                .note("the engine measures the feature; the pattern only carries its weight"),
            );
        }
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
            feature: attrs.feature,
            lookup: attrs.lookup,
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
}
