"""„Vergleich“ opens a comparison as „Unterschied“ does: `/frage frage: vergleich einberufen und pfropfen` leads with
each side's best passage, not one hedged Einberufen ruling."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.comparison import Comparison, comparison


@pytest.mark.parametrize(("question", "sides"), [
    ("vergleich einberufen und pfropfen", ("einberufen", "pfropfen")),
    ("Vergleich von Spuk und Ausgraben", ("Spuk", "Ausgraben")),
    ("vergleich zwischen spuk und ausgraben", ("spuk", "ausgraben")),
    ("vergleiche spuk und ausgraben", ("spuk", "ausgraben")),  # the imperative
    ("spuk im vergleich zu ausgraben", ("spuk", "ausgraben")),  # the joiner, as before
])
def test_vergleich_opens_the_sides(question, sides):
    found = comparison(question)
    assert found is not None and found.sides == sides


def test_vergleich_without_sides_compares_nothing():
    # tuning4: no sides after it, a question of its own
    assert comparison("gegengewicht: gegner castet was mit X=2, wird das X beim vergleich mitgezählt") is None
    # the word alone: a comparison naming no side, which /frage asks back (test_comparison.py)
    assert comparison("vergleich") == Comparison((), empty=True)


@pytest.mark.parametrize(("question", "title"), [
    ("vergleich einberufen und pfropfen", "Einberufen · Pfropfen"),
    ("vergleich spuk, ausgraben, blutdurst und pfropfen", "Spuk · Ausgraben · Blutdurst · Pfropfen"),
])
async def test_frage_compares_what_vergleich_names(ctx, question, title):
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert page.title == title
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in page.body
