//! Who wins each board of a recorded Flood Wars match under perfect play, beside the games
//! played on it: the exact solver of `floodgate_floodwars_core::solve` (a null-window alpha-beta over the
//! graph of groups to the end of the game, valued by the exact point margin) on each board's
//! first position, J to move. This example only reads the match and prints the table.
//!
//! `cargo run --release -p floodgate-arena --example perfect_play -- MATCH.jsonl [POSITIONS [CELLS]]`
//!
//! `MATCH.jsonl` is a match's `--jsonl` file. `POSITIONS` (default 100 million) bounds the
//! positions searched for a board; a board that needs more is reported unsolved. A line of play
//! that reaches the 150-move limit ends there, scored as the judge scores it. Boards of more
//! than `CELLS` cells (default: none) are left out. The table of proven bounds has 2^25 entries
//! (512 MB).

use std::collections::BTreeMap;

use floodgate_arena::floodwars::start_position;
use floodgate_arena::record::MatchLine;
use floodgate_floodwars_core::solve::Solver;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .ok_or("usage: perfect_play MATCH.jsonl [POSITIONS [CELLS]]")?;
    let mut count = |default| match args.next() {
        Some(text) => text.parse().map_err(|_| format!("not a count: {text:?}")),
        None => Ok(default),
    };
    let limit = count(100_000_000)?;
    let most_cells = count(u64::MAX)?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    // Each board's start and, for each of its games, a's seat and J's margin.
    let mut boards: BTreeMap<usize, (String, Vec<(u8, i64)>)> = BTreeMap::new();
    for line in text.lines() {
        let game = MatchLine::parse(line).map_err(|e| e.to_string())?;
        let points = game.record.points;
        let board = boards
            .entry(game.pair)
            .or_insert_with(|| (game.record.start.clone(), Vec::new()));
        board.1.push((game.a_seat, points[0] - points[1]));
    }
    println!(
        "| pair | board | perfect play | positions | J's margin, a as J | J's margin, a as S |"
    );
    println!("|---|---|---|---|---|---|");
    let (mut tried, mut solved, mut games, mut agree) = (0, 0, 0, 0);
    for (pair, (start, margins)) in &boards {
        let position = start_position(start).map_err(|e| format!("the recorded board: {e}"))?;
        let size = format!("{} x {}", position.width(), position.height());
        let cells = position.width() * position.height();
        if cells as u64 > most_cells {
            continue;
        }
        tried += 1;
        let mut solver = Solver::new(limit, cells, 25);
        let winner = solver.solve(&position);
        let verdict = match winner {
            None => "unsolved",
            Some(1) => "J wins",
            Some(0) => "draw",
            Some(_) => "S wins",
        };
        if let Some(winner) = winner {
            solved += 1;
            games += margins.len();
            let right = |&&(_, margin): &&(u8, i64)| margin.signum() == i64::from(winner);
            agree += margins.iter().filter(right).count();
        }
        let seat = |seat| {
            let found = margins.iter().filter(|&&(a_seat, _)| a_seat == seat);
            let found = found.map(|(_, margin)| format!("{margin:+}"));
            found.collect::<Vec<_>>().join(", ")
        };
        println!(
            "| {pair} | {size} | {verdict} | {} | {} | {} |",
            solver.positions(),
            seat(0),
            seat(1)
        );
    }
    println!(
        "\n{solved} of {tried} boards solved; in {agree} of their {games} games the result was the one perfect play gives"
    );
    Ok(())
}
