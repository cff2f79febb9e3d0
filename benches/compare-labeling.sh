#!/usr/bin/env bash
# Connected-component labeling: bitgrid against OpenCV and SciPy on the same planes, one run.
#   benches/compare-labeling.sh [--small]
# Builds `label-times`, makes a virtual environment in target/compare-venv with numpy, SciPy and
# OpenCV (opencv-python-headless) from PyPI the first time, and prints a table with the ratios
# (docs/kernels.md). A package that cannot be installed is skipped, and the table says so.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p floodgate-benches --bin label-times
venv=target/compare-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
for package in numpy scipy opencv-python-headless; do
    "$venv/bin/pip" install --quiet "$package" || echo "SKIPPED: pip could not install $package"
done
"$venv/bin/python" benches/compare-labeling.py target/release/label-times "$@"
