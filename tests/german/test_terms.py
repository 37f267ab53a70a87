"""German first: the term table, /regel by meaning without --cr, variant pairs in the search.

Figures printed with ``-s``: top-1 of /regel over the German query set, hits per variant pair.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from bot.answers import run_answer
from bot.answers.rules import rule_queries
from bot.answers.rulings import search_rulings
from bot.answers.terms import term_queries
from bot.importer import DEFAULT_SOURCES, KEYWORDS_PATH
from bot.importer.align import read_keyword_table
from bot.ranking import ranker
from bot.reply import Choice
from bot.store import Store
from bot.terms import TERMS_PATH, analyser, parse_terms, senses, term_concept, term_index
from tests.german.queries import GERMAN_QUERIES

TERMS = parse_terms(TERMS_PATH.read_text(encoding="utf-8"))
_TITLE_RULE = re.compile(r" – Regel (\d{3}(?:\.\d+[a-z]?)?)$")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold().replace("ß", "ss"))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def test_query_set_is_large_enough():
    assert len(GERMAN_QUERIES) >= 100
    assert len({q for q, _ in GERMAN_QUERIES}) == len(GERMAN_QUERIES)


def test_table_shape_and_known_rows():
    by_german = {t.german: t for t in TERMS}
    assert len(TERMS) >= 380
    # 701.x and 702.x of the 2026 CR: 67 keyword actions (701.2–701.68), 191 keyword abilities (702.2–702.192).
    assert sum(t.kind == "keyword_action" for t in TERMS) == 67
    assert sum(t.kind == "keyword_ability" for t in TERMS) == 191
    assert by_german["Trampelschaden"].english == "Trample" and by_german["Trampelschaden"].rule == "702.19"
    assert by_german["Priorität"].old == ("Vorrang",)
    assert by_german["Manawert"].old == ("umgewandelte Manakosten",)
    assert by_german["Ins Exil schicken"].old == ("aus dem Spiel entfernen", "ganz aus dem Spiel entfernen")
    assert "Alterungsmarke" in by_german["Altersmarke"].variants
    # Rows of the audit of the documents' vocabulary: old FAQ terms beside today's, game terms of 003.
    assert by_german["Landwandeln"].rule == "702.14" and "Waldtarnung" in by_german["Landwandeln"].old
    assert by_german["Endsegment"].old == ("Zugendesegment", "Zugende-Segment")
    assert by_german["Starthand"].old == ("Anfangshand",) and by_german["Starthand"].rule == "103.5"
    assert by_german["APNAP-Reihenfolge"].rule == "101.4"
    assert by_german["Gegner"].documents == ("000", "001", "002", "003", "004")
    with pytest.raises(ValueError, match="Zeile 3"):
        parse_terms("# c\ngerman\tenglish\tkind\trule\told\tvariants\tdocuments\nA\tB\tterm\t7x\t\t\t\n")


def test_documents_column_names_exactly_the_documents_that_use_the_term():
    # A document uses a term when it prints its German name or an old name, or a word data/terms_documents.tsv gives
    # the term's sense in that document: 004 writes goad „provoziert“ and „angestachelt“ (Aufstacheln), 002
    # aftermath „Nachwirkung“ and „Nachhall“ (Nachspiel).
    texts = {p.name[:3]: _fold(p.read_text(encoding="utf-8")) for p in sorted(DEFAULT_SOURCES.glob("0*.txt"))}
    for term in TERMS:
        names = [n for n in (term.german, *term.old) if len(n) >= 4]
        own = [(w, s.documents) for s in senses() if s.english == term.english for w in s.words]
        using = tuple(
            prefix
            for prefix, text in texts.items()
            if any(_prints(text, n) for n in names) or any(prefix in docs and _prints(text, w) for w, docs in own)
        )
        assert term.documents == using, term.german
    assert next(t for t in TERMS if t.german == "Aufstacheln").documents == ("004",)
    assert next(t for t in TERMS if t.german == "Nachspiel").documents == ("002",)


def _prints(text: str, name: str) -> bool:
    """True when the folded ``text`` holds the folded ``name`` as a whole word (a word the text lacks altogether needs
    no search for its bounds)."""
    return _fold(name) in text and re.search(r"(?<!\w)" + re.escape(_fold(name)) + r"(?!\w)", text) is not None


def test_keyword_table_rows_are_in_the_term_table():
    rules = {(t.german.casefold(), t.rule) for t in TERMS}
    for row in read_keyword_table(KEYWORDS_PATH):
        if row.cr_number and row.kind.startswith("keyword"):
            assert (row.german.casefold(), row.cr_number) in rules, row.german


async def test_old_terms_are_linked_to_todays_in_the_search(store: Store):
    """Every old German term of the table is analysed to the concept of today's term (bot/analysis.py), in a
    question and in the old documents, so the ranking finds the one through the other."""
    a = analyser(*await store.passage_vocabulary())
    for term in TERMS:
        for old in term.old:
            assert term_concept(term) in a.analyse(old, question=True).concepts, old
            assert term_concept(term) in a.analyse(old, document="001").concepts, old
            assert term_concept(term) in a.analyse(term.german, question=True).concepts, term.german


def test_lookup_tiers():
    ix = term_index()
    assert ix.lookup("Trampelschaden").how == "exact"
    assert ix.lookup("zustandsbasierten Aktion").how == "form"
    m = ix.lookup("Was macht Trampelschaden?")
    assert (m.term.rule, m.how) == ("702.19", "inside")
    m = ix.lookup("Erstschlg")
    assert (m.term.rule, m.how) == ("702.7", "typo")
    # The main German name wins over another term's old name: "Spielen" is 701.18 (Play), not Wirken.
    assert ix.lookup("Spielen").term.rule == "701.18"
    assert ix.lookup("Zauberzeichen") is None
    assert ix.lookup("x" * 10_000) is None
    # A general term alone, or beside a verb that asks about it; a word that starts one term's name only.
    for query in ("wann habe ich vorrang", "Was ist Vorrang?", "Vorrang weitergeben", "wann bekomme ich Priorität"):
        assert ix.lookup(query).term.rule == "117", query
    assert ix.lookup("zustandsbasierte").term.rule == "704"
    assert ix.lookup("wie viele Karten zieht ein Spieler") is None
    assert ix.lookup("Zustandsbasirte Aktion").how == "typo"


async def test_regel_top1_without_cr(ctx):
    """/regel answers a German term with its rule first (store without --cr: what the table gives)."""
    right, wrong = 0, []
    for query, rule in GERMAN_QUERIES:
        reply = await run_answer(ctx, "rule", search=query)
        m = _TITLE_RULE.search(reply.pages[0].title)
        if m and m.group(1) == rule:
            right += 1
        else:
            wrong.append((query, rule, reply.pages[0].title))
    share = right / len(GERMAN_QUERIES)
    print(f"\n/regel top-1 without --cr: {right}/{len(GERMAN_QUERIES)} = {share:.1%}; misses: {wrong}")
    assert share >= 0.95, wrong


async def test_term_answer_cites_the_documents(ctx):
    reply = await run_answer(ctx, "rule", search="Einberufen")
    page = reply.pages[0]
    assert page.title == "Einberufen – Regel 702.51"
    assert "(englisch *Convoke*): Schlüsselwortfähigkeit, heute Regel **702.51**" in page.body
    assert "• Abschnitt „Einberufen“ (Ravnica: Stadt der Gilden)" in page.body
    assert any(a.label == "Mechanik: Einberufen" for a in reply.actions)
    old = await run_answer(ctx, "rule", search="umgewandelte Manakosten")
    assert old.pages[0].title == "Manawert – Regel 202.3"
    assert old.pages[0].body.startswith("_früher „umgewandelte Manakosten“, heute Manawert = Mana Value_")
    # The documents' own hits follow, with the buttons of their page.
    assert any(p.title == "Regeln zu „umgewandelte Manakosten“" for p in old.pages[1:])


@pytest.mark.parametrize("query", ["Zauberzeichen", "umgewandelte Manakosten", "Einberufen", "Priorität", "Fehde"])
async def test_no_internal_paths_or_english_notes(ctx, query):
    reply = await run_answer(ctx, "rule", search=query)
    text = "\n".join([reply.source or "", *(p.title + p.body for p in reply.pages)])
    assert "data/" not in text and ".tsv" not in text and "obsolete term" not in text


VARIANT_PAIRS = [
    ("groesser", "größer"),
    ("grosser", "größer"),
    ("groeßer", "größer"),
    ("ins Spiel gebracht", "ins Spiel bringen"),
    ("aus dem Spiel entfernen", "ins Exil schicken"),
    ("aus dem Spiel entfernt", "ins Exil geschickt"),
    ("Alterungsmarke", "Altersmarke"),
    ("Alterungsmarken", "Altersmarken"),
    ("Priorität", "Vorrang"),
    ("Prioritaet", "Priorität"),
    ("umgewandelte Manakosten", "Manawert"),
    ("Faehigkeit", "Fähigkeit"),
    ("Fahigkeit", "Fähigkeit"),
    ("Spielstein", "Token"),
    ("Versorgungssegment", "Upkeep"),
    ("Halbe-Halbe-Manasymbol", "Hybrid-Manasymbol"),
    ("gemischt", "mischen"),
    ("Kreaturen", "Kreatur"),
    ("Bibliotheken", "Bibliothek"),
    ("verrechnet", "verrechnen"),
    ("abgehandelt", "verrechnet"),
    ("spielen", "wirken"),
    ("gespielt", "gewirkt"),
    ("Schlachtfeld", "im Spiel"),
    ("Permanent", "bleibende Karte"),
    ("Fehde", "Clash"),
    ("Einberufen", "Convoke"),
    ("Zerstoerung", "Zerstörung"),
    ("Lebenspunkte", "Lebenspunkten"),
    ("Mehrfarbig", "mehrfarbige"),
    ("Spuk", "haunt"),
    ("Kumulative Versorgung", "cumulative upkeep"),
    ("Muenze", "Münze"),
]


async def test_variant_pairs_find_the_same_rulings(store):
    """Both ways: each pair of spellings/inflections/eras finds rulings, and the ranking's best 30 rulings
    of the one share rulings with the best 30 of the other."""
    r = await ranker(store)
    for a, b in VARIANT_PAIRS:
        found = [await r.search(store, t, kinds=frozenset({"ruling"}), limit=30) for t in (a, b)]
        keys_a, keys_b = ([h.passage.key for h in f.hits] for f in found)
        assert keys_a and keys_b, (a, b)
        assert set(keys_a) & set(keys_b), (a, b, keys_a[:5], keys_b[:5])
    # Real rulings of document 001: "Priorität" finds "Vorrang" (Bann des Beschwörers, 001:1242), "groesser"
    # finds "größer" (001:3156 "… der größer als deine Lebenspunktezahl ist").
    assert "001:1242" in [h.passage.key for h in (await search_rulings(store, "Priorität")).hits]
    assert "001:3156" in [h.passage.key for h in (await search_rulings(store, "groesser")).hits]


async def test_uncertain_explanations_are_shown_as_vermutlich(ctx):
    """003's first entry (100.1, alignment uncertain) is shown, labelled "vermutlich Regel 100.1"."""
    reply = await run_answer(ctx, "rule", search="100.1")
    assert reply.pages[0].title == "Erklärung, vermutlich Regel 100.1 – Spieler"  # 003's „Begriffeplayer“
    assert reply.pages[0].body.startswith("Die Magic-Regeln gelten für jede Partie mit zwei oder mehr Spielern")
    certain = await run_answer(ctx, "rule", search="103.1")
    assert certain.pages[0].title == "Regel 103.1 (Erklärung)"
    for query in ("Startspieler", "Spielstein", "Partie", "Lebenspunkte", "100"):
        reply = await run_answer(ctx, "rule", search=query)
        text = "\n".join(p.title + p.body + "".join(a.label for a in p.actions or []) for p in reply.pages)
        assert not re.search(r"Regelerklärung \d", text), query


