"""The file policy of a session now lives in `judge.access` (below every shell: the TUI, the
engine's scenario loader and the web server all ask it, and none of them imports `judge.web`).
This name stays for the web server's callers and older imports."""

from __future__ import annotations

from judge.access import ENV, OFF, Policy, Purpose, checked_path, current

__all__ = ["ENV", "OFF", "Policy", "Purpose", "checked_path", "current"]
