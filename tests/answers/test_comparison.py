"""Comparison questions (``/frage``): the best passage of each side leads, one term row for two names of one term."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.comparison import compared_sides


@pytest.mark.parametrize(("question", "sides"), [
    ("was ist der unterschied zwischen blutdurst und pfropfen", ("blutdurst", "pfropfen")),
    ("Was ist der Unterschied zwischen Spuk und Ausgraben genau?", ("Spuk", "Ausgraben")),
    ("was ist der unterschied zwischen umgewandelte manakosten und manawert", ("umgewandelte manakosten", "manawert")),
    ("Spuk oder Ausgraben?", ("Spuk", "Ausgraben")),
    ("blutdurst vs. pfropfen", ("blutdurst", "pfropfen")),
    ("spuk im vergleich zu ausgraben", ("spuk", "ausgraben")),
    ("ist manawert dasselbe wie umgewandelte manakosten", ("manawert", "umgewandelte manakosten")),
])
def test_comparison_sides(question, sides):
    assert compared_sides(question) == sides


@pytest.mark.parametrize("question", [
    "kann ich mit spuk oder mit ausgraben eine kreatur zurückholen",  # one question about two ways
    "darf ich angreifen oder muss ich blocken",
    "wer gewinnt fehde krims krams oder boros rekrut",  # one question about a clash of two cards
    "wie funktioniert spuk",
    "spuk oder spuk",
    "was ist der unterschied zwischen blutdurst, wenn der gegner schaden hatte, und pfropfen",  # a clause, no name
])
def test_no_comparison(question):
    assert compared_sides(question) is None


def body_keys(reply) -> list[str]:
    body = reply.pages[0].body
    return [part.split("_", 1)[0] for part in body.split("_Schlüssel: ")[1:]]


async def test_both_sides_lead(ctx):
    # 001's sections: Blutdurst (Gildenbund) and Pfropfen (Zwietracht), each by its definition paragraph
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen blutdurst und pfropfen")
    assert body_keys(reply) == ["001:1052", "001:1942"]
    body = reply.pages[0].body
    assert "Pfropfen ist eine Fähigkeit, die es Kreaturen ermöglicht" in body
    assert "Blutdurst ist eine Fähigkeit, durch die deine Kreaturen stärker ins Spiel kommen" in body
    assert [a.label for a in reply.actions[:2]] == ["1. Blutdurst", "2. Pfropfen"]
    assert reply.pages[0].fields[0].name.startswith("3. ")


async def test_other_side_not_lost(ctx):
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen spuk und ausgraben")
    # Spuk's definition paragraph first (on main only 3rd, after Ausgraben), Ausgraben's section second
    assert body_keys(reply)[0] == "001:1078"
    assert "Spuk ist eine Fähigkeit, die deinen Kreaturen" in reply.pages[0].body
    assert "Mechanik-Abschnitt **Ausgraben**" in reply.pages[0].body


async def test_old_and_new_name_of_one_term(ctx):
    # the term table's row: Manawert, today rule 202.3, formerly „umgewandelte Manakosten“
    reply = await run_answer(ctx, "question",
                             question="was ist der unterschied zwischen umgewandelte manakosten und manawert")
    assert body_keys(reply) == ["term:Manawert"]
    assert "Früher: umgewandelte Manakosten" in reply.pages[0].body
    assert "denselben Begriff" in reply.pages[0].body
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen vorrang und priorität")
    assert body_keys(reply) == ["term:Priorität"]
    assert "Früher: Vorrang" in reply.pages[0].body


async def test_side_naming_nothing_is_no_comparison(ctx):
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen blutdurst und quarkbrot")
    assert "Ein Vergleich" not in reply.pages[0].body
    assert len(body_keys(reply)) == 1


async def test_a_side_no_document_holds_is_said_not_compared(ctx):
    # „Blitzschlag“ is no card of the documents; read as the close Blitzschlange it must not lead as a side
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen blitzschlag und spuk")
    body = reply.pages[0].body
    assert "„blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: **Blitzschlange**" in body
    assert "Ein Vergleich" not in body
    assert reply.pages[0].title.startswith("Nicht in den Dokumenten: „blitzschlag“")
