"""`judge web`: the judge's terminal served to browsers, safe to run on an event's network.

`judge.web.server` (aiohttp, textual-serve) is imported only by `judge web`. Which files a session
may touch is `judge.access` (standard library only), below every layer: the TUI's file dialogs and
the scenario loader ask it, and the server sets its policy, so neither the engine nor the TUI
imports this package.
"""
