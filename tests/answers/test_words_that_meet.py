"""Players' words that met nothing or the wrong thing (docs/ranking.md, ³⁴): the forms of a verb in ``-ieren`` the
documents print only inflected, „wem gehört …“ (the owner), „ab wann“ (one question word), a one-word term named
only by its own forms in the terms line of ``/regel suche`` and ``/frage``, 004's goad words in ``/regel``, the
German half name of a split card whose rulings print the English one, the rule of summoning sickness in 003."""

from __future__ import annotations

from bot.answer_cues import asked_cues, given_cues, sentence_gives
from bot.answers import run_answer
from bot.answers.terms import lookup, terms_of_words
from bot.concepts import is_form_of, one_word_base
from bot.ranking import ranker
from bot.word_parts import participle_verb

CONTROLLER, OWNER, SUMMONING = "zzkcontroller", "zzkowner", "zzseinsatzverzogerung"


async def _top(ctx, question: str, limit: int = 5) -> list[str]:
    r = await ranker(ctx.store)
    return [h.passage.key for h in (await r.search(ctx.store, question, ctx.names, limit=limit)).hits]


async def test_the_forms_of_a_verb_in_ieren_meet_though_its_infinitive_is_unprinted(ctx):
    # 001, 003 and 004 print „kontrollierst“ (80 times), „kontrolliert“, „kontrollierte“, never „kontrollieren“;
    # Snowball keeps „-t“/„-st“ after „r“ on the word, and the infinitive was repaired as a typo to „kontrollierst“
    r = await ranker(ctx.store)
    stems = {w: r.analyser.analyse(w, question=True).terms for w in
             ("kontrollierst", "kontrolliert", "kontrollierte", "kontrollieren", "kontrolliere")}
    assert all(terms == [CONTROLLER, "kontrolli"] for terms in stems.values()), stems
    assert r.analyser.analyse("kontrollieren", question=True).typos == {}
    # 003:329 (109.4c) „Ein Emblem wird von dem Spieler kontrolliert, …“ holds the infinitive's stem
    emblem = await ctx.store.passage_by_key("003:329")
    assert emblem is not None and "kontrolliert, der es in die Kommandozone legt" in emblem.text
    held = (await ctx.store.passages([emblem.id]))[emblem.id]
    assert "kontrolli" in held.terms
    assert (await _top(ctx, "wer darf ein emblem kontrollieren"))[0] == "003:329"
    # the players' „Kontrolleur“ (no document prints it) names the Beherrscher as it is, not as a typo of „Kontrolle“
    kontrolleur = r.analyser.analyse("Kontrolleur", question=True)
    assert CONTROLLER in kontrolleur.concepts and kontrolleur.typos == {}


def test_only_verbs_in_ieren_are_read_without_their_infinitive(ctx):
    class Knows:
        """The documents' words: 001 prints „kontrollierst“, never the infinitive."""

        @staticmethod
        def knows(word: str) -> bool:
            return word in {"kontrollierst", "kopiert"}

    assert participle_verb("kontrollierst", Knows) == participle_verb("kontrolliert", Knows) == "kontrollieren"
    assert participle_verb("kontrollieren", Knows) == "kontrollieren"
    assert participle_verb("kopierte", Knows) == "kopieren"
    assert participle_verb("kontroliert", Knows) is None  # a typo: left for the spelling repair
    assert participle_verb("vierte", Knows) is None  # „vier|te“, no verb
    assert participle_verb("gewirkt", Knows) is None  # another weak verb: only when the documents print it


async def test_wem_gehoert_asks_for_the_owner(ctx):
    r = await ranker(ctx.store)
    assert OWNER in r.analyser.analyse("wem gehört ein spielstein", question=True).concepts
    assert OWNER in r.analyser.analyse("wem gehoert der token", question=True).concepts
    assert OWNER not in r.analyser.analyse("gehört der spielstein zur kreatur", question=True).concepts
    # 003:414 (111.2): before, 003:406 (the tokens' characteristics) led
    assert (await _top(ctx, "wem gehört ein spielstein"))[0] == "003:414"
    gold = await ctx.store.passage_by_key("003:414")
    assert gold is not None and gold.text.startswith("Der Spieler, der einen Spielstein erzeugt, ist sein Besitzer.")


