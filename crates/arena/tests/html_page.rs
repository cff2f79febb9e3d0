//! Replay pages of real games, written under the target directory and, when Chromium is
//! installed, opened headless: a screenshot of each, and the DOM after the page's script ran.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use floodgate_arena::html::{Frame, page};
use floodgate_arena::{cram, domain, floodwars, grow};
use floodgate_cram_core::board::{Board, Domino, Square};
use floodgate_domain_core::state::State as DomainState;
use floodgate_floodwars_core::{Colour, Position, Side};
use floodgate_grow_core::state::State as GrowState;

/// A replay page and what its frames are.
struct Replay {
    name: &'static str,
    html: String,
    frames: Vec<Frame>,
}

/// A 16 x 12 board from a fixed pseudo-random sequence, corners of different colours.
fn floodwars_board() -> Position {
    let mut seed: u32 = 12345;
    let mut rows: Vec<Vec<Colour>> = (0..12)
        .map(|_| {
            (0..16)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    Colour::ALL[(seed >> 16) as usize % 5]
                })
                .collect()
        })
        .collect();
    if rows[11][0] == rows[0][15] {
        rows[11][0] = Colour::ALL[(rows[0][15].index() + 1) % 5];
    }
    Position::new(&rows, Side::J, 0).expect("a 16 x 12 board, corners of different colours")
}

/// A whole Flood Wars game, each player picking the colour that grows its area most.
fn floodwars_replay() -> Replay {
    let mut position = floodwars_board();
    let score = |p: &Position| [p.score().j as i64, p.score().s as i64];
    let mut frames = vec![Frame {
        caption: "start".to_string(),
        scores: score(&position),
        picture: floodwars::picture::picture(&position),
    }];
    while !position.is_over() {
        let side = position.to_move();
        let colour = position
            .legal_moves()
            .max_by_key(|&c| (position.play(c).area(side).len(), c))
            .expect("three legal colours");
        position = position.play(colour);
        frames.push(Frame {
            caption: format!(
                "move {}: {} picks {}",
                frames.len(),
                side.letter(),
                colour.to_byte() as char
            ),
            scores: score(&position),
            picture: floodwars::picture::picture(&position),
        });
    }
    let [j, s] = score(&position);
    let result = format!("J {j}, S {s}");
    Replay {
        name: "floodwars",
        html: page(
            "Flood Wars: greedy <J> vs greedy \"S\"",
            ["greedy <J>", "greedy \"S\""],
            floodwars::picture::LEGEND,
            &frames,
            &result,
        ),
        frames,
    }
}

/// Picks the `n`-th of `moves` in a fixed scrambled order, so the games wander a little.
fn pick<T: Copy>(moves: &[T], n: usize) -> T {
    moves[(n * 7 + 3) % moves.len()]
}

/// Grow until the first kill, whose frame shows the killer's frozen leaves (or 300 moves).
fn grow_replay() -> Replay {
    let mut state = GrowState::default();
    let mut frames = vec![Frame {
        caption: "start".to_string(),
        scores: [0, 0],
        picture: grow::picture::picture(&state),
    }];
    for n in 0..300 {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let side = state.to_move();
        let chosen = pick(&moves, n);
        let (next, effects) = state.play(chosen);
        state = next;
        let kills = if effects.kills > 0 { ", a kill" } else { "" };
        frames.push(Frame {
            caption: format!("move {}: side {side} plays {chosen}{kills}", n + 1),
            scores: state.scores().map(i64::from),
            picture: grow::picture::picture(&state),
        });
        if effects.kills > 0 {
            break;
        }
    }
    replay("grow", "Grow", grow::picture::LEGEND, frames)
}

/// Domain Expansion until the tokens are cut apart (or 30 actions).
fn domain_replay() -> Replay {
    let mut state = DomainState::default();
    let sizes = |s: &DomainState| s.domain_sizes().map(i64::from);
    let mut frames = vec![Frame {
        caption: "start".to_string(),
        scores: sizes(&state),
        picture: domain::picture::picture(&state),
    }];
    for n in 0..30 {
        if state.is_over() {
            break;
        }
        let mut actions = Vec::new();
        state.legal_actions(&mut actions);
        let chosen = pick(&actions, n);
        let player = state.to_move();
        state = state.play(chosen);
        frames.push(Frame {
            caption: format!("move {}: player {player} plays {chosen}", n + 1),
            scores: sizes(&state),
            picture: domain::picture::picture(&state),
        });
    }
    replay(
        "domain",
        "Domain Expansion",
        domain::picture::LEGEND,
        frames,
    )
}

/// Cram on a 7 x 7 board with three cells filled before the game, until no domino fits.
fn cram_replay() -> Replay {
    let mut board = Board::new(7, 7);
    for (row, column) in [(0, 3), (3, 3), (5, 1)] {
        board.fill(Square { row, column });
    }
    let mut played: Vec<Domino> = Vec::new();
    let mut frames = vec![Frame {
        caption: "start".to_string(),
        scores: [0, 0],
        picture: cram::picture::picture(&board, &played),
    }];
    while board.has_move() {
        let domino = pick(&board.moves(), played.len());
        board.play(domino);
        played.push(domino);
        let first_movers = played.len().div_ceil(2) as i64;
        frames.push(Frame {
            caption: format!("move {}: {domino}", played.len()),
            scores: [first_movers, played.len() as i64 - first_movers],
            picture: cram::picture::picture(&board, &played),
        });
    }
    replay("cram", "Cram", cram::picture::LEGEND, frames)
}

