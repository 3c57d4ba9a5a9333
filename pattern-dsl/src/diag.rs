//! Source spans and rustc-like diagnostics.

use std::fmt;

/// A byte range of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte (`start` for an empty span, which renders as one caret).
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// An empty span at `at`.
    pub fn at(at: usize) -> Span {
        Span { start: at, end: at }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where.
    pub span: Span,
    /// What, on one line.
    pub message: String,
    /// Extra lines rendered as `= note: ...`.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// Adds a note.
    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }
}

/// All the errors of one file, with what is needed to render them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics {
    file: String,
    source: String,
    errors: Vec<Diagnostic>,
}

/// Start offsets of the lines of a source, for fast offset-to-line lookups.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `source`.
    pub fn new(source: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The 1-based line holding byte `offset`.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }

    /// Line (1-based), column (1-based, in characters) and the text of the line holding
    /// `offset` in `source` (the text this index was made from). Costs a binary search and
    /// the length of the line, so rendering many errors stays linear.
    pub fn locate<'s>(&self, source: &'s str, offset: usize) -> (usize, usize, &'s str) {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_no = self.line(offset);
        let line_start = self.starts[line_no - 1];
        let line_end = self.starts.get(line_no).map_or(source.len(), |&s| s - 1);
        let col = source[line_start..offset].chars().count() + 1;
        let text = source[line_start..line_end].trim_end_matches('\r');
        (line_no, col, text)
    }
}

/// Line (1-based), column (1-based, in characters) and the text of the line holding `offset`.
/// For one lookup; many go through one [`LineIndex`].
pub fn locate(source: &str, offset: usize) -> (usize, usize, &str) {
    LineIndex::new(source).locate(source, offset)
}

impl Diagnostics {
    /// Errors of `file`, sorted by position (stable for equal positions).
    pub fn new(file: &str, source: &str, mut errors: Vec<Diagnostic>) -> Diagnostics {
        errors.sort_by_key(|e| e.span.start);
        Diagnostics {
            file: file.to_string(),
            source: source.to_string(),
            errors,
        }
    }

    /// The errors, in source order.
    pub fn errors(&self) -> &[Diagnostic] {
        &self.errors
    }

    /// Number of errors.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Never true for a failed compilation.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// The file name.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// `(line, column)` of each error, 1-based.
    pub fn positions(&self) -> Vec<(usize, usize)> {
        let index = LineIndex::new(&self.source);
        self.errors
            .iter()
            .map(|e| {
                let (l, c, _) = index.locate(&self.source, e.span.start);
                (l, c)
            })
            .collect()
    }

    /// Renders every error as
    ///
    /// ```text
    /// file:line:col: error: message
    ///    |
    /// 12 |     if libz(a) > 2
    ///    |        ^^^^
    ///    = note: ...
    /// ```
    ///
    /// separated by blank lines.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let index = LineIndex::new(&self.source);
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            render_one(&mut out, &self.file, &self.source, &index, e);
        }
        out
    }
}

fn render_one(out: &mut String, file: &str, source: &str, index: &LineIndex, e: &Diagnostic) {
    use std::fmt::Write;
    let (line, col, text) = index.locate(source, e.span.start);
    let _ = writeln!(out, "{file}:{line}:{col}: error: {}", e.message);
    let gutter = line.to_string().len();
    let pad = " ".repeat(gutter);
    let _ = writeln!(out, "{pad} |");
    let _ = writeln!(out, "{line} | {text}");
    // The caret line keeps the tabs of the source line so that it lines up.
    let prefix: String = text
        .chars()
        .take(col - 1)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let line_start = e.span.start
        - source[..e.span.start.min(source.len())]
            .chars()
            .rev()
            .take_while(|&c| c != '\n')
            .map(char::len_utf8)
            .sum::<usize>();
    let line_end = line_start + text.len();
    let end = e.span.end.min(line_end).max(e.span.start);
    let width = source
        .get(e.span.start.min(source.len())..end.min(source.len()))
        .map_or(0, |s| s.chars().count())
        .max(1);
    let _ = writeln!(out, "{pad} | {prefix}{}", "^".repeat(width));
    for n in &e.notes {
        let _ = writeln!(out, "{pad} = note: {n}");
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Diagnostics {}
