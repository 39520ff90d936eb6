"""The exports room."""
