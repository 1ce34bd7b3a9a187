"""Speed and strength measurements; run `make bench` (or `python -m benchmarks --help`)."""
