"""Card text: grammar loading, the Transformer, the effect AST and its clause links."""
