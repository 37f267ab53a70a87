"""``/frage`` on the question set of tests/questions/: hit@3 on the held-out part pinned, the deciding clause of
each gold passage on the first page of the answer, and the answer's shape (whole passage, buttons, escaping)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from bot.answer_cues import VERDICT
from bot.answers import run_action, run_answer
from bot.ranking import asked_cues, given_cues, ranker
from tests.answers.shape import page_keys
from tests.conftest import _file_identity
from tests.questions import load

#: Questions of each set-aside part with a gold passage among /frage's first three, on the store of the documents
#: (bench_questions.py): any change that loses one turns this red. ``heldout`` (184): 165 = 89.7 % (165 after the
#: answer-type feature, 166 with the sentence stage, 165 with the phrase stage, each chosen by cross-validation in
#: the tuning part; the pin follows the measured count so as not to let the held-out part decide a change).
#: ``heldout2`` (306, written on 2026-12-02 by an engineer who had not seen the ranking): 291 = 95.1 % with the
#: phrase stage (290 before it and after the sentence stage). Counted on 2026-12-03 after the action stage and the
#: card-name and stem-form analysis (chosen by CV): 166 and 292 (167 and 292 before). Counted on 2026-12-03 22:37
#: after the players' words, the unnamed-card part and the weights fitted on both tuning parts: 168 and 293.
#: Counted on 2026-12-04 05:17 after the variant agreement and the weights made by coordinate ascent (chosen by CV
#: on both tuning parts): 167 and 293. Counted on 2026-12-06 06:51 after the translations learned by IBM Model 1
#: (docs/ranking.md ⁶⁶) and one reading of a card question (⁶⁷), each chosen by CV on the four tuning parts: 168
#: and 293. Counted on 2026-12-06 18:10 after the logic stage (⁷⁷, which only swaps within the first three) and the
#: spoken words (⁷⁸), chosen by CV on the four tuning parts (together 936 first hits of 1 096, hit@3 95.6 %; the
#: validation part 128 / 158): 168 and 292 (95.4 %). Counted on 2026-12-06 21:13 after the any-controller concept
#: (⁹³), the logic stage's order and regardless classes (⁹⁴) and the fifth tuning part in the earlier questions (⁹⁶),
#: chosen by CV on the four tuning parts (together 938 first hits of 1 096, hit@3 95.8 %): 169 and 293. Seen through
#: this test on 2026-12-07 19:36 after the restated part (¹⁴⁸), chosen by CV on the five tuning parts (two dealings:
#: +4 first hits, +3 in three summed): held-out 2 292 (the question not read), held-out still at least 169.
HELDOUT_HIT3 = {"heldout": 169, "heldout2": 292}


#: Answers of a set-aside part whose first page shows the first gold passage without its deciding clause, as counted
#: once (held-out 2: 3 of 306, seen when the part was first run through this test, 4 since the action stage of the
#: ranking; not mended, since a fix chosen by looking at a set-aside part would tune on it): a change that adds one
#: turns this red.
CLAUSE_MISSING = {"heldout2": 4}


def first_page_text(reply) -> str:
    page = reply.pages[0]
    return "\n".join([page.title, page.body, *(f"{f.name}\n{f.value}" for f in page.fields)])


def flat(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Answered:
    """What ``/frage`` answered to one question of a part: whether it was an error, the passage keys on its first
    page, its first page's text, and the keys of the passages its ranking put first (best first; None if the
    answer ranked nothing for this text)."""

    error: bool
    keys: list[str]
    text: str
    ranked: list[str] | None


#: Each part answered once per worker and store file (:func:`answered`): the hit@3 pin and the deciding-clause test
#: of a part read the same run of ``/frage`` over it instead of ranking every question twice.
_answered: dict[tuple[tuple[str, int, int, int], str], dict[str, Answered]] = {}


async def answered(ctx, built_db: Path, part: str) -> dict[str, Answered]:
    """``/frage`` (``run_answer``) on every question of ``part``, by question id; made once per store file and part.
    The ranker's ``search`` is watched while it runs: each question's ranked keys are those ``/frage`` itself
    ranked (``limit=OTHERS + 1``; :meth:`bot.ranking.Ranker.rank` sorts every candidate and then cuts, so its
    first three are what ``limit=3`` gives)."""
    key = (_file_identity(built_db), part)
    if key not in _answered:
        r = await ranker(ctx.store)
        ranked: dict[str, list[str]] = {}
        search = r.search

        async def watched(store, text, names=None, **options):
            found = await search(store, text, names, **options)
            if names is ctx.names and not options.keys() - {"limit"}:  # the plain question, every kind of passage
                ranked[text] = [h.passage.key for h in found.hits]
            return found

        made = {}
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(r, "search", watched)
            for q in load(part):
                reply = await run_answer(ctx, "question", question=q.text)
                keys = [] if reply.error else page_keys(reply)  # an error page names no passage
                made[q.id] = Answered(bool(reply.error), keys, first_page_text(reply), ranked.get(q.text))
        _answered[key] = made
    return _answered[key]


@pytest.mark.parametrize("part", sorted(HELDOUT_HIT3))
async def test_heldout_hit_at_3_is_pinned(ctx, built_db, part):
    r = await ranker(ctx.store)
    questions = load(part)
    answers = await answered(ctx, built_db, part)
    hits = 0
    for q in questions:
        first = answers[q.id].ranked
        if first is None:  # /frage ranked nothing for this text (refused before the search): rank it here
            first = [h.passage.key for h in (await r.search(ctx.store, q.text, ctx.names, limit=3)).hits]
        hits += any(key in q.gold for key in first[:3])
    assert hits >= HELDOUT_HIT3[part], f"hit@3 {hits}/{len(questions)}"


@pytest.mark.parametrize("part", ["tuning", "heldout", "heldout2"])
async def test_deciding_clause_is_on_the_first_page(ctx, built_db, part):
    """Where the first gold passage is on the answer's first page (the lead, whole, or a candidate), the deciding
    clause (taken from it) is there too: the answer never shows a fragment without it."""
    on_page = 0
    missing: list[str] = []
    answers = await answered(ctx, built_db, part)
    for q in load(part):
        answer = answers[q.id]
        if answer.error or q.gold[0] not in answer.keys:
            continue
        on_page += 1
        if flat(q.clause) not in flat(answer.text):
            missing.append(q.id)
    assert len(missing) <= CLAUSE_MISSING.get(part, 0), missing
    assert on_page >= 0.85 * len(load(part))


#: Per tuning part and search: the questions whose first gold passage is among the search's hits with an excerpt
#: that lacks its deciding clause (bench/search_clauses.py; docs/ranking.md ⁴¹). 23 before the excerpt showed a hit
#: whole up to 550 characters and picked its sentences together (bot/excerpts.py: what each adds to the picked ones,
#: the sentence after a picked one); 2 since: 001's Tönender Ruf ruling, whose verdict („… so dass er im Spiel
#: verbleiben wird“) holds no word of the question and does not follow the sentences that do, and 001's Kumulative
#: Versorgung rule, whose deciding clause shares a sentence with the long quoted definition. A change that loses
#: one more turns this red.
SEARCH_CLAUSE_MISSING = {("tuning", "ruling"): 1, ("tuning", "rule"): 1, ("tuning2", "ruling"): 0,
                         ("tuning2", "rule"): 0, ("tuning3", "ruling"): 0, ("tuning3", "rule"): 0}


@pytest.mark.parametrize(("part", "search"), sorted(SEARCH_CLAUSE_MISSING))
async def test_search_excerpts_keep_the_deciding_clause(ctx, part, search):
    """``/ruling suche`` and ``/regel suche``: where the first gold passage is among the hits, its excerpt holds the
    deciding clause (bold marks aside), except for the pinned few."""
    from bot.answers.rule_search import search_rules
    from bot.answers.rulings import search_rulings

    shown = 0
    missing: list[str] = []
    for q in load(part):
        if search == "ruling":
            hits = [(h.passage.key, h.snippet) for h in (await search_rulings(ctx.store, q.text, names=ctx.names)).hits]
        else:
            hits = [(h.passage.key, text) for h, text in (await search_rules(ctx, q.text))[0]]
        excerpt = next((text for key, text in hits if key == q.gold[0]), None)
        if excerpt is None:
            continue
        shown += 1
        if flat(q.clause) not in flat(excerpt.replace("**", "")):
            missing.append(q.id)
    assert len(missing) <= SEARCH_CLAUSE_MISSING[(part, search)], missing
    assert shown >= (0.2 if search == "rule" else 0.65) * len(load(part))


async def test_answer_leads_with_the_passage_whole(ctx):
    # 000 line 22: the clash ruling whole, with source, date, today's term notice and key.
    reply = await run_answer(ctx, "question", question="Wer gewinnt die Fehde, wenn alle Karten gleich viel kosten?")
    body = reply.pages[0].body
    assert ("Fall keine der aufgedeckten Karten höhere umgewandelte Manakosten hat (zum Beispiel falls alle Spieler "
            "eine Karte mit umgewandelten Manakosten von 2 aufdecken), gewinnt niemand die Fehde.") in body
    assert "Ruling zu **Fehde** · Fehde (Clash) – Artikel zur Schlüsselwort-Aktion, 2007" in body
    assert "„Manawert“ statt „umgewandelte Manakosten“" in body  # today's term, from the change register
    assert "_Schlüssel: 000:22_" in body
    assert 1 <= len(reply.actions) <= 4 and all(a.action == "passage" for a in reply.actions)


async def test_outdated_passage_shows_todays_statement_first(ctx):
    # 001 line 2063 (Zwietracht 2006, name both halves) is outdated: today one name (CR 709.4a; 002 line 29).
    reply = await run_action(ctx, "passage", "001:2063")
    body = reply.pages[0].body
    assert body.index("⚠️ **Heute:** Wer eine geteilte Karte benennen will") < body.index("**Früher**")


async def test_unclear_question_says_so(ctx):
    reply = await run_answer(ctx, "question", question="Karte")
    assert "Keine Stelle passt eindeutig am besten" in reply.pages[0].body


async def test_no_question_words_only(ctx):
    for text in ("ohne", "was passiert wenn", "   "):
        reply = await run_answer(ctx, "question", question=text)
        assert reply.error
    reply = await run_answer(ctx, "question", question="was passiert wenn")
    assert "Die Frage enthält nur Füll- und Fragewörter." in reply.pages[0].body
    for text in ("?!?!...,,,;;", "🤔🔥🐉"):
        reply = await run_answer(ctx, "question", question=text)
        assert reply.error and "keine Wörter, nur Satz-, Sonderzeichen oder Emojis" in reply.pages[0].body, text


async def test_question_is_escaped_and_bounded(ctx):
    reply = await run_answer(ctx, "question", question="[Regel](https://x.example) **Fehde** <@1> " + "x " * 3000)
    assert reply.pages[0].body.startswith(r"Frage: „\[Regel\](https\://x.example) \*\*Fehde\*\* \<\@1\>")
    assert "Die Frage war sehr lang; nur der Anfang wurde verwendet." in reply.pages[0].body


async def test_a_question_cut_to_its_function_words_says_it_was_cut(ctx):
    # 1 805 characters: the „fehde“ at the end lies beyond the 300 tokens read (bot.analysis.MAX_QUESTION_TOKENS);
    # before, „Die Frage enthält keine Wörter, nach denen sich suchen lässt.“, as if nothing had been cut
    reply = await run_answer(ctx, "question", question="was passiert wenn " * 100 + "fehde")
    assert reply.error and reply.pages[0].title.startswith("Keine Suchwörter in „was passiert wenn was")
    assert reply.pages[0].body.startswith("Die Frage war sehr lang; nur der Anfang wurde verwendet. Ihr Anfang enthält "
                                          "nur Füll- und Fragewörter. Bitte mit Begriffen fragen")


async def test_unknown_passage_key_is_a_german_error(ctx):
    reply = await run_action(ctx, "passage", "999:1")
    assert reply.error and reply.pages[0].title == "Stelle nicht gefunden"


async def test_a_rule_number_named_ranks_that_rule_first(ctx):
    # 001 line 74: "502.46b Einberufen kann die Kosten … nicht unter 0 reduzieren" (Ravnica FAQ); line 40: 203.2e.
    r = await ranker(ctx.store)
    for question, key in (("was sagt 502.46b", "001:74"), ("was steht in 203.2e", "001:40")):
        found = await r.search(ctx.store, question, ctx.names, limit=1)
        assert found.hits[0].passage.key == key, question


async def test_a_card_named_in_the_question_ranks_its_rulings_first(ctx):
    # Named by a word of its name only ("circu"); 001 line 331: Circu's ruling on split cards it removes.
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "circu splitkarte entfernt darf der gegner die andere hälfte spielen",
                           ctx.names, limit=3)
    assert found.cards and ctx.names.card_names[found.cards[0]] == "Circu, Dimir-Lobotomist"
    assert found.hits[0].passage.key == "001:326"  # „Wird eine geteilte Karte auf diese Weise entfernt, …“
    # and its other rulings before any other card's; the general rule on split cards may stand between them
    # (001:2061 „Alles, was eine Hälfte einer geteilten Karte betrifft, betrifft die ganze Karte.“)
    owners = [h.passage.title for h in found.hits if h.passage.card_id is not None]
    assert owners[:2] == ["Circu, Dimir-Lobotomist"] * 2


def test_question_words_ask_for_an_answer_type():
    # ANSWER_CUES: 0 a person, 1 an amount, 2 a permission, 3 a moment; "wie viele" read as one question word.
    assert asked_cues("Wer gewinnt die Fehde?") == (0,)
    assert asked_cues("mit wie vielen Lebenspunkten fängt man an") == (1,)
    assert asked_cues("Wieviel Schaden macht sie?") == (1,)
    assert asked_cues("darf ich das wann immer ich will") == (2, 3)
    assert asked_cues("Was ist ein Permanent") == ()


async def test_document_passages_give_their_answer_type(ctx):
    texts = {k: (await ctx.store.passage_by_key(k)).text for k in ("000:9", "001:46", "001:2860", "003:215")}
    # 000 line 9: „Ein Spieler gewinnt eine Fehde, wenn …“ names who wins.
    assert 0 in given_cues(texts["000:9"])
    # 001 line 46: „Du kannst kein Halbe-Halbe-Mana deinem Manavorrat hinzufügen.“ says what you may not do (and
    # „halbe“ reads as an amount; „kein“ gives a verdict too).
    assert given_cues(texts["001:46"]) == frozenset({1, 2, VERDICT})
    # 001 line 2860: „Du erhältst nur genau einmal die Möglichkeit …“ (Bergung) says how often.
    assert 1 in given_cues(texts["001:2860"])
    # 003 line 215 (hybrid mana into the pool: „wählt der Spieler eine Hälfte …“) says who chooses and how much,
    # not whether one may.
    assert given_cues(texts["003:215"]) == frozenset({0, 1})


async def test_the_answer_type_decides_between_passages_on_the_same_words(ctx):
    # 001 line 46 (you cannot add hybrid mana) answers "kann ich …"; 003 line 215 explains what such mana gives.
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "kann ich hybrid mana in den manapool bekommen", ctx.names, limit=2)
    assert [h.passage.key for h in found.hits] == ["001:46", "003:215"]
    assert found.hits[0].parts["answer"] == r.weights.answer > 0
    # "darf ich" asks for a permission: of Märtyrerin der Asche's rulings, 001 line 2922
    # („… kann erneut offen vorgezeigt werden …“) before 001 line 2920.
    found = await r.search(ctx.store, "Märtyrerin der Asche: darf ich eine Karte vorzeigen die schon offen ist?",
                           ctx.names, limit=3)
    assert found.hits[0].passage.key == "001:2922"


async def test_a_sentence_to_regel_is_searched_not_read_as_a_term(ctx):
    # the sentence contains "im Spiel" (Schlachtfeld, 403) but asks about the legend rule; it goes to
    # the ranked search, a bare term still to the term table.
    question = "Was passiert wenn zwei legendäre Permanente gleichen Namens im Spiel sind"
    reply = await run_answer(ctx, "rule", search=question)
    assert reply.pages[0].title != "Schlachtfeld – Regel 403"
    assert reply.pages[0].title.startswith("Regeln zu „Was passiert wenn zwei legendäre")
    term = await run_answer(ctx, "rule", search="Was macht Trampelschaden?")
    assert term.pages[0].title == "Trampelschaden – Regel 702.19"
    # A term asked about in a question or an inflected form: the term's rule, not sentences using the word.
    for query, title in (("wann habe ich vorrang", "Priorität – Regel 117"),
                         ("Vorrang weitergeben", "Priorität – Regel 117"),
                         ("zustandsbasierte", "Zustandsbasierte Aktionen – Regel 704")):
        reply = await run_answer(ctx, "rule", search=query)
        assert reply.pages[0].title == title, query


async def test_every_outdated_ruling_opened_from_frage_shows_its_notice(ctx):
    # Every ruling the change register marks as changed, opened as a /frage passage, leads with today's statement.
    rows = await ctx.store.fetchall(
        "SELECT p.key FROM passages p JOIN today_status t ON t.entry_kind = 'ruling' AND t.entry_id = p.ref_id"
        " WHERE p.kind = 'ruling' AND t.status = 'changed'"
    )
    assert len(rows) >= 20  # build report: 000 4 changed, 001 20 changed
    for (key,) in rows:
        body = (await run_action(ctx, "passage", key)).pages[0].body
        assert body.index("⚠️ **Heute:**") < body.index("**Früher**"), key


async def first_keys(ctx, *questions: str) -> list[str]:
    """The key of /frage's first passage for each question."""
    r = await ranker(ctx.store)
    return [(await r.search(ctx.store, q, ctx.names, limit=1)).hits[0].passage.key for q in questions]


