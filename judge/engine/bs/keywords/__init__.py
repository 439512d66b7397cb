"""Keyword effects (Saga 11 / Standard 12): the registry and one module per keyword or family of keywords."""
