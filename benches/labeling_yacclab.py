"""YACCLAB's random images, labeled by bitgrid and every other tool at hand, taking turns.

Run as `benches/compare-labeling.sh --yacclab [--quick]` (which builds the binaries and the
virtual environment), or `python benches/compare-labeling.py LABEL_TIMES --yacclab [options]`:

  --quick        3 densities and 3 granularities a size, one round, 50 ms a timing
  --rounds N     rounds of turns (3 by default); each tool keeps its fastest round
  --ms N         least time of one timing, in ms (100 by default; at least 5 calls)
  --others BIN   the floodgate-labeling-others binary (imageproc and kornia-imgproc)
  --out DIR      where the table, the CSV and the plots go (docs/kernels by default)
  --plot-only    redraw the plots and the tables from DIR/yacclab-labeling.csv

The images are YACCLAB's synthetic sets, made here with numpy from fixed seeds (nothing is
downloaded): "density", each pixel foreground with probability d = 10%..90% in steps of 10;
"granularity", the image cut into g x g blocks (g = 1..16), each block foreground with
probability 50% (YACCLAB runs every density 0..100% for each g; this runs 50% only), both at
1024 x 1024 and 2048 x 2048 (YACCLAB's own size). bitgrid's planes are at most 4096 x 4096
(`MAX_SIDE`; 1024 before ec7f44b, when the figures in docs/kernels.md were taken).

Tools (each a label per pixel and the number of components, checked equal on every image):
bitgrid from Rust (`label-times`: a packed plane in, the packing not timed; and `--bytes`: the
byte image in, packed in every timed call), bitgrid from Python (`floodgate.label`, byte image
in, labels out, packing counted; skipped until the package is installed), OpenCV's
`connectedComponentsWithAlgorithm` with each algorithm on one thread, SciPy's `ndimage.label`,
scikit-image's `measure.label`, imageproc and kornia-imgproc (`floodgate-labeling-others`).
"""

import csv
import importlib
import os
import platform
import subprocess
import sys
import tempfile
import time

import numpy as np

helpers = importlib.import_module("compare-labeling")

DENSITIES = [10, 20, 30, 40, 50, 60, 70, 80, 90]
GRANULARITIES = list(range(1, 17))
GRANULARITY_DENSITY = 50
SIZES = [1024, 2048]
BITGRID_MAX_SIDE = 4096
OPENCV = [("SAUF", "CCL_WU"), ("BBDT", "CCL_GRANA"), ("Spaghetti", "CCL_BOLELLI"),
          ("default", "CCL_DEFAULT")]
OURS = ["bitgrid (Rust)", "bitgrid (Rust, bytes in)", "bitgrid (Python)"]


