//! The race of the two tokens over the board: which cells each token reaches first, which both
//! reach in the same round, and all that each reaches. The engine's evaluation races in turns of
//! three steps, the arena's baselines in single steps or with each token blocked by the other,
//! and the arena's pictures in single steps: one race, its round and its blocking as arguments.

use crate::board::{ALL, Walls};

/// The outcome of a race between two tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Race {
    /// The cells each token reaches in fewer rounds than the other (its start included).
    pub first: [u64; 2],
    /// The cells both reach in the same round.
    pub tied: u64,
    /// Everything each token reaches through open sides, never through its `blocked` cells.
    pub reach: [u64; 2],
}

impl Race {
    /// Races two tokens from the cells `starts`, each round `steps` steps through open sides of
    /// `walls`, token `i` never entering `blocked[i]`, until neither reaches further.
    #[inline]
    pub fn run(walls: &Walls, starts: [u64; 2], blocked: [u64; 2], steps: u32) -> Race {
        let mut reach = starts;
        let (mut first, mut tied) = ([0u64; 2], 0u64);
        loop {
            let free = ALL & !(first[0] | first[1] | tied);
            let both = reach[0] & reach[1];
            first[0] |= reach[0] & free & !both;
            first[1] |= reach[1] & free & !both;
            tied |= both & free;
            for step in 0..steps {
                let next = [
                    (reach[0] | walls.step(reach[0])) & !blocked[0],
                    (reach[1] | walls.step(reach[1])) & !blocked[1],
                ];
                // A round whose first step adds nothing adds nothing at all: every claim of
                // this reach is made.
                if step == 0 && next == reach {
                    return Race { first, tied, reach };
                }
                reach = next;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, Dir};
    use proptest::prelude::*;

    /// The plain race: breadth-first distances of each token (one step at a time, never into
    /// its blocked cells), a cell going to the token that reaches it in fewer rounds.
    fn by_distances(walls: &Walls, starts: [Cell; 2], blocked: [u64; 2], steps: u32) -> Race {
        let distance = |side: usize| {
            let mut rounds = [u32::MAX; 49];
            let mut reached = starts[side].bit();
            let mut step = 0u32;
            loop {
                for (index, round) in rounds.iter_mut().enumerate() {
                    if reached >> index & 1 == 1 && *round == u32::MAX {
                        *round = step.div_ceil(steps);
                    }
                }
                let next = (reached | walls.step(reached)) & !blocked[side];
                if next == reached {
                    return (rounds, reached);
                }
                reached = next;
                step += 1;
            }
        };
        let ((near, reach0), (far, reach1)) = (distance(0), distance(1));
        let (mut first, mut tied) = ([0u64; 2], 0u64);
        for index in 0..49 {
            let bit = 1u64 << index;
            match near[index].cmp(&far[index]) {
                std::cmp::Ordering::Less => first[0] |= bit,
                std::cmp::Ordering::Greater => first[1] |= bit,
                std::cmp::Ordering::Equal if near[index] != u32::MAX => tied |= bit,
                std::cmp::Ordering::Equal => {}
            }
        }
        Race {
            first,
            tied,
            reach: [reach0, reach1],
        }
    }

    proptest! {
        #[test]
        fn the_race_is_the_plain_race_by_distances(
            edges in proptest::collection::vec((0u8..7, 0u8..7, 0usize..4), 0..40),
            tokens in ((0u8..7, 0u8..7), (0u8..7, 0u8..7)),
            steps in 1u32..4,
            block in any::<bool>(),
        ) {
            let mut walls = Walls::default();
            for (x, y, dir) in edges {
                let (cell, dir) = (Cell::new(x, y), Dir::ALL[dir]);
                if !walls.has(cell, dir) {
                    walls.add(cell, dir);
                }
            }
            let starts = [Cell::new(tokens.0.0, tokens.0.1), Cell::new(tokens.1.0, tokens.1.1)];
            prop_assume!(starts[0] != starts[1]);
            let bits = starts.map(Cell::bit);
            let blocked = if block { [bits[1], bits[0]] } else { [0, 0] };
            let race = Race::run(&walls, bits, blocked, steps);
            prop_assert_eq!(race, by_distances(&walls, starts, blocked, steps));
        }
    }
}