def test_shipped_numbers_need_the_same_text():
    from bot.answers.rules import shipped_number, shipped_numbers

    table = shipped_numbers()
    assert len(table) == 205
    assert shipped_number(table, 1, "Die Magic-Regeln gelten für jede Partie …") == (None, "100.1")
    assert shipped_number(table, 3, "Zum Spielen braucht jeder Spieler ein eigenes Deck") == ("100.2", None)
    assert shipped_number(table, 1, "Ein ganz anderer Text") == (None, None)


async def test_regel_autocomplete_offers_german_terms(ctx):
    from bot.answers import run_completer

    names = [c.name for c in await run_completer(ctx, rule_queries, "tramp")]
    assert names[:2] == ["Suche: tramp", "Trampelschaden – Regel 702.19"]
    names = [c.name for c in await run_completer(ctx, rule_queries, "vorrang")]
    assert "Priorität (Vorrang) – Regel 117" in names


async def test_ruling_search_autocomplete_offers_the_card_names_the_text_begins(ctx):
    from bot.answers import run_completer

    # the typed search first, then the card as /karte's autocomplete finds it; its value is the card's name, which
    # /ruling suche answers with that card's rulings first (Ravnica FAQ: Szadek's two rulings)
    choices = await run_completer(ctx, term_queries, "szadek")
    assert [(c.name, c.value) for c in choices] == [
        ("szadek", "szadek"), ("Szadek, Herr der Geheimnisse – Rulings", "Szadek, Herr der Geheimnisse")]
    names = [c.name for c in await run_completer(ctx, term_queries, "boros")]
    assert names[:3] == ["boros", "Boros-Rekrut – Rulings", "Razia, Boros-Erzengel – Rulings"]
    reply = await run_answer(ctx, "ruling", search=choices[1].value)
    assert reply.pages[0].title == "Rulings: Szadek, Herr der Geheimnisse (2)"
    # no fuzzy guess of a card for a term's word: „vorrang“ stays the one term choice (below)
    assert all("– Rulings" not in c.name for c in await run_completer(ctx, term_queries, "vorrang"))


