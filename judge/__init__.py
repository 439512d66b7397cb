"""judge: a rules-judge assistant and knowledge base for trading card games."""

from __future__ import annotations

__version__ = "0.1.0"
