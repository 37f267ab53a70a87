"""Players' words in ``/frage`` on the real store (``data/players_words.tsv``, :mod:`bot.players_words`): a word the
documents have words for is read as them („mulli“ → Mulligan, 003:87; „sb“ → Sideboard; „prio“ → Priorität;
„tutor“ → Durchsuchen, 701.23; „regen“ → Regeneration, 001), a word they have none for is named as players'
language with its meaning, never as a card the documents may lack („boardwipe“); and three reading faults: „alten“
is no slip of „arten“ (001 holds „alte“), „UU“ is the cost {U}{U} (003), „exiled“ is the term's „exile“."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.unknown_notes import question_notes
from bot.players_senses import parse as parse_senses
from bot.players_words import PlayersWord, gloss, listed, parse, reading
from bot.question_reading import read_question
from bot.ranking import ranker

UNKNOWN = "in keinem Dokument des Bots"
CARD = "vielleicht eine Karte"


async def body_of(ctx, question: str) -> str:
    """The body of ``/frage``'s first page for ``question``."""
    return (await run_answer(ctx, "question", question=question)).pages[0].body


async def test_every_players_word_is_no_word_of_the_documents_and_its_reading_is_theirs(ctx):
    # a reading never replaces a word the documents use; what it reads is read as typed (no slip repaired) and
    # held by the documents, as a word or a concept's name
    r = await ranker(ctx.store)
    knows = r.analyser.vocab.knows
    rows = parse()
    # „sb“ moved to the table of two senses (data/players_senses.tsv: Sideboard or state-based actions, ⁶¹), whose
    # words and readings hold to the same rule
    senses = [PlayersWord((s.word,), " ".join(s.read), "", s.evidence) for s in parse_senses()]
    assert len(rows) >= 39 and len(senses) >= 2
    # a word of two senses may be a documents' word when one sense reads it as itself (003's „ganze Zahlen“; the
    # players' „zahlen“ is 001's „bezahlen“ beside it)
    own = {s.word for s in parse_senses() if s.read == (s.word,)}
    for row in [*rows, *senses]:
        assert not any(knows(w) and w not in own for w in row.words), row.words
        if row.read:
            a = r.analyser.analyse(row.read, question=True)
            assert not a.typos, row
            assert all(any(t in r.term_weights for t in g) for g in a.word_terms), row


@pytest.mark.parametrize(("question", "word", "concepts"), [
    ("darf ich nach dem mulli karten aus dem sb nehmen", "mulli", {"zzkmulligan", "zzksideboard"}),
    ("wer hat prio nachdem ein zauber verrechnet wurde", "prio", {"zzkpriority", "zzsprioritat"}),
    ("darf ich mit einem tutor auch länder suchen", "tutor", {"zzksearch"}),
    ("kann ich regen auf eine kreatur mit todesberührung benutzen", "regen", {"zzkregenerate"}),
    ("was passiert mit dem dmg wenn die kreatur das bf verlässt", "dmg", {"zzkdamage", "zzkbattlefield"}),
    ("bleibt der effekt bis eot", "eot", {"zzkturn"}),
    ("wird das am eot ausgelöst", "eot", {"zzkendxstep"}),  # 001 „zu Beginn des Zugendesegments“, the end step (513)
])
async def test_a_players_word_is_read_as_the_documents_word(ctx, question, word, concepts):
    r = await ranker(ctx.store)
    a = r.analyser.analyse(question, question=True)
    assert concepts <= set(a.concepts), a.concepts
    assert word not in a.words and not a.typos  # read as the documents' word, not repaired as a slip
    body = await body_of(ctx, question)
    assert UNKNOWN not in body and "gelesen als" not in body, body[:400]


async def test_regen_is_no_slip_of_regel(ctx):
    # before, „regen“ was read as the documents' „regel“ and said so; 001's Regeneration passages answer it
    r = await ranker(ctx.store)
    assert reading("regen") == ("regeneration",) and listed("regen")
    found = await r.search(ctx.store, "kann ich regen auf eine kreatur mit todesberührung benutzen", ctx.names,
                           limit=5)
    assert any("Regeneration" in h.passage.text for h in found.hits)


@pytest.mark.parametrize("question", [
    "was passiert bei einem boardwipe mit meinen kreaturen",
    "zählt removal als zerstören",
])
async def test_a_players_word_without_a_documents_word_is_named_with_its_meaning_not_as_a_card(ctx, question):
    body = await body_of(ctx, question)
    word = "boardwipe" if "boardwipe" in question else "removal"
    assert f"„{word}“ (Spielersprache: {gloss(word)}) steht in keinem Dokument des Bots" in body
    assert CARD not in body