async def test_ruling_search_autocomplete_reads_a_slip_of_a_card_name_and_offers_cards_for_nothing_typed(ctx):
    from bot.answers import run_completer
    from bot.answers.card_picks import card_names

    # a slip of a card's name that begins no name nor term: the cards /karte's autocomplete finds for it, each a
    # search for its rulings (until 2026-12-07 only the typed text „borros“)
    choices = await run_completer(ctx, term_queries, "borros")
    assert [c.name for c in choices[:3]] == [
        "borros", "Boros-Rekrut – Rulings", "Razia, Boros-Erzengel – Rulings"]
    assert [c.value for c in choices[1:]] == [c.value for c in await run_completer(ctx, card_names, "borros")][:5]
    reply = await run_answer(ctx, "ruling", search=choices[1].value)
    assert reply.pages[0].title.startswith("Rulings: Boros-Rekrut (0 eigene · 3 aus Abschnitt „Hybrid-Karten")
    # a term's word guesses no card: „fehde“ is the term alone (/karte guesses „Blutspuckende Feder“ for it)
    assert [c.name for c in await run_completer(ctx, term_queries, "fehde")] == ["Fehde"]
    # nothing typed: the cards /karte's autocomplete starts with, each a search for its rulings (before: nothing)
    for blank in ("", "   "):
        empty = await run_completer(ctx, term_queries, blank)
        assert len(empty) == 25 and empty[0] == Choice(name="Einziehen – Rulings", value="Einziehen")
        assert [c.value for c in empty] == [c.value for c in await run_completer(ctx, card_names, "")]


