"""Effect AST node families carried out on the board: each module registers the node kinds it performs."""
