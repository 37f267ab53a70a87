"""The ``unnamed`` part for a mechanics section's passages (bot/ranking.py, bot/section_names.py): a section's ruling
or paragraph when the question names nothing of the section (no uncommon word of its title, no card printed in it),
as a card's ruling when the question does not name the card."""

from __future__ import annotations

from bot.ranking import ranker
from bot.section_names import COMMON_IDF, names_section


async def _section_names(ctx, key: str) -> frozenset[str]:
    """The analysed title terms of the passage ``key`` of the documents' store."""
    found = await ctx.store.fetchall("SELECT id FROM passages WHERE key = ?", (key,))
    return (await ctx.store.passages([found[0][0]]))[found[0][0]].names


async def test_a_section_is_named_by_an_uncommon_word_of_its_title_not_a_common_one(ctx):
    r = await ranker(ctx.store)
    idf = r.term_weights
    # 001 line 2943, a ruling of the section „Karten mit doppeltem Zuschießen“: „Karten“ is in every fifth passage
    zuschiessen = await _section_names(ctx, "001:2943")
    assert {"kart", "doppelt"} <= zuschiessen and idf["kart"] < COMMON_IDF <= idf["doppelt"]
    assert not names_section(r.analyser.analyse("wie viele karten darf mein deck haben", question=True).terms,
                             zuschiessen, idf)
    assert names_section(r.analyser.analyse("zwei karten doppelt bezahlen", question=True).terms, zuschiessen, idf)
    # 001 line 1183 (section „Ley-Linien“, terms ley and lini): the title's words typed as one word name it
    ley = await _section_names(ctx, "001:1183")
    assert {"ley", "lini"} <= ley
    assert names_section(r.analyser.analyse("kann eine leyline neutralisiert werden", question=True).terms, ley, idf)
    assert not names_section(r.analyser.analyse("kann ein zauber neutralisiert werden", question=True).terms, ley, idf)


async def test_a_question_naming_no_section_prefers_the_general_rule_to_the_sections_ruling(ctx):
    # 003 line 312: „Wird nach dem Beherrscher einer Karte gefragt, die keinen hat (weil sie weder Permanent noch
    # Zauberspruch ist), gilt stattdessen ihr Besitzer.“ — before, 001 line 1122 of the section Spuk („Die Quelle
    # einer Fähigkeit, die ausgelöst wird, wenn eine bespukte Kreatur auf den Friedhof gelegt wird …“) ranked above
    # it on the words „Friedhof“ and „kontrolliert“ the question shares with it.
    r = await ranker(ctx.store)
    hits = (await r.search(ctx.store, "wer ist beherrscher einer karte im friedhof", ctx.names, limit=10)).hits
    keys = [h.passage.key for h in hits]
    general = hits[keys.index("003:312")]
    assert general.passage.text.startswith("Wird nach dem Beherrscher einer Karte gefragt, die keinen hat")
    assert "unnamed" not in general.parts and keys.index("003:312") <= 1
    spuk = next((h for h in hits if h.passage.key == "001:1122"), None)
    assert spuk is None or (spuk.passage.title == "Spuk" and spuk.parts["unnamed"] == r.weights.unnamed < 0
                            and spuk.score < general.score)


async def test_a_section_named_by_its_title_typed_as_one_word_keeps_its_ruling_first(ctx):
    # 001 line 1183 (section „Ley-Linien“): „Ley-Linien, die zu Spielbeginn im Spiel sind, werden nicht als
    # Zaubersprüche gespielt. Sie können nicht neutralisiert werden …“; „leyline“ names the section, so the ruling
    # gets no ``unnamed`` part and leads 001's ruling of Bestimmt // Unbeirrt on neutralising.
    r = await ranker(ctx.store)
    first = (await r.search(ctx.store, "kann eine leyline neutralisiert werden", ctx.names, limit=3)).hits[0]
    assert (first.passage.key, first.passage.title) == ("001:1183", "Ley-Linien")
    assert "unnamed" not in first.parts


async def test_a_ruling_search_keeps_the_sections_rulings_beside_the_cards(ctx):
    # /ruling suche ranks rulings only, all a card's or a section's: no general rule to prefer, so a section's ruling
    # gets no ``unnamed`` part there (000 line 24, section Fehde: „Eine Karte ohne Manakosten (zum Beispiel ein Land)
    # hat umgewandelte Manakosten von 0.“ stays within the search's cut for „Manawert“).
    r = await ranker(ctx.store)
    hits = (await r.search(ctx.store, "Manawert", kinds=frozenset({"ruling"}), limit=5)).hits
    fehde = next(h for h in hits if h.passage.key == "000:24")
    assert fehde.passage.title == "Fehde" and "unnamed" not in fehde.parts
