"""Scorekeeper: a scoring and bookkeeping assistant for Emberheart, Flamecraft and 8 Dragons."""

__version__ = "0.1.0"

from scorekeeper.core import dataclass_methods as _dataclass_methods

_dataclass_methods.install()  # before any of the package's dataclasses is made (issue 32)
