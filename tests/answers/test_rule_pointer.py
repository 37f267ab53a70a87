"""``/regel suche`` on a sentence whose best rule is weak beside the ranking's best passage of another kind points to
that passage in one line and a button opening it whole (bot/answers/rule_search.py: ``better_passage``); a sentence
a rule answers, or whose best rule is close to the best passage, gets no pointer."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer

PROVOKED = "provozierte kreatur von zwei gegnern provoziert, wen muss die angreifen"


@pytest.mark.parametrize(("search", "key", "owner", "text"), [
    # 004's ruling on a creature provoked by several opponents, over 003's „Kreatur“ in Future Sight's frames
    (PROVOKED, "004:13", "Schnellvorlauf",
     "Falls eine Kreatur, die du kontrollierst, von mehreren Gegnern provoziert wurde, muss sie einen deiner Gegner "
     "angreifen, der sie nicht provoziert hat"),
    # 002's ruling on a split card's mana value outside the stack, over Transmutation's rule 502.43a
    ("welchen manawert hat krims krams auf der hand", "002:53", "Getrieben // Verzweiflung",
     "Solange sich eine geteilte Karte nicht auf dem Stapel befindet, sind ihre Eigenschaften die Kombination ihrer "
     "beiden Hälften."),
])
async def test_a_weak_rule_search_points_to_the_better_passage(ctx, search, key, owner, text):
    reply = await run_answer(ctx, "rule", search=search)
    first = reply.pages[0]
    terms, lines = first.body.split("\n")[:2], first.body.split("\n")[2:]
    # the terms the sentence names lead the page (each one's own page), then the count and the pointer
    assert terms[0].startswith("Begriffe im Suchtext: ") and terms[1] == ""
    assert lines[0].startswith("1 Stelle" if key == "002:53" else "8 Stellen")
    assert lines[1].startswith(f"💡 Ein Ruling passt besser: **{owner}** (")
    assert lines[1].endswith(f"ganz unter „Besser: {owner}“; mit weiteren Kandidaten: `/frage frage: {search}`")
    button = first.actions[0]
    assert (button.label, button.action, button.arg) == (f"Besser: {owner}", "passage", key)
    opened = await run_action(ctx, "passage", key)  # the button opens the ruling whole
    assert text in opened.pages[0].body and f"_Schlüssel: {key}_" in opened.pages[0].body
    assert sum("💡" in page.body for page in reply.pages) == 1  # the first page only


@pytest.mark.parametrize(("search", "first"), [
    # /frage's best is itself a rule: 003's entry on drawing the opening hand
    ("wie viele karten darf ich auf der hand haben am ende des zuges", "Regel 103.5"),
    # /frage's best is a ruling (001's on the legend rule), but 003's entry holds the question's words nearly as well
    ("was passiert wenn zwei legendäre karten gleichen namens im spiel sind", "Regel 111.4 (Erklärung)"),
])
async def test_a_rule_search_a_rule_answers_points_nowhere(ctx, search, first):
    reply = await run_answer(ctx, "rule", search=search)
    body = reply.pages[0].body
    assert not reply.error and f"**{first}" in body and "💡" not in body
    assert all(a.action != "passage" or not a.label.startswith("Besser") for a in reply.pages[0].actions or [])


async def test_keywords_are_no_sentence(ctx):
    # two content words: keywords, answered by the rules alone, whatever ranks first over every kind
    reply = await run_answer(ctx, "rule", search="provozieren angreifen")
    assert not reply.error and "💡" not in reply.pages[0].body


@pytest.mark.parametrize(("search", "key", "name", "text"), [
    # 003's entry on the sideboard's size, over 001's ruling on snow-covered basic lands in Constructed decks
    ("sideboard max karten constructed", "003:21", "Regel 100.4a (Erklärung)",
     "Im „Constructed“-Spiel darf ein Sideboard höchstens fünfzehn Karten enthalten."),
    # 003's entry on the free first mulligan of multiplayer games, over 001's rulings on Ley-Linien
    ("erster mulligan multiplayer gratis?", "003:93", "Regel 103.5c (Erklärung)", "Mehrspieler"),
    # 003's entry on negative numbers (107.1b) over the rulings on -X/-0 effects: the best ruling holds 0.43 of the
    # question's term weight and scores 0.63 of the rule, weak by /ruling suche's thresholds (0.6, 0.7) only
    ("kann eine kreatur eine negative stärke haben", "003:245", "Regel 107.1b (Erklärung)",
     "Ein Spielwert wie die Stärke einer Kreatur kann aber unter null liegen"),
])
async def test_a_weak_ruling_search_points_to_the_better_rule(ctx, search, key, name, text):
    reply = await run_answer(ctx, "ruling", search=search)
    first = reply.pages[0]
    line = next(line for line in first.body.split("\n") if line.startswith("💡"))
    assert line.startswith(f"💡 Eine Regelerklärung passt besser: **{name}** (Magic-Regelwerk auf Deutsch")
    assert line.endswith(f"ganz unter „Besser: {name}“; mit weiteren Kandidaten: `/frage frage: {search}`")
    button = first.actions[0]
    assert (button.label, button.action, button.arg) == (f"Besser: {name}", "passage", key)
    opened = await run_action(ctx, "passage", key)  # the button opens the rule whole
    assert text in opened.pages[0].body and f"_Schlüssel: {key}_" in opened.pages[0].body


async def test_a_ruling_search_a_ruling_answers_points_nowhere(ctx):
    # /frage's best is itself a ruling: 002's on Driven's trample for creatures gained later
    search = "kreaturen die ich spaeter im zug klaue kriegen die trample von getrieben"
    reply = await run_answer(ctx, "ruling", search=search)
    assert not reply.error and "💡" not in reply.pages[0].body
    assert all(not a.label.startswith("Besser") for a in reply.pages[0].actions or [])


async def test_a_search_in_one_cards_rulings_points_nowhere(ctx):
    # the search is within the card's rulings: the rules are not what is asked
    reply = await run_answer(ctx, "ruling", card="Forschung // Entwicklung", search="sideboard max karten constructed")
    assert "💡" not in reply.pages[0].body