async def test_a_card_named_alone_or_with_what_it_prints_answers_with_its_card_text(ctx):
    # 001 line 26: Boros-Rekrut, "Kreatur — Goblin, Soldat / ({R/W} kann entweder mit {R} oder mit {W} bezahlt
    # werden.)" (it has no rulings of its own, only its section's); 001 line 380: Feld der Unterdrückung's text.
    assert await first_keys(ctx, "Boros-Rekrut", "welche farbe hat boros rekrut",
                            "wie viel kostet Feld der Unterdrückung") == ["001:26", "001:26", "001:380"]
    # A question about something else of the card keeps its ruling first (001 line 385).
    assert await first_keys(ctx, "Feld der Unterdrückung statische Fähigkeiten") == ["001:385"]


async def test_a_compound_property_word_asks_what_the_card_prints(ctx):
    # "Manawert" and "Manakosten" are read with their compound parts (mana, wert / mana, kost); those parts are no
    # topic of their own, so the question still asks only what the card prints: its text first (001 line 26:
    # Boros-Rekrut; 001 line 577: Grozoth's text), not a ruling of the Hybrid section or Grozoth's search ruling.
    assert await first_keys(ctx, "welchen manawert hat boros rekrut", "welche manakosten hat boros rekrut",
                            "umgewandelte manakosten von grozoth") == ["001:26", "001:26", "001:577"]


