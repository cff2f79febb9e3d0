//! `floodgate-labeling-others TOOL [--ms N] FILE.pgm...`: times another Rust crate's
//! connected-component labeling on each image (a binary PGM, `P5`; a pixel is foreground where
//! its byte is not 0), for 4- and 8-connectivity, and prints what `label-times` prints for
//! bitgrid: one line per image and connectivity, `FILE CONNECTIVITY COMPONENTS MEDIAN_NS`.
//! TOOL is `imageproc` (`region_labelling::connected_components`, one thread by design) or
//! `kornia` (`kornia_imgproc::connected_components::connected_components`, on a rayon pool of
//! one thread). Each call takes the byte image and returns a new label image, as OpenCV's and
//! SciPy's do. Each labeling is repeated for at least N ms (200 by default) and five times.
//! `benches/compare-labeling.sh --yacclab` runs it beside bitgrid, OpenCV, SciPy and
//! scikit-image on the same files.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use imageproc::image::{GrayImage, Luma};
use imageproc::region_labelling::{Connectivity as ImageprocConnectivity, connected_components};
use kornia_image::{Image, ImageSize};
use kornia_imgproc::connected_components::Connectivity as KorniaConnectivity;

/// A byte image: width, height, and one byte a pixel, row by row.
struct Bytes {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// Reads a binary PGM (`P5`, width, height, maximum value, then one byte a pixel).
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
    let pixels = bytes.get(at + 1..).unwrap_or_default().to_vec();
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
        pixels,
    })
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

/// imageproc's labeling of `image` (`eight`: 8-connectivity): the number of components when
/// `count` (the largest label, found by a pass over the labels that timed calls skip), else 0.
fn imageproc_label(image: &GrayImage, eight: bool, count: bool) -> u32 {
    let connectivity = if eight {
        ImageprocConnectivity::Eight
    } else {
        ImageprocConnectivity::Four
    };
    let labels = connected_components(image, connectivity, Luma([0u8]));
    if !count {
        black_box(&labels);
        return 0;
    }
    labels.pixels().map(|p| p[0]).max().unwrap_or(0)
}

/// kornia's labeling of `image` into a new label image: the number of components.
fn kornia_label(image: &Image<u8, 1>, eight: bool, _count: bool) -> u32 {
    let connectivity = if eight {
        KorniaConnectivity::Eight
    } else {
        KorniaConnectivity::Four
    };
    let mut labels = Image::<i32, 1>::from_size_val(image.size(), 0).expect("a label image");
    let with_background = kornia_imgproc::connected_components::connected_components(
        image,
        &mut labels,
        connectivity,
    )
    .expect("images of one size");
    black_box(&labels);
    with_background as u32 - 1
}

/// A labeling of one image by the chosen tool, as a closure over the image: `label(eight,
/// count)` labels it and returns the number of components if `count` (timed calls pass
/// false: a tool that returns no count is not charged for counting).
type Labeler = Box<dyn Fn(bool, bool) -> u32>;

/// The labeling of `image` by `tool`.
fn labeler(tool: &str, image: Bytes) -> Result<Labeler, String> {
    let (width, height) = (image.width, image.height);
    match tool {
        "imageproc" => {
            let image = GrayImage::from_raw(width as u32, height as u32, image.pixels)
                .ok_or("an image of its size")?;
            Ok(Box::new(move |eight, count| {
                imageproc_label(&image, eight, count)
            }))
        }
        "kornia" => {
            let size = ImageSize { width, height };
            let image = Image::<u8, 1>::new(size, image.pixels).map_err(|e| e.to_string())?;
            Ok(Box::new(move |eight, count| {
                kornia_label(&image, eight, count)
            }))
        }
        other => Err(format!("no tool {other}: imageproc or kornia")),
    }
}

/// The tool, the least time a labeling is repeated for, and the files, from the command line.
fn arguments(mut args: Vec<String>) -> Result<(String, Duration, Vec<String>), String> {
    let usage = "usage: floodgate-labeling-others imageproc|kornia [--ms N] FILE.pgm...";
    if args.is_empty() {
        return Err(usage.into());
    }
    let tool = args.remove(0);
    let mut at_least = Duration::from_millis(200);
    if args.first().is_some_and(|a| a == "--ms") {
        let ms = args.get(1).and_then(|n| n.parse().ok());
        at_least = Duration::from_millis(ms.ok_or("--ms takes a number of milliseconds")?);
        args.drain(..2);
    }
    if args.is_empty() {
        return Err(usage.into());
    }
    Ok((tool, at_least, args))
}

fn main() -> ExitCode {
    let (tool, at_least, files) = match arguments(std::env::args().skip(1).collect()) {
        Ok(parsed) => parsed,
        Err(error) => {
            eprintln!("floodgate-labeling-others: {error}");
            return ExitCode::from(2);
        }
    };
    // One thread for kornia's stripes, as every tool of the comparison runs on one.
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
        .expect("the only global pool");
    for file in &files {
        let label = std::fs::read(file)
            .map_err(|e| e.to_string())
            .and_then(|b| read_pgm(&b))
            .and_then(|image| labeler(&tool, image));
        let label = match label {
            Ok(label) => label,
            Err(error) => {
                eprintln!("floodgate-labeling-others: {file}: {error}");
                return ExitCode::from(2);
            }
        };
        for (name, eight) in [("4", false), ("8", true)] {
            let count = label(eight, true);
            let time = median_time(at_least, || {
                black_box(label(black_box(eight), false));
            });
            println!("{file} {name} {count} {}", time.as_nanos());
        }
    }
    ExitCode::SUCCESS
}