async def test_ab_wann_is_one_question_word_asking_for_a_moment_or_a_condition(ctx):
    # 001:2033 „… ist mehrfarbig, falls sie mehr als eine Farbe hat“ gives the condition „ab wann“ asks for
    moment, condition = asked_cues("ab wann ist eine karte mehrfarbig")
    assert moment == asked_cues("wann ist eine karte mehrfarbig")[0] and condition not in asked_cues("wann endet er")
    gold = await ctx.store.passage_by_key("001:2033")
    assert gold is not None and "mehrfarbig, falls sie mehr als eine Farbe hat" in gold.text
    assert condition in given_cues(gold.text) and moment not in given_cues(gold.text)
    assert sentence_gives(frozenset(("mehrfarbig", "falls")), (condition,))
    r = await ranker(ctx.store)
    assert r.analyser.analyse("ab wann darf ich angreifen", question=True).terms == \
        r.analyser.analyse("wann darf ich angreifen", question=True).terms
    assert "seit" not in r.analyser.analyse("seit wann gibt es fehde", question=True).words
    assert "ab" in r.analyser.analyse("wirf eine karte ab", question=True).words  # „ab“ of a verb stays


def test_a_one_word_term_is_named_only_by_its_own_forms(ctx):
    # „verlieren“ and „Verlies“ (Dungeon) are both Snowball's „verli“; the ranking's Concept.base kept them apart,
    # the terms line of /regel suche and /frage did not: „verlieren spielstein“ named Verlies
    assert lookup("verlieren") is None and lookup("verteidigende") is None
    assert lookup("Verlies").term.german == "Verlies" and lookup("Verteidiger").term.german == "Verteidiger"
    assert terms_of_words("verlieren spielstein") == []
    assert [t.german for t in terms_of_words("verlies spielstein")] == ["Verlies", "Spielstein"]
    assert lookup("befehdet").term.german == "Fehde" and lookup("kontrollierst").term.german == "Beherrscher"


async def test_the_form_guard_is_the_rankings(ctx):
    r = await ranker(ctx.store)
    base = one_word_base(r.analyser, ["verlies"])
    assert base == "verlies" and not is_form_of(r.analyser, base, "verlieren")
    assert is_form_of(r.analyser, one_word_base(r.analyser, ["fehde"]), "fehden")
    assert "zzkdungeon" not in r.analyser.analyse("verlieren", question=True).concepts


async def test_provoziert_and_angestachelt_reach_the_goad_rulings(ctx):
    # 004 writes goad (Aufstacheln, 701.15) as „provoziert“ and „angestachelt“ (data/terms_documents.tsv)
    assert (await _top(ctx, "muss eine angestachelte kreatur angreifen"))[0] == "004:9"
    assert "004:5" in await _top(ctx, "was passiert mit einer provozierten kreatur", 3)
    for typed in ("provoziert", "provozieren"):
        page = (await run_answer(ctx, "rule", search=typed)).pages[0]
        assert page.title == "Provozieren – Regel 702.39"  # the table's provoke, with 004's sense beside it
        assert "**In den Dokumenten des Bots als Aufstacheln (Goad):**" in page.body
        assert "Das Angreifen mit einer **provozierten** Kreatur führt nicht dazu" in page.body
    leere = (await run_answer(ctx, "rule", search="Leere")).pages[0]
    assert "In den Dokumenten des Bots als" not in leere.body  # 001's „Leere“ is a card name, no other term


async def test_a_german_half_name_meets_the_english_half_name_of_the_rulings(ctx):
    # 002:9 „Falls du in einem Zug mehrere Exemplare von Driven oder Despair verrechnest, …“ led for „despair“;
    # „Verzweiflung“ (the German half) led with 002:13 on Trampelschaden
    assert (await _top(ctx, "despair"))[0] == "002:9"
    top = await _top(ctx, "Verzweiflung", 2)
    assert top == ["002:9", "002:5"]
    gold = await ctx.store.passage_by_key("002:5")
    assert gold is not None and gold.text.startswith("Driven und Despair beeinflussen nur Kreaturen")


async def test_einsatzverzoegerung_meets_the_rule_of_summoning_sickness(ctx):
    # 003:290 (107.5) „… wenn die Kreatur seit Beginn des letzten Zuges ihres Beherrschers ununterbrochen unter
    # seiner Kontrolle war.“ is 302.6 („Siehe auch 302.6“); data/synonyms.tsv names it einsatzverzoegerung
    gold = await ctx.store.passage_by_key("003:290")
    assert gold is not None and "ununterbrochen unter seiner Kontrolle war" in gold.text
    assert SUMMONING in (await ctx.store.passages([gold.id]))[gold.id].concepts
    assert "003:290" in await _top(ctx, "einsatzverzögerung", 3)
    assert "003:290" in await _top(ctx, "wann hat eine kreatur summoning sickness")
