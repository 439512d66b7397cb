"""`judge web`: the judge's terminal served to browsers, safe to run on an event's network.

`judge.web.server` (aiohttp, textual-serve) is imported only by `judge web`; `judge.web.access`
(standard library only) is what the TUI's file dialogs ask before they open, save, export or
import a file, so that a web session is read-only or confined to one folder.
"""
