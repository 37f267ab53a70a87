"""Rules engines: mana costs (mana.py) and clash (clash.py). Pure Python, no I/O."""
