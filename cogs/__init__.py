"""Discord cogs: thin adapters from slash commands to the answer layer (bot.answers)."""
