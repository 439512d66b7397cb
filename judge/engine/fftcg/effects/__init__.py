"""Effects: the interpreter of typed effect nodes (run, targets) and the handlers of each node family,
registered in one registry (effects.registry.EFFECTS).
"""

from judge.engine.fftcg.effects import (
    handlers,  # noqa: F401  (the node families register themselves)
    not_read,  # noqa: F401  (what the grammar did not read: said so)
)
