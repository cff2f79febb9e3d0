//! Replays as self-contained HTML pages: a board per move drawn as inline SVG, a slider,
//! previous and next buttons, arrow keys, the caption and both scores of the shown move.
//!
//! A game's referee turns each position into a [`Picture`] (the `picture` module of each game's
//! folder, e.g. [`crate::floodwars::picture`]), wraps the pictures in [`Frame`]s and calls
//! [`page`]. The page embeds the frames as data and a small inline script draws the shown
//! one; it loads nothing from anywhere (no URL, font or script of any server).
//!
//! ```
//! use floodgate_arena::floodwars::picture::{LEGEND, picture};
//! use floodgate_arena::html::{Frame, page};
//! use floodgate_floodwars_core::{Colour, Position};
//! let start: Position = "J\n#.\n@#\n".parse().unwrap();
//! let after = start.play(Colour::Hash);
//! let frame = |caption: &str, scores, position| Frame {
//!     caption: caption.to_string(),
//!     scores,
//!     picture: picture(position),
//! };
//! let frames = [frame("start", [1, 1], &start), frame("move 1: J picks #", [3, 1], &after)];
//! let html = page("Flood Wars", ["ann", "bob"], LEGEND, &frames, "J wins by 2");
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! ```

use std::collections::HashMap;

/// Each seat's colour in pictures, the first mover's then the other's: blue, then red.
pub const SEAT_COLOURS: [&str; 2] = ["#2f6db5", "#d1495b"];

/// A board drawn on a grid of `columns x rows` unit cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// Cells across.
    pub columns: usize,
    /// Cells down.
    pub rows: usize,
    /// Every cell, row by row from the top-left one: `columns * rows` of them.
    pub cells: Vec<CellStyle>,
    /// Segments drawn over the cells.
    pub lines: Vec<Line>,
    /// Discs drawn over the cells and the lines.
    pub dots: Vec<Dot>,
}

/// How a cell is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct CellStyle {
    /// Its colour (any CSS colour).
    pub fill: String,
    /// Short text written in its middle, over the lines and dots.
    pub label: Option<String>,
}

/// A segment in cell coordinates (0,0 = top-left corner of the top-left cell; cell centres are
/// at x+0.5, y+0.5), drawn with round ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// One end.
    pub from: (f64, f64),
    /// The other end.
    pub to: (f64, f64),
    /// Its colour (any CSS colour).
    pub colour: String,
    /// Its thickness, in cells.
    pub width: f64,
}

/// A disc, in cell coordinates like a [`Line`].
#[derive(Clone, Debug, PartialEq)]
pub struct Dot {
    /// Its centre.
    pub at: (f64, f64),
    /// Its radius, in cells.
    pub radius: f64,
    /// Its colour (any CSS colour).
    pub colour: String,
    /// Short text written on it.
    pub label: Option<String>,
}

/// One step of a replay: the picture after the move, a caption ("move 12: J picks +",
/// "start"), and both players' scores at that point.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// What happened, in a few words.
    pub caption: String,
    /// The players' scores, in seat order.
    pub scores: [i64; 2],
    /// The board.
    pub picture: Picture,
}

impl Picture {
    /// A picture of `columns x rows` cells all of colour `fill`, with no line or dot.
    pub fn plain(columns: usize, rows: usize, fill: &str) -> Self {
        let cell = CellStyle {
            fill: fill.to_string(),
            label: None,
        };
        Self {
            columns,
            rows,
            cells: vec![cell; columns * rows],
            lines: Vec::new(),
            dots: Vec::new(),
        }
    }

    /// The cell in column `x` and row `y` (which must be on the picture).
    pub fn cell_mut(&mut self, x: usize, y: usize) -> &mut CellStyle {
        &mut self.cells[y * self.columns + x]
    }

    /// Adds faint lines around every cell (the board's edge included), under the lines still
    /// to come.
    pub(crate) fn add_grid(&mut self) {
        let (columns, rows) = (self.columns as f64, self.rows as f64);
        let across = (0..=self.rows).map(|y| ((0.0, y as f64), (columns, y as f64)));
        let down = (0..=self.columns).map(|x| ((x as f64, 0.0), (x as f64, rows)));
        for (from, to) in across.chain(down) {
            self.lines.push(Line {
                from,
                to,
                colour: GRID.to_string(),
                width: 0.03,
            });
        }
    }
}

/// The colour of the lines between cells.
const GRID: &str = "rgba(0, 0, 0, 0.13)";

const STYLE: &str = include_str!("html/page.css");
const SCRIPT: &str = include_str!("html/page.js");

/// The whole page: title, the two players' names (seat order), what their colours or markers
/// are (a legend line per player), the frames (frame 0 = the start) and a final result line.
///
/// One HTML document with everything inline: the frames as data, a script that draws the shown
/// frame as SVG, a range slider, previous and next buttons, the arrow keys (Home and End for
/// the first and last frame), and the caption and scores of the shown frame. The page opens at
/// frame `n` when its address ends in `#n`. All text is escaped.
pub fn page(
    title: &str,
    players: [&str; 2],
    legend: [&str; 2],
    frames: &[Frame],
    result: &str,
) -> String {
    let player = |seat: usize| {
        format!(
            "<div class=\"player\"><span class=\"name\">{name}</span>\
             <span class=\"score\" id=\"score{seat}\"></span>\
             <div class=\"legend\">{legend}</div></div>",
            name = escape(players[seat]),
            legend = escape(legend[seat]),
        )
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <h1>{title}</h1>\n<div class=\"players\">\n{first}\n{second}\n</div>\n\
         <p id=\"caption\"></p>\n\
         <svg id=\"picture\" role=\"img\" aria-label=\"the board\"></svg>\n\
         <div class=\"controls\">\n\
         <button id=\"previous\" title=\"left arrow\">&lsaquo; previous</button>\n\
         <input id=\"slider\" type=\"range\" min=\"0\" max=\"{last}\" step=\"1\" value=\"0\" \
         aria-label=\"frame\">\n\
         <button id=\"next\" title=\"right arrow\">next &rsaquo;</button>\n\
         <span id=\"counter\"></span>\n</div>\n\
         <p class=\"result\">{result}</p>\n\
         <noscript><p>This replay needs JavaScript to draw the board.</p></noscript>\n</main>\n\
         <script type=\"application/json\" id=\"replay\">{data}</script>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        title = escape(title),
        first = player(0),
        second = player(1),
        last = frames.len().saturating_sub(1),
        result = escape(result),
        data = frames_json(frames),
    )
}

