//! `label-times [--ms N] [--bytes] FILE.pgm...`: times `Plane::label_components` on each plane
//! (a binary PGM, `P5`; a cell is set where its byte is not 0), for 4- and 8-connectivity, and
//! prints one line per plane and connectivity: `FILE CONNECTIVITY COMPONENTS MEDIAN_NS`. Each
//! labeling is repeated for at least N ms (200 by default) and five times. Without `--bytes`
//! the plane is packed once, before the timing; with it every timed call starts from the byte
//! image, packs it (`Plane::from_bytes`) and labels it: byte image in, labels
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

/// The plane of the non-zero cells of `image` (bitgrid's packing, sixteen bytes a step).
fn pack_bytes(image: &Bytes) -> Plane {
    Plane::from_bytes(image.width, image.height, &image.cells)
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
