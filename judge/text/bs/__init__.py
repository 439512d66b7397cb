"""Battle Spirits (Saga and Standard) card text: transformer halves and the link table."""
