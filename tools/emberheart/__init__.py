"""The Emberheart sample generator: ``python -m tools.emberheart.make``."""
