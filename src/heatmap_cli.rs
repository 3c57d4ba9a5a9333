//! `tesuji heatmap FILE.sgf [--move N | --every K] -o OUT.png`: draws the influence of a
//! position as a heat map — a diverging colour per point (blue for Black's side, red for
//! White's, light for neutral), the grid with coordinates and stones on top, small squares on
//! the points an estimate counts as territory, a legend, and the score estimate in the title.
//!
//! Drawing is `tiny-skia`; text is rasterised with `ab_glyph` from the DejaVu fonts that the
//! `dejavu` crate embeds, so nothing depends on the fonts of the machine.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use std::path::{Path, PathBuf};
use tesuji::engine::board::game::Game;
use tesuji::engine::board::sgf::{self, Until};
use tesuji::engine::board::{Color, Move, Vertex};
use tesuji::engine::eval::influence::{Estimate, FULL, InfluenceRules, PointClass};
use tiny_skia::{
    FillRule, GradientStop, Paint, PathBuilder, Pixmap, RadialGradient, Rect, SpreadMode, Stroke,
    Transform,
};

/// Arguments of `heatmap`.
#[derive(clap::Args, Debug, Clone)]
pub struct HeatmapArgs {
    /// SGF file with the game or position.
    pub file: PathBuf,
    /// Draw the position before this move number (default: the end of the main line).
    #[arg(long = "move", short = 'L', value_name = "N", conflicts_with = "every")]
    pub move_number: Option<usize>,
    /// Draw one picture every K moves (after moves K, 2K, … and after the last move); each
    /// file gets the number of moves played as a suffix: OUT-050.png, OUT-100.png, …
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub every: Option<u32>,
    /// The PNG file to write.
    #[arg(short = 'o', long = "output", value_name = "OUT.png")]
    pub output: PathBuf,
    /// Influence rules: `handtalk` (Wulu's function with Handtalk's rules) or `wulu`.
    #[arg(long, default_value = "handtalk", value_parser = parse_rules)]
    pub rules: InfluenceRules,
    /// Komi, when the file gives none.
    #[arg(long, default_value_t = 7.5, allow_negative_numbers = true)]
    pub komi: f32,
    /// Width of the picture in pixels; the height follows (see `image_size`).
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u32).range(300..=4000))]
    pub width: u32,
}

fn parse_rules(s: &str) -> Result<InfluenceRules, String> {
    s.parse()
}

/// Runs `heatmap`: writes one PNG, or one per K moves with `--every`.
pub fn run(args: HeatmapArgs) -> Result<(), String> {
    let file = args.file.display().to_string();
    let text = sgf::read_file(&args.file).map_err(|e| format!("{file}: {e}"))?;
    let load = |until| sgf::load(&text, until, args.komi).map_err(|e| format!("{file}:{e}"));
    let name = args
        .file
        .file_name()
        .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
    let fonts = Fonts::new()?;

    let mut frames: Vec<(PathBuf, Until, String)> = Vec::new();
    match (args.move_number, args.every) {
        (Some(n), _) => frames.push((
            args.output.clone(),
            Until::BeforeMove(n),
            format!("{name}, before move {n}"),
        )),
        (None, None) => {
            let total = load(Until::End)?.moves().len();
            frames.push((
                args.output.clone(),
                Until::End,
                position_label(&name, total),
            ));
        }
        (None, Some(k)) => {
            let total = load(Until::End)?.moves().len();
            let k = k as usize;
            let mut stops: Vec<usize> = (k..=total).step_by(k).collect();
            if stops.last() != Some(&total) {
                stops.push(total);
            }
            for m in stops {
                frames.push((
                    numbered(&args.output, m),
                    Until::BeforeMove(m + 1),
                    position_label(&name, m),
                ));
            }
        }
    }
    for (out, until, label) in frames {
        let game = load(until)?;
        let est = Estimate::new(game.board(), game.komi(), args.rules);
        let pixmap = render(&game, &est, &label, args.width, &fonts)?;
        pixmap
            .save_png(&out)
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        println!("{}: {}", out.display(), est.result_string());
    }
    Ok(())
}

fn position_label(name: &str, moves: usize) -> String {
    match moves {
        0 => name.to_string(),
        1 => format!("{name}, after 1 move"),
        m => format!("{name}, after {m} moves"),
    }
}

