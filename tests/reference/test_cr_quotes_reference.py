"""The register's quotes of today's rules (data/changes.toml [cr]) say where they are cut.

A quote that is a whole rule (or its heading) carries no mark; a quote cut at its end ends with " …", one cut
at its start begins with "… ", so answers without ``--cr`` never show part of a rule as if it were all of it
(107.4e of the Comprehensive Rules 2026-04-17 goes on after "… the two halves of the symbol.").
"""

from bot.importer.changes import read_register
from bot.importer.cr import parse_cr


def _fold(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.split())


def test_every_cut_quote_is_marked_and_no_whole_rule_is(reference):
    rules = {r.number: r for r in parse_cr(reference("MagicCompRules_20260417.txt")).rules}
    register = read_register()
    assert register.cr["107.4e"].endswith("the two halves of the symbol. …")
    assert register.cr["701.30d"].endswith("revealed in that clash.")  # the whole rule: no mark
    for number, quote in register.cr.items():
        rule = rules[number]
        if rule.title and _fold(quote) == _fold(rule.title):
            continue  # a heading ("701.30" = "Clash") is quoted whole
        text = _fold(rule.text)
        core = _fold(quote.removeprefix("… ").removesuffix(" …"))
        start = text.find(core)
        assert start >= 0, number
        assert quote.startswith("… ") == (start > 0), number
        assert quote.endswith(" …") == (start + len(core) < len(text)), number