def images(quick):
    """(set, size, parameter, image): YACCLAB's density and granularity sets, seeded."""
    densities = [10, 50, 90] if quick else DENSITIES
    granularities = [1, 4, 16] if quick else GRANULARITIES
    for size in SIZES:
        for density in densities:
            rng = np.random.default_rng([1, size, density])
            yield "density", size, density, (rng.random((size, size)) < density / 100).astype(np.uint8)
    for size in SIZES:
        for g in granularities:
            rng = np.random.default_rng([2, size, g])
            blocks = -(-size // g)
            tiles = (rng.random((blocks, blocks)) < GRANULARITY_DENSITY / 100).astype(np.uint8)
            yield "granularity", size, g, np.ascontiguousarray(
                tiles.repeat(g, 0).repeat(g, 1)[:size, :size])


def per_connectivity(run):
    """A tool timed one connectivity at a time as one timed on both: {conn: (count, s)}."""
    return lambda img, path: {c: run(img, c) for c in (4, 8)}


def python_tools():
    """The in-process tools that import here: [(name, fits(img), times(img, path))]."""
    tools, versions = [], []
    try:
        import floodgate

        def ours(img, connectivity):
            count = floodgate.label(img, connectivity)[1]
            return count, helpers.median_time(lambda: floodgate.label(img, connectivity))
        side = getattr(floodgate, "MAX_SIDE", BITGRID_MAX_SIDE)
        tools.append((OURS[2], lambda img: max(img.shape) <= side, per_connectivity(ours)))
        from importlib import metadata
        versions.append(f"floodgate {metadata.version('floodgate')} (Python)")
    except ImportError as error:
        print(f"SKIPPED bitgrid (Python): `import floodgate` failed ({error}); install the "
              "package of crates/python (branch `python`) in the venv and run again")
    try:
        import cv2
        cv2.setNumThreads(1)
        for name, constant in OPENCV:
            def opencv_run(img, connectivity, algorithm=getattr(cv2, constant)):
                call = lambda: cv2.connectedComponentsWithAlgorithm(  # noqa: E731
                    img, connectivity, cv2.CV_32S, algorithm)
                return call()[0] - 1, helpers.median_time(call)
            tools.append((f"OpenCV {name}", lambda img: True, per_connectivity(opencv_run)))
        versions.append(f"OpenCV {cv2.__version__} (opencv-python-headless, 1 thread)")
    except ImportError as error:
        print(f"SKIPPED OpenCV: {error}")
    try:
        import scipy
        from scipy import ndimage

        def scipy_run(img, connectivity):
            structure = ndimage.generate_binary_structure(2, 1 if connectivity == 4 else 2)
            call = lambda: ndimage.label(img, structure)  # noqa: E731
            return call()[1], helpers.median_time(call)
        tools.append(("SciPy", lambda img: True, per_connectivity(scipy_run)))
        versions.append(f"SciPy {scipy.__version__}")
    except ImportError as error:
        print(f"SKIPPED SciPy: {error}")
    try:
        import skimage
        from skimage import measure

        def skimage_run(img, connectivity):
            call = lambda: measure.label(  # noqa: E731
                img, connectivity=1 if connectivity == 4 else 2, return_num=True)
            return call()[1], helpers.median_time(call)
        tools.append(("scikit-image", lambda img: True, per_connectivity(skimage_run)))
        versions.append(f"scikit-image {skimage.__version__}")
    except ImportError as error:
        print(f"SKIPPED scikit-image: {error}")
    return tools, versions


def program_tool(name, command, fits=lambda img: True):
    """A tool that is a program printing `label-times`'s lines."""
    return name, fits, lambda img, path: helpers.bitgrid_times(list(command), path)


def all_tools(label_times, others, ms):
    """Every tool, in the order they take turns, and the versions of the Python ones."""
    fits_bitgrid = lambda img: max(img.shape) <= BITGRID_MAX_SIDE  # noqa: E731
    tools = [program_tool(OURS[0], [label_times, "--ms", str(ms)], fits_bitgrid),
             program_tool(OURS[1], [label_times, "--ms", str(ms), "--bytes"], fits_bitgrid)]
    python, versions = python_tools()
    tools += python
    if others and os.access(others, os.X_OK):
        for crate, tool in (("imageproc 0.27.0", "imageproc"), ("kornia-imgproc 0.2.0", "kornia")):
            tools.append(program_tool(crate.split()[0], [others, tool, "--ms", str(ms)]))
            versions.append(crate + (" (1 rayon thread)" if tool == "kornia" else ""))
    else:
        print(f"SKIPPED imageproc and kornia-imgproc: no binary {others!r}")
    return tools, versions


def write_pgm(path, img):
    with open(path, "wb") as out:
        out.write(f"P5\n{img.shape[1]} {img.shape[0]}\n255\n".encode())
        out.write(img.tobytes())


def time_image(tools, img, path, rounds):
    """{tool: {conn: (count, best seconds)}} for the tools that fit, taking turns `rounds`."""
    best = {}
    for _ in range(rounds):
        for name, fits, times in tools:
            if not fits(img):
                continue
            for connectivity, (count, seconds) in times(img, path).items():
                old = best.setdefault(name, {}).get(connectivity, (count, seconds))
                best[name][connectivity] = (count, min(seconds, old[1]))
    return best


def run(label_times, options, out):
    """Times every image and writes the CSV; returns its rows and whether the counts agree."""
    quick = "--quick" in options
    rounds = int(option(options, "--rounds", 1 if quick else 3))
    ms = int(option(options, "--ms", 50 if quick else 100))
    helpers.MIN_SECONDS, helpers.MIN_CALLS = ms / 1000, 5
    tools, versions = all_tools(label_times, option(options, "--others", None), ms)
    print("numpy", np.__version__ + ",", ", ".join(versions))
    where = machine()
    print(where)
    rows, agree = [], True
    with tempfile.TemporaryDirectory() as folder:
        for kind, size, parameter, img in images(quick):
            path = os.path.join(folder, f"{kind}{parameter}-{size}.pgm")
            write_pgm(path, img)
            started = time.perf_counter()
            best = time_image(tools, img, path, rounds)
            for connectivity in (4, 8):
                counts = {name: times[connectivity][0] for name, times in best.items()}
                if len(set(counts.values())) != 1:
                    agree = False
                    print(f"COUNTS DIFFER on {kind} {parameter} {size} {connectivity}: {counts}")
                for name, times in best.items():
                    count, seconds = times[connectivity]
                    rows.append(dict(set=kind, size=size, parameter=parameter,
                                     connectivity=connectivity, tool=name, components=count,
                                     ns_per_pixel=seconds * 1e9 / img.size))
            os.remove(path)
            print(f"{kind} {parameter} at {size}: {time.perf_counter() - started:.0f} s, "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
    with open(os.path.join(out, "yacclab-labeling.csv"), "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with open(os.path.join(out, "yacclab-labeling.txt"), "w") as file:
        file.write(f"numpy {np.__version__}, {', '.join(versions)}\n{where}, "
                   f"{os.getloadavg()[0]:.2f} at the end\n"
                   f"rounds {rounds}, at least {ms} ms and 5 calls a timing"
                   f"{', --quick' if quick else ''}\n")
    return rows, agree


def machine():
    model = "unknown processor"
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{model}, {os.cpu_count()} cores, {platform.system()}, load {load} at the start"


def option(options, name, default):
    return options[options.index(name) + 1] if name in options else default


def read_rows(out):
    with open(os.path.join(out, "yacclab-labeling.csv")) as file:
        rows = list(csv.DictReader(file))
    for row in rows:
        for key in ("size", "parameter", "connectivity", "components"):
            row[key] = int(row[key])
        row["ns_per_pixel"] = float(row["ns_per_pixel"])
    return rows


def grouped(rows):
    """{(set, size, parameter, conn): {tool: row}}, in the order the rows came."""
    groups = {}
    for row in rows:
        key = (row["set"], row["size"], row["parameter"], row["connectivity"])
        groups.setdefault(key, {})[row["tool"]] = row
    return groups


def fastest_other(tools):
    others = [(row["ns_per_pixel"], name) for name, row in tools.items() if name not in OURS]
    return min(others) if others else (None, None)


def image_name(kind, size, parameter):
    if kind == "density":
        return f"density {parameter}% {size}"
    return f"granularity {parameter} (50%) {size}"


def summary_table(rows):
    """Markdown: per image and connectivity, bitgrid's three ways, the fastest other tool and
    the ratios (the fastest other's time over bitgrid's: at least 2 is the goal)."""
    lines = ["| image | conn. | components | bitgrid Rust | bitgrid Rust, bytes in | "
             "bitgrid Python | fastest other | its ns/px | / Rust | / bytes in | / Python |",
             "|" + "---|" * 11]
    for (kind, size, parameter, conn), tools in grouped(rows).items():
        other, other_name = fastest_other(tools)
        cells = [image_name(kind, size, parameter), str(conn),
                 f"{next(iter(tools.values()))['components']:,}"]
        ratios = []
        for name in OURS:
            ours = tools.get(name)
            cells.append(f"{ours['ns_per_pixel']:.2f}" if ours else "-")
            ratios.append(f"**{other / ours['ns_per_pixel']:.2f}x**" if ours and other else "-")
        cells += [other_name or "-", f"{other:.2f}" if other else "-"] + ratios
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def full_table(rows):
    """Markdown: every tool's nanoseconds per pixel on every image and connectivity."""
    names = list(dict.fromkeys(row["tool"] for row in rows))
    lines = ["| image | conn. | components | " + " | ".join(names) + " |",
             "|" + "---|" * (3 + len(names))]
    for (kind, size, parameter, conn), tools in grouped(rows).items():
        cells = [image_name(kind, size, parameter), str(conn),
                 f"{next(iter(tools.values()))['components']:,}"]
        cells += [f"{tools[n]['ns_per_pixel']:.2f}" if n in tools else "-" for n in names]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def goal_lines(rows):
    """Where bitgrid is at least twice as fast as the fastest other tool, per way and conn."""
    lines = []
    for name in OURS:
        for conn in (4, 8):
            ratios = [(fastest_other(tools)[0] / tools[name]["ns_per_pixel"], key)
                      for key, tools in grouped(rows).items()
                      if key[3] == conn and name in tools and fastest_other(tools)[0]]
            if not ratios:
                lines.append(f"- {name}, {conn}-connectivity: not run")
                continue
            missed = [image_name(*key[:3]) for ratio, key in ratios if ratio < 2]
            worst = min(ratios)
            lines.append(f"- {name}, {conn}-connectivity: {min(r for r, _ in ratios):.2f}x to "
                         f"{max(r for r, _ in ratios):.2f}x the fastest other tool (worst: "
                         f"{image_name(*worst[1][:3])}); under 2x on {len(missed)} of "
                         f"{len(ratios)} images" + (f": {', '.join(missed)}" if missed else ""))
    return "\n".join(lines) + "\n"


STYLES = {"bitgrid (Rust)": ("C3", "o", "-"), "bitgrid (Rust, bytes in)": ("C1", "s", "-"),
          "bitgrid (Python)": ("C6", "D", "-")}
# The other tools' colours: none of bitgrid's.
OTHER_COLORS = ["C0", "C2", "C4", "C5", "C7", "C8", "C9", "navy", "olive", "teal"]


def plot(rows, out):
    """ns per pixel against density and granularity, 1024 and 2048, 4 and 8: PNG and SVG."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = list(dict.fromkeys(row["tool"] for row in rows))
    panels = [(kind, size) for kind in ("density", "granularity") for size in SIZES]
    figure, axes = plt.subplots(2, len(panels), figsize=(5 * len(panels), 9), sharey=True)
    for r, conn in enumerate((4, 8)):
        for c, (kind, size) in enumerate(panels):
            axis = axes[r][c]
            others = [name for name in names if name not in STYLES]
            for name in names:
                points = sorted((row["parameter"], row["ns_per_pixel"]) for row in rows
                                if (row["set"], row["size"], row["connectivity"], row["tool"])
                                == (kind, size, conn, name))
                if not points:
                    continue
                color = OTHER_COLORS[others.index(name) % len(OTHER_COLORS)] if name in others else ""
                color, marker, line = STYLES.get(name, (color, "x", "--"))
                axis.plot(*zip(*points), color=color, marker=marker, linestyle=line,
                          label=name, markersize=4)
            axis.set_yscale("log")
            axis.grid(True, which="both", alpha=0.3)
            axis.set_xlabel("density (%)" if kind == "density" else
                            f"granularity g (blocks of g x g, density {GRANULARITY_DENSITY}%)")
            axis.set_title(f"{kind}, {size} x {size}, {conn}-connectivity", fontsize=10)
            if c == 0:
                axis.set_ylabel("ns per pixel (log)")
    handles, labels = axes[0][0].get_legend_handles_labels()
    for axis in axes.flat:
        for handle, label in zip(*axis.get_legend_handles_labels()):
            if label not in labels:
                handles.append(handle)
                labels.append(label)
    figure.legend(handles, labels, loc="lower center", ncol=6)
    figure.suptitle("Connected-component labeling of YACCLAB's random images, one thread")
    figure.tight_layout(rect=(0, 0.06, 1, 0.97))
    for ext in ("png", "svg"):
        figure.savefig(os.path.join(out, f"yacclab-labeling.{ext}"), dpi=100)


def main(label_times, options):
    out = option(options, "--out", os.path.join(os.path.dirname(__file__), "..", "docs", "kernels"))
    os.makedirs(out, exist_ok=True)
    if "--plot-only" in options:
        rows, agree = read_rows(out), True
    else:
        rows, agree = run(label_times, options, out)
    summary, full, goal = summary_table(rows), full_table(rows), goal_lines(rows)
    with open(os.path.join(out, "yacclab-labeling.md"), "w") as file:
        file.write("# YACCLAB's random images: every tool\n\nNanoseconds per pixel "
                   "(`benches/compare-labeling.sh --yacclab`; see docs/kernels.md).\n\n"
                   + full + "\n## bitgrid against the fastest other tool\n\n" + summary
                   + "\n" + goal)
    plot(rows, out)
    print(summary + "\n" + goal)
    if not agree:
        print("the component counts differ between the tools")
        return 1
    return 0
