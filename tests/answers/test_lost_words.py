"""Words of a question that were lost before retrieval and now meet the documents' words (docs/ranking.md, ²³): a
typo of the players' old name of the commander, the players' „can't beats can“ for rule 101.2, a stop word the
question quotes as the word it asks about, the zone a player names against a passage on „einer anderen Zone als …“,
the players' „Stapel“ for the library."""

from __future__ import annotations

from bot.other_zones import other_zone_concepts
from bot.quoted_words import quoted_terms
from bot.ranking import ranker


async def test_a_typo_of_general_reads_as_the_commander(ctx):
    # data/terms_de_en.tsv, Commander (903): „General“ is the players' old name of the commander; no document prints
    # it, so before, „generl“ was repaired to nothing and the question met only „verliert“ (003:144 at rank 51)
    r = await ranker(ctx.store)
    got = r.analyser.analyse("von einem generl getroffen, ab welcher summe verliert man", question=True)
    assert got.typos["general"] == "generl" and "zzkcommander" in got.concepts
    hits = (await r.search(ctx.store, "von einem generl getroffen, ab welcher summe verliert man", ctx.names,
                           limit=3)).hits
    assert hits[0].passage.key == "003:144"
    assert "von demselben Commander insgesamt 21 oder mehr Kampfschaden" in hits[0].passage.text
    # the ordinary German „generell“ is no form of the name
    assert "zzkcommander" not in r.analyser.analyse("gilt das generell", question=True).concepts


async def test_cant_beats_can_names_the_kann_nicht_effect(ctx):
    # data/synonyms.tsv, kann_nicht_vorrang: 003:35 „… hat der „kann nicht“-Effekt Vorrang“ (101.2); before, every
    # word of „can't schlägt can?“ but „schlägt“ was a stop word and no passage was a candidate
    r = await ranker(ctx.store)
    got = r.analyser.analyse("can't schlägt can?", question=True)
    assert "zzskannxnichtxvorrang" in got.concepts
    hits = (await r.search(ctx.store, "can't schlägt can?", ctx.names, limit=3)).hits
    assert hits[0].passage.key == "003:35" and "„kann nicht“-Effekt Vorrang" in hits[0].passage.text


def test_a_quoted_stop_word_is_a_term_and_an_unquoted_one_is_none():
    assert quoted_terms("Die Wörter „du“ und „dein“ auf einem Objekt") == ["zqdu", "zqdein"]
    assert quoted_terms("wen meint 'du' auf einer karte") == ["zqdu"]
    # Each mark in an ASCII text and in one beyond it (the check before the search differs: bot.quoted_words)
    assert quoted_terms('wen meint "du" hier') == quoted_terms('Wörter "du" hier') == ["zqdu"]
    assert quoted_terms("Wörter ‚du‘ und »dein«") == ["zqdu", "zqdein"]
    assert quoted_terms("wer ist mit «dein» gemeint") == ["zqdein"]  # Swiss German's marks
    assert quoted_terms("wer ist `du`") == quoted_terms("wer ist `du` für Blendwerk") == ["zqdu"]  # Discord's code
    assert quoted_terms("du und dein, can't") == quoted_terms("Wörter du und dein") == []
    assert quoted_terms("Du kannst „Du kannst in diesem Zug“ sagen; can't schlägt can") == []
    assert quoted_terms("„Flackernde“ Form") == []  # a quoted word that is no stop word keeps its own terms


async def test_a_quoted_du_meets_the_rule_of_du_and_dein(ctx):
    # 003:339 „Die Wörter „du“ und „dein“ auf einem Objekt meinen dessen Beherrscher …“ (CR 109.5); before, the
    # question was read as „meint … karte“ only and 003:339 was no candidate
    r = await ranker(ctx.store)
    gold, plain = await ctx.store.passage_by_key("003:339"), await ctx.store.passage_by_key("003:35")
    assert gold is not None and plain is not None
    held = await ctx.store.passages([gold.id, plain.id])  # whole records, with their terms
    assert "zqdu" in held[gold.id].terms
    assert "zqdu" not in held[plain.id].terms  # 003:35 „Du kannst in diesem Zug …“: „du“ not quoted as a word
    hits = (await r.search(ctx.store, "wen meint 'du' auf einer karte", ctx.names, limit=3)).hits
    assert "003:339" in [h.passage.key for h in hits]


def test_another_zone_than_names_the_other_zones():
    # CR 400.1's zones a player names; the excluded one is not among them
    # (each zone with the synonym groups that name it or a move into it: tests/answers/test_zone_words.py)
    def zones(text: str) -> list[str]:
        return [c for c in other_zone_concepts(text) if c.startswith("zzk")]
    assert zones("Hat eine Karte in einer anderen Zone als dem Stapel {X} in ihren Manakosten") == [
        "zzklibrary", "zzkhand", "zzkgraveyard", "zzkexile"]
    assert zones("aus einer anderen Zone als einem Friedhof zu spielen") == ["zzklibrary", "zzkhand", "zzkexile"]
    assert zones("In jeder anderen Zone außer dem Stapel hat eine geteilte Karte zwei Sätze") == [
        "zzklibrary", "zzkhand", "zzkgraveyard", "zzkexile"]  # 001:2059
    assert other_zone_concepts("Die Karte bleibt in ihrer Zone.") == []


async def test_a_card_in_the_hand_meets_a_passage_on_any_zone_but_the_stack(ctx):
    # 003:260 „Hat eine Karte in einer anderen Zone als dem Stapel {X} in ihren Manakosten, gilt {X} als 0 …“ (CR
    # 107.3b); before, the question's „hand“ met nothing of it and it stood tenth
    r = await ranker(ctx.store)
    gold = await ctx.store.passage_by_key("003:260")
    assert gold is not None and "zzkhand" in gold.concepts
    hits = (await r.search(ctx.store, "welchen manawert hat ne karte mit X in der hand", ctx.names, limit=3)).hits
    assert "003:260" in [h.passage.key for h in hits]


async def test_oben_auf_dem_stapel_is_the_library(ctx):
    # data/synonyms.tsv, group bibliothek: „oben auf dem stapel“ can only be the library (000:5, 701.19a „Um zu
    # fehden, deckt ein Spieler die oberste Karte seiner Bibliothek auf …“); „auf dem stapel“ alone stays the stack
    r = await ranker(ctx.store)
    q = "nach dem aufdecken bei ner Fehde, muss die karte oben auf dem stapel bleiben"
    got = r.analyser.analyse(q, question=True)
    assert "zzsbibliothek" in got.concepts and "zzkstack" not in got.concepts
    assert "zzkstack" in r.analyser.analyse("unbeirrt liegt noch auf dem stapel", question=True).concepts
    hits = (await r.search(ctx.store, q, ctx.names, limit=3)).hits
    assert "000:5" in [h.passage.key for h in hits]  # on main 9th
