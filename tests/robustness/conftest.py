"""Fixtures of the robustness tests (defined in robust_support.py, beside the helpers)."""

from robust_support import bad_server, hostile

__all__ = ["bad_server", "hostile"]