/// Text as HTML text or attribute value.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}

/// A JSON string literal that is safe inside a `<script>` element (no `<`, `>` or `&`).
fn json_string(text: &str) -> String {
    let mut json = String::with_capacity(text.len() + 2);
    json.push('"');
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            c if c < ' ' || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => {
                json.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => json.push(c),
        }
    }
    json.push('"');
    json
}

/// A coordinate or size to three decimals (`null`, which draws nothing, when not finite).
fn json_number(value: f64) -> String {
    if value.is_finite() {
        ((value * 1000.0).round() / 1000.0).to_string()
    } else {
        "null".to_string()
    }
}

fn json_label(label: &Option<String>) -> String {
    label.as_deref().map_or("null".to_string(), json_string)
}

/// The colours of all frames, each stored once: pictures refer to them by number.
#[derive(Default)]
struct Palette {
    colours: Vec<String>,
    numbers: HashMap<String, usize>,
}

impl Palette {
    fn number(&mut self, colour: &str) -> usize {
        if let Some(&number) = self.numbers.get(colour) {
            return number;
        }
        self.colours.push(colour.to_string());
        self.numbers
            .insert(colour.to_string(), self.colours.len() - 1);
        self.colours.len() - 1
    }
}

/// `{"palette":[colours],"frames":[{"caption","scores","picture"}]}`, a picture being
/// `{"columns","rows","cells":[colour numbers],"labels":[[cell,text]],
/// "lines":[[x1,y1,x2,y2,colour,width]],"dots":[[x,y,radius,colour,label]]}`.
fn frames_json(frames: &[Frame]) -> String {
    let mut palette = Palette::default();
    let frames: Vec<String> = frames
        .iter()
        .map(|frame| {
            format!(
                "{{\"caption\":{},\"scores\":[{},{}],\"picture\":{}}}",
                json_string(&frame.caption),
                frame.scores[0],
                frame.scores[1],
                picture_json(&frame.picture, &mut palette)
            )
        })
        .collect();
    let colours: Vec<String> = palette.colours.iter().map(|c| json_string(c)).collect();
    format!(
        "{{\"palette\":[{}],\n\"frames\":[\n{}]}}",
        colours.join(","),
        frames.join(",\n")
    )
}

