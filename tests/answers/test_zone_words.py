"""A zone the player names in a phrase, a card without a controller, and „kann … kann nicht“ (docs/ranking.md, ²⁵):
the phrases of ``data/synonyms.tsv`` that name a zone („ins exil“, „oben auf dem stapel“, „zurück auf die hand“, „in
den friedhof“) meet a passage on „einer anderen Zone als …“ (:mod:`bot.other_zones`), a card „weder Permanent noch
Zauberspruch“ (003:312) is one in those zones, and a question setting a permission against its negation names rule
101.2 (:mod:`bot.modal_conflict`)."""

from __future__ import annotations

from bot.modal_conflict import CANT_BEATS_CAN, conflict_concepts
from bot.other_zones import other_zone_concepts
from bot.ranking import ranker
from bot.words import tokens


def test_each_zone_is_its_term_and_its_phrases():
    # 003:424 „Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren“
    got = other_zone_concepts("Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf")
    assert got == ["zzklibrary", "zzsbibliothek", "zzkhand", "zzszuruckxaufxhand", "zzkgraveyard",
                   "zzsfriedhofxgelegt", "zzkexile", "zzsexil"]
    # the excluded zone's phrases go with it
    got = other_zone_concepts("aus einer anderen Zone als einem Friedhof zu spielen")
    assert "zzkgraveyard" not in got and "zzsfriedhofxgelegt" not in got and "zzsexil" in got


def test_a_card_neither_permanent_nor_spell_is_in_the_other_zones():
    # 003:312 (CR 108.4a); the same words without „weder … noch“ name no zone
    got = other_zone_concepts("Wird nach dem Beherrscher einer Karte gefragt, die keinen hat (weil sie weder Permanent "
                              "noch Zauberspruch ist), gilt stattdessen ihr Besitzer.")
    assert {"zzkhand", "zzkgraveyard", "zzkexile", "zzklibrary"} <= set(got)
    assert other_zone_concepts("Ein Permanent ist kein Zauberspruch.") == []
    # 003:323 (CR 108.4), either order; „weder schwarz noch rot“ names no zone
    got = other_zone_concepts("Objekte, die weder auf dem Stapel noch im Spiel sind, werden von keinem Spieler "
                              "kontrolliert.")
    assert {"zzkhand", "zzkgraveyard", "zzkexile", "zzklibrary"} <= set(got)
    assert other_zone_concepts("Karten, die weder im Spiel noch auf dem Stapel sind") == got
    assert other_zone_concepts("Ist die Kreatur weder schwarz noch rot, hat die Fähigkeit keinen Effekt.") == []


async def test_a_token_sent_to_exile_meets_the_rule_that_it_ceases_to_exist(ctx):
    # „ins exil“ names only the synonym group exil, not the term table's zone; before, 003:424 stood 36th
    r = await ranker(ctx.store)
    assert "zzsexil" in r.analyser.analyse("token ins exil", question=True).concepts
    gold = await ctx.store.passage_by_key("003:424")
    assert gold is not None and "zzsexil" in gold.concepts and "zzszuruckxaufxhand" in gold.concepts
    hits = (await r.search(ctx.store, "token ins exil", ctx.names, limit=5)).hits
    assert "003:424" in [h.passage.key for h in hits]
    assert "hört auf zu existieren" in gold.text


async def test_who_controls_a_card_in_the_graveyard_finds_that_no_one_does(ctx):
    # 003:323 „… Objekte, die weder auf dem Stapel noch im Spiel sind, werden von keinem Spieler kontrolliert“ and
    # 003:312 hold the graveyard and exile now; before, neither was a candidate (bm25 beyond 120)
    r = await ranker(ctx.store)
    q = "wer kontrolliert karten im friedhof oder exil"
    found = await r.candidates(ctx.store, q, ctx.names)
    assert {"003:312", "003:323"} <= {p.key for p in found.records.values()}
    hits = (await r.search(ctx.store, q, ctx.names, limit=5)).hits
    assert "003:323" in [h.passage.key for h in hits]


def test_kann_and_kann_nicht_name_rule_101_2():
    def conflict(text: str) -> list[str]:
        return conflict_concepts(tokens(text, 100))
    assert conflict("was gewinnt wenn eine karte sagt kann und eine andere kann nicht") == [CANT_BEATS_CAN]
    assert conflict("eins sagt ich darf angreifen, das andere ich darf keine kreatur angreifen") == [CANT_BEATS_CAN]
    assert conflict("one card says it can attack and another says it can't") == [CANT_BEATS_CAN]
    assert conflict("it can attack but it cannot block") == [CANT_BEATS_CAN]
    # only negated, only affirmed, or two different verbs: nothing
    assert conflict("kann ich blocken wenn meine kreatur nicht angreifen kann") == []
    assert conflict("kann nicht angreifen, kann nicht blocken") == []
    assert conflict("kann ich angreifen wenn ich nicht darf") == []
    assert conflict("kann ich angreifen, darf nicht blocken") == []


async def test_can_against_cant_leads_with_rule_101_2_not_a_clash_ruling(ctx):
    # before, 000:21 (Fehde: „… sagt, was geschieht, falls du … gewinnst“) led unhedged, 003:35 14th
    r = await ranker(ctx.store)
    hits = (await r.search(ctx.store, "was gewinnt wenn eine karte sagt kann und eine andere kann nicht",
                           ctx.names, limit=3)).hits
    assert hits[0].passage.key == "003:35" and "„kann nicht“-Effekt Vorrang" in hits[0].passage.text


def test_stapel_with_a_card_put_on_top_or_under_is_the_library_too():
    from bot.library_stapel import LIBRARY, library_concepts

    def library(text: str) -> list[str]:
        return library_concepts(tokens(text, 100))
    assert library("was ist mit stapel gemeint wenn ich eine karte oben drauf lege") == [LIBRARY]
    assert library("karte unter den eigenen stapel legen") == [LIBRARY]
    assert library("wird der stapel danach gemischt") == [LIBRARY]
    # the stack as the players and the documents mean it; drawing is no sign
    assert library("unbeirrt liegt noch auf dem stapel, kann der gegner meinen zauber da noch countern") == []
    assert library("ziehe ich eine karte wenn der zauber auf den stapel geht") == []
    assert library("oben drauf legen") == []  # no „stapel“


async def test_stapel_with_oben_names_both_the_library_and_the_stack(ctx):
    r = await ranker(ctx.store)
    got = r.analyser.analyse("was ist mit stapel gemeint wenn ich eine karte oben drauf lege", question=True)
    assert {"zzsbibliothek", "zzkstack"} <= set(got.concepts)
    assert "zzsbibliothek" not in r.analyser.analyse("was ist mit stapel gemeint", question=True).concepts
