"""A stand-in app process for the server tests: what textual-serve expects of a Textual app, no more."""

import os
import sys

sys.stdout.write("__GANGLION__\n")
sys.stdout.flush()
payload = b"hello from the stand-in app; files=" + os.environ.get("JUDGE_FILES", "(unset)").encode()
sys.stdout.buffer.write(b"D" + len(payload).to_bytes(4, "big") + payload)
sys.stdout.flush()
seen = b""
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        break
    seen = (seen + chunk)[-64:]
    if b'"quit"' in seen:
        break
