"""FINAL FANTASY TCG card text: transformer halves and the link table."""
