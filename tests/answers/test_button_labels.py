"""Buttons under one page are told apart by their labels: a label that repeats gets what tells its buttons apart
(a passage's first words, else the button's argument), within Discord's 80 characters; a label said once stays."""

from __future__ import annotations

from bot.answers import run_answer
from bot.render import message_payload, to_text
from bot.reply import BUTTON_LABEL_MAX, Action, told_apart

#: 001's two sections titled „Geteilte Karten“ (Zwietracht FAQ): the first words of each.
NAMING = "Geteilte Karten – Falls ein Effekt einen Spieler anweist, eine Karte zu benen…"
CASTING = "Geteilte Karten – Wenn ein Effekt einem Spieler die Erlaubnis gibt, eine gete…"


async def test_two_sections_of_one_title_are_told_apart_by_their_first_words(ctx):
    reply = await run_answer(ctx, "rule", search="Geteilte Karte")
    labels = [c["label"] for row in message_payload(reply)["components"] for c in row["components"]]
    assert labels == ["Zurück", "Weiter", NAMING, CASTING, "Fehde", "Clash"]
    assert all(len(label) <= BUTTON_LABEL_MAX for label in labels)
    assert f"[{NAMING}] (rb:passage:001%3A2063)  [{CASTING}] (rb:passage:001%3A2065)" in to_text(reply)


def test_a_repeated_label_without_its_own_detail_names_the_argument():
    same = [Action("Rulings", "rulings", "181"), Action("Rulings", "rulings", "274"), Action("Fehde", "mechanic", "1")]
    assert told_apart(same) == ["Rulings – 181", "Rulings – 274", "Fehde"]
    twins = [Action("Geteilte Karten", "passage", "001:1", "Falls"), Action("Geteilte Karten", "passage", "001:2",
                                                                              "Falls")]
    assert told_apart(twins) == ["Geteilte Karten – 001:1", "Geteilte Karten – 001:2"]
    long = [Action("x" * 80, "passage", "1", "y" * 100), Action("x" * 80, "passage", "2", "z" * 100)]
    assert [len(label) for label in told_apart(long)] == [BUTTON_LABEL_MAX, BUTTON_LABEL_MAX]
    assert told_apart(long)[0].startswith("x" * 39 + "… – yyy")
