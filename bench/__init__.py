"""Benchmarks (`make bench`). They talk only to 127.0.0.1 and stop by themselves."""
