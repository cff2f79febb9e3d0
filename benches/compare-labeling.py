"""Connected-component labeling side by side: bitgrid's `Plane::label_components` (through the
`label-times` binary), OpenCV's `connectedComponents` and SciPy's `ndimage.label`, one thread
each, on the same planes made once here. Run by `benches/compare-labeling.sh`, which makes the
virtual environment; `python3 benches/compare-labeling.py LABEL_TIMES [--small]` by hand.
With `--yacclab` it runs YACCLAB's random images instead, with more tools (labeling_yacclab.py).

Every tool returns a label per cell (int32 or uint32) and the number of components; each is
timed as the median of at least five calls and 200 ms of calls, and every count is checked
equal across the tools. The tools take turns on each plane, three rounds, and each keeps its
fastest round: on a shared virtual machine whose host takes time away at random (the "steal"
of `top`), times taken minutes apart are not comparable, and times taken side by side are.
"""

import os
import subprocess
import sys
import tempfile
import time

import numpy as np

MIN_SECONDS = 0.2


def serpentine(size, vertical):
    """A corridor one cell wide that turns at every other row (or column), as the benches make."""
    along = np.arange(size)
    plane = np.zeros((size, size), dtype=np.uint8)
    for across in range(size):
        kind = across % 4
        line = np.ones(size, np.uint8) if kind in (0, 2) else (
            (along == size - 1) if kind == 1 else (along == 0)).astype(np.uint8)
        if vertical:
            plane[:, across] = line
        else:
            plane[across, :] = line
    return plane


def planes(small):
    rng = np.random.default_rng(7)
    sizes = [64] if small else [255, 999]
    for size in sizes:
        for percent in (40, 60):
            yield f"random{percent}-{size}", (rng.random((size, size)) < percent / 100).astype(np.uint8)
    size = 64 if small else 255
    yield f"serpentine-rows-{size}", serpentine(size, False)
    yield f"serpentine-columns-{size}", serpentine(size, True)
    size = 64 if small else 999
    yield f"full-{size}", np.ones((size, size), np.uint8)


MIN_CALLS = 5


def median_time(call):
    times = []
    start = time.perf_counter()
    while len(times) < MIN_CALLS or time.perf_counter() - start < MIN_SECONDS:
        run = time.perf_counter()
        call()
        times.append(time.perf_counter() - run)
    times.sort()
    return times[len(times) // 2]


ROUNDS = 3


def opencv_timer():
    try:
        import cv2
    except ImportError as error:
        print(f"SKIPPED OpenCV: {error}")
        return None
    cv2.setNumThreads(1)
    algorithms = {name: getattr(cv2, name) for name in dir(cv2) if name.startswith("CCL_")}

    def run(img, connectivity, algorithm):
        return cv2.connectedComponentsWithAlgorithm(img, connectivity, cv2.CV_32S, algorithm)

    def best(img, connectivity):
        """The fastest of OpenCV's algorithms that accept this connectivity: name, count, time."""
        results = []
        for name, algorithm in sorted(algorithms.items()):
            try:
                count, _ = run(img, connectivity, algorithm)
            except cv2.error:
                continue
            seconds = median_time(lambda: run(img, connectivity, algorithm))
            results.append((seconds, name, count - 1))
        return min(results)

    def again(img, connectivity, name):
        return median_time(lambda: run(img, connectivity, algorithms[name]))

    return cv2.__version__, best, again


def scipy_timer():
    try:
        from scipy import ndimage
        import scipy
    except ImportError as error:
        print(f"SKIPPED SciPy: {error}")
        return None

    def run(img, connectivity):
        structure = ndimage.generate_binary_structure(2, 1 if connectivity == 4 else 2)
        _, count = ndimage.label(img, structure)
        return count, median_time(lambda: ndimage.label(img, structure))

    return scipy.__version__, run


def bitgrid_times(command, path):
    """`label-times` (or a program that prints what it prints, the command a list) on one
    plane: {connectivity: (count, seconds)}."""
    if isinstance(command, str):
        command = [command]
    lines = subprocess.run(command + [path], check=True, capture_output=True,
                           text=True).stdout.splitlines()
    times = {}
    for line in lines:
        _, connectivity, count, nanos = line.split()
        times[int(connectivity)] = (int(count), int(nanos) / 1e9)
    return times


def main():
    label_times = sys.argv[1]
    if "--yacclab" in sys.argv[2:]:
        import labeling_yacclab
        sys.exit(labeling_yacclab.main(label_times, sys.argv[2:]))
    small = "--small" in sys.argv[2:]
    opencv, scipy = opencv_timer(), scipy_timer()
    print(f"numpy {np.__version__}" + (f", OpenCV {opencv[0]}" if opencv else "")
          + (f", SciPy {scipy[0]}" if scipy else ""))
    with tempfile.TemporaryDirectory() as folder:
        header = "| plane | conn. | components | bitgrid | OpenCV (best algorithm) | OpenCV / bitgrid | SciPy | SciPy / bitgrid |"
        print(header)
        print("|" + "---|" * 8)
        failed = False
        for name, img in planes(small):
            path = os.path.join(folder, name + ".pgm")
            with open(path, "wb") as out:
                out.write(f"P5\n{img.shape[1]} {img.shape[0]}\n255\n".encode())
                out.write(img.tobytes())
            ours, theirs, scipys, algorithm, counts = {}, {}, {}, {}, {}
            for round in range(ROUNDS):
                for connectivity, (count, seconds) in bitgrid_times(label_times, path).items():
                    counts.setdefault(connectivity, set()).add(count)
                    ours[connectivity] = min(ours.get(connectivity, 1e9), seconds)
                for connectivity in (4, 8):
                    if opencv and round == 0:
                        seconds, algorithm[connectivity], count = opencv[1](img, connectivity)
                        counts[connectivity].add(count)
                    elif opencv:
                        seconds = opencv[2](img, connectivity, algorithm[connectivity])
                    if opencv:
                        theirs[connectivity] = min(theirs.get(connectivity, 1e9), seconds)
                    if scipy:
                        count, seconds = scipy[1](img, connectivity)
                        counts[connectivity].add(count)
                        scipys[connectivity] = min(scipys.get(connectivity, 1e9), seconds)
            for connectivity in (4, 8):
                seconds = ours[connectivity]
                count = min(counts[connectivity])
                failed |= len(counts[connectivity]) != 1
                row = [name, str(connectivity), f"{count:,}", f"{seconds * 1e6:,.1f} us"]
                if opencv:
                    cv_seconds = theirs[connectivity]
                    row += [f"{cv_seconds * 1e6:,.1f} us ({algorithm[connectivity][4:]})",
                            f"**{cv_seconds / seconds:.2f}x**"]
                else:
                    row += ["skipped", ""]
                if scipy:
                    sp_seconds = scipys[connectivity]
                    row += [f"{sp_seconds * 1e6:,.1f} us", f"{sp_seconds / seconds:.2f}x"]
                else:
                    row += ["skipped", ""]
                print("| " + " | ".join(row) + " |", flush=True)
        if failed:
            print("the component counts differ between the tools")
            sys.exit(1)


if __name__ == "__main__":
    main()
