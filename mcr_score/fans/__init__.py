"""The MCR fans."""