async def test_ruling_search_autocomplete_links_old_terms(ctx):
    from bot.answers import run_completer

    choices = await run_completer(ctx, term_queries, "vorr")
    assert [(c.name, c.value) for c in choices] == [("vorr", "vorr"), ("Vorrang → Priorität", "Vorrang")]
    names = [c.name for c in await run_completer(ctx, term_queries, "umgew")]
    assert "umgewandelte Manakosten → Manawert" in names
    # a term typed whole is one choice (not the typed text and the term's row twice), with today's term named
    # whatever the case typed: Vorrang → Priorität (117), Priorität itself
    for typed in ("Vorrang", "vorrang"):
        choices = await run_completer(ctx, term_queries, typed)
        assert [(c.name, c.value) for c in choices] == [("Vorrang → Priorität", typed)]
    names = [c.name for c in await run_completer(ctx, term_queries, "Priorität")]
    assert names[0] == "Priorität" and names.count("Priorität") == 1


def test_cli_regel_and_complete_in_german(built_db):
    """`python -m bot call` and `complete` on the session store (in process: what they print; the commands as new
    processes are tests/test_cli.py's)."""
    from tests.conftest import call_cli

    out = call_cli("call", "/regel suche: Trampelschaden", db=built_db).stdout
    assert out.startswith("== Trampelschaden – Regel 702.19 ==\n**Trampelschaden** (englisch *Trample*)")
    out = call_cli("complete", "/karte name", "Sünden del Vergangenheit", db=built_db).stdout
    assert out.splitlines()[0] == "Sünden der Vergangenheit"


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("ruling", {"search": "Standardlandtypen"}),
        ("mechanic", {"name": "Doppelländer"}),
    ],
)
async def test_no_doubled_quotes(ctx, command, options):
    """001 titles the section „Doppelländer“ with its own quotes: answers never show „„Doppelländer““."""
    reply = await run_answer(ctx, command, **options)
    text = "\n".join(p.title + p.body + "".join(f.name + f.value for f in p.fields) for p in reply.pages)
    assert command != "ruling" or "Abschnitt „Doppelländer“" in text
    assert "„„" not in text and "““" not in text


async def test_a_rule_answer_never_links_the_rule_it_shows(ctx):
    from bot.answers.rules import catalog

    cat = await catalog(ctx.store)
    numbers = sorted(cat.numbers() | {n for e in cat.explanations for n in e.see_also})
    assert len(numbers) > 100
    for number in numbers:
        reply = await run_answer(ctx, "rule", search=number)
        buttons = [*reply.actions, *(a for p in reply.pages for a in p.actions or [])]
        assert not [a for a in buttons if a.action in ("rule", "cr_rule") and a.arg == number], number


async def test_search_in_a_card_without_hits_shows_all_rulings(ctx):
    """The /ruling suche autocomplete offers terms; searched within a card that never uses one, the answer
    says so and shows the hits in all rulings (no error)."""
    reply = await run_answer(ctx, "ruling", card="Boros-Rekrut", search="Aktivieren")
    assert not reply.error
    assert reply.pages[0].title == "Rulings mit „Aktivieren“"
    assert reply.pages[0].body.startswith("In den Rulings von Boros-Rekrut kommt „Aktivieren“ nicht vor;")
