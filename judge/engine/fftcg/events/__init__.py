"""What happened and what it triggers: the events auto-abilities wait for (11.8) and delayed
auto-abilities (11.8.17).
"""
