"""A token's end in the players' words (docs/ranking.md ¹³⁵): a token „weg“ is one that „hört auf zu existieren“
(data/players_senses.tsv; 003:424, CR 111.7); without a token the word stays as typed („ziel ist weg“)."""

from __future__ import annotations

import pytest

from bot.answers.query_notes import players_reading
from bot.players_senses import sense_reading
from bot.ranking import ranker
from bot.text import tokens

GONE = ("hört", "auf", "zu", "existieren")
TOKEN_RULE = "003:424"


@pytest.mark.parametrize(("question", "read"), [
    ("token stirbt, ist der dann einfach weg?", GONE),
    ("mein spielstein ist weg, lösen seine fähigkeiten trotzdem aus", GONE),
    ("ziel ist weg, was passiert mit dem zauber", ("weg",)),  # no token: the word as typed
    ("pfropfen letzte marke weg, stirbt die kreatur", ("weg",)),
])
def test_weg_beside_a_token_is_the_documents_hoert_auf_zu_existieren(question, read):
    assert sense_reading("weg", tokens(question)) == read


async def test_a_token_gone_asks_the_rule_that_it_stops_existing(ctx):
    # 003:424 (111.7) „Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren.
    # … Wechselt ein Spielstein die Zone, lösen passende ausgelöste Fähigkeiten noch aus, bevor er aufhört zu
    # existieren.“ Before, „weg“ met no word of it: 6th and 5th, behind 001:467 (Geiernder Zombie) and 001:3116
    rule = await ctx.store.passage_by_key(TOKEN_RULE)
    assert rule is not None and rule.text.startswith(
        "Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren.")
    r = await ranker(ctx.store)
    for question in ("mein spielstein ist weg, lösen seine fähigkeiten trotzdem aus",
                     "token stirbt, ist der dann einfach weg?"):
        assert {"hort", "existi"} <= set(r.analyser.analyse(question, question=True).terms), question
        found = await r.search(ctx.store, question, ctx.names, limit=3)
        assert found.hits[0].passage.key == TOKEN_RULE, (question, [h.passage.key for h in found.hits])
    # without a token „weg“ stays the word typed: a target gone asks nothing of a token's existence
    assert "existi" not in r.analyser.analyse("ziel ist weg, was passiert mit dem zauber", question=True).terms


def test_the_answer_says_how_it_read_weg():
    assert players_reading("token stirbt, ist der dann einfach weg?") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „weg“ als „hört auf zu existieren“.")
    assert players_reading("ziel ist weg, was passiert mit dem zauber") == ""

