"""Words a player types that the documents print in another form, read as the documents' words before ranking
(bot/vocabulary.py, bot/analysis.py): a typo of a player's word of the term table or the synonyms, a compound's last
part typed alone."""

from __future__ import annotations

from bot.ranking import ranker


async def test_a_typo_of_a_players_word_of_the_synonyms_is_repaired_to_it(ctx):
    # data/synonyms.tsv, group ausloesen: „triggert“ (players) for the documents' „wird ausgelöst“ (001–004); no
    # document prints „triggert“, so before, the typo „triggrt“ had no word to be repaired to and named nothing
    r = await ranker(ctx.store)
    a = r.analyser
    assert not a.vocab.knows("triggert") and "triggert" in a.vocab.names
    typo = a.analyse("token stirbt, triggrt dann noch was", question=True)
    assert typo.typos == {"triggert": "triggrt"} and "zzsauslosen" in typo.concepts
    # the player's word typed right is no typo (a form of the documents' „trigger“): not marked repaired
    right = a.analyse("token stirbt, triggert dann noch was", question=True)
    assert right.typos == {} and "zzsauslosen" in right.concepts and not right.repaired


async def test_a_compounds_last_part_typed_alone_stands_for_the_compound(ctx):
    # 003 line 202: „Weist ein Effekt einen Spieler an, Mana hinzuzufügen, kommt dieses Mana in seinen Manavorrat
    # („mana pool“). …“ — the documents print „Vorrat“ only inside „Manavorrat“ (36 times)
    r = await ranker(ctx.store)
    a = r.analyser
    assert not a.vocab.knows("vorrat") and a.vocab.compound_of("vorrat") == "manavorrat"
    # a compound's end that is no word of its own: „ausschlachten“ does not begin with a word „ausschl“
    assert a.vocab.knows("ausschlachten") and a.vocab.compound_of("achten") is None
    got = a.analyse("bleibt mana im vorrat von der hauptphase bis zum kampf liegen", question=True)
    assert got.typos == {"manavorrat": "vorrat"} and "zzkmanaxpool" in got.concepts
    hits = (await r.search(ctx.store, "bleibt mana im vorrat von der hauptphase bis zum kampf liegen", ctx.names,
                           limit=5)).hits
    gold = next(h for h in hits if h.passage.key == "003:202")  # on main rank 16
    assert gold.passage.text.startswith("Weist ein Effekt einen Spieler an, Mana hinzuzufügen")


async def test_players_words_of_the_term_table_name_its_terms(ctx):
    # data/terms_de_en.tsv: Ziel (Target, 115) — 001 line 1604, Petrahydrox: „Der Petrahydrox kehrt auf die Hand
    # seines Besitzers zurück, bevor der Spruch oder die Fähigkeit, die ihn als Ziel hat, verrechnet wird“; a player
    # writes „anvisiert“; Sterben (Dies, 700.4), the documents' „stirbt“, a player's „tot“
    r = await ranker(ctx.store)
    a = r.analyser
    anvisiert = a.analyse("petrahydrox wird anvisiert, wann geht er zurück auf die hand", question=True)
    assert "zzktarget" in anvisiert.concepts
    assert "zzktarget" in a.analyse("geisterviertel zielt auf sich selbst", question=True).concepts
    assert "zzkdies" in a.analyse("commander schaden wie viel bis man tot ist", question=True).concepts
    hits = (await r.search(ctx.store, "petrahydrox wird anvisiert, wann geht er zurück auf die hand", ctx.names,
                           limit=3)).hits
    assert hits[0].passage.key == "001:1604" and "zzktarget" in hits[0].passage.terms


async def test_spielfeld_is_the_players_word_for_the_battlefield(ctx):
    # „Spielfeld“ is no document's word: 001/003 write „im Spiel“, today's rules „Schlachtfeld“ (403); read before as
    # „Spiel“ + „Feld“ only (wirken/spielen), it now names the zone as „Schlachtfeld“ does
    from bot.answers import run_answer

    r = await ranker(ctx.store)
    assert "zzsschlachtfeldxim" in r.analyser.analyse("kreatur auf dem spielfeld", question=True).concepts
    reply = await run_answer(ctx, "rule", search="Spielfeld")
    assert reply.pages[0].title == "Schlachtfeld – Regel 403"