async def test_a_card_with_rulings_asked_what_it_prints_answers_with_its_card_text(ctx):
    # 001 line 2358: Krims // Krams's text; its ruling (001 line 2368, "Der Münzwurf von Krims hat keinen Sieger …")
    # repeats the name and has the higher bm25, but says nothing of its colour or cost.
    assert await first_keys(ctx, "welche farbe hat krims krams", "was kostet krims krams", "krims krams") == [
        "001:2358", "001:2358", "001:2358"]
    # players call a card's current text its Oracle text (CR 108.1): „X oracle“ asks what the card prints too (before,
    # „oracle“ was a topic no passage holds, and the ruling led)
    assert await first_keys(ctx, "krims krams oracle", "oracletext krims krams") == ["001:2358", "001:2358"]
    # A question about the coin flip keeps the ruling first.
    assert await first_keys(ctx, "krims münzwurf wer gewinnt") == ["001:2368"]


async def test_a_term_question_without_a_defining_passage_gets_the_term_row(ctx):
    # No document passage defines Priorität or zustandsbasierte Aktionen: the term table's row answers
    # ("Priorität (englisch Priority): Regelbegriff, heute Regel 117. Früher: Vorrang.").
    assert await first_keys(ctx, "was bedeutet Vorrang", "was ist eine zustandsbasierte aktion") == [
        "term:Priorität", "term:Zustandsbasierte Aktionen"]
    # Where a passage defines the term, it leads (001 line 114: "Transmutation ist eine aktivierte Fähigkeit …").
    assert await first_keys(ctx, "was macht transmutieren") == ["001:114"]


