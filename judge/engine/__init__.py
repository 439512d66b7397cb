"""Rules engines: immutable board state, actions, resolution with citations."""
