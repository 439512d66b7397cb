"""How a Battle Spirits turn runs: the steps, attacks and battles, the queue of waiting effects and gameplay management."""