async def test_a_term_row_names_the_rules_it_dates_from(ctx):
    # The term table has no date of its own; its rule numbers are those of the Comprehensive Rules of 17.04.2026
    # (Priorität: 117), and /frage names that source as /regel does, in the owner line and in the footer.
    reply = await run_answer(ctx, "question", question="was bedeutet Vorrang")
    assert "**Priorität** (Begriffstabelle) · Begriffstabelle Deutsch–Englisch (Comprehensive Rules vom " \
           "17.04.2026)" in reply.pages[0].body
    assert reply.source == "Begriffstabelle Deutsch–Englisch (Comprehensive Rules vom 17.04.2026)"
    button = await run_action(ctx, "passage", "term:Priorität")
    assert button.source == reply.source
    # other passages keep their document and date (000: the clash article, 2007)
    clash = await run_action(ctx, "passage", "000:22")
    assert clash.source == "Fehde (Clash) – Artikel zur Schlüsselwort-Aktion" and clash.date == "2007"


async def test_pointer_english_and_verb_in_a_card_name_do_not_lead(ctx):
    r = await ranker(ctx.store)
    # 001 line 227 is only "Siehe auch „Hybrid-Karten und Halbe-Halbe-Manasymbole“ im Abschnitt ALLGEMEINES.".
    found = await r.search(ctx.store, "Was ist ein Hybrid-Manasymbol", ctx.names, limit=10)
    assert "001:227" not in [h.passage.key for h in found.hits[:5]]
    # A German question about clash: 000's German "Fehde ist eine Schlüsselwort-Aktion …" (line 1), not its
    # English half ("Clash is a keyword action …", line 29).
    assert await first_keys(ctx, "was ist clash") == ["000:1"]
    # "verschwindet" is a verb of the card name "Ins Gedächtnis verschwinden", no sign the question names it.
    found = await r.search(ctx.store, "wann verschwindet Mana aus dem Manavorrat", ctx.names, limit=1)
    assert found.cards == []


