//! `label-times [--ms N] [--bytes] FILE.pgm...`: times `Plane::label_components` on each plane
//! (a binary PGM, `P5`; a cell is set where its byte is not 0), for 4- and 8-connectivity, and
//! prints one line per plane and connectivity: `FILE CONNECTIVITY COMPONENTS MEDIAN_NS`. Each
//! labeling is repeated for at least N ms (200 by default) and five times. Without `--bytes`
//! the plane is packed once, before the timing; with it every timed call starts from the byte
//! image, packs it (eight bytes a step, [`pack_bytes`]) and labels it: byte image in, labels
//! out, as the image libraries are timed. `benches/compare-labeling.sh` runs it beside OpenCV,
//! SciPy and others on the same files.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use floodgate_bitgrid::{Connectivity, MAX_SIDE, Plane};

/// A byte image: width, height, and one byte a cell, row by row.
struct Bytes {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

/// Reads a binary PGM (`P5`, width, height, maximum value, then one byte a cell).
fn read_pgm(bytes: &[u8]) -> Result<Bytes, String> {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let start = at;
        while bytes.get(at).is_some_and(|b| !b.is_ascii_whitespace()) {
            at += 1;
        }
        if start == at {
            return Err("a PGM header of P5, width, height and maximum value".into());
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    let pixels = bytes.get(at + 1..).unwrap_or_default();
    let number = |i: usize| {
        fields[i]
            .parse::<usize>()
            .map_err(|e| format!("{}: {e}", fields[i]))
    };
    let (width, height) = (number(1)?, number(2)?);
    if fields[0] != "P5" || pixels.len() != width * height {
        return Err(format!("a P5 PGM of {width} x {height} bytes"));
    }
    Ok(Bytes {
        width,
        height,
        cells: pixels.to_vec(),
    })
}

/// The bits of eight bytes (`bytes` as a little-endian word): bit `i` is set when byte `i` is
/// not zero. A byte's low seven bits plus 0x7f carry into its high bit exactly when they are
/// not all zero; the multiplication gathers the eight high bits into the top byte.
const fn pack8(bytes: u64) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let nonzero = (((bytes & LOW) + LOW) | bytes) & !LOW;
    ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The plane of the non-zero cells of `image`, packed eight bytes a step (the packing of
/// `Plane::from_bytes` on the `python` branch, which this will call once that is merged).
fn pack_bytes(image: &Bytes) -> Plane {
    let stride = image.width.div_ceil(64);
    let mut words = vec![0u64; stride * image.height];
    if stride > 0 {
        let rows = image.cells.chunks_exact(image.width);
        for (row_words, row) in words.chunks_exact_mut(stride).zip(rows) {
            for (word, cells) in row_words.iter_mut().zip(row.chunks(64)) {
                let mut eights = cells.chunks_exact(8);
                for (i, eight) in eights.by_ref().enumerate() {
                    let eight = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
                    *word |= pack8(eight) << (8 * i);
                }
                let done = cells.len() - eights.remainder().len();
                for (i, &cell) in eights.remainder().iter().enumerate() {
                    *word |= u64::from(cell != 0) << (done + i);
                }
            }
        }
    }
    Plane::from_words(image.width, image.height, &words)
}

/// The median time of `f`, run for at least `at_least` and five times.
fn median_time(at_least: Duration, mut f: impl FnMut()) -> Duration {
    let mut times = Vec::new();
    let start = Instant::now();
    while times.len() < 5 || start.elapsed() < at_least {
        let run = Instant::now();
        f();
        times.push(run.elapsed());
    }
    times.sort();
    times[times.len() / 2]
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if floodgate_benches::answered_version("label-times", &args) {
        return ExitCode::SUCCESS;
    }
    let mut at_least = Duration::from_millis(200);
    if args.first().is_some_and(|a| a == "--ms") {
        match args.get(1).and_then(|n| n.parse().ok()) {
            Some(ms) => at_least = Duration::from_millis(ms),
            None => {
                eprintln!("label-times: --ms takes a number of milliseconds");
                return ExitCode::from(2);
            }
        }
        args.drain(..2);
    }
    let from_bytes = args.first().is_some_and(|a| a == "--bytes");
    if from_bytes {
        args.remove(0);
    }
    if args.is_empty() {
        eprintln!("usage: label-times [--ms N] [--bytes] FILE.pgm...");
        return ExitCode::from(2);
    }
    for file in &args {
        let image = match std::fs::read(file)
            .map_err(|e| e.to_string())
            .and_then(|b| read_pgm(&b))
        {
            Ok(image) => image,
            Err(error) => {
                eprintln!("label-times: {file}: {error}");
                return ExitCode::from(2);
            }
        };
        if image.width > MAX_SIDE || image.height > MAX_SIDE {
            eprintln!("label-times: {file}: a plane is at most {MAX_SIDE} x {MAX_SIDE}");
            return ExitCode::from(3);
        }
        let plane = pack_bytes(&image);
        for (name, connectivity) in [("4", Connectivity::Four), ("8", Connectivity::Eight)] {
            let count = plane.label_components(connectivity).count();
            let time = if from_bytes {
                median_time(at_least, || {
                    black_box(pack_bytes(black_box(&image)).label_components(connectivity));
                })
            } else {
                median_time(at_least, || {
                    black_box(black_box(&plane).label_components(connectivity));
                })
            };
            println!("{file} {name} {count} {}", time.as_nanos());
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_sets_the_cells_of_the_nonzero_bytes() {
        let mut seed = 1u64;
        for (width, height) in [(0, 3), (1, 1), (7, 2), (63, 3), (64, 2), (65, 4), (130, 5)] {
            let cells: Vec<u8> = (0..width * height)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    [0, 0, 1, 128, 255, 7][(seed >> 33) as usize % 6]
                })
                .collect();
            let plane = Plane::from_fn(width, height, |c| cells[c.y * width + c.x] != 0);
            let image = Bytes {
                width,
                height,
                cells,
            };
            assert_eq!(pack_bytes(&image), plane, "{width} x {height}");
        }
    }
}
