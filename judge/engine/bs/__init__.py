"""Battle Spirits (Saga `bss` and Standard `bs`): one engine, two profiles (profile.py).

Laid out by the concepts of the rules: `flow/` (turn, steps, battle, waiting effects),
`zones/` (payment, costs, life), `effects/` (effect node families), `events/` (what happened),
`keywords/`; `state`, `profile`, `rules` (the facade) at the top.
"""