@pytest.mark.fresh_store  # the warm-up of a store nothing was asked of yet
async def test_the_warm_up_stems_the_card_name_words_before_the_first_question(ctx, monkeypatch):
    """The start-up (and store-swap) warm-up ``read_ranker`` prepares the stems of the store's card-name words: the
    first question naming a card by a rare word („tolsimir“) lemmatises only its own words, not the whole name list
    (the index of names built here is not the store's, whose stored stems need no warm-up)."""
    from bot.commands.questions import read_ranker

    await read_ranker(ctx)
    r = await ranker(ctx.store)
    calls: list[str] = []
    real = r.analyser.lemma  # every name word's stem goes through the lemmatiser (question_cards.rare_name_stems)
    monkeypatch.setattr(r.analyser, "lemma", lambda word, *rest: calls.append(word) or real(word, *rest))
    question = "wer kontrolliert die wölfe von tolsimir"
    cards = r.named_cards(question, r.analyser.analyse(question, question=True), ctx.names)
    assert [e.name for e in ctx.names.entries if e.card_id in cards] == ["Tolsimir Wolfsblut"]
    assert len(calls) < 20, len(calls)


async def test_a_typo_in_a_short_keyword_ranks_like_the_word_spelled_right_but_weighs_less(ctx):
    # 000 line 22: „Fall keine der aufgedeckten Karten höhere umgewandelte Manakosten hat …“ (nobody wins the clash)
    # answers both; "fede" is one edit from "fehde" (and from the stop word "jede"), "gewint" from "gewinnt".
    typo, right = "wer gewint die fede wenn beide gleich kosten", "wer gewinnt die fehde wenn beide gleich kosten"
    assert await first_keys(ctx, typo, right) == ["000:22", "000:22"]
    r = await ranker(ctx.store)
    half = r.variant(weights=replace(r.weights, typo=0.5))
    held = []
    for q in (typo, right):
        found = await half.search(ctx.store, q, ctx.names, limit=1)
        held.append(found.hits[0].parts["coverage"])
    # with Weights.typo below 1 the repaired words count that share of a word typed as the documents write it
    assert held[0] < held[1]


