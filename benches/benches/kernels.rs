//! The bitgrid kernels on large planes: flood through random and serpentine regions, dilation,
//! and connected components.
//!
//! Run: `cargo bench -p floodgate-benches --bench kernels`

use std::hint::black_box;
use std::time::Duration;

use bitgrid::{Cell, Connectivity, Plane, flood};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use floodgate_benches::boards::serpentine_corridor;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A plane whose cells are set independently with probability `percent / 100`.
fn random_plane(size: usize, percent: u64, seed: u64) -> Plane {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Plane::from_fn(size, size, |_| rng.next_u64() % 100 < percent)
}

fn corner(plane: &Plane) -> Plane {
    let mut seed = plane.new_like();
    seed.insert(Cell::new(0, 0));
    seed
}

fn floods(c: &mut Criterion) {
    let mut group = c.benchmark_group("flood4");
    let cases = [
        ("random60-255", random_plane(255, 60, 7)),
        ("random60-999", random_plane(999, 60, 7)),
        ("serpentine-rows-255", serpentine_corridor(255, false)),
        ("serpentine-columns-255", serpentine_corridor(255, true)),
        ("serpentine-rows-999", serpentine_corridor(999, false)),
        ("full-999", Plane::full(999, 999)),
    ];
    for (name, within) in &cases {
        let mut seeds = corner(within);
        seeds.insert(Cell::new(within.width() / 2, within.height() / 2));
        group.bench_with_input(BenchmarkId::from_parameter(name), within, |b, within| {
            b.iter(|| flood(black_box(&seeds), black_box(within), Connectivity::Four))
        });
    }
    group.finish();
}

fn other_kernels(c: &mut Criterion) {
    let plane = random_plane(999, 60, 7);
    c.bench_function("dilate8/random60-999", |b| {
        b.iter(|| black_box(&plane).dilate(Connectivity::Eight))
    });
    let small = random_plane(255, 40, 7);
    c.bench_function("components4/random40-255", |b| {
        b.iter(|| black_box(&small).components(Connectivity::Four).count())
    });
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = floods, other_kernels }
criterion_main!(benches);
