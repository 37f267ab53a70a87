"""The ``unnamed`` part of ``/frage``'s ranking (bot/ranking.py): a card's ruling when the question does not name
that card."""

from __future__ import annotations

from bot.ranking import FEATURES, ranker


async def test_a_question_naming_no_card_prefers_the_general_rule_to_a_cards_ruling(ctx):
    # 003 line 130: „Muss ein Spieler mehr Karten ziehen, als noch in seiner Bibliothek sind, …“ against 001 line 3427
    # (Überlebender der Unsichtbaren: „Ziehst du keine Karte, weil alles Ziehen ersetzt wurde …“), which holds the
    # question's words as well and led before.
    r = await ranker(ctx.store)
    question = "was passiert wenn ich aus ner leeren bibliotek ziehen muss"
    found = await r.search(ctx.store, question, ctx.names, limit=10)
    first = found.hits[0]
    assert first.passage.key == "003:130" and "unnamed" not in first.parts
    assert first.passage.text.startswith("Muss ein Spieler mehr Karten ziehen, als noch in seiner Bibliothek sind")
    card = next(h for h in found.hits if h.passage.key == "001:3427")
    assert card.passage.title == "Überlebender der Unsichtbaren"
    assert card.parts["unnamed"] == r.weights.unnamed < 0
    # without the part (and without ``general``, which raises 003's rule for „ner leeren bibliotek“ too) the ruling
    # leads
    without = r.variant(features=tuple(f for f in FEATURES if f not in ("unnamed", "general")))
    assert (await without.search(ctx.store, question, ctx.names, limit=1)).hits[0].passage.key == "001:3427"


async def test_the_rulings_of_a_card_the_question_names_keep_their_card_part(ctx):
    # 001 line 770 (Savra, Königin der Golgari): „Diese Fähigkeiten werden nur dann ausgelöst, wenn du eine Kreatur
    # opferst.“ — the named card's rulings get ``card``, never ``unnamed``.
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "savra wird ausgelöst wenn ich eine kreatur opfere", ctx.names, limit=5)
    savra = [h for h in found.hits if h.passage.title == "Savra, Königin der Golgari"]
    assert savra and all("card" in h.parts and "unnamed" not in h.parts for h in savra)


async def test_a_mechanics_sections_ruling_is_no_cards_ruling(ctx):
    # 001 line 2887 (the section Wallung, no card): „Hast du zum Beispiel weniger als N Karten in deiner Bibliothek …“
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "Ripple 4 aber nur noch 2 Karten in der Bibliothek", ctx.names, limit=3)
    first = found.hits[0]
    assert (first.passage.key, first.passage.kind, first.passage.card_id) == ("001:2887", "ruling", None)
    assert "unnamed" not in first.parts
