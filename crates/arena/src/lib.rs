//! Referees that run bots exactly as the contest judges do, and the matches built on them.
//!
//! - [`baseline`]: the built-in search baselines `alphabeta:D`, a fixed-depth alpha-beta per game;
//! - [`process`]: one run of a bot process: input, a wall-clock limit (the process is killed
//!   when it passes), exit status, wall time and peak memory (`wait4`'s `ru_maxrss`);
//! - [`cram`]: the Cram referee (one process per game, line protocol), built-in players;
//! - [`domain`]: the Domain Expansion referee (one process per game, line protocol);
//! - [`grow`]: the Grow referee (one process per move, mirrored grid), built-in players;
//! - [`floodwars`]: the Flood Wars referee (one process per move), built-in players, boards;
//! - [`player`]: built-in strategies and external programs as players;
//! - [`matchup`]: matches on seeded boards from both seats, in parallel, and their summary;
//! - [`stats`]: Elo differences with confidence intervals, percentiles.
#![deny(missing_docs)]

pub mod baseline;
pub mod cram;
pub mod domain;
pub mod floodwars;
pub mod grow;
pub mod matchup;
pub mod player;
pub mod process;
pub mod stats;
