"""German text analysis (bot/analysis.py) over the real store's vocabulary: word forms, negation, compounds,
concepts of the term table (old and new names, senses per document), stop words, spelling, bounds."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import players_words
from bot.analysis import MAX_QUERY_TERMS, Analyser, Vocabulary, snowball, tokens
from bot.answers import run_answer
from bot.reply import one_line
from bot.store import Store
from bot.terms import analyser, parse_senses, senses, term_concept, term_index


async def _vocabulary(db: Path) -> tuple[dict[str, int], dict[str, str]]:
    store = await Store.open(db)
    try:
        return await store.passage_vocabulary()
    finally:
        await store.close()


@pytest.fixture(scope="module")
def a(built_db) -> Analyser:
    return analyser(*asyncio.run(_vocabulary(built_db)))


def concept(german: str) -> str:
    return term_concept(next(t for t in term_index().terms if t.german == german))


def test_tokens_keep_rule_numbers_and_mana_symbols():
    assert tokens("Regel 702.19a: {R/W} kostet") == ["regel", "702.19a", "mrw", "kostet"]


def test_tokens_of_plain_latin1_text_are_the_regex_tokens():
    # A Latin-1 text without mana symbols or rule numbers is split by a byte translation (bot.words.tokens); these
    # are the tokens of the regex path: letters of Latin-1 (ß, é, umlauts), separators (¬, ×, NBSP, _), a
    # dot between digits that is no rule number (1.5, 12.3), the limit, „X“ as the cost {X}.
    assert tokens("Ein Permanent ist eine Karte oder ein Spielstein im Spiel.") == [
        "ein", "permanent", "ist", "eine", "karte", "oder", "ein", "spielstein", "im", "spiel"]
    assert tokens("Größe_é×ß\xa0Über¬X 15. x") == ["größe", "é", "ß", "über", "mx", "15", "mx"]
    assert tokens("1.5 und 12.3") == ["1", "5", "und", "12", "3"]
    assert tokens("Regel 702.19 und 12.3", 3) == ["regel", "702.19", "und"]  # a rule number: the regex path
    assert tokens("Straße der Schmerzen", 2) == ["straße", "der"]
    assert tokens("!!") == []


def test_tokens_read_common_separators_beyond_latin1_as_spaces():
    # A card's type line („Kreatur — Elf Druide“), German quotes and the en dash are read by the byte translation
    # with each as a space: the tokens of the regex path, which a text with any other character beyond Latin-1 takes.
    assert tokens("Kreatur — Elf Druide\n„Zauber“ – x’s ‚a‘ ”b”") == [
        "kreatur", "elf", "druide", "zauber", "mx", "s", "a", "b"]
    assert tokens("Kreatur—Elf ∞ 呪文") == ["kreatur", "elf", "呪文"]


def test_a_number_word_is_its_own_stem_unless_a_lemma_maps_it():
    # A card file's names carry numbers („Generated Card 012345“): ASCII digits are their own stem, lemma and form
    # in either language (what Snowball gives), without asking the stemmers; a lemma of the store still applies.
    numbered = Analyser(Vocabulary({"karte": 3}, {"2019": "jahren"}))
    assert [snowball("012345"), snowball("012345", "en")] == ["012345", "012345"]
    assert numbered.stems("012345") == numbered.stems("012345", "en") == ["012345"]
    assert numbered.main_stem("012345") == numbered.form("012345") == numbered.lemma("012345") == "012345"
    assert numbered.stems("2019") == ["jahr"] and numbered.form("2019") == "jahren"


def test_a_card_number_word_is_read_as_in_full_without_the_stemmers(a):
    # A card's number („Generated Card 012345“, once per title and language in a card file) takes a shortcut in
    # Analyser._word: the same _Word as the full reading in either language; a number a lemma maps reads in full.
    for language in ("de", "en"):
        for word in ("012345", "7", "000019"):
            assert a._word(word, language) == a._word_read(word, language) == a._number_word(word)
            assert a._word(word, language).terms == {word: None} and a._word(word, language).form == word
    numbered = Analyser(Vocabulary({"karte": 3}, {"2019": "jahren"}))
    assert numbered._word("2019", "de").terms == {"jahr": None} and numbered._word("2019", "de").form == "jahren"


def test_tokens_read_invisible_characters_as_the_echo_shows_them():
    # A zero-width character inside a word is dropped (the echo drops it too); a bidi control or the ZWJ between
    # two words separates them, as bot.reply.one_line echoes it ("was ist einberufen", not "was isteinberufen").
    assert tokens("Bib\u2060liothek Fe\u00adhde") == ["bibliothek", "fehde"]
    assert tokens("was\u200bmacht") == ["was", "macht"]  # the zero-width space is a word boundary (UAX #29)
    assert tokens("was ist\u202eeinberufen") == ["was", "ist", "einberufen"]
    assert tokens("a\u200eb\u2066c\u200dd") == ["a", "b", "c", "d"]


async def test_a_bidi_control_between_words_is_searched_as_echoed(ctx):
    question = "was ist\u202eeinberufen"
    reply = await run_answer(ctx, "question", question=question)
    assert one_line(question) == "was ist einberufen"
    assert reply.pages[0].title == "Einberufen"  # before: „Nichts gefunden zu „was ist einberufen““


def test_participles_meet_their_verb(a):
    # "gewirkt" (002) and "wirken" meet; "aufgedeckt" (000) and "aufdecken"; "bezahlt" and "bezahle".
    assert a.analyse("gewirkt").terms[-1] == a.analyse("wirken").terms[-1] == "wirk"
    assert "aufdeck" in a.analyse("aufgedeckt").terms
    assert set(a.analyse("bezahlt").terms) & set(a.analyse("bezahle").terms)


def test_a_participle_of_a_stem_in_s_and_a_zu_infinitive_meet_their_verb(a):
    # 001 prints „ausgelöst“ (aus|ge|lös|t: the stem's own „s“ before „-t“, no second person's „-st“) a hundred times
    # beside „auslösen“ and „auslöst“; 001's „Bestimmst du, Karten aufzudecken“ beside 000's „aufdecken“; 003's
    # „angepasst“ (anpassen). Read as „-t“ only, „ausgelöst“ was „ausgelöt“ and stayed a term of its own.
    for verb, forms in (("auslos", ("ausgelöst", "ausgelöste", "ausgelösten", "auslöst", "auszulösen", "auslösen")),
                        ("aufdeck", ("aufzudecken", "aufgedeckt", "aufdecken")), ("anpass", ("angepasst",))):
        for form in forms:
            assert verb in a.analyse(form).terms, form
    assert "tapp" in a.analyse("tappst").terms and "opf" in a.analyse("opferst").terms  # „-st“ a second person's first
    assert "kost" in a.analyse("kostest").terms  # kost|est, the second person of „kosten“


def test_second_person_forms_meet_their_verb(a):
    # 001:1667 „Die Aura, die du opferst, …“: "opferst" (Snowball keeps it whole) is read as "opfern", as
    # "geopferte" is; "tappst" as "tappen" (001:78 „… tappen“).
    assert "opf" in a.analyse("opferst").terms and "opf" in a.analyse("geopferte").terms
    assert "tapp" in a.analyse("tappst").terms


def test_forms_of_a_verb_whose_infinitive_the_documents_lack_meet(a):
    # 001 writes „die du kontrollierst“ and „kontrolliert“, never „kontrollieren“: an -ieren verb's forms are read
    # as its infinitive, so a player's „wer kontrolliert …“ meets 001:606 „Du kontrollierst den Zauberspruch …“.
    assert a.lemma("kontrollierst") == a.lemma("kontrolliert") == a.lemma("kontrollierte") == "kontrollieren"
    assert set(a.analyse("kontrolliert").terms) == set(a.analyse("kontrollierst").terms)
    assert a.lemma("neutralisiert") == "neutralisieren"
    # a strong verb's changed vowel: „verlässt“ (001:1929) meets „verlassen“, „übernimmst“ „übernehmen“
    assert a.lemma("verlässt") == "verlassen" and a.lemma("übernimmst") == a.lemma("übernimmt") == "übernehmen"
    assert a.lemma("stirbt") == "sterben" and a.lemma("wirfst") == "werfen"
    # „ie“ changes back only before „h“ (sieht → sehen): „anliegt“ is no form of „anlegen“
    assert a.lemma("sieht") == "sehen" and a.lemma("anliegt") == "anliegt"
    # a form the documents hold no form of stays for the spelling repair: „kontroliert“ is a typo
    assert a.lemma("kontroliert") == "kontroliert"
    assert a.analyse("wer kontroliert das", question=True).words == ["kontrolliert"]


def test_un_forms_meet_their_positive_form(a):
    # 001:78 "Du kannst nur ungetappte Kreaturen … tappen": a question with "nicht getappt" meets it.
    assert "tapp" in a.analyse("ungetappte").terms
    assert "tapp" in a.analyse("nicht getappt").terms


def test_compounds_split_against_the_store_vocabulary(a):
    terms = a.analyse("Kampfschadenssegment").terms
    assert {"kampf", "schad", "segment"} <= set(terms)
    # An adverb in -weise is its head, not head + "weise" (001:2833 "Es können nicht Teile der … Kosten bezahlt
    # werden" answers "teilweise bezahlen"; "weis" would meet the colour).
    terms = a.analyse("teilweise").terms
    assert "teil" in terms and "weis" not in terms


def test_old_and_new_terms_share_the_concept(a):
    assert concept("Priorität") in a.analyse("Vorrang", question=True).terms
    assert concept("Priorität") in a.analyse("Priorität", question=True).terms
    assert concept("Manawert") in a.analyse("umgewandelte Manakosten", question=True).terms
    assert concept("Schlachtfeld") in a.analyse("ist die Kreatur im Spiel", question=True).terms


def test_old_terms_count_only_in_old_documents(a):
    assert concept("Schlachtfeld") not in a.analyse("im Spiel", old_terms=False, document="004").terms
    assert concept("Schlachtfeld") in a.analyse("im Spiel", old_terms=True, document="001").terms
    # 003 writes "hat der „kann nicht“-Effekt Vorrang" (003:35): precedence, not priority (data/terms_documents.tsv).
    assert concept("Priorität") not in a.analyse("Vorrang", old_terms=True, document="003").terms
    assert concept("Priorität") in a.analyse("Vorrang", old_terms=True, document="001").terms


def test_a_word_means_another_keyword_in_another_document(a):
    goad, provoke = concept("Aufstacheln"), concept("Provozieren")
    in_004 = a.analyse("Das Angreifen mit einer provozierten Kreatur", old_terms=False, document="004").terms
    assert goad in in_004 and provoke not in in_004
    question = a.analyse("provozierte Kreatur", question=True).terms
    assert goad in question and provoke in question  # a question may mean either
    assert concept("Nachspiel") in a.analyse("Zauberspruch mit Nachwirkung", document="002").terms


def test_senses_table_rows(tmp_path):
    rows = {s.english: s for s in senses()}
    assert rows["Goad"].rule == "701.15" and rows["Goad"].documents == frozenset({"004"})
    bad = tmp_path / "senses.tsv"
    bad.write_text("# Kommentar\nwörter\tenglisch\tregel\tdokumente\tanmerkung\nx\tGoad\tkeine\t004\t\n", "utf-8")
    with pytest.raises(ValueError, match="Zeile 3"):
        parse_senses(bad)


def test_english_names_in_questions_but_not_german_homographs(a):
    assert concept("Trampelschaden") in a.analyse("what does trample do", question=True).terms
    assert not a.analyse("du hast die Karte", question=True).concepts  # not Haste, not Dies


def test_stop_and_question_words_are_no_query(a):
    assert a.analyse("ohne", question=True).all_terms() == []
    assert a.analyse("was passiert wenn", question=True).all_terms() == []
    assert a.analyse("was passiert mit der Bibliothek", question=True).words == ["bibliothek"]
    # a weak word counts beside a content word: 001:74 "… nicht unter 0 reduzieren"
    assert "unt" in a.analyse("Einberufen unter null", question=True).all_terms()



def test_stop_and_weak_words_typed_without_umlauts_are_read_as_listed(a):
    # "fur"/"fuer" is "für", "koennen" "können" (stop words); "uber"/"ueber" the weak "über" (001:74's kind of
    # "unter 0"): no term of their own, only the weak stem beside the content words.
    plain = a.analyse("was gilt für Kreaturen über 5", question=True)
    for typed in ("was gilt fuer Kreaturen ueber 5", "was gilt fur Kreaturen uber 5"):
        got = a.analyse(typed, question=True)
        assert (got.all_terms(), got.words, got.weak) == (plain.all_terms(), plain.words, plain.weak)
    assert a.analyse("koennen kreaturen fur mich blocken", question=True).words == ["kreaturen", "blocken"]
    assert a.analyse("ueberhaupt fuers", question=True).all_terms() == []
    # "wurden" is a word of the documents as typed: it stays itself, not "würden"
    assert a.analyse("wurden", question=True).words == a.analyse("wurden").words


def test_a_participle_typed_without_umlauts_is_read_with_them_when_its_verb_is_the_documents(a):
    # 003's 101.3 „Jeder Teil einer Anweisung, der sich nicht ausführen lässt“: the documents print „ausführen“, not
    # „ausgeführt“; „ausgefuehrt“ is its participle typed without umlauts (before: the stem
    # „ausgefuhrt“, no document's word, and the question was called one the documents do not answer)
    got = a.analyse("anweisung nicht ausgefuehrt", question=True)
    assert (got.words, got.all_terms()) == (["anweisung", "ausgeführt"],
                                            a.analyse("anweisung nicht ausgeführt", question=True).all_terms())


def test_a_compound_names_the_concept_of_its_modifier(a):
    # „Hybridkarte“: 001 says „Halbe-Halbe-Manasymbol“, 003 „Hybrid-Manasymbol“ (one row of the term table)
    asked = a.analyse("kann ich hybridkarte mit einer farbe wirken", question=True)
    assert concept("Hybrid-Manasymbol") in asked.concepts
    # „Kampfschadensschritt“ (players' word; 510's step is „Kampfschadenssegment“): Kampfschaden, not the head
    got = a.analyse("Kampfschadensschritt", question=True).concepts
    assert got == [concept("Kampfschaden")]
    assert a.analyse("Giftmarke", question=True).concepts == [concept("Giftmarke")]
    # a passage's compounds are left as they are (their concepts come from the document's own names)
    assert concept("Hybrid-Manasymbol") not in a.analyse("Hybridkarte", document="001").concepts

def test_spelling_is_repaired_against_the_documents(a):
    assert a.analyse("prioritaet", question=True).terms == a.analyse("Priorität", question=True).terms
    assert a.analyse("Bibliotek", question=True).words == ["bibliothek"]
    assert a.analyse("groesser", question=True).words == ["größer"]


def test_a_typo_is_repaired_to_the_nearest_word_of_the_documents_and_marked(a):
    # One edit: "fede" → "fehde" (000's Fehde; "jede" is as near but a stop word, "feder" as near but rarer),
    # "gewint" → "gewinnt" (a letter dropped), "Fehed" (two letters swapped); from ten letters two edits:
    # "Biblithekk" → "bibliothek". Terms read only from a repaired word are marked for the ranking.
    q = a.analyse("wer gewint die fede", question=True)
    assert q.words == ["gewinnt", "fehde"]
    assert q.repaired == {"gewinn", "fehd"}
    assert a.analyse("Fehed", question=True).words == ["fehde"]
    assert a.analyse("Biblithekk", question=True).words == ["bibliothek"]
    assert a.vocab.nearest("fede") == "fehde" and a.vocab.nearest("fedde") == "fehde"
    # equally near: the typed first letter first ("oerste" → "oberste", not the more frequent "erste"); never a
    # stop word ("wenm" is one edit from "wenn" only)
    assert a.vocab.nearest("oerste") == "oberste" and a.vocab.nearest("agelegt") == "angelegt"
    assert a.vocab.nearest("wenm") is None
    # no typo: a form of a word the documents have ("gewinne": gewinnt, gewinnen), an English question's words
    assert a.analyse("wenn ich die fehde nicht gewinne", question=True).words == ["fehde", "gewinne"]
    assert a.analyse("can a token come back from exile", question=True).repaired == set()
    # a word of the documents as typed is never repaired; a short word two edits away is not repaired
    assert a.analyse("wer gewinnt die Fehde", question=True).repaired == set()
    assert a.vocab.nearest("fhdx") is None
    # two edits only from ten letters: "Wolfsbld" (8) is two off 001's "Wolfsblut" and stays as typed
    assert a.vocab.nearest("wolfsbld") is None


def test_an_ordinary_german_word_is_no_slip_into_another_word_of_the_documents(a):
    # „holt“, „aufgelöst“ (resolved), „spart“, „heilt“ are German words (pyspellchecker's dictionary) that no
    # document prints; one changed letter away stand the documents' „hält“, „ausgelöst“ (triggered), „start“,
    # „heißt“ — another meaning, so the word stays as typed and names nothing
    for typed, other in (("holt", "hält"), ("aufgelöst", "ausgelöst"), ("spart", "start"), ("heilt", "heißt")):
        assert a.vocab.nearest(typed) == other  # the documents' word one edit away
        q = a.analyse(f"wann wird die fähigkeit {typed}", question=True)
        assert typed in q.words and other not in q.words and q.typos == {}
    # letters added or dropped are still repaired, as the word is part of the documents' word: „häfte“ → „hälfte“
    # (003's split cards), „angefangen“ → „anfangen“; a slip no dictionary has as well
    for typed, fixed in (("häfte", "hälfte"), ("angefangen", "anfangen")):
        assert a.analyse(f"was ist mit der {typed}", question=True).typos == {fixed: typed}
    assert a.analyse("wer gewint die fede", question=True).typos == {"gewinnt": "gewint", "fehde": "fede"}


def test_spoken_short_forms_are_no_slips(a):
    # „drunter“ is a players' word read as 001's „darunter“ (data/players_words.tsv: „eine Karte darunter, die kein
    # Land ist“), not a slip repaired to it; „drauf“ (printed by 001) and the others are read as typed: none is a
    # repair a note would name
    for typed, read in (("drunter", "darunter"), ("drüber", "drüber"), ("drauf", "drauf"), ("drin", "drin"),
                        ("rum", "rum"), ("rein", "rein")):
        q = a.analyse(f"liegt die karte {typed}", question=True)
        assert q.typos == {} and q.words[-1] == read, typed


def test_a_typo_in_a_word_typed_without_umlaut_is_measured_on_its_umlaut_spelling(a):
    # „staerrke“ is three edits from 001's „Stärke“ (line 291: „mit niedrigerer oder gleicher Stärke“) as typed,
    # one from its umlaut spelling „stärrke“; the repair names the word as typed
    assert a.vocab.nearest("staerrke") == "stärke"
    q = a.analyse("welche staerrke hat die kreatur", question=True)
    assert "stärke" in q.words and q.typos == {"stärke": "staerrke"}


def test_a_slip_in_the_letters_typed_for_an_umlaut_is_measured_on_the_umlaut_word(a):
    # „leost“: „löst“ typed without umlaut („loest“) with „oe“ swapped, no „oe“ left to restore; one swap from 001's
    # „löst“ so spelt („… löst sie nicht die zweite Fähigkeit aus“, 9 times), one edit from its „legst“ too (7 times)
    assert a.vocab.nearest("leost") == "löst"
    q = a.analyse("zweimal gewirkt, leost die faehigkeit dann doppelt aus", question=True)
    assert "löst" in q.words and q.typos["löst"] == "leost"
    assert a.vocab.words["löst"] == 9 and a.vocab.words["legst"] == 7
    # a word typed with its umlaut is measured as before: „kraetur“ is still 001's „Kreatur“
    assert a.vocab.nearest("kraetur") == "kreatur"


def test_a_typo_of_a_players_word_is_read_as_that_word(a):
    # „mechamik“ is one edit from the players' „mechanik“ (data/players_words.tsv, read as 001's „Mechanismus“),
    # which no document prints; a stop word or a word of the documents as typed stays itself
    assert players_words.typo_reading("mechamik") == "mechanismus"
    q = a.analyse("welche mechamik gab es schon in eiszeit", question=True)
    assert "mechanismus" in q.words and q.typos == {"mechanismus": "mechamik"}
    assert players_words.typo_reading("mechanismus") is None and players_words.typo_reading("wenm") is None
    assert a.analyse("welche mechanik gab es", question=True).typos == {}


def test_rule_numbers_are_terms(a):
    result = a.analyse("Was sagt 702.19a?", question=True)
    assert result.numbers == ["702.19a"] and "r702x19a" in result.terms


def test_any_input_is_bounded(a):
    long = a.analyse("Einberufen Kreatur tappen Manawert " * 2000, question=True)
    assert long.truncated and len(long.terms) <= MAX_QUERY_TERMS
    many = a.analyse(" ".join(f"wort{i}x" for i in range(200)), question=True)
    assert len(many.terms) <= MAX_QUERY_TERMS and many.truncated


def test_a_search_as_long_as_discord_allows_searches_few_terms_and_no_tuned_question_is_cut(a, built_db):
    # each term of the full-text query costs the passages holding it (on a store of 100 000 printings 2.8 s for a
    # 6 000-character search of card names at 40 terms, 1.5 s at 24: bench/bench_long_search.py); the questions
    # the ranking was tuned on have at most 22 terms, so the cap cuts none of them
    import sqlite3
    import tomllib

    con = sqlite3.connect(built_db)
    names = " ".join(n for (n,) in con.execute("SELECT name FROM cards ORDER BY id"))
    con.close()
    long = a.analyse(names[:6000], question=True)
    assert MAX_QUERY_TERMS == 24 and len(long.terms) == MAX_QUERY_TERMS and long.truncated
    parts = Path(__file__).resolve().parent / "questions"
    for part in ("dev", "tuning", "tuning2", "tuning3"):
        for q in tomllib.loads((parts / f"{part}.toml").read_text(encoding="utf-8"))["question"]:
            analysis = a.analyse(q["text"], question=True)
            assert not analysis.truncated and len(analysis.terms) <= 22, (part, q["id"])


def test_a_keyword_name_the_documents_use_as_an_ordinary_word_counts_in_a_question_only_as_written(a):
    # 001 uses „verschwinden“, „Leere“ and „Bonus“ only as ordinary words (data/terms_documents.tsv rows "-"): a
    # question's other forms of them ("verschwindet", "leeren") name no keyword; the name as written still does.
    assert concept("Verschwinden") not in a.analyse("wann verschwindet Mana aus dem Manavorrat", question=True).terms
    assert concept("Leere") not in a.analyse("ziehen aus einer leeren Bibliothek", question=True).terms
    assert concept("Verschwinden") in a.analyse("was macht Verschwinden", question=True).terms
    assert concept("Leere") in a.analyse("Karte mit Leere", question=True).terms
    # a word with a keyword sense in its document keeps every form: 004's „provoziert“ is goad
    assert concept("Aufstacheln") in a.analyse("kreatur wurde provoziert", question=True).terms


def test_a_question_word_groups_its_stems_compound_parts_and_the_concepts_it_names(a):
    # 004 writes goad „provoziert“ (Goad there, Provoke in the term table), 002 „Manawert“ beside 001's
    # „umgewandelte Manakosten“; „im Spiel“ names the battlefield by stop words alone (one group for the name).
    found = a.analyse("ist provoziert sein eine fähigkeit von der kreatur?", question=True)
    assert found.groups == [("provozi", "zzkgoad", "zzkprovoke"), ("fahig", "zzkabilities"),
                            ("kreatur", "zzkcreature")]
    found = a.analyse("höherer Manawert oder höhere umgewandelte Manakosten im Spiel", question=True)
    assert found.groups == [("hoh",), ("manawert", "mana", "wert", "zzkmanaxvalu", "zzsmanawert"),
                            ("manakost", "mana", "kost", "zzkmanaxvalu", "zzsmanawert"),
                            ("zzkbattlefield", "zzsschlachtfeldxim")]
    assert {t for g in found.groups for t in g} == set(found.terms)