fn picture_json(picture: &Picture, palette: &mut Palette) -> String {
    let cells: Vec<String> = picture
        .cells
        .iter()
        .map(|cell| palette.number(&cell.fill).to_string())
        .collect();
    let labels: Vec<String> = picture
        .cells
        .iter()
        .enumerate()
        .filter(|(_, cell)| cell.label.is_some())
        .map(|(index, cell)| format!("[{index},{}]", json_label(&cell.label)))
        .collect();
    let numbers = |numbers: &[f64]| {
        let numbers: Vec<String> = numbers.iter().map(|&n| json_number(n)).collect();
        numbers.join(",")
    };
    let mut lines = Vec::new();
    for line in &picture.lines {
        let ends = numbers(&[line.from.0, line.from.1, line.to.0, line.to.1]);
        let colour = palette.number(&line.colour);
        lines.push(format!("[{ends},{colour},{}]", json_number(line.width)));
    }
    let mut dots = Vec::new();
    for dot in &picture.dots {
        let disc = numbers(&[dot.at.0, dot.at.1, dot.radius]);
        let colour = palette.number(&dot.colour);
        dots.push(format!("[{disc},{colour},{}]", json_label(&dot.label)));
    }
    format!(
        "{{\"columns\":{},\"rows\":{},\"cells\":[{}],\"labels\":[{}],\"lines\":[{}],\"dots\":[{}]}}",
        picture.columns,
        picture.rows,
        cells.join(","),
        labels.join(","),
        lines.join(","),
        dots.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(caption: &str, fill: &str) -> Frame {
        Frame {
            caption: caption.to_string(),
            scores: [3, -2],
            picture: Picture::plain(2, 3, fill),
        }
    }

    fn three_frames() -> String {
        let frames = [
            frame("start", "red"),
            frame("move 1", "blue"),
            frame("move 2", "red"),
        ];
        page("Test", ["a", "b"], ["a: red", "b: blue"], &frames, "a wins")
    }

    #[test]
    fn the_page_holds_one_frame_per_frame_and_a_slider_over_them() {
        let html = three_frames();
        assert_eq!(html.matches("{\"caption\":").count(), 3);
        assert!(html.contains("max=\"2\""));
        assert!(html.contains("\"palette\":[\"red\",\"blue\"]"));
        assert!(html.contains("\"cells\":[1,1,1,1,1,1]"));
        assert!(html.contains("\"scores\":[3,-2]"));
    }

    #[test]
    fn text_from_players_is_escaped() {
        let evil = "<script>alert('x')</script>";
        let frames = [frame(evil, evil)];
        let html = page(evil, [evil, "b & c"], [evil, "\"q\""], &frames, evil);
        assert!(!html.contains("<script>alert"));
        assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
        assert!(html.contains("b &amp; c"));
        assert!(html.contains("&quot;q&quot;"));
        // In the data a caption or a colour cannot close the script element.
        assert!(html.contains("\"\\u003cscript\\u003ealert('x')\\u003c/script\\u003e\""));
        assert_eq!(html.matches("</script>").count(), 2);
    }

    #[test]
    fn the_page_loads_nothing_from_outside() {
        let html = three_frames();
        for external in ["http:", "https:", "://", "src=", "href=", "url(", "@import"] {
            assert!(!html.contains(external), "{external} in the page");
        }
    }

    #[test]
    fn numbers_are_json_and_short() {
        assert_eq!(json_number(0.5), "0.5");
        assert_eq!(json_number(3.0), "3");
        assert_eq!(json_number(1.0 / 3.0), "0.333");
        assert_eq!(json_number(f64::NAN), "null");
        assert_eq!(json_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\u000ad\"");
    }

    #[test]
    fn a_grid_has_a_line_along_each_row_and_column_edge() {
        let mut picture = Picture::plain(3, 2, "white");
        picture.add_grid();
        let ends: Vec<_> = picture.lines.iter().map(|l| (l.from, l.to)).collect();
        assert_eq!(
            ends,
            [
                ((0.0, 0.0), (3.0, 0.0)),
                ((0.0, 1.0), (3.0, 1.0)),
                ((0.0, 2.0), (3.0, 2.0)),
                ((0.0, 0.0), (0.0, 2.0)),
                ((1.0, 0.0), (1.0, 2.0)),
                ((2.0, 0.0), (2.0, 2.0)),
                ((3.0, 0.0), (3.0, 2.0))
            ]
        );
    }

    #[test]
    fn an_empty_replay_is_still_a_page() {
        let html = page("Empty", ["a", "b"], ["", ""], &[], "no game");
        assert!(html.contains("\"frames\":[\n]"));
        assert!(html.contains("max=\"0\""));
    }
}
