//! Referees that run bots exactly as the contest judges do, and the matches built on them.
//!
//! - [`referee`]: the [`referee::Referee`] trait every game implements once: starts, one game
//!   under the judge's protocol and limits, replays;
//! - [`floodwars`], [`grow`], [`domain`], [`cram`]: the four judges' referees, each with its
//!   judge's quirks, and how the built-in players play that game; [`go`]: two GTP engines
//!   playing Go by the Tromp-Taylor rules;
//! - [`player`]: built-in strategies and external programs as named players;
//! - [`baseline`]: the `alphabeta:D` and `alphabeta:Nms` built-ins, plain alpha-beta searches to
//!   a depth or for a time;
//! - [`process`]: one run of a bot process, or a session with one, with its time and memory;
//! - [`record`]: the record of a game, the same for every game (JSONL);
//! - [`matchup`]: board pairs from both seats, in parallel, and the match summary;
//! - [`tournament`]: round robins with standings and a crosstable;
//! - [`sprt`]: pentanomial statistics of board pairs and the sequential probability ratio test;
//! - [`stats`]: Elo from scores, percentiles;
//! - [`replay`] and [`html`]: recorded games as text or as a self-contained HTML page.
#![deny(missing_docs)]

pub mod baseline;
pub mod cram;
pub mod domain;
pub mod floodwars;
pub mod go;
pub mod grow;
pub mod html;
pub mod matchup;
pub mod player;
pub mod process;
pub mod record;
pub mod referee;
pub mod replay;
pub mod sprt;
pub mod stats;
pub mod tournament;
