//! Generated book covers for the demo catalogue: deterministic SVG images.
//!
//! [`cover_svg`] draws a 400x600 "printed" cover: a gradient background whose
//! colours come from an FNV-1a hash of the title (within a palette family chosen
//! by category), a spine shadow on the left, a thin frame, a word-wrapped serif
//! title, an ornament, the author and a small PURONOBOI imprint.
//!
//! Titles and authors may be in Bengali script. The font lists fall back to
//! Bengali fonts for those glyphs, and line widths are measured in letters
//! rather than code points: Bengali vowel signs and other combining marks sit on
//! the letter before them, and a line is never broken inside a letter cluster.
//!
//! The output depends only on the inputs (no randomness, no std hasher), so the
//! same book always gets the byte-identical image. Element ids carry a hash
//! suffix so several covers can be inlined into one HTML page without clashes.

/// Widest title line, in letters (see [`units`]).
const MAX_TITLE_CHARS: usize = 14;
/// Most title lines; anything longer is cut with an ellipsis.
const MAX_TITLE_LINES: usize = 5;
/// Widest author line, in letters (see [`units`]), before it is split over two lines.
const MAX_AUTHOR_CHARS: usize = 24;

const WIDTH: f64 = 400.0;
const HEIGHT: f64 = 600.0;
/// Horizontal centre of the printable area (the spine takes the left edge).
const CX: f64 = 209.0;

// Latin fonts first so English keeps its look; the browser takes each glyph from the first font that has it, so
// Bengali letters come from the Bengali fonts (Noto from Google Fonts and most phones, Lohit from Linux
// distributions, Hind Siliguri from many Bangladeshi sites) before a generic family that may have none.
const SERIF: &str = "Georgia, 'DejaVu Serif', 'Noto Serif Bengali', 'Noto Sans Bengali', 'Lohit Bengali', 'Hind Siliguri', serif";
const SANS: &str =
    "'Helvetica Neue', Arial, 'DejaVu Sans', 'Noto Sans Bengali', 'Lohit Bengali', 'Hind Siliguri', 'Noto Serif Bengali', sans-serif";

const HASANTA: char = '\u{09CD}';
const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// Bengali signs drawn on, above, below or beside the letter before them: candrabindu, anusvara, visarga, nukta,
/// the vowel signs, hasanta and the au length mark. They add no letter of their own to a line.
fn is_bengali_mark(c: char) -> bool {
    matches!(c, '\u{0981}'..='\u{0983}' | '\u{09BC}' | '\u{09BE}'..='\u{09CD}' | '\u{09D7}')
}

/// Whether `c` takes no place of its own on a line: a Bengali mark or a zero-width joiner or non-joiner.
fn is_zero_width(c: char) -> bool {
    is_bengali_mark(c) || c == ZWJ || c == ZWNJ
}

/// The text's letter clusters, the pieces a line may be broken between: a letter with the marks that sit on it,
/// and in Bengali the consonants a hasanta (or a zero-width joiner) binds into one conjunct.
fn clusters(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut previous: Option<char> = None;
    for (i, c) in text.char_indices() {
        let joins_previous = is_zero_width(c) || matches!(previous, Some(HASANTA | ZWJ));
        if i > 0 && !joins_previous {
            pieces.push(&text[start..i]);
            start = i;
        }
        previous = Some(c);
    }
    if start < text.len() {
        pieces.push(&text[start..]);
    }
    pieces
}

/// Length of a line in letters: every character but the zero-width ones. For Latin text this is the number of
/// characters; in Bengali a vowel sign or hasanta adds nothing, so "কি" counts as one.
fn units(text: &str) -> usize {
    text.chars().filter(|&c| !is_zero_width(c)).count()
}

/// Whether the text has Bengali letters, which need more room above and below the line.
fn has_bengali(text: &str) -> bool {
    text.chars().any(|c| ('\u{0980}'..='\u{09FF}').contains(&c))
}

/// Line height as a multiple of the font size: Bengali vowel signs reach far above the headstroke and below the
/// letters, so Bengali lines are set further apart.
fn line_spacing(text: &str) -> f64 {
    if has_bengali(text) { 1.34 } else { 1.16 }
}

/// Line height of a block of lines: the roomiest any of them needs.
fn block_spacing(lines: &[String]) -> f64 {
    lines.iter().map(|l| line_spacing(l)).fold(1.16, f64::max)
}

