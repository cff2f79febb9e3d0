//! The text of live analysis, as GUIs read it: Leela Zero's and KataGo's `info` lines, and
//! GoGui's graphics for `floodgate-candidates`.

use std::fmt::Write;

use super::{AnalyzeRequest, AnalyzeStyle, GtpMove};
use crate::engine::Candidate;
use crate::turn::{Colour, Move};

/// The moves a line lists, from candidates sorted the most searched first: the searched ones
/// (at least one candidate, at least `min_moves`), at most `max_moves`.
pub(super) fn listed(candidates: &[Candidate], request: &AnalyzeRequest) -> usize {
    let searched = candidates.iter().filter(|c| c.playouts > 0).count();
    let wanted = searched.max(request.min_moves).max(1);
    wanted
        .min(request.max_moves.unwrap_or(usize::MAX))
        .min(candidates.len())
}

/// A lower bound of a win rate `rate` seen over `playouts` (the normal approximation at 95%,
/// not below 0): Leela Zero's and KataGo's `lcb`.
fn lower_bound(rate: f64, playouts: u32) -> f64 {
    if playouts == 0 {
        return 0.0;
    }
    let spread = (rate * (1.0 - rate) / f64::from(playouts)).sqrt();
    (rate - 1.96 * spread).max(0.0)
}

/// How a move is written on a board of side `size`.
fn vertex(m: Move, size: usize) -> GtpMove {
    GtpMove::from_move(m, size)
}

/// One analysis line: `info move V visits N winrate W prior P lcb L order K pv V V ...` for
/// each candidate, on one line (KataGo's also `scoreMean` and `scoreLead`, from `leads`: the
/// side to move's lead after each move). Never empty, as an empty line would end the reply.
pub(super) fn info_line(
    style: AnalyzeStyle,
    candidates: &[Candidate],
    leads: &[f64],
    size: usize,
) -> String {
    let mut line = String::new();
    for (order, c) in candidates.iter().enumerate() {
        let lcb = lower_bound(c.win_rate, c.playouts);
        let mv = vertex(c.mv, size);
        if !line.is_empty() {
            line.push(' ');
        }
        match style {
            AnalyzeStyle::LeelaZero => {
                let ten_thousandths = |x: f64| (x * 10000.0).round() as u32;
                let (win, prior) = (ten_thousandths(c.win_rate), ten_thousandths(c.prior));
                let lcb = ten_thousandths(lcb);
                let _ = write!(
                    line,
                    "info move {mv} visits {} winrate {win} prior {prior} lcb {lcb}",
                    c.playouts
                );
            }
            AnalyzeStyle::KataGo => {
                let lead = leads.get(order).copied().unwrap_or(0.0);
                let _ = write!(
                    line,
                    "info move {mv} visits {} winrate {:.6} scoreMean {lead:.2} scoreLead {lead:.2} prior {:.6} lcb {lcb:.6}",
                    c.playouts, c.win_rate, c.prior
                );
            }
        }
        let _ = write!(line, " order {order} pv");
        for &m in &c.line {
            let _ = write!(line, " {}", vertex(m, size));
        }
    }
    if line.is_empty() {
        line.push_str("info");
    }
    line
}

/// GoGui's graphics of a search for `colour`: the best line as a variation, each searched
/// candidate labelled with its win rate in percent, and a line of text.
pub(super) fn gogui_graphics(
    candidates: &[Candidate],
    colour: Colour,
    playouts: u64,
    size: usize,
) -> String {
    let mut out = String::from("VAR");
    let mut player = colour;
    for &m in candidates.first().map_or(&[][..], |c| &c.line[..]) {
        let _ = write!(out, " {} {}", super::colour_word(player), vertex(m, size));
        player = player.other();
    }
    out.push_str("\nLABEL");
    for c in candidates
        .iter()
        .filter(|c| c.playouts > 0 && c.mv != Move::Pass)
    {
        let _ = write!(out, " {} {:.0}%", vertex(c.mv, size), 100.0 * c.win_rate);
    }
    let best = candidates.first().map_or(Move::Pass, |c| c.mv);
    let rate = candidates.first().map_or(0.0, |c| c.win_rate);
    let _ = write!(
        out,
        "\nTEXT {playouts} playouts; best {} ({:.1}% for {})",
        vertex(best, size),
        100.0 * rate,
        if colour == Colour::Black {
            "Black"
        } else {
            "White"
        }
    );
    out
}