fn replay(name: &'static str, title: &str, legend: [&str; 2], frames: Vec<Frame>) -> Replay {
    let html = page(
        title,
        ["first bot", "second bot"],
        legend,
        &frames,
        &format!("after {} moves", frames.len() - 1),
    );
    Replay { name, html, frames }
}

fn replays() -> Vec<Replay> {
    vec![
        floodwars_replay(),
        grow_replay(),
        domain_replay(),
        cram_replay(),
    ]
}

/// A fresh directory under the target directory (kept after the test, for a look).
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    if dir.exists() {
        fs::remove_dir_all(&dir).expect("the old directory can be removed");
    }
    fs::create_dir_all(&dir).expect("the directory can be made");
    dir
}

#[test]
fn real_games_make_pages_with_every_frame_and_nothing_external() {
    for replay in replays() {
        assert!(replay.frames.len() >= 4, "{}: a short game", replay.name);
        assert_eq!(
            replay.html.matches("{\"caption\":").count(),
            replay.frames.len(),
            "{}",
            replay.name
        );
        for external in ["http:", "https:", "src=", "href=", "url("] {
            assert!(!replay.html.contains(external), "{}", replay.name);
        }
    }
    let grow = grow_replay();
    let last = &grow.frames.last().expect("frames").picture;
    let frozen = last.dots.iter().filter(|d| d.label.as_deref() == Some("F"));
    assert!(frozen.count() > 0, "the Grow game ends on a kill");
}

/// `/usr/bin/chromium`, or `chromium` on the `PATH`.
fn chromium() -> Option<PathBuf> {
    let installed = Path::new("/usr/bin/chromium");
    if installed.is_file() {
        return Some(installed.to_path_buf());
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join("chromium"))
        .find(|path| path.is_file())
}

/// Runs headless Chromium on `url` with `extra` arguments and a new profile in `dir`, its
/// output going to `dir/<name>.out`; kills it after two minutes. Returns the output.
fn run_chromium(chromium: &Path, dir: &Path, name: &str, extra: &[String], url: &str) -> String {
    let profile = dir.join(format!("{name}.profile"));
    let out = dir.join(format!("{name}.out"));
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out).expect("the output file"))
        .stderr(fs::File::create(dir.join(format!("{name}.err"))).expect("the error file"))
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().expect("chromium can be waited for") {
            assert!(status.success(), "chromium {name}: {status}");
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium {name} ran for two minutes and was killed");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    fs::read_to_string(out).expect("chromium's output")
}

/// Width and height of a PNG image, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    let number = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (number(16), number(20))
}

#[test]
fn chromium_draws_every_game() {
    let Some(chromium) = chromium() else {
        eprintln!("skipped: chromium not installed");
        return;
    };
    let dir = fresh_dir("html_page");
    for replay in replays() {
        let name = replay.name;
        let file = dir.join(format!("{name}.html"));
        fs::write(&file, &replay.html).expect("the page is written");
        let url = format!("file://{}", file.display());

        let last = replay.frames.len() - 1;
        let png = dir.join(format!("{name}.png"));
        let screenshot = [
            format!("--screenshot={}", png.display()),
            "--window-size=900,900".to_string(),
        ];
        run_chromium(
            &chromium,
            &dir,
            &format!("{name}-shot"),
            &screenshot,
            &format!("{url}#{last}"),
        );
        let image = fs::read(&png).expect("chromium wrote the screenshot");
        assert_eq!(png_size(&image), (900, 900), "{name}");
        assert!(
            image.len() > 15_000,
            "{name}: a {} byte screenshot is blank",
            image.len()
        );

        let dump = [
            "--dump-dom".to_string(),
            "--virtual-time-budget=2000".to_string(),
        ];
        let dom = run_chromium(
            &chromium,
            &dir,
            &format!("{name}-dom"),
            &dump,
            &format!("{url}#2"),
        );
        let frame = &replay.frames[2];
        assert!(
            dom.contains("data-shown=\"2\""),
            "{name}: the script did not run"
        );
        let caption = format!("<p id=\"caption\">{}</p>", frame.caption);
        assert!(dom.contains(&caption), "{name}: no {caption}");
        let picture = &frame.picture;
        assert_eq!(dom.matches("<rect ").count(), picture.cells.len(), "{name}");
        assert_eq!(dom.matches("<line ").count(), picture.lines.len(), "{name}");
        assert_eq!(
            dom.matches("<circle ").count(),
            picture.dots.len(),
            "{name}"
        );
        let scores = format!("id=\"score0\">{}</span>", frame.scores[0]);
        assert!(dom.contains(&scores), "{name}: no {scores}");
    }
}
