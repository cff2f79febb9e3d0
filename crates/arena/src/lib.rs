//! Referees that run bots exactly as the contest judges do, and the matches built on them.
//!
//! - [`referee`]: the [`referee::Referee`] trait every game implements once: its name, limit,
//!   settings and starts, over its [`turn::Judge`] and its [`replay::Replay`]; [`turn`]: the
//!   one turn loop every game is played with, over the hooks of each game's [`turn::Judge`];
//!   [`termination`]: how a game ended, typed; [`clock`]: time controls with a clock over the
//!   game (`--tc`), and the clock the referee keeps for each program;
//! - one folder per game, each with its referee (the judge's protocol, limits and quirks),
//!   its built-in players (`builtins`), its `alphabeta` baseline (`baseline`) and its replay:
//!   states, text and pictures (`picture`): [`floodwars`], [`grow`], [`domain`], [`cram`], and
//!   [`go`] (two GTP engines playing Go by the Tromp-Taylor rules; no baseline);
//! - [`balanced`]: balanced start sets, candidates each game's own engine finds open;
//! - [`start_file`]: start files (`--starts`) and single starts (`--board`), read before any
//!   game, and which start each board pair plays;
//! - [`games`]: the registry that lists the games and turns a name into a referee;
//! - [`player`]: built-in strategies and external programs as named players;
//! - [`baseline`]: what the `alphabeta:D` and `alphabeta:Nms` built-ins share, plain
//!   alpha-beta searches to a depth or for a time; [`serve`]: what the built-ins need to run
//!   as processes (`arena player`);
//! - [`process`]: one run of a bot process, or a session with one, with its time and memory;
//!   [`pen`]: every process a player starts ends with its game; `procfs`: what the referee
//!   reads of a process in `/proc`;
//! - [`record`]: the record of a game, the same for every game (JSONL);
//! - [`matchup`]: board pairs from both seats, in parallel, and the match summary;
//! - [`tournament`]: round robins with standings and a crosstable;
//! - [`sprt`]: pentanomial statistics of board pairs and the sequential probability ratio test;
//!   [`sprt_match`]: an SPRT played pair by pair, and resumed from its file;
//! - [`game_files`]: the files a run writes its games to, the `--jsonl` file and (Go) the
//!   `--sgf` folder;
//! - [`jsonl`]: the `--jsonl` files of games, written pair by pair and read back; [`resume`]:
//!   a stopped run's complete pairs taken as played, and only the missing ones played;
//! - [`shard`] and [`shards`]: which share of a match a run plays, and the shards' files merged
//!   back into one match or pooled into one SPRT;
//! - [`stats`]: Elo from scores, percentiles;
//! - [`replay`]: what each game's replay shows ([`replay::Replay`]); [`playback`]: a recorded
//!   game of any game as text or, through [`html`], as a self-contained HTML page;
//! - [`error`]: the one error type of the library.
#![deny(missing_docs)]

pub mod balanced;
pub mod baseline;
pub mod clock;
pub mod cram;
pub mod domain;
pub mod error;
pub mod floodwars;
pub mod game_files;
pub mod games;
pub mod go;
pub mod grow;
pub mod html;
pub mod jsonl;
pub mod matchup;
pub mod pen;
pub mod playback;
pub mod player;
pub mod process;
pub(crate) mod procfs;
pub mod record;
pub mod referee;
pub mod replay;
pub mod resume;
pub mod sandbox;
pub mod serve;
pub mod shard;
pub mod shards;
pub mod sprt;
pub mod sprt_match;
pub mod start_file;
pub mod stats;
pub mod termination;
pub mod tournament;
pub mod turn;
