//! Scoring Go boards: the bitgrid scorer against the plain BFS scorer and the seed's relaxation.
//!
//! Run: `cargo bench -p floodgate-benches --bench go_score`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use floodgate_benches::boards::{random_board, serpentine_board};
use floodgate_benches::seed_relaxation;
use floodgate_go_core::{Board, reference};

fn boards() -> Vec<(&'static str, Board)> {
    vec![
        ("random-9", random_board(9, 1)),
        ("random-19", random_board(19, 1)),
        ("random-255", random_board(255, 1)),
        ("serpentine-19", serpentine_board(19)),
        ("serpentine-255", serpentine_board(255)),
    ]
}

fn scorers(c: &mut Criterion) {
    let mut group = c.benchmark_group("score");
    for (name, board) in boards() {
        group.bench_with_input(BenchmarkId::new("bitgrid", name), &board, |b, board| {
            b.iter(|| black_box(board).score())
        });
        group.bench_with_input(BenchmarkId::new("bfs", name), &board, |b, board| {
            b.iter(|| reference::score(black_box(board)))
        });
        if name != "serpentine-255" {
            group.bench_with_input(BenchmarkId::new("relaxation", name), &board, |b, board| {
                b.iter(|| seed_relaxation::score(black_box(board)))
            });
        }
    }
    group.finish();

    // The relaxation baseline takes most of a second on the serpentine: few samples.
    let mut slow = c.benchmark_group("score-slow");
    slow.sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(1));
    let board = serpentine_board(255);
    slow.bench_function("relaxation/serpentine-255", |b| {
        b.iter(|| seed_relaxation::score(black_box(&board)))
    });
    slow.finish();
}

fn parser(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    for (name, board) in [
        ("random-19", random_board(19, 1)),
        ("random-255", random_board(255, 1)),
    ] {
        let text = board.to_string();
        group.bench_with_input(BenchmarkId::new("from_bytes", name), &text, |b, text| {
            b.iter(|| Board::from_bytes(black_box(text.as_bytes())))
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = scorers, parser }
criterion_main!(benches);
