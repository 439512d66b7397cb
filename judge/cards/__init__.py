"""The card model, importers and card storage."""
