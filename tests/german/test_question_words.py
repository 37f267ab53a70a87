"""Question words players use that the documents print as other words or in other forms (groups of
``data/synonyms.tsv``): a draw and a loss (000's Fehde article: „weder Remis noch Niederlage“; 003:
„unentschieden“, „verliert“), and the forms of strong verbs (zieht/gezogen, wirft/abgeworfen, gewinnt/gewann),
which Snowball stems apart. Real passages of the store built from data/sources."""

from __future__ import annotations

from bot.concepts import concept_id
from bot.ranking import ranker

NO_DRAW = "kann man eine fehde verlieren oder gibts unentschieden"


async def test_a_draw_and_a_loss_meet_the_clash_article(ctx):
    # 000 line 20: „Es gibt in einer Fehde weder Remis noch Niederlage. Entweder gewinnst du oder nicht.“
    r = await ranker(ctx.store)
    passage = await ctx.store.passage_by_key("000:20")
    assert passage is not None
    question = r.analyser.analyse(NO_DRAW, question=True)
    for key in ("unentschieden", "verlieren"):
        assert concept_id("s", key) in passage.concepts, key
        assert concept_id("s", key) in question.terms, key
    found = await r.search(ctx.store, NO_DRAW, ctx.names, limit=3)
    assert "000:20" in [h.passage.key for h in found.hits]


async def test_remis_finds_the_rules_of_a_drawn_game(ctx):
    # 003 lines 148-164 (Regel 104.4): „… endet die Partie unentschieden“; the players' „remis“ finds them.
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wann endet eine partie remis", ctx.names, limit=3)
    assert [h.passage.key[:4] for h in found.hits] == ["003:"] * 3
    assert all(concept_id("s", "unentschieden") in h.passage.concepts for h in found.hits)
    assert all("unentschieden" in h.passage.text for h in found.hits)


async def test_a_strong_verbs_forms_meet_each_other(ctx):
    # The documents print „zieht“, „wirft … ab“, „abwirfst“, „gewinnt“; players write „gezogen“, „werfe … ab“,
    # „gewann“: Snowball gives each form another stem (gezog/zieh, werf/wirf/geworf, gewann/gewinn).
    r = await ranker(ctx.store)
    for key, forms in (("ziehen", ("gezogen", "zog", "zieht", "ziehe")),
                       ("werfen", ("werfe", "wirft", "warf", "geworfen", "abgeworfen", "abwirfst")),
                       ("gewinnen", ("gewann", "gewonnen", "gewinnst"))):
        for form in forms:
            assert concept_id("s", key) in r.analyser.analyse(form, question=True).terms, form
    # 003 line 87: „Jeder Spieler zieht so viele Karten, wie seine Start-Handkartenzahl angibt“.
    found = await r.search(ctx.store, "wie viele karten werden zu beginn gezogen", ctx.names, limit=1)
    assert found.hits[0].passage.key == "003:87"
