"""What happened: the record of events and the effects and conditions that read it ("when …", "this turn", "if … was")."""