async def test_a_players_word_hedges_only_a_question_asking_what_it_is(ctx):
    r = await ranker(ctx.store)
    for question, hedged in (("kreaturen sterben bei einem boardwipe gleichzeitig", False),
                             ("was ist ein boardwipe", True)):
        found = await r.search(ctx.store, question, ctx.names, limit=5)
        notes = await question_notes(found.analysis, r.term_weights, [], ctx.names, question)
        assert notes.hedge is hedged, question
        assert any("Spielersprache" in line for line in notes.lines)


async def test_a_players_word_in_a_typed_name_stays_a_name_the_documents_lack(ctx):
    # „Lord Windgrace“ typed in capitals: a card's name the store lacks, not the players' „lord“; said as one name
    # (bot/answers/missing_phrases.py; before „„lord“, „windgrace“ … vielleicht eine Karte, die dort fehlt“)
    body = await body_of(ctx, "kann Lord Windgrace länder aus dem friedhof zurückholen")
    assert "Spielersprache" not in body and "ℹ️ Keine Karte „Lord Windgrace“ gefunden: kein Dokument des Bots" in body


async def test_alten_is_no_slip_of_arten(ctx):
    # 001 holds „alte“ („die alte Regel“): „alten“ is another form of it, not the documents' „arten“
    r = await ranker(ctx.store)
    assert r.analyser.vocab.knows("alte") and not r.analyser.vocab.knows("alten")
    a = r.analyser.analyse("gilt die alten regel noch", question=True)
    assert a.typos == {"alte": "alten"} and a.words[0] == "alte"  # repaired to its other form, named by no note
    assert "gelesen als" not in await body_of(ctx, "gilt die alten regel noch")
    assert r.analyser.analyse("wer gewinnt die fede", question=True).typos == {"fehde": "fede"}  # still a slip


@pytest.mark.parametrize(("typed", "read"), [
    ("kann ich UU mit hybrid bezahlen", "kann ich {U}{U} mit hybrid bezahlen"),
    ("kostet 2WW oder XRR", "kostet {2}{W}{W} oder {X}{R}{R}"),
    ("UB deck mit karte R/W", "UB deck mit karte R/W"),  # two different capitals, a lone letter: as typed
])
def test_a_mana_cost_typed_as_capitals_is_read_as_its_symbols(typed, read):
    assert read_question(typed, lambda w: False).text == read


async def test_uu_is_no_word_a_document_lacks(ctx):
    # 003 writes costs as {U}{U}: the symbols' term „mu“ is the documents'
    body = await body_of(ctx, "kann ich UU mit hybrid mana bezahlen")
    assert "„uu“" not in body.casefold() and UNKNOWN not in body


async def test_an_english_participle_of_the_term_is_no_slip(ctx):
    # „exiled“ read as the term's „exile“ (Ins Exil schicken, 701.13): one word, no „gelesen als“ note
    body = await body_of(ctx, "kommt eine exiled kreatur zurück")
    assert "gelesen als" not in body and "„exiled“" not in body


async def test_a_players_word_without_a_documents_word_is_no_slip_of_one(ctx):
    # „ulten“ was read as the documents' „unten“: a players' word is never repaired as a slip
    r = await ranker(ctx.store)
    assert r.analyser.analyse("darf ich den planeswalker direkt ulten", question=True).typos == {}
    body = await body_of(ctx, "darf ich den planeswalker direkt ulten")
    assert "gelesen als" not in body and "„ulten“ (Spielersprache:" in body


async def test_nothing_found_says_a_players_words_meaning(ctx):
    # „was ist ein boardwipe“: no passage holds any of its words; the refusal says what the word means (001's words
    # „alle Kreaturen zerstören“ are what to ask instead), without pointing at passages below
    reply = await run_answer(ctx, "question", question="was ist ein boardwipe")
    body = reply.pages[0].body
    assert "Keine Stelle der Dokumente passt" in body
    assert f"„boardwipe“ (Spielersprache: {gloss('boardwipe')}) steht in keinem Dokument des Bots." in body
    assert "Stellen unten" not in body


@pytest.mark.parametrize("question", ["wann wird gecheckt welche viecher angreifen können",
                                      "wann checkt man die handkarten"])
async def test_players_checken_is_read_as_the_documents_ueberprueft(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert "in keinem Dokument" not in reply.pages[0].body
