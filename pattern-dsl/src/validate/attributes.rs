//! The attributes: those of the database's kind (`value`, `mark`, `attack`, `defend`, `link`)
//! and `symmetry`.

use std::collections::HashMap;

use crate::ast::{self, AttrArg};
use crate::diag::{Diagnostic, Span};
use crate::ir::{Cell, Kind, Mark, Transform};
use crate::registry::PRIOR_FEATURES;

use super::{LabelDef, PatternValidator};

/// The attributes each kind accepts: (name, required).
fn attributes_of(kind: Kind) -> &'static [(&'static str, bool)] {
    match kind {
        Kind::Efficiency => &[("value", true)],
        Kind::Joseki => &[("value", true), ("mark", false)],
        Kind::Attack => &[("attack", true)],
        Kind::Defense => &[("defend", true)],
        Kind::Connection => &[("link", true)],
        Kind::OwlAttack | Kind::OwlDefense | Kind::Playout => &[("value", true)],
        Kind::Prior => &[("value", true), ("feature", false), ("lookup", false)],
        Kind::Generic => &[("value", false)],
    }
}

const ALL_ATTRIBUTES: [&str; 8] = [
    "value", "mark", "attack", "defend", "link", "feature", "lookup", "symmetry",
];

/// The checked attributes of a pattern.
pub(super) struct Attrs {
    /// Labels named by kind attributes, in order.
    pub(super) targets: Vec<char>,
    pub(super) value: i32,
    pub(super) mark: Mark,
    pub(super) feature: Option<(String, u8)>,
    /// `lookup`: the engine finds the pattern by its figure in a table, no matcher does.
    pub(super) lookup: bool,
    pub(super) symmetry: Vec<Transform>,
}

impl PatternValidator<'_> {
    pub(super) fn attributes(&mut self, labels: &[LabelDef]) -> Attrs {
        let def = self.def;
        let mut out = Attrs {
            targets: Vec::new(),
            value: 0,
            mark: if self.kind == Some(Kind::Joseki) {
                Mark::Good
            } else {
                Mark::None
            },
            feature: None,
            lookup: false,
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
                "lookup" => {
                    if args.is_empty() {
                        out.lookup = true;
                    } else {
                        self.error(
                            Diagnostic::new(*span, "`lookup` takes no argument")
                                .note("write `lookup` alone on its line"),
                        );
                    }
                }
                "feature" => {
                    let names = || {
                        PRIOR_FEATURES
                            .iter()
                            .map(|f| format!("{} 1..={}", f.name, f.levels))
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    match args.as_slice() {
                        [AttrArg::Name(n), AttrArg::Int(level, ls)] => {
                            match PRIOR_FEATURES.iter().find(|f| f.name == n.name) {
                                None => self.error(
                                    Diagnostic::new(
                                        n.span,
                                        format!("unknown feature `{}`", n.name),
                                    )
                                    .note(format!("the features are: {}", names())),
                                ),
                                Some(f) if *level < 1 || *level > i64::from(f.levels) => self
                                    .error(Diagnostic::new(
                                        *ls,
                                        format!("feature `{}` has levels 1..={}", f.name, f.levels),
                                    )),
                                Some(f) => out.feature = Some((f.name.to_string(), *level as u8)),
                            }
                        }
                        _ => self.error(
                            Diagnostic::new(*span, "`feature` takes a name and a level")
                                .note(format!("e.g. `feature capture 1`; {}", names())),
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
}

fn symmetry_note() -> String {
    let names: Vec<&str> = Transform::ALL.iter().map(|t| t.name()).collect();
    format!("symmetries: all, none, {}", names.join(", "))
}
