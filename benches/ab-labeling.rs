//! `ab-labeling FILE.pgm...`, built by `benches/ab-labeling.sh`: labels each binary PGM image
//! with two versions of bitgrid (`bitgrid_a`, `bitgrid_b`) taking turns call by call, at 4- and
//! 8-connectivity, checks that both count the same components, and prints each side's median
//! nanoseconds per pixel and the median (and quartiles) of the rounds' B/A time ratios.

use std::hint::black_box;
use std::time::Instant;

/// Rounds a side is timed in; the first round of each image warms up and is dropped.
const ROUNDS: usize = 41;

/// Pixels a round labels at least (several calls on small images).
const PIXELS_A_ROUND: usize = 20_000_000;

fn main() {
    for file in std::env::args().skip(1) {
        let (width, height, cells) = read_pgm(&file);
        let a = bitgrid_a::Plane::from_bytes(width, height, &cells);
        let b = bitgrid_b::Plane::from_bytes(width, height, &cells);
        let calls = (PIXELS_A_ROUND / (width * height)).max(1);
        let name = file.rsplit('/').next().unwrap_or(&file);
        for eight in [false, true] {
            let (four_a, four_b) = (bitgrid_a::Connectivity::Four, bitgrid_b::Connectivity::Four);
            let (eight_a, eight_b) = (
                bitgrid_a::Connectivity::Eight,
                bitgrid_b::Connectivity::Eight,
            );
            let (in_a, in_b) = if eight {
                (eight_a, eight_b)
            } else {
                (four_a, four_b)
            };
            let counts = (
                a.label_components(in_a).count(),
                b.label_components(in_b).count(),
            );
            assert_eq!(
                counts.0, counts.1,
                "{name}: the two sides count differently"
            );
            let mut times = (Vec::new(), Vec::new());
            for round in 0..ROUNDS {
                let time_a = time(calls, || {
                    black_box(black_box(&a).label_components(in_a));
                });
                let time_b = time(calls, || {
                    black_box(black_box(&b).label_components(in_b));
                });
                if round > 0 {
                    times.0.push(time_a);
                    times.1.push(time_b);
                }
            }
            let pixels = (width * height) as f64;
            let mut ratios: Vec<f64> = times.0.iter().zip(&times.1).map(|(a, b)| b / a).collect();
            let (median_a, median_b) = (median(&mut times.0), median(&mut times.1));
            let ratio = median(&mut ratios);
            let (low, high) = (ratios[ratios.len() / 4], ratios[3 * ratios.len() / 4]);
            println!(
                "{name:<28} {}  A {:6.3}  B {:6.3} ns/px  B/A {ratio:.3} (quartiles {low:.3}-{high:.3})",
                if eight { 8 } else { 4 },
                median_a / pixels,
                median_b / pixels
            );
        }
    }
}

/// Nanoseconds a call of `label` takes, over `calls` calls.
fn time(calls: usize, mut label: impl FnMut()) -> f64 {
    let start = Instant::now();
    for _ in 0..calls {
        label();
    }
    start.elapsed().as_nanos() as f64 / calls as f64
}

/// The median of `values` (sorted in place).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Width, height and pixels of a binary PGM (`P5`, maxval at most 255) file.
fn read_pgm(file: &str) -> (usize, usize, Vec<u8>) {
    let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    let number = |i: usize| fields[i].parse::<usize>().expect("a binary PGM");
    let (width, height) = (number(1), number(2));
    assert_eq!(fields[0], "P5", "{file}: a binary PGM");
    (
        width,
        height,
        bytes[at + 1..at + 1 + width * height].to_vec(),
    )
}
