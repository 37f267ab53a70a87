"""„geht“ of a motion asks no permission (:func:`bot.answer_cues.asked_cues`): „geht das?“ asks whether something is
allowed (the permission cue, answered by a modal verb or its negation), „token geht auf den friedhof“ says where a
thing goes. On the real store: 003:424 (CR 111.7, „Ein Spielstein, der sich in einer anderen Zone als dem Spiel
befindet, hört auf zu existieren.“) gives no permission, 001:467 (Geiernder Zombie, „… daher wird sie nicht
ausgelöst, wenn ein Spielstein auf den Friedhof deines Gegners gelegt wird“) does by its „nicht“."""

from __future__ import annotations

import pytest

from bot.answer_cues import VERDICT, asked_cues, given_cues
from bot.stopwords import ANSWER_CUES

#: The index of the permission cue in :data:`bot.stopwords.ANSWER_CUES` („darf“, „kann“, „geht“ …).
PERMISSION = next(i for i, (asks, _) in enumerate(ANSWER_CUES) if "darf" in asks)


@pytest.mark.parametrize(("question", "cues"), [
    ("token geht auf den friedhof, was passiert damit", ()),  # „was“: a w-question, no verdict either
    ("token geht auf den friedhof, bleibt der da liegen?", (VERDICT,)),  # a yes/no question
    ("Nachwirkung aus dem Friedhof gewirkt und dann gecountert, wohin geht die Karte?", ()),
    ("sünden der vergangenheit der zauber wird gekontert, geht er zurück in den friedhof", (VERDICT,)),
    ("permanent verliert alle kartentypen - bleibt das dann liegen oder geht das weg", (VERDICT,)),
])
def test_geht_of_a_motion_asks_no_permission(question, cues):
    assert asked_cues(question) == cues


@pytest.mark.parametrize("question", [
    "dredge 5 aber nur noch 3 karten in der library, geht das",
    "Dredge geht das nur im Draw Step oder bei jedem Kartenziehen?",  # „im“: where, not whither
    "concede geht das zu jedem zeitpunkt, auch wenn grad was auf dem stack liegt",  # „zu jedem Zeitpunkt“: when
    "geht das, auf den stapel?",  # the clause of „geht“ ends before „auf“
    "kann ich das token auf den friedhof legen",  # „kann“ asks it whatever „geht“ does
])
def test_geht_das_still_asks_whether_it_is_allowed(question):
    assert PERMISSION in asked_cues(question)


async def test_the_rule_a_motion_asks_about_is_not_passed_by_a_negation(ctx):
    texts = {}
    for key in ("003:424", "001:467"):
        passage = await ctx.store.passage_by_key(key)
        assert passage is not None, key
        texts[key] = passage.text
    cues = asked_cues("token geht auf den friedhof, was passiert damit")
    assert not set(cues) & given_cues(texts["001:467"]), cues  # before: the permission cue, given by its „nicht“
    assert PERMISSION in given_cues(texts["001:467"]) and PERMISSION not in given_cues(texts["003:424"])
