"""beatlog benchmarks: run ``python -m bench`` (figures to read, not tests)."""