async def test_a_typo_of_a_players_word_ranks_like_the_word_spelled_right(ctx):
    # 001 line 2814: „Kumulative Versorgung ist ein Mechanismus, der bereits in den Blocks _Eiszeit_ und
    # _Trugbilder_ vorkam.“ The players' „mechanik“ is read as „Mechanismus“ (data/players_words.tsv), and so is
    # its slip „mechamik“ (one edit), which before led with 001 line 2907
    right, typo = "welche mechanik gab es schon in eiszeit", "welche mechamik gab es schon in eiszeit"
    assert await first_keys(ctx, right, typo) == ["001:2814", "001:2814"]


async def test_the_hedge_needs_less_lead_for_a_first_hit_that_holds_the_question(ctx):
    from dataclasses import replace

    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wer gewinnt die fehde wenn beide gleich kosten", ctx.names, limit=3)
    first, second = found.hits[:2]
    gap = first.score - second.score
    held = first.parts["coverage"] / r.weights.coverage  # 000:22 holds ~0.69 of the question's term weight
    assert first.passage.key == "000:22" and 0.6 < held < 0.8 and gap < 1.0
    leads = r.variant(weights=replace(r.weights, margin=gap + 1, near=gap / 2, covered=0.6)).leads
    assert leads(found.hits)
    assert not r.variant(weights=replace(r.weights, margin=gap + 1, near=gap / 2, covered=0.8)).leads(found.hits)
    assert not r.variant(weights=replace(r.weights, margin=gap + 1, near=gap + 1, covered=0.6)).leads(found.hits)
    assert r.variant(weights=replace(r.weights, margin=gap / 2, near=gap + 1, covered=1.0)).leads(found.hits)


