"""Scorekeeper: a scoring and bookkeeping assistant for Emberheart, Flamecraft and 8 Dragons."""

__version__ = "0.1.0"