/// 64-bit FNV-1a.
fn fnv1a(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Escapes text for use in XML character data and attribute values.
fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0; drop them.
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// A colour family: background hue range plus fixed tones for accent and ink.
struct Family {
    /// Background hue range in degrees (start, span); the title hash picks a point.
    hue: (f64, f64),
    saturation: f64,
    /// Lightness at the top and at the bottom of the background gradient.
    light: (f64, f64),
    /// Accent colour (frame, ornament, labels) as HSL.
    accent: (f64, f64, f64),
    /// Title colour.
    ink: &'static str,
}

fn family(category: &str) -> Family {
    const GOLD: (f64, f64, f64) = (42.0, 0.62, 0.64);
    const CREAM: &str = "#f8f0dc";
    let c = category.to_ascii_lowercase();
    let has = |needle: &str| c.contains(needle);
    if has("bangla") || has("literature") || has("novel") || has("fiction") {
        // Crimson, madder and terracotta, like old cloth-bound Bangla novels.
        Family { hue: (346.0, 36.0), saturation: 0.55, light: (0.36, 0.17), accent: GOLD, ink: CREAM }
    } else if has("classic") || has("english") {
        // Navy and slate with gilt.
        Family { hue: (200.0, 40.0), saturation: 0.45, light: (0.31, 0.13), accent: GOLD, ink: CREAM }
    } else if has("textbook") || has("academic") {
        // Teal and petrol with a warm orange.
        Family { hue: (178.0, 36.0), saturation: 0.55, light: (0.38, 0.19), accent: (26.0, 0.85, 0.62), ink: "#ffffff" }
    } else if has("admission") || has("exam") || has("competitive") {
        // Royal blue with amber.
        Family { hue: (214.0, 40.0), saturation: 0.58, light: (0.42, 0.2), accent: (44.0, 0.92, 0.6), ink: "#ffffff" }
    } else if has("children") || has("kids") || has("comic") {
        // Cheerful and bright: cyan through blue, violet, magenta and red to orange.
        // Yellows and greens are skipped because white type would not read on them.
        Family { hue: (192.0, 208.0), saturation: 0.62, light: (0.5, 0.32), accent: (50.0, 0.98, 0.76), ink: "#ffffff" }
    } else if has("islam") || has("relig") {
        // Emerald and deep green with gold.
        Family { hue: (148.0, 34.0), saturation: 0.5, light: (0.3, 0.12), accent: GOLD, ink: CREAM }
    } else if has("science") || has("tech") || has("computer") {
        // Night-sky indigo and violet with a cyan glow.
        Family { hue: (228.0, 50.0), saturation: 0.5, light: (0.27, 0.08), accent: (188.0, 0.78, 0.64), ink: "#f2f7ff" }
    } else if has("history") || has("politic") || has("biograph") {
        // Sepia, leather and olive.
        Family { hue: (14.0, 26.0), saturation: 0.4, light: (0.33, 0.15), accent: (40.0, 0.58, 0.72), ink: CREAM }
    } else if has("thriller") || has("myster") || has("crime") || has("horror") {
        // Almost black with a blood-red accent.
        Family { hue: (0.0, 360.0), saturation: 0.22, light: (0.2, 0.05), accent: (356.0, 0.78, 0.52), ink: "#f4f1ea" }
    } else if has("poe") {
        // Plum, mauve and dusk.
        Family { hue: (278.0, 50.0), saturation: 0.36, light: (0.38, 0.17), accent: (22.0, 0.6, 0.74), ink: CREAM }
    } else {
        Family { hue: (0.0, 360.0), saturation: 0.42, light: (0.36, 0.16), accent: GOLD, ink: CREAM }
    }
}

/// HSL (hue in degrees, saturation and lightness in 0..=1) to `#rrggbb`.
fn hsl_hex(hue: f64, saturation: f64, lightness: f64) -> String {
    let h = hue.rem_euclid(360.0) / 60.0;
    let s = saturation.clamp(0.0, 1.0);
    let l = lightness.clamp(0.0, 1.0);
    let chroma = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = chroma * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h {
        h if h < 1.0 => (chroma, x, 0.0),
        h if h < 2.0 => (x, chroma, 0.0),
        h if h < 3.0 => (0.0, chroma, x),
        h if h < 4.0 => (0.0, x, chroma),
        h if h < 5.0 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = l - chroma / 2.0;
    let channel = |v: f64| -> u8 {
        let scaled = ((v + m) * 255.0).round().clamp(0.0, 255.0);
        // In 0..=255 after the clamp, so the cast cannot truncate.
        scaled as u8
    };
    format!("#{:02x}{:02x}{:02x}", channel(r), channel(g), channel(b))
}

/// The colours of one cover.
struct Palette {
    top: String,
    bottom: String,
    accent: String,
    ink: &'static str,
}

fn palette(hash: u64, category: &str) -> Palette {
    let f = family(category);
    // Spread the hash over the family's hue range in 1/4096 steps.
    let t = (hash & 0xfff) as f64 / 4096.0;
    let hue = f.hue.0 + t * f.hue.1;
    // A slightly different hue towards the bottom gives the gradient some life.
    let drift = ((hash >> 12) & 0x1f) as f64 - 16.0;
    // A little lightness jitter so neighbouring hues still look distinct.
    let jitter = (((hash >> 17) & 0x7) as f64 - 3.5) / 100.0;
    Palette {
        top: hsl_hex(hue, f.saturation, f.light.0 + jitter),
        bottom: hsl_hex(hue + drift, f.saturation + 0.05, f.light.1 + jitter / 2.0),
        accent: hsl_hex(f.accent.0, f.accent.1, f.accent.2),
        ink: f.ink,
    }
}

/// Splits a word longer than `max` letters into hyphenated pieces, breaking only between letter clusters.
fn split_long_word(word: &str, max: usize) -> Vec<String> {
    if units(word) <= max {
        return vec![word.to_owned()];
    }
    let room = max.saturating_sub(1).max(1);
    let mut parts = Vec::new();
    let mut current = String::new();
    for cluster in clusters(word) {
        // A cluster wider than the room on its own (a long conjunct on a tiny width) still goes on a line alone.
        if !current.is_empty() && units(&current) + units(cluster) > room {
            current.push('-');
            parts.push(std::mem::take(&mut current));
        }
        current.push_str(cluster);
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

/// Greedy word wrap to at most `max_chars` letters per line (no line limit).
fn wrap(text: &str, max_chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        for piece in split_long_word(word, max_chars) {
            let needed = units(&current) + 1 + units(&piece);
            if current.is_empty() {
                current = piece;
            } else if needed <= max_chars {
                current.push(' ');
                current.push_str(&piece);
            } else {
                lines.push(std::mem::replace(&mut current, piece));
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// Wraps a title into at most [`MAX_TITLE_LINES`] lines of at most
/// [`MAX_TITLE_CHARS`] letters; if it does not fit, the last line ends in an
/// ellipsis.
///
/// When a narrower wrap lets the title be set clearly larger (as a designer
/// would put "Chander / Pahar" on two lines rather than one thin line), the
/// narrower wrap wins.
fn wrap_title(title: &str) -> Vec<String> {
    let mut lines = wrap(title, MAX_TITLE_CHARS);
    if lines.is_empty() {
        return vec!["Untitled".to_owned()];
    }
    if lines.len() <= MAX_TITLE_LINES {
        let longest_word = title.split_whitespace().map(units).max().unwrap_or(0);
        let mut best_size = title_font_size(&lines);
        for width in (longest_word.max(6)..MAX_TITLE_CHARS).rev() {
            let candidate = wrap(title, width);
            let size = title_font_size(&candidate);
            // Only re-flow for a real gain (20%), never past the line limit.
            if candidate.len() <= MAX_TITLE_LINES && size >= best_size * 1.2 {
                best_size = size;
                lines = candidate;
            }
        }
        return lines;
    }
    // Too long even at full width: keep the first lines and end with an ellipsis.
    lines.truncate(MAX_TITLE_LINES);
    if let Some(last) = lines.last_mut() {
        // Make room for the ellipsis, preferring to drop whole words.
        while units(last) + 1 > MAX_TITLE_CHARS {
            match last.rfind(' ') {
                Some(i) if i > 0 => last.truncate(i),
                // Drop a whole cluster: a Bengali letter never loses its vowel sign alone.
                _ => {
                    let keep = clusters(last).iter().rev().skip(1).map(|c| c.len()).sum();
                    last.truncate(keep);
                }
            }
        }
        let trimmed_len = last.trim_end_matches(|c: char| c.is_whitespace() || ",;:-.".contains(c)).len();
        last.truncate(trimmed_len);
        last.push('\u{2026}');
    }
    lines
}

/// Splits an author line in two when it is too long for one line: at the space
/// nearest the middle, preferring a break after a comma or before an ampersand
/// so co-authors stay whole.
fn author_lines(author: &str) -> Vec<String> {
    let author = author.split_whitespace().collect::<Vec<_>>().join(" ");
    if units(&author) <= MAX_AUTHOR_CHARS {
        return vec![author];
    }
    let middle = units(&author) / 2;
    let split = author.match_indices(' ').map(|(i, _)| i).min_by_key(|&i| {
        let natural = author[..i].ends_with(',') || author[i + 1..].starts_with('&');
        let distance = units(&author[..i]).abs_diff(middle) * 2;
        if natural { distance } else { distance + 17 }
    });
    match split {
        Some(i) => vec![author[..i].to_owned(), author[i + 1..].to_owned()],
        None => vec![author],
    }
}

/// Rough advance width of a line in ems for a bold serif. Tuned on DejaVu Serif
/// Bold, the widest likely fallback, so Georgia always fits too. A Bengali letter
/// is counted a little wider than a Latin one to pay for the vowel signs beside
/// it, which count nothing.
fn line_width_em(line: &str) -> f64 {
    line.chars()
        .map(|c| match c {
            c if is_zero_width(c) => 0.0,
            '\u{0980}'..='\u{09FF}' => 0.82,
            ' ' => 0.33,
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | '(' | ')' | '-' => 0.38,
            'f' | 'r' | 't' | 'I' | 'J' => 0.48,
            'm' | 'w' | 'M' | 'W' | '\u{2026}' => 1.0,
            c if c.is_ascii_uppercase() => 0.78,
            c if c.is_ascii_digit() => 0.7,
            _ => 0.66,
        })
        .sum()
}

/// Title font size for the given lines: as large as fits the text box.
fn title_font_size(lines: &[String]) -> f64 {
    let widest = lines.iter().map(|l| line_width_em(l)).fold(1.0, f64::max);
    let count = lines.len().max(1);
    let by_width = 286.0 / widest;
    let by_height = 236.0 / (count as f64 * block_spacing(lines));
    by_width.min(by_height).clamp(20.0, 54.0).floor()
}

/// Number formatting with at most one decimal (keeps the output stable and short).
fn n(v: f64) -> String {
    let rounded = (v * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 { format!("{rounded:.0}") } else { format!("{rounded:.1}") }
}

/// A small diamond centred on (x, y).
fn diamond(x: f64, y: f64, r: f64, fill: &str) -> String {
    format!("<path d=\"M{} {}L{} {}L{} {}L{} {}Z\" fill=\"{fill}\"/>", n(x), n(y - r), n(x + r), n(y), n(x), n(y + r), n(x - r), n(y))
}

/// The decorative element between title and author; the hash picks the style.
fn ornament(style: u64, p: &Palette, bottom_id: &str) -> String {
    let a = &p.accent;
    let y = 420.0;
    match style {
        // A solid band across the cover, as on many paperback series.
        0 => format!(
            "<rect x=\"0\" y=\"{}\" width=\"400\" height=\"2\" fill=\"{a}\" opacity=\"0.7\"/>\
             <rect x=\"0\" y=\"{}\" width=\"400\" height=\"40\" fill=\"{a}\" opacity=\"0.92\"/>\
             <rect x=\"0\" y=\"{}\" width=\"400\" height=\"2\" fill=\"{a}\" opacity=\"0.7\"/>\
             {}{}{}",
            n(y - 28.0),
            n(y - 20.0),
            n(y + 26.0),
            diamond(CX - 26.0, y, 5.0, &format!("url(#{bottom_id})")),
            diamond(CX, y, 7.0, &format!("url(#{bottom_id})")),
            diamond(CX + 26.0, y, 5.0, &format!("url(#{bottom_id})")),
        ),
        // A medallion with a star.
        1 => {
            let mut star = String::new();
            for i in 0..16 {
                let angle = std::f64::consts::PI * f64::from(i) / 8.0 - std::f64::consts::FRAC_PI_2;
                let r = if i % 2 == 0 { 15.0 } else { 6.5 };
                let cmd = if i == 0 { 'M' } else { 'L' };
                star.push_str(&format!("{cmd}{} {}", n(CX + r * angle.cos()), n(y + r * angle.sin())));
            }
            format!(
                "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{a}\" stroke-width=\"1.2\" opacity=\"0.8\"/>\
                 <line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{a}\" stroke-width=\"1.2\" opacity=\"0.8\"/>\
                 <circle cx=\"{}\" cy=\"{y}\" r=\"27\" fill=\"none\" stroke=\"{a}\" stroke-width=\"1.5\"/>\
                 <circle cx=\"{}\" cy=\"{y}\" r=\"22\" fill=\"none\" stroke=\"{a}\" stroke-width=\"0.8\" opacity=\"0.7\"/>\
                 <path d=\"{star}Z\" fill=\"{a}\"/>{}{}",
                n(CX - 110.0),
                n(CX - 36.0),
                n(CX + 36.0),
                n(CX + 110.0),
                n(CX),
                n(CX),
                diamond(CX - 114.0, y, 3.5, a),
                diamond(CX + 114.0, y, 3.5, a),
            )
        }
        // Triple rule with a diamond, like a title-page flourish.
        _ => format!(
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{a}\" stroke-width=\"0.8\" opacity=\"0.7\"/>\
             <line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{a}\" stroke-width=\"2\"/>\
             <line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"{a}\" stroke-width=\"2\"/>\
             <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{a}\" stroke-width=\"0.8\" opacity=\"0.7\"/>\
             {}{}{}",
            n(CX - 120.0),
            n(y - 9.0),
            n(CX + 120.0),
            n(y - 9.0),
            n(CX - 120.0),
            n(CX - 16.0),
            n(CX + 16.0),
            n(CX + 120.0),
            n(CX - 120.0),
            n(y + 9.0),
            n(CX + 120.0),
            n(y + 9.0),
            diamond(CX, y, 8.0, a),
            diamond(CX - 126.0, y, 3.0, a),
            diamond(CX + 126.0, y, 3.0, a),
        ),
    }
}

/// A complete standalone SVG cover for a book. Deterministic: the same inputs
/// always produce byte-identical output.
pub fn cover_svg(title: &str, author: &str, category: &str) -> String {
    let hash = fnv1a(title);
    let p = palette(hash, category);
    let id = format!("{:08x}", fnv1a(&format!("{title}\u{1f}{author}\u{1f}{category}")) as u32);
    let (bg, glow, spine, shade, lift) = (format!("bg{id}"), format!("gl{id}"), format!("sp{id}"), format!("sh{id}"), format!("ts{id}"));
    let style = (hash >> 24) % 3;

    let lines = wrap_title(title);
    let size = title_font_size(&lines);
    let line_height = size * block_spacing(&lines);
    let block = (lines.len() as f64 - 1.0) * line_height;
    // Centre the title block in the upper part of the cover.
    let first_baseline = 236.0 - block / 2.0 + size * 0.34;

    let label = category.trim().to_uppercase();
    let label_size = if label.chars().count() > 26 { 10.0 } else { 11.5 };

    let authors = author_lines(author);
    // Uppercase sans with 2px tracking: about 0.7em + 2px per letter; keep it inside the frame. Bengali has no
    // capitals and tracking would break the headstroke that joins its letters, so it is set untracked at about
    // 0.82em per letter.
    let bengali_author = has_bengali(author);
    let (letter_em, tracking) = if bengali_author { (0.82, 0.0) } else { (0.7, 2.0) };
    let author_chars = authors.iter().map(|l| units(l)).max().unwrap_or(1).max(1);
    let base_size: f64 = if authors.len() > 1 { 15.0 } else { 18.0 };
    let author_size = base_size.min(((290.0 / author_chars as f64) - tracking) / letter_em).max(9.0).floor();

    let mut s = String::with_capacity(4096);
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"600\" viewBox=\"0 0 400 600\" role=\"img\" aria-label=\"{}\">\n",
        xml_escape(&format!("{title} by {author}"))
    ));
    s.push_str(&format!("<title>{}</title>\n", xml_escape(title)));

    // Gradients: background, a soft light from the upper right, spine shadow, bottom shade.
    s.push_str("<defs>\n");
    s.push_str(&format!(
        "<linearGradient id=\"{bg}\" x1=\"0\" y1=\"0\" x2=\"0.3\" y2=\"1\"><stop offset=\"0\" stop-color=\"{}\"/><stop offset=\"1\" stop-color=\"{}\"/></linearGradient>\n",
        p.top, p.bottom
    ));
    s.push_str(&format!(
        "<radialGradient id=\"{glow}\" cx=\"0.68\" cy=\"0.28\" r=\"0.75\"><stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"0.16\"/><stop offset=\"1\" stop-color=\"#ffffff\" stop-opacity=\"0\"/></radialGradient>\n"
    ));
    s.push_str(&format!(
        "<linearGradient id=\"{spine}\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#000000\" stop-opacity=\"0.55\"/><stop offset=\"0.55\" stop-color=\"#000000\" stop-opacity=\"0.18\"/><stop offset=\"0.8\" stop-color=\"#ffffff\" stop-opacity=\"0.1\"/><stop offset=\"1\" stop-color=\"#000000\" stop-opacity=\"0\"/></linearGradient>\n"
    ));
    s.push_str(&format!(
        "<linearGradient id=\"{shade}\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0.6\" stop-color=\"#000000\" stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#000000\" stop-opacity=\"0.28\"/></linearGradient>\n"
    ));
    // A soft shadow under the title keeps it legible on the brighter palettes.
    s.push_str(&format!(
        "<filter id=\"{lift}\" x=\"-10%\" y=\"-10%\" width=\"120%\" height=\"130%\"><feDropShadow dx=\"0\" dy=\"2\" stdDeviation=\"2\" flood-color=\"#000000\" flood-opacity=\"0.35\"/></filter>\n"
    ));
    s.push_str("</defs>\n");

    // Background.
    s.push_str(&format!("<rect width=\"{}\" height=\"{}\" fill=\"url(#{bg})\"/>\n", n(WIDTH), n(HEIGHT)));
    s.push_str(&format!("<rect width=\"{}\" height=\"{}\" fill=\"url(#{glow})\"/>\n", n(WIDTH), n(HEIGHT)));
    s.push_str(&format!("<rect width=\"{}\" height=\"{}\" fill=\"url(#{shade})\"/>\n", n(WIDTH), n(HEIGHT)));

    // Frame.
    s.push_str(&format!(
        "<rect x=\"38\" y=\"24\" width=\"342\" height=\"552\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.6\" opacity=\"0.6\"/>\n",
        p.accent
    ));
    s.push_str(&format!(
        "<rect x=\"44\" y=\"30\" width=\"330\" height=\"540\" fill=\"none\" stroke=\"{}\" stroke-width=\"0.7\" opacity=\"0.4\"/>\n",
        p.accent
    ));

    // Category label with a small rule underneath.
    if !label.is_empty() {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"70\" text-anchor=\"middle\" font-family=\"{SANS}\" font-size=\"{}\" font-weight=\"600\" letter-spacing=\"3\" fill=\"{}\">{}</text>\n",
            n(CX),
            n(label_size),
            p.accent,
            xml_escape(&label)
        ));
    }
    s.push_str(&format!(
        "<line x1=\"{}\" y1=\"86\" x2=\"{}\" y2=\"86\" stroke=\"{}\" stroke-width=\"1\" opacity=\"0.8\"/>{}\n",
        n(CX - 30.0),
        n(CX + 30.0),
        p.accent,
        diamond(CX, 86.0, 3.0, &p.accent)
    ));

    // Title.
    s.push_str(&format!(
        "<text class=\"title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-family=\"{SERIF}\" font-size=\"{}\" font-weight=\"700\" fill=\"{}\" filter=\"url(#{lift})\">",
        n(CX),
        n(first_baseline),
        n(size),
        p.ink
    ));
    for (i, line) in lines.iter().enumerate() {
        let dy = if i == 0 { 0.0 } else { line_height };
        s.push_str(&format!("<tspan x=\"{}\" dy=\"{}\">{}</tspan>", n(CX), n(dy), xml_escape(line)));
    }
    s.push_str("</text>\n");

    // Ornament.
    s.push_str(&ornament(style, &p, &bg));
    s.push('\n');

    // Author.
    let author_top = if authors.len() > 1 { 494.0 } else { 508.0 };
    s.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-family=\"{SANS}\" font-size=\"{}\" letter-spacing=\"{}\" fill=\"{}\">",
        n(CX),
        n(author_top),
        n(author_size),
        n(tracking),
        p.ink
    ));
    for (i, line) in authors.iter().enumerate() {
        let dy = if i == 0 { 0.0 } else { author_size * 1.3 };
        s.push_str(&format!("<tspan x=\"{}\" dy=\"{}\">{}</tspan>", n(CX), n(dy), xml_escape(&line.to_uppercase())));
    }
    s.push_str("</text>\n");

    // Imprint.
    s.push_str(&format!(
        "<text x=\"{}\" y=\"556\" text-anchor=\"middle\" font-family=\"{SANS}\" font-size=\"9\" font-weight=\"700\" letter-spacing=\"4\" fill=\"{}\" opacity=\"0.85\">PURONOBOI</text>\n",
        n(CX),
        p.accent
    ));

    // Spine: shadow, crease and highlight along the left edge.
    s.push_str(&format!("<rect x=\"0\" y=\"0\" width=\"30\" height=\"600\" fill=\"url(#{spine})\"/>\n"));
    s.push_str("<rect x=\"22\" y=\"0\" width=\"1.2\" height=\"600\" fill=\"#000000\" opacity=\"0.28\"/>\n");
    s.push_str("<rect x=\"23.2\" y=\"0\" width=\"1\" height=\"600\" fill=\"#ffffff\" opacity=\"0.14\"/>\n");
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn title_lines(svg: &str) -> usize {
        let start = svg.find("<text class=\"title\"").unwrap();
        let end = start + svg[start..].find("</text>").unwrap();
        svg[start..end].matches("<tspan").count()
    }

    fn gradient_colours(svg: &str) -> Vec<String> {
        let start = svg.find("<linearGradient").unwrap();
        let end = start + svg[start..].find("</linearGradient>").unwrap();
        svg[start..end].split("stop-color=\"").skip(1).map(|s| s[..7].to_owned()).collect()
    }

    #[test]
    fn fnv1a_matches_reference_values() {
        assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a("foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn output_is_deterministic() {
        let a = cover_svg("Pather Panchali", "Bibhutibhushan Bandyopadhyay", "Bangla Literature");
        let b = cover_svg("Pather Panchali", "Bibhutibhushan Bandyopadhyay", "Bangla Literature");
        assert_eq!(a, b);
        let c = cover_svg("Pather Panchali", "Bibhutibhushan Bandyopadhyay", "Poetry");
        assert_ne!(a, c, "category changes the palette");
    }

    #[test]
    fn is_a_standalone_svg_document() {
        let svg = cover_svg("Devdas", "Sarat Chandra Chattopadhyay", "Bangla Literature");
        assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("width=\"400\" height=\"600\" viewBox=\"0 0 400 600\""));
        assert!(svg.contains(&format!("font-family=\"{SERIF}\"")));
        assert!(svg.contains("PURONOBOI"));
        assert!(svg.contains("BANGLA LITERATURE"));
        assert_eq!(svg.matches("<svg").count(), 1);
    }

    #[test]
    #[ignore = "writes the demo pictures under /tmp/demo-photos to look at"]
    fn dump_for_a_look() {
        std::fs::write("/tmp/demo-photos/back.svg", copy_photo_svg("পথের পাঁচালী", "বিভূতিভূষণ বন্দ্যোপাধ্যায়", "উপন্যাস (Novels)", CopyPhoto::Back))
            .unwrap();
        std::fs::write(
            "/tmp/demo-photos/title.svg",
            copy_photo_svg("পথের পাঁচালী", "বিভূতিভূষণ বন্দ্যোপাধ্যায়", "উপন্যাস (Novels)", CopyPhoto::TitlePage),
        )
        .unwrap();
        std::fs::write("/tmp/demo-photos/cover.svg", cover_svg("পথের পাঁচালী", "বিভূতিভূষণ বন্দ্যোপাধ্যায়", "উপন্যাস (Novels)")).unwrap();
    }

    #[test]
    fn the_other_photos_of_a_copy_are_escaped_deterministic_svg_documents() {
        for kind in [CopyPhoto::Back, CopyPhoto::TitlePage] {
            let svg = copy_photo_svg("Tom & Jerry", "পথের <পাঁচালী>", "Kids", kind);
            assert_eq!(svg, copy_photo_svg("Tom & Jerry", "পথের <পাঁচালী>", "Kids", kind), "{kind:?}");
            assert!(svg.trim_end().ends_with("</svg>") && svg.matches("<svg").count() == 1, "{kind:?}");
            assert!(!svg.contains("Tom & Jerry") && !svg.contains("<পাঁচালী>"), "{kind:?}: every text escaped");
        }
        assert_ne!(
            copy_photo_svg("Devdas", "Sarat", "Novels", CopyPhoto::Back),
            copy_photo_svg("Devdas", "Sarat", "Novels", CopyPhoto::TitlePage)
        );
    }

    #[test]
    fn escapes_all_text() {
        let svg = cover_svg("Tom & Jerry <3", "O'Brien \"Bob\" > Al", "Kids & <Teens>");
        // The title may be wrapped, but every line is escaped.
        assert!(svg.contains(">Tom &amp;"), "{svg}");
        assert!(svg.contains("&lt;3<"));
        assert!(svg.contains("aria-label=\"Tom &amp; Jerry &lt;3 by O&apos;Brien &quot;Bob&quot; &gt; Al\""));
        assert!(svg.contains("<title>Tom &amp; Jerry &lt;3</title>"));
        assert!(!svg.contains("Tom & Jerry"));
        assert!(!svg.contains("<3"));
        assert!(svg.contains("O&apos;BRIEN &quot;BOB&quot; &gt; AL"));
        assert!(svg.contains("KIDS &amp; &lt;TEENS&gt;"));
        assert!(!svg.contains("<Teens>") && !svg.contains("<TEENS>"));
        // Every '&' starts an entity.
        for (i, _) in svg.match_indices('&') {
            let rest = &svg[i..];
            assert!(["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].iter().any(|e| rest.starts_with(e)), "bare ampersand at {i}");
        }
        assert_eq!(xml_escape("&<>\"'"), "&amp;&lt;&gt;&quot;&apos;");
    }

    #[test]
    fn short_titles_stay_on_one_line() {
        assert_eq!(wrap_title("Devdas"), vec!["Devdas"]);
        assert_eq!(wrap_title("Jane Eyre"), vec!["Jane Eyre"]);
        assert_eq!(wrap_title("   "), vec!["Untitled"]);
    }

    #[test]
    fn thin_one_line_titles_are_reflowed_larger() {
        assert_eq!(wrap_title("Chander Pahar"), vec!["Chander", "Pahar"]);
        assert_eq!(wrap_title("Animal Farm"), vec!["Animal", "Farm"]);
        assert!(title_font_size(&wrap_title("Chander Pahar")) > title_font_size(&["Chander Pahar".to_owned()]));
    }

    #[test]
    fn long_titles_wrap_and_never_exceed_five_lines() {
        let lines = wrap_title("Harry Potter and the Philosopher's Stone");
        assert_eq!(lines, vec!["Harry Potter", "and the", "Philosopher's", "Stone"]);

        let very_long = "The Extraordinarily Long and Winding History of Everything That Ever \
                         Happened in the Delta of the Padma, Meghna and Jamuna Rivers";
        let lines = wrap_title(very_long);
        assert_eq!(lines.len(), MAX_TITLE_LINES);
        assert!(lines.iter().all(|l| l.chars().count() <= MAX_TITLE_CHARS), "{lines:?}");
        assert!(lines.last().unwrap().ends_with('\u{2026}'));
        let svg = cover_svg(very_long, "Anon", "History & Politics");
        assert_eq!(title_lines(&svg), MAX_TITLE_LINES);

        // A single enormous word is hyphenated rather than overflowing.
        let lines = wrap_title("Supercalifragilisticexpialidocious");
        assert!(lines.len() > 1 && lines.len() <= MAX_TITLE_LINES);
        assert!(lines.iter().all(|l| l.chars().count() <= MAX_TITLE_CHARS), "{lines:?}");

        let lines = wrap_title(&"Abracadabra ".repeat(40));
        assert_eq!(lines.len(), MAX_TITLE_LINES);
    }

    #[test]
    fn long_titles_get_a_smaller_font() {
        let short = title_font_size(&wrap_title("Debi"));
        let long = title_font_size(&wrap_title("Amar Dekha Rajnitir Panchash Bachhor"));
        assert!(long < short);
        assert!(long >= 24.0);
    }

    #[test]
    fn long_authors_split_over_two_lines() {
        assert_eq!(author_lines("Humayun Ahmed"), vec!["Humayun Ahmed"]);
        let lines = author_lines("Cormen, Leiserson, Rivest & Stein");
        assert_eq!(lines, vec!["Cormen, Leiserson,", "Rivest & Stein"]);
        let lines = author_lines("Sharon Weiner Green & Ira K. Wolf");
        assert_eq!(lines, vec!["Sharon Weiner Green", "& Ira K. Wolf"]);
        let lines = author_lines("Dakshinaranjan Mitra Majumder");
        assert_eq!(lines, vec!["Dakshinaranjan", "Mitra Majumder"]);
    }

    /// Whether `line` starts or ends in the middle of a letter cluster: with a mark that belongs to the letter
    /// before it, or right after a hasanta that binds the next letter.
    fn breaks_a_cluster(line: &str) -> bool {
        let starts_with_mark = line.chars().next().is_some_and(is_zero_width);
        let ends_in_hasanta = line.trim_end_matches('-').ends_with(HASANTA);
        starts_with_mark || ends_in_hasanta
    }

    #[test]
    fn bengali_letters_are_counted_without_their_signs() {
        assert_eq!(units("কি"), 1, "the i-sign sits beside its letter");
        assert_eq!(units("Lalsalu"), 7);
        // হ ি | ম ু | র: three letters in five code points.
        assert_eq!(units("হিমুর"), 3);
        // ন ী | ল | প | দ ্ ম: the hasanta adds nothing, the conjunct's two consonants count.
        assert_eq!(units("নীলপদ্ম"), 5);
        // য় is য + nukta in NFC; the nukta takes no room.
        assert_eq!(clusters("কয়েকটি"), vec!["ক", "য়ে", "ক", "টি"]);
        assert_eq!(clusters("নীলপদ্ম"), vec!["নী", "ল", "প", "দ্ম"]);
        assert_eq!(clusters("Jane"), vec!["J", "a", "n", "e"]);
    }

    #[test]
    fn bengali_titles_wrap_by_letters_at_word_boundaries() {
        let title = "হিমুর হাতে কয়েকটি নীলপদ্ম";
        // 26 code points but 17 letters and spaces: counted by code point the first three words (18) would not
        // fit on one 14-wide line; counted by letter they do (11).
        assert_eq!(wrap(title, MAX_TITLE_CHARS), vec!["হিমুর হাতে কয়েকটি", "নীলপদ্ম"]);
        let lines = wrap_title(title);
        assert!(lines.len() >= 2 && lines.len() <= MAX_TITLE_LINES, "{lines:?}");
        assert_eq!(lines.join(" "), title, "whole words, nothing cut or hyphenated");
        assert!(lines.iter().all(|l| units(l) <= MAX_TITLE_CHARS && !breaks_a_cluster(l)), "{lines:?}");

        assert_eq!(wrap_title("দেবী"), vec!["দেবী"]);

        // Every demo title fits whole, in either script.
        for book in crate::catalogue::BOOKS {
            let lines = wrap_title(book.title);
            assert_eq!(lines.join(" ").replace("- ", "").replace('-', ""), book.title.replace('-', ""), "{lines:?}");
            assert!(lines.iter().all(|l| units(l) <= MAX_TITLE_CHARS && !breaks_a_cluster(l)), "{lines:?}");
            assert!(title_font_size(&lines) >= 24.0, "{:?} is set too small", book.title);
        }
    }

    #[test]
    fn long_bengali_words_are_hyphenated_between_clusters_only() {
        let word = "প্যারাডক্সিক্যালপ্যারাডক্সিক্যালপ্যারাডক্সিক্যাল";
        let pieces = split_long_word(word, MAX_TITLE_CHARS);
        assert!(pieces.len() > 1, "{pieces:?}");
        assert!(pieces.iter().all(|p| units(p) <= MAX_TITLE_CHARS && !breaks_a_cluster(p)), "{pieces:?}");
        assert_eq!(pieces.concat().replace('-', ""), word, "nothing lost");

        // Too long even so: the ellipsis goes after a whole cluster.
        let lines = wrap_title(&"আমার দেখা রাজনীতির পঞ্চাশ বছর ".repeat(6));
        assert_eq!(lines.len(), MAX_TITLE_LINES);
        let last = lines.last().unwrap();
        assert!(last.ends_with('\u{2026}'), "{last:?}");
        assert!(!breaks_a_cluster(last.trim_end_matches('\u{2026}')), "{last:?}");
    }

    #[test]
    fn bengali_text_gets_bengali_fonts_room_and_no_tracking() {
        let svg = cover_svg("অগ্নিবীণা", "কাজী নজরুল ইসলাম", "Poetry");
        for font in ["Noto Sans Bengali", "Noto Serif Bengali", "Lohit Bengali", "Hind Siliguri"] {
            assert!(SERIF.contains(font) && SANS.contains(font), "{font}");
        }
        assert!(svg.contains(&format!("font-family=\"{SERIF}\"")) && svg.contains(&format!("font-family=\"{SANS}\"")));
        assert!(svg.contains(">অগ্নিবীণা</tspan>"), "the title as typed");
        assert!(svg.contains(">কাজী নজরুল ইসলাম</tspan>"), "the author as typed");
        assert!(svg.contains("letter-spacing=\"0\" fill"), "Bengali authors are not tracked");
        assert!(cover_svg("Agnibeena", "Kazi Nazrul Islam", "Poetry").contains("letter-spacing=\"2\" fill"));

        // Same letters, more room between Bengali lines.
        let latin = vec!["Abcd".to_owned(), "Efgh".to_owned()];
        let bengali = vec!["কখগঘ".to_owned(), "চছজঝ".to_owned()];
        assert!(block_spacing(&bengali) > block_spacing(&latin));
        assert!(title_font_size(&bengali) <= title_font_size(&latin));

        // A long Bengali author name splits over two lines by letters, at a space.
        let lines = author_lines("দক্ষিণারঞ্জন মিত্র মজুমদার রায়চৌধুরী বন্দ্যোপাধ্যায়");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines.iter().all(|l| !breaks_a_cluster(l)));
        assert_eq!(author_lines("বিভূতিভূষণ বন্দ্যোপাধ্যায়").len(), 1, "20 letters fit on one line");
    }

    #[test]
    fn different_titles_give_different_colours() {
        let a = gradient_colours(&cover_svg("Pather Panchali", "X", "Bangla Literature"));
        let b = gradient_colours(&cover_svg("Lalsalu", "X", "Bangla Literature"));
        assert_eq!(a.len(), 2);
        assert_ne!(a, b);

        let mut all: Vec<Vec<String>> = ["Gitanjali", "Sonar Tori", "Agnibeena", "Sanchita", "Banalata Sen"]
            .iter()
            .map(|t| gradient_colours(&cover_svg(t, "X", "Poetry")))
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 5);
    }

    #[test]
    fn hsl_conversion_hits_primaries() {
        assert_eq!(hsl_hex(0.0, 1.0, 0.5), "#ff0000");
        assert_eq!(hsl_hex(120.0, 1.0, 0.5), "#00ff00");
        assert_eq!(hsl_hex(240.0, 1.0, 0.5), "#0000ff");
        assert_eq!(hsl_hex(360.0, 0.0, 1.0), "#ffffff");
    }
}

/// Which other photo of a demo copy: its back, or its title page opened flat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CopyPhoto {
    Back,
    TitlePage,
}

/// A standalone SVG of another side of a demo copy, in its cover's colours: the back (the title small at the top,
/// a block of blurb lines, a barcode) or the title page (paper, the title and author centred, a pencilled name in a
/// corner, as used copies have). Deterministic, like [`cover_svg`].
pub fn copy_photo_svg(title: &str, author: &str, category: &str, kind: CopyPhoto) -> String {
    let hash = fnv1a(title);
    let p = palette(hash, category);
    let mut s = String::with_capacity(2048);
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let what = match kind {
        CopyPhoto::Back => "back cover",
        CopyPhoto::TitlePage => "title page",
    };
    s.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"600\" viewBox=\"0 0 400 600\" role=\"img\" aria-label=\"{}\">\n",
        xml_escape(&format!("{title}: {what}"))
    ));
    let lines = wrap_title(title);
    match kind {
        CopyPhoto::Back => {
            s.push_str(&format!("<rect width=\"400\" height=\"600\" fill=\"{}\"/>\n", p.bottom));
            for (i, line) in lines.iter().take(2).enumerate() {
                s.push_str(&format!(
                    "<text x=\"200\" y=\"{}\" text-anchor=\"middle\" font-family=\"{SERIF}\" font-size=\"22\" fill=\"{}\">{}</text>\n",
                    70 + i * 30,
                    p.accent,
                    xml_escape(line)
                ));
            }
            // The blurb, as lines of grey text seen from a distance.
            for i in 0..12u64 {
                let width = 250 - (fnv1a(&format!("{title}{i}")) % 70) as i64;
                s.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{width}\" height=\"6\" rx=\"3\" fill=\"#ffffff\" opacity=\"0.35\"/>\n",
                    200 - width / 2,
                    170 + i * 20
                ));
            }
            s.push_str("<rect x=\"250\" y=\"480\" width=\"110\" height=\"70\" fill=\"#ffffff\"/>\n");
            for i in 0..22u64 {
                let bar = 1 + fnv1a(&format!("{author}{i}")) % 3;
                s.push_str(&format!("<rect x=\"{}\" y=\"488\" width=\"{bar}\" height=\"46\" fill=\"#111111\"/>\n", 258 + i * 4));
            }
        }
        CopyPhoto::TitlePage => {
            s.push_str("<rect width=\"400\" height=\"600\" fill=\"#f3ead6\"/>\n");
            s.push_str("<rect x=\"0\" y=\"0\" width=\"14\" height=\"600\" fill=\"#d9ccb0\"/>\n");
            for (i, line) in lines.iter().enumerate() {
                s.push_str(&format!(
                    "<text x=\"207\" y=\"{}\" text-anchor=\"middle\" font-family=\"{SERIF}\" font-size=\"28\" fill=\"#2b2118\">{}</text>\n",
                    200 + i * 38,
                    xml_escape(line)
                ));
            }
            for (i, line) in author_lines(author).iter().enumerate() {
                s.push_str(&format!(
                    "<text x=\"207\" y=\"{}\" text-anchor=\"middle\" font-family=\"{SERIF}\" font-size=\"17\" fill=\"#5a4a3a\">{}</text>\n",
                    330 + lines.len() * 38 + i * 24,
                    xml_escape(line)
                ));
            }
            // A former owner's name in pencil, as the condition guide allows a Good copy to have.
            s.push_str("<path d=\"M290 520 q20 -14 40 0 t40 0\" fill=\"none\" stroke=\"#8a8a8a\" stroke-width=\"1.6\"/>\n");
        }
    }
    s.push_str("</svg>\n");
    s
}
