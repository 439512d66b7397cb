"""Keyword effects (Saga 11 / Standard 12): the registry and one module per keyword or family of keywords."""

# Every module of the package, so what each registers (its node kinds, conditions, keywords,
# events) is in the registries whenever the engine is imported.
from judge.engine.bs.keywords import (  # noqa: F401
    ascend,
    bloodcurse,
    level,
    link,
    triggered,
)
