"""`python -m judge` runs the CLI."""

from judge.cli import main

main()
