#!/usr/bin/env bash
# Connected-component labeling: bitgrid against OpenCV and SciPy on the same planes, one run.
#   benches/compare-labeling.sh [--small]
#   benches/compare-labeling.sh --yacclab [--quick] [--rounds N] [--ms N]   (YACCLAB's random
#       images; also scikit-image, imageproc and kornia-imgproc; writes docs/kernels/yacclab-*)
# Builds `label-times` (and with --yacclab `floodgate-labeling-others`, a workspace of its own in
# benches/labeling-others), makes a virtual environment in target/compare-venv with numpy,
# SciPy, OpenCV (opencv-python-headless), scikit-image and matplotlib from PyPI the first time,
# and prints a table with the ratios (docs/kernels.md). A package that cannot be installed is
# skipped, and the table says so. bitgrid from Python is timed when `import floodgate` works in
# the venv (install the wheel of crates/python there); else it is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p floodgate-benches --bin label-times
others=()
if [[ " $* " == *" --yacclab "* ]]; then
    cargo build --release --quiet --manifest-path benches/labeling-others/Cargo.toml
    others=(--others benches/labeling-others/target/release/floodgate-labeling-others)
fi
venv=target/compare-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
for package in numpy==2.4.6 scipy==1.17.1 opencv-python-headless==5.1.0.95 \
    scikit-image==0.26.0 matplotlib==3.11.2; do
    "$venv/bin/pip" install --quiet "$package" || echo "SKIPPED: pip could not install $package"
done
"$venv/bin/python" benches/compare-labeling.py target/release/label-times "$@" "${others[@]}"
