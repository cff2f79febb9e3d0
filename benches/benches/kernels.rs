//! The bitgrid kernels on large planes, and on a 19 x 19 one for the cost of a call: flood
//! through random and serpentine regions (against a plain breadth-first flood over a byte
//! grid), dilation, counting cells, connected components and labels (a label per cell, as
//! `benches/compare-labeling.sh` times against OpenCV and SciPy). Throughput
//! is in cells of the plane per second.
//!
//! Run: `cargo bench -p floodgate-benches --bench kernels` (add `-- --quick` for a short run).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use floodgate_benches::bfs::ByteGrid;
use floodgate_benches::boards::serpentine_corridor;
use floodgate_bitgrid::{Cell, Connectivity, Plane, flood};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

/// A plane whose cells are set independently with probability `percent / 100`.
fn random_plane(size: usize, percent: u64, seed: u64) -> Plane {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    Plane::from_fn(size, size, |_| rng.next_u64() % 100 < percent)
}

fn floods(c: &mut Criterion) {
    let mut group = c.benchmark_group("flood4");
    let cases = [
        ("random60-19", random_plane(19, 60, 7)),
        ("random60-255", random_plane(255, 60, 7)),
        ("random60-999", random_plane(999, 60, 7)),
        ("serpentine-rows-255", serpentine_corridor(255, false)),
        ("serpentine-columns-255", serpentine_corridor(255, true)),
        ("serpentine-rows-999", serpentine_corridor(999, false)),
        ("full-999", Plane::full(999, 999)),
    ];
    for (name, within) in &cases {
        let starts = [
            Cell::new(0, 0),
            Cell::new(within.width() / 2, within.height() / 2),
        ];
        let mut seeds = within.new_like();
        for &start in &starts {
            seeds.insert(start);
        }
        group.throughput(Throughput::Elements(
            (within.width() * within.height()) as u64,
        ));
        group.bench_with_input(BenchmarkId::new("bitgrid", name), within, |b, within| {
            b.iter(|| flood(black_box(&seeds), black_box(within), Connectivity::Four))
        });
        let bytes = ByteGrid::from_plane(within);
        group.bench_with_input(BenchmarkId::new("bfs", name), &bytes, |b, bytes| {
            b.iter(|| black_box(bytes).flood4(black_box(&starts)))
        });
    }
    group.finish();
}

fn other_kernels(c: &mut Criterion) {
    let plane = random_plane(999, 60, 7);
    let mut group = c.benchmark_group("dilate8");
    group.throughput(Throughput::Elements(999 * 999));
    group.bench_function("random60-999", |b| {
        b.iter(|| black_box(&plane).dilate(Connectivity::Eight))
    });
    group.finish();
    let mut group = c.benchmark_group("len");
    for size in [19, 999] {
        let plane = random_plane(size, 40, 7);
        group.throughput(Throughput::Elements((size * size) as u64));
        group.bench_with_input(BenchmarkId::from_parameter(size), &plane, |b, plane| {
            b.iter(|| black_box(plane).len())
        });
    }
    group.finish();
    let small = random_plane(255, 40, 7);
    let mut group = c.benchmark_group("components4");
    group.throughput(Throughput::Elements(255 * 255));
    group.bench_function("random40-255", |b| {
        b.iter(|| black_box(&small).components(Connectivity::Four).count())
    });
    group.finish();
}

fn labels(c: &mut Criterion) {
    let cases = [
        ("random40-19", random_plane(19, 40, 7)),
        ("random40-255", random_plane(255, 40, 7)),
        ("random60-255", random_plane(255, 60, 7)),
        ("random40-999", random_plane(999, 40, 7)),
        ("random60-999", random_plane(999, 60, 7)),
        ("serpentine-rows-255", serpentine_corridor(255, false)),
        ("serpentine-columns-255", serpentine_corridor(255, true)),
        ("full-999", Plane::full(999, 999)),
    ];
    for (group, connectivity) in [
        ("label4", Connectivity::Four),
        ("label8", Connectivity::Eight),
    ] {
        let mut group = c.benchmark_group(group);
        for (name, plane) in &cases {
            group.throughput(Throughput::Elements(
                (plane.width() * plane.height()) as u64,
            ));
            group.bench_with_input(BenchmarkId::from_parameter(name), plane, |b, plane| {
                b.iter(|| black_box(plane).label_components(connectivity))
            });
        }
        group.finish();
    }
}

/// What a caller holding an image pays around the labeling (the Python package's `label`):
/// packing one byte a cell into a plane, labels written into a buffer of its own, and a plane
/// unpacked to one byte a cell.
fn bytes(c: &mut Criterion) {
    let mut group = c.benchmark_group("bytes");
    for (name, plane) in [
        ("random40-255", random_plane(255, 40, 7)),
        ("random40-999", random_plane(999, 40, 7)),
    ] {
        let cells = plane.width() * plane.height();
        group.throughput(Throughput::Elements(cells as u64));
        let mut bytes = vec![0u8; cells];
        plane.write_bytes(&mut bytes);
        let (width, height) = (plane.width(), plane.height());
        group.bench_function(BenchmarkId::new("pack", name), |b| {
            b.iter(|| Plane::from_bytes(width, height, black_box(&bytes)))
        });
        let mut out = vec![0u8; cells];
        group.bench_function(BenchmarkId::new("unpack", name), |b| {
            b.iter(|| black_box(&plane).write_bytes(black_box(&mut out)))
        });
        let mut labels = vec![0u32; cells];
        group.bench_function(BenchmarkId::new("label8-into", name), |b| {
            b.iter(|| black_box(&plane).label_components_into(Connectivity::Eight, &mut labels))
        });
        group.bench_function(BenchmarkId::new("label8", name), |b| {
            b.iter(|| black_box(&plane).label_components(Connectivity::Eight))
        });
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = floods, other_kernels, labels, bytes }
criterion_main!(benches);