/// `OUT.png` → `OUT-NNN.png` (at least three digits).
pub fn numbered(out: &Path, n: usize) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    let ext = out
        .extension()
        .map_or("png".to_string(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-{n:03}.{ext}"))
}

/// Heights of the title and legend bands for a picture `width` pixels wide.
fn bands(width: u32) -> (u32, u32) {
    ((width * 84).div_ceil(900), (width * 100).div_ceil(900))
}

/// The size in pixels of a picture `width` pixels wide: the title band, the square board
/// panel, the legend band.
pub fn image_size(width: u32) -> (u32, u32) {
    let (title, legend) = bands(width);
    (width, title + width + legend)
}

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Fonts {
    fn new() -> Result<Fonts, String> {
        let load = |bytes| FontRef::try_from_slice(bytes).map_err(|e| format!("font: {e}"));
        Ok(Fonts {
            regular: load(dejavu::sans::regular())?,
            bold: load(dejavu::sans::bold())?,
        })
    }
}

type Rgb = (u8, u8, u8);

const PAPER: Rgb = (0xfb, 0xfa, 0xf6);
const INK: Rgb = (0x22, 0x22, 0x22);
const MUTED: Rgb = (0x5a, 0x5a, 0x5a);

/// ColorBrewer's RdBu, from the neutral middle out: Black's side blue, White's side red.
const BLUES: [Rgb; 4] = [
    (0xf7, 0xf7, 0xf7),
    (0xd1, 0xe5, 0xf0),
    (0x67, 0xa9, 0xcf),
    (0x21, 0x66, 0xac),
];
const REDS: [Rgb; 4] = [
    (0xf7, 0xf7, 0xf7),
    (0xfd, 0xdb, 0xc7),
    (0xef, 0x8a, 0x62),
    (0xb2, 0x18, 0x2b),
];

/// The colour of an influence value (−6..6, White positive).
fn value_color(v: i8) -> Rgb {
    let ramp = if v < 0 { &BLUES } else { &REDS };
    let t = (f32::from(v.unsigned_abs()) / f32::from(FULL)).min(1.0) * 3.0;
    let i = (t.floor() as usize).min(2);
    let f = t - i as f32;
    let (a, b) = (ramp[i], ramp[i + 1]);
    let mix = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * f).round() as u8;
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn paint(c: Rgb, alpha: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(c.0, c.1, c.2, alpha);
    p.anti_alias = true;
    p
}

fn fill_rect(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: Rgb, alpha: u8) {
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        let mut p = paint(c, alpha);
        p.anti_alias = false;
        pm.fill_rect(r, &p, Transform::identity(), None);
    }
}

fn line(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), width: f32, c: Rgb, alpha: u8) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pm.stroke_path(
            &path,
            &paint(c, alpha),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

fn circle(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, fill: &Paint, outline: Option<(Rgb, f32)>) {
    let Some(path) = PathBuilder::from_circle(cx, cy, r) else {
        return;
    };
    pm.fill_path(&path, fill, FillRule::Winding, Transform::identity(), None);
    if let Some((c, w)) = outline {
        let stroke = Stroke {
            width: w,
            ..Stroke::default()
        };
        pm.stroke_path(&path, &paint(c, 255), &stroke, Transform::identity(), None);
    }
}

#[derive(Clone, Copy)]
enum Align {
    Left,
    Center,
    Right,
}

fn text_width(font: &FontRef, px: f32, text: &str) -> f32 {
    let f = font.as_scaled(PxScale::from(px));
    let mut w = 0.0;
    let mut prev = None;
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            w += f.kern(p, id);
        }
        w += f.h_advance(id);
        prev = Some(id);
    }
    w
}

/// `px`, or smaller so that `s` fits in `room` pixels.
fn fit(font: &FontRef, px: f32, s: &str, room: f32) -> f32 {
    let w = text_width(font, px, s);
    if w > room { px * room / w } else { px }
}

