"""Rules engines: mana costs (:mod:`bot.rules.mana`) and clash (:mod:`bot.rules.clash`), and what they cite
(:mod:`bot.rules.cite`). Pure Python, no I/O, no prose: the engines return facts and the rules applied; the
answer layer words them in German."""
