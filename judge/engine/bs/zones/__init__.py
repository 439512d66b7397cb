"""Where cards and cores are and what moving them costs: payment with cores, card costs and reductions, life."""