async def test_a_card_whose_text_no_document_prints_is_said_so(ctx):
    # Schnellvorlauf: document 004 is a list of its rulings only ("Rulings zu Schnellvorlauf, 2026"); Boros-Rekrut's
    # text is printed in 001 line 26.
    reply = await run_answer(ctx, "question", question="Schnellvorlauf was macht die karte")
    assert ("ℹ️ Der Kartentext von **Schnellvorlauf** steht in keinem der Dokumente; sie enthalten nur Rulings zu "
            "ihr.") in reply.pages[0].body
    printed = await run_answer(ctx, "question", question="was macht Boros-Rekrut")
    assert "steht in keinem der Dokumente" not in printed.pages[0].body


async def test_a_word_no_document_holds_is_named_and_the_answer_hedged(ctx):
    # No document names „Schwarzer Lotus“: „lotus“ is in none of them in any form, so the answer says so and does not
    # lead as if it knew; „Spontanzauberzeit“ is not in them as typed, but its parts are (Spontanzauber, Zeit).
    reply = await run_answer(ctx, "question", question="was macht schwarzer lotus")
    body = reply.pages[0].body
    assert ("ℹ️ „lotus“ steht in keinem Dokument des Bots, auch nicht abgewandelt (vielleicht eine Karte, die dort "
            "fehlt); die Stellen unten passen nur zum Rest der Frage.") in body
    assert "⚖️ Keine Stelle passt eindeutig am besten" in body
    known = await run_answer(ctx, "question", question="wann ist spontanzauberzeit")
    assert "in keinem Dokument des Bots" not in known.pages[0].body
    clear = await run_answer(ctx, "question", question="wer gewinnt die fehde wenn beide gleich kosten")
    assert "in keinem Dokument des Bots" not in clear.pages[0].body
    # the words are echoed escaped, at most three named
    loud = await run_answer(ctx, "question", question="was macht **lotus** mit @everyone xyzzy quux und fehde")
    assert "ℹ️ „lotus“, „xyzzy“, „quux“ stehen in keinem Dokument des Bots" in loud.pages[0].body
    assert "ℹ️ Nicht gelesen: „\\@everyone“" in loud.pages[0].body  # a mention, no word (bot/question_reading.py)


