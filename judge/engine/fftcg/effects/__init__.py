"""Effects: the interpreter of typed effect nodes (run, targets) and the handlers of each node family,
registered in one registry (effects.handlers.EFFECTS).
"""