/// Draws `text` with its baseline at `y`, anchored at `x` as `align` says.
#[allow(clippy::too_many_arguments)]
fn text(pm: &mut Pixmap, font: &FontRef, px: f32, s: &str, x: f32, y: f32, align: Align, c: Rgb) {
    let x0 = match align {
        Align::Left => x,
        Align::Center => x - text_width(font, px, s) / 2.0,
        Align::Right => x - text_width(font, px, s),
    };
    let f = font.as_scaled(PxScale::from(px));
    let (w, h) = (pm.width() as i32, pm.height() as i32);
    let data = pm.data_mut();
    let mut caret = x0;
    let mut prev = None;
    for ch in s.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            caret += f.kern(p, id);
        }
        let glyph = id.with_scale_and_position(px, point(caret, y));
        caret += f.h_advance(id);
        prev = Some(id);
        let Some(outlined) = font.outline_glyph(glyph) else {
            continue;
        };
        let b = outlined.px_bounds();
        outlined.draw(|gx, gy, cov| {
            let (px_x, px_y) = (b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32);
            if px_x < 0 || px_y < 0 || px_x >= w || px_y >= h {
                return;
            }
            let i = (px_y * w + px_x) as usize * 4;
            let a = cov.clamp(0.0, 1.0);
            // The canvas is opaque, so premultiplied and straight colours coincide.
            for (k, src) in [c.0, c.1, c.2].into_iter().enumerate() {
                let dst = f32::from(data[i + k]);
                data[i + k] = (f32::from(src) * a + dst * (1.0 - a)).round() as u8;
            }
        });
    }
}

fn stone_paint(color: Color, cx: f32, cy: f32, r: f32) -> Paint<'static> {
    let (inner, outer) = match color {
        Color::Black => (
            tiny_skia::Color::from_rgba8(0x5a, 0x5a, 0x5a, 255),
            tiny_skia::Color::from_rgba8(0x0c, 0x0c, 0x0c, 255),
        ),
        Color::White => (
            tiny_skia::Color::from_rgba8(0xff, 0xff, 0xff, 255),
            tiny_skia::Color::from_rgba8(0xd6, 0xd6, 0xd2, 255),
        ),
    };
    let mut p = Paint {
        anti_alias: true,
        ..Paint::default()
    };
    let light = tiny_skia::Point::from_xy(cx - r * 0.35, cy - r * 0.4);
    match RadialGradient::new(
        light,
        0.0,
        tiny_skia::Point::from_xy(cx, cy),
        r * 1.05,
        vec![GradientStop::new(0.0, inner), GradientStop::new(1.0, outer)],
        SpreadMode::Pad,
        Transform::identity(),
    ) {
        Some(shader) => p.shader = shader,
        None => p.set_color(outer),
    }
    p
}