async def test_rulings_of_one_card_are_rescored_by_their_best_sentence(ctx):
    # 001 line 3118 (Frostnetz-Spinne): „Blockt die Frostnetz-Spinne … mehr als eine fliegende Kreatur im gleichen
    # Kampf, wird die Fähigkeit mehrfach ausgelöst.“ holds every word of the question but the card's name in one
    # sentence; the card's other ruling (line 3116, „… stirbt die Spinne, bevor sie die +1/+1-Marke bekommt.“) none.
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "Frostnetz-Spinne: wird die Fähigkeit mehrfach ausgelöst?", ctx.names, limit=2)
    assert {h.passage.key: h.parts.get("sentence") for h in found.hits} == pytest.approx(
        {"001:3118": r.weights.sentence, "001:3116": 0.0})  # the whole share: weight × held / total, as floats
    # Bergung's rulings (a section, no card; „Bergung“ and „Fähigkeit“ are in all of them and do not count): 001 line
    # 2864 holds „mehrere Kreaturen gleichzeitig“ and „ausgelöst“ in its first sentence; line 2862 holds „Kreatur“ in
    # one sentence and „ausgelöst“ in another, so only the larger of the two counts. The question's „sterben“ is the
    # documents' „auf deinen Friedhof gelegt“ (synonym group friedhof_gelegt), which 2864's first sentence holds too:
    # it holds every counted word of the question. Which words count depends on the siblings among the first five:
    # Bergung's 001:2846 is one of them (the ruling of a card the question does not name, 001:1329, gets the
    # ``unnamed`` part and falls below it), so fewer words are held by all of them, and 2862's best sentence holds
    # only part of the counted weight (0.478 at this writing; the share moves with the siblings among the first five
    # and the words' weights: 0.227 with 001:1329 fifth, 0.488 before the verb forms of docs/ranking.md ³⁴). The
    # question asks how often: the asks stage (bot/asked_kinds.py) then puts 2860 („Du erhältst nur genau einmal die
    # Möglichkeit …“, a count in a sentence with the question's words; its best sentence holds less than 2862's)
    # second in 2862's place, which states none (docs/ranking.md ¹¹⁵). Seen red with the worst sentence counted,
    # not the best.
    found = await r.search(ctx.store, "Bergung: wie oft wird die Fähigkeit ausgelöst, wenn mehrere Kreaturen "
                           "gleichzeitig sterben?", ctx.names, limit=5)
    keys = [h.passage.key for h in found.hits]
    assert (keys[0], keys[1], keys[3]) == ("001:2864", "001:2860", "001:2862")
    share = {h.passage.key: h.parts["sentence"] / r.weights.sentence for h in found.hits[:4]}
    assert share["001:2864"] == pytest.approx(1.0) and 0 < share["001:2860"] < share["001:2862"] < 1
    assert [h.passage.key for h in (await r.search(ctx.store, "Bergung: wie oft wird die Fähigkeit ausgelöst, wenn "
            "mehrere Kreaturen gleichzeitig sterben?", ctx.names, limit=5)).hits][4] == "001:2846"


async def test_a_question_without_terms_is_told_what_it_holds(ctx):
    # „¯\_(ツ)_/¯“ holds no stop or question word: its one letter „ツ“ is a lone character, the rest marks
    reply = await run_answer(ctx, "question", question="¯\\_(ツ)_/¯")
    body = reply.pages[0].body
    assert reply.error and "Füll- und Fragewörter" not in body
    assert "Die Frage enthält keine Wörter, nur einzelne Zeichen und Satz- oder Sonderzeichen." in body
    reply = await run_answer(ctx, "question", question="wie ツ")
    assert "Die Frage enthält nur Füll- und Fragewörter und einzelne Zeichen." in reply.pages[0].body
