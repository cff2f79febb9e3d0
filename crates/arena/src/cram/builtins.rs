//! The built-in players of Cram, in the referee's process and as processes.

use floodgate_cram_core::board::{Board, Domino, Square};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::Rng;

use crate::error::Error;
use crate::player::Builtin;
use crate::serve::{self, Lines, protocol};

impl Builtin {
    /// The domino this strategy plays on `board` (which must have one).
    ///
    /// Random: uniform over the legal dominoes. Greedy: the domino that leaves the opponent
    /// the fewest moves, that is whose two cells have the most empty neighbours (a domino
    /// takes away every move through its cells), ties broken at random.
    pub fn choose_domino(self, board: &Board, rng: &mut Xoshiro256PlusPlus) -> Domino {
        if let Self::AlphaBeta(limit) = self {
            return super::baseline::choose(board, limit);
        }
        if self == Self::Random {
            // Uniform over (cell, direction) pairs until one is legal: uniform over the legal
            // dominoes without listing them (a 999 x 999 board has two million).
            let n = board.rows();
            for _ in 0..64 {
                let number = (rng.next_u64() % (2 * n * n) as u64) as usize;
                let domino = Domino::numbered(number, n);
                if board.is_legal(domino) {
                    return domino;
                }
            }
        }
        let (right, below) = board.move_starts();
        let domino = |cell: floodgate_bitgrid::Cell, vertical: bool| {
            let first = Square {
                row: cell.y,
                column: cell.x,
            };
            Domino::from_first(first, vertical)
        };
        let dominoes = || {
            right
                .iter()
                .map(move |c| domino(c, false))
                .chain(below.iter().map(move |c| domino(c, true)))
        };
        match self {
            Self::Random | Self::AlphaBeta(_) | Self::Reach(_) => {
                let count = right.len() + below.len();
                let pick = (rng.next_u64() % count as u64) as usize;
                dominoes().nth(pick).expect("a legal domino")
            }
            Self::Greedy => {
                let score =
                    |d: &Domino| board.empty_neighbours(d.first) + board.empty_neighbours(d.second);
                let best = dominoes().map(|d| score(&d)).max().expect("a legal domino");
                let ties = dominoes().filter(|d| score(d) == best).count();
                let pick = (rng.next_u64() % ties as u64) as usize;
                dominoes()
                    .filter(|d| score(d) == best)
                    .nth(pick)
                    .expect("a tie")
            }
        }
    }
}

/// Plays a whole game as `builtin` over the judge's protocol on standard input and output.
pub fn serve(builtin: Builtin, seed: u64) -> Result<(), Error> {
    use floodgate_cram_core::codec::{parse_init, parse_move};
    let mut lines = Lines::stdin();
    let init = lines.next_line()?;
    let init = init.ok_or_else(|| protocol("the input ended before the init line"))?;
    let mut board = parse_init(&init).map_err(protocol)?;
    let mut rng = serve::rng_from(seed, init.len() as u64);
    serve::say("OK")?;
    while let Some(line) = lines.next_line()? {
        let line = line.trim_end_matches('\r');
        match line {
            "STOP" => break,
            "START" => {}
            _ => board.play(parse_move(line, &board).map_err(protocol)?),
        }
        if !board.has_move() {
            return Err(protocol("asked to move with no domino left"));
        }
        let domino = builtin.choose_domino(&board, &mut rng);
        serve::say(&domino.to_string())?;
        board.play(domino);
    }
    Ok(())
}
