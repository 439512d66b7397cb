"""The turn's flow: priority and the stack, phases and steps, the Attack Phase, rule processes,
player actions and loops.
"""
