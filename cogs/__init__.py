"""The gateway's extensions: what only a connection to Discord's gateway can do (listening to ordinary messages).

Commands are not here: they live in the command table (:mod:`bot.commands`), which every door reads.
"""