/// Draws one position's heat map.
fn render(
    game: &Game,
    est: &Estimate,
    label: &str,
    width: u32,
    fonts: &Fonts,
) -> Result<Pixmap, String> {
    let (w, h) = image_size(width);
    let mut pm = Pixmap::new(w, h).ok_or("cannot allocate the picture")?;
    pm.fill(tiny_skia::Color::from_rgba8(PAPER.0, PAPER.1, PAPER.2, 255));
    let s = width as f32 / 900.0;
    let (title_h, _) = bands(width);
    let board = game.board();
    let n = board.size();

    // Title: the position and the estimate; below it the counts. Both shrink to fit.
    let room = w as f32 - 40.0 * s;
    let title = format!("{label}  ·  estimate {}", est.result_string());
    let px = fit(&fonts.bold, 25.0 * s, &title, room);
    text(
        &mut pm,
        &fonts.bold,
        px,
        &title,
        w as f32 / 2.0,
        38.0 * s,
        Align::Center,
        INK,
    );
    let side = |c: Color| {
        format!(
            "{} {}: {} stones + {} territory, moyo {}",
            match c {
                Color::Black => "Black",
                Color::White => "White",
            },
            est.area(c),
            est.stones[c as usize],
            est.territory[c as usize],
            est.moyo[c as usize],
        )
    };
    let rules = match est.influence.rules() {
        r if r == InfluenceRules::HANDTALK => "Handtalk",
        r if r == InfluenceRules::WULU => "Wulu",
        _ => "custom",
    };
    let counts = format!(
        "{}   ·   {}   ·   komi {}   ·   area score, {rules} rules",
        side(Color::Black),
        side(Color::White),
        est.komi
    );
    let px = fit(&fonts.regular, 14.5 * s, &counts, room);
    text(
        &mut pm,
        &fonts.regular,
        px,
        &counts,
        w as f32 / 2.0,
        66.0 * s,
        Align::Center,
        MUTED,
    );

    // The board panel: coordinates around a grid of heat-coloured cells.
    let margin = 34.0 * s;
    let top = title_h as f32;
    let cell = (width as f32 - 2.0 * margin) / n as f32;
    let gx = |x: usize| margin + cell * (x as f32 + 0.5);
    let gy = |y: usize| top + margin + cell * (y as f32 + 0.5);
    for p in board.points() {
        let (x, y) = p.xy();
        let c = value_color(est.influence.value(p));
        let x0 = (margin + cell * x as f32).round();
        let y0 = (top + margin + cell * y as f32).round();
        let x1 = (margin + cell * (x + 1) as f32).round();
        let y1 = (top + margin + cell * (y + 1) as f32).round();
        fill_rect(&mut pm, x0, y0, x1 - x0, y1 - y0, c, 255);
    }
    let lw = (1.1 * s).max(1.0);
    for i in 0..n {
        line(&mut pm, (gx(0), gy(i)), (gx(n - 1), gy(i)), lw, INK, 150);
        line(&mut pm, (gx(i), gy(0)), (gx(i), gy(n - 1)), lw, INK, 150);
    }
    let frame = Rect::from_xywh(margin, top + margin, cell * n as f32, cell * n as f32);
    if let Some(path) = frame.map(PathBuilder::from_rect) {
        let stroke = Stroke {
            width: lw,
            ..Stroke::default()
        };
        pm.stroke_path(
            &path,
            &paint(MUTED, 255),
            &stroke,
            Transform::identity(),
            None,
        );
    }
    for (x, y) in star_points(n) {
        circle(&mut pm, gx(x), gy(y), cell * 0.09, &paint(INK, 220), None);
    }
    let coord_px = (cell * 0.38).clamp(9.0 * s, 16.0 * s);
    for i in 0..n {
        let letter = Vertex::column_letter(i).to_string();
        let row = (n - i).to_string();
        let above = top + margin - coord_px * 0.55;
        let below = top + margin + cell * n as f32 + coord_px * 1.3;
        for y in [above, below] {
            text(
                &mut pm,
                &fonts.regular,
                coord_px,
                &letter,
                gx(i),
                y,
                Align::Center,
                MUTED,
            );
        }
        let base = gy(i) + coord_px * 0.36;
        text(
            &mut pm,
            &fonts.regular,
            coord_px,
            &row,
            margin - 7.0 * s,
            base,
            Align::Right,
            MUTED,
        );
        let right = margin + cell * n as f32 + 7.0 * s;
        text(
            &mut pm,
            &fonts.regular,
            coord_px,
            &row,
            right,
            base,
            Align::Left,
            MUTED,
        );
    }

    // Territory marks on empty points, then the stones.
    for p in board.points() {
        let (x, y) = p.xy();
        if let (PointClass::Territory(c), None) = (est.class(p), board.color_at(p)) {
            territory_mark(&mut pm, gx(x), gy(y), cell, c, s);
        }
    }
    let last = match board.last_move() {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        let (x, y) = p.xy();
        let (cx, cy, r) = (gx(x), gy(y), cell * 0.47);
        let outline = match color {
            Color::Black => (INK, 0.8 * s),
            Color::White => ((0x55, 0x55, 0x55), 0.9 * s),
        };
        circle(
            &mut pm,
            cx,
            cy,
            r,
            &stone_paint(color, cx, cy, r),
            Some(outline),
        );
        if Some(p) == last {
            let ring = match color {
                Color::Black => (0xf2, 0xf2, 0xf2),
                Color::White => INK,
            };
            let Some(path) = PathBuilder::from_circle(cx, cy, r * 0.45) else {
                continue;
            };
            let stroke = Stroke {
                width: (1.8 * s).max(1.0),
                ..Stroke::default()
            };
            pm.stroke_path(
                &path,
                &paint(ring, 255),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }

    legend(&mut pm, fonts, top + width as f32, s);
    Ok(pm)
}

fn territory_mark(pm: &mut Pixmap, cx: f32, cy: f32, cell: f32, c: Color, s: f32) {
    let half = cell * 0.12;
    let (fill, edge) = match c {
        Color::Black => ((0x14, 0x14, 0x14), (0x14, 0x14, 0x14)),
        Color::White => ((0xff, 0xff, 0xff), (0x33, 0x33, 0x33)),
    };
    let Some(r) = Rect::from_xywh(cx - half, cy - half, 2.0 * half, 2.0 * half) else {
        return;
    };
    pm.fill_rect(r, &paint(fill, 255), Transform::identity(), None);
    let stroke = Stroke {
        width: (0.9 * s).max(0.8),
        ..Stroke::default()
    };
    let path = PathBuilder::from_rect(r);
    pm.stroke_path(
        &path,
        &paint(edge, 255),
        &stroke,
        Transform::identity(),
        None,
    );
}

/// The legend band: a swatch per value −6..6 with its number, the sides named, and the
/// territory marks explained.
fn legend(pm: &mut Pixmap, fonts: &Fonts, top: f32, s: f32) {
    let w = pm.width() as f32;
    let sw = 34.0 * s;
    let sh = 20.0 * s;
    let total = sw * 13.0;
    let x0 = (w - total) / 2.0;
    let y0 = top + 10.0 * s;
    for (i, v) in (-FULL..=FULL).enumerate() {
        let x = x0 + sw * i as f32;
        fill_rect(
            pm,
            x.round(),
            y0.round(),
            sw.round(),
            sh.round(),
            value_color(v),
            255,
        );
        let label = if v > 0 {
            format!("+{v}")
        } else {
            v.to_string()
        };
        text(
            pm,
            &fonts.regular,
            12.0 * s,
            &label,
            x + sw / 2.0,
            y0 + sh + 15.0 * s,
            Align::Center,
            MUTED,
        );
    }
    if let Some(r) = Rect::from_xywh(x0, y0, total, sh) {
        let stroke = Stroke {
            width: (0.8 * s).max(0.8),
            ..Stroke::default()
        };
        pm.stroke_path(
            &PathBuilder::from_rect(r),
            &paint(MUTED, 255),
            &stroke,
            Transform::identity(),
            None,
        );
    }
    let mid = y0 + sh / 2.0 + 5.5 * s;
    text(
        pm,
        &fonts.bold,
        15.0 * s,
        "Black's side",
        x0 - 12.0 * s,
        mid,
        Align::Right,
        (0x21, 0x66, 0xac),
    );
    text(
        pm,
        &fonts.bold,
        15.0 * s,
        "White's side",
        x0 + total + 12.0 * s,
        mid,
        Align::Left,
        (0xb2, 0x18, 0x2b),
    );

    // Territory marks.
    let y = y0 + sh + 44.0 * s;
    let cell = 42.0 * s;
    let items = [
        (Color::Black, "Black territory"),
        (Color::White, "White territory"),
    ];
    let gap = 40.0 * s;
    let widths: Vec<f32> = items
        .iter()
        .map(|(_, t)| 16.0 * s + text_width(&fonts.regular, 13.0 * s, t))
        .collect();
    let note = "influence: White +, Black −; |value| ≥ 3 is territory, 1–2 moyo";
    let note_w = text_width(&fonts.regular, 13.0 * s, note);
    let all = widths.iter().sum::<f32>() + gap * 2.0 + note_w;
    let mut x = (w - all) / 2.0;
    for ((c, t), wi) in items.iter().zip(&widths) {
        territory_mark(pm, x + 5.0 * s, y - 4.5 * s, cell, *c, s);
        text(
            pm,
            &fonts.regular,
            13.0 * s,
            t,
            x + 16.0 * s,
            y,
            Align::Left,
            INK,
        );
        x += wi + gap;
    }
    text(pm, &fonts.regular, 13.0 * s, note, x, y, Align::Left, MUTED);
}

/// Star points (hoshi) as GNU Go's showboard places them.
fn star_points(n: usize) -> Vec<(usize, usize)> {
    if n < 7 {
        return Vec::new();
    }
    let d = if n >= 13 { 3 } else { 2 };
    let mut lines = vec![d, n - 1 - d];
    if n % 2 == 1 && n >= 9 {
        lines.push(n / 2);
    }
    let mut pts = Vec::new();
    for &x in &lines {
        for &y in &lines {
            pts.push((x, y));
        }
    }
    pts
}
