"""What a copied token brings along is refused before the bot tries Discord (bot.config.token_problem)."""

from __future__ import annotations

from bot.config import token_problem

TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkEt.e2e-fake-token-0123456789abcdefghijklmnop"


def test_a_token_of_letters_digits_dots_minus_and_underscore_passes():
    assert token_problem(TOKEN) is None
    assert token_problem("") is None  # no token: the caller says "fehlt"


def test_a_quote_inside_the_token_is_named():
    problem = token_problem('a"b')
    assert problem == ('DISCORD_TOKEN enthält Zeichen, die in keinem Discord-Token vorkommen ("): ein Token besteht '
                       "nur aus Buchstaben, Ziffern, Punkt, Minus und Unterstrich.")
    assert "(# ;)" in (token_problem(TOKEN + ";#") or "")


def test_the_earlier_checks_keep_their_own_messages():
    assert (token_problem('"' + TOKEN + '"') or "").startswith("DISCORD_TOKEN steht in Anführungszeichen")
    assert (token_problem("Bot " + TOKEN) or "").startswith("DISCORD_TOKEN: nur das Token")
    assert (token_problem(TOKEN + "ä") or "").endswith("(nur ASCII ist möglich).")
