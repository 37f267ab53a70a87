"""Which words of a document's text a card's name covers (bot/card_names.py): the longest name at each position,
from the left, a name inside the one found before not counted; names are the cards' (001's „Auge des Sturms“,
„Verbunden im Schmerz“), stemmed here as the words themselves."""

from __future__ import annotations

from bot.card_names import JOIN, covered, name_table, name_tables
from bot.words import tokens


def _covered(names: tuple[str, ...], text: str, concepts: tuple[tuple[str, ...], ...] = ()) -> set[int]:
    table = name_table(names, lambda word: word, lambda stems: stems in concepts)
    return covered(table, tokens(text))


def test_a_name_covers_its_words_where_it_stands():
    # 001:1246 (Bann des Beschwörers): „zum Beispiel durch Auge des Sturms aus Ravnica“
    assert _covered(("Auge des Sturms",), "zum Beispiel durch Auge des Sturms aus Ravnica") == {3, 4, 5}
    assert _covered(("Auge des Sturms",), "das Auge des Gegners") == set()
    assert _covered(("Auge des Sturms", "Verbunden im Schmerz"), "Verbunden im Schmerz und Auge des Sturms") == {
        0, 1, 2, 4, 5, 6}


def test_the_longest_name_at_a_position_and_none_inside_the_one_before():
    names = ("Auge", "Auge des Sturms", "Sturms Ende")
    assert _covered(names, "das Auge des Sturms") == {1, 2, 3}  # not „Auge“ alone
    assert _covered(names, "das Auge sieht") == {1}
    # „Sturms Ende“ begins inside „Auge des Sturms“, found first from the left: its „Ende“ stays uncovered
    assert _covered(names, "Auge des Sturms Ende") == {0, 1, 2}
    assert _covered(names, "des Sturms Ende") == {1, 2}


def test_a_name_that_is_a_concepts_name_and_an_empty_table_cover_nothing():
    assert _covered(("Sturm",), "Reproduktion oder Sturm", concepts=(("sturm",),)) == set()
    assert _covered((), "Auge des Sturms") == set()


def test_the_tables_of_two_languages_made_in_one_pass_are_each_languages_own():
    # one pass over the names for German and English (the passage step's two languages), each with its own stems;
    # a name that is a concept's name in one language only is left out of that language's table alone
    names = ("Auge des Sturms", "Flash", "Sturms Ende")
    stems = {"de": lambda word: word[:4], "en": lambda word: word.upper()}
    is_concept = {("FLASH",), ("auge", "des", "stur")}.__contains__
    tables = name_tables(names, lambda word, language: stems[language](word), ("de", "en"), is_concept)
    assert tables == {language: name_table(names, stem, is_concept) for language, stem in stems.items()}
    assert tables["de"][0] == {JOIN.join(("flas",)), JOIN.join(("stur", "ende"))}
    assert tables["en"][0] == {JOIN.join(("AUGE", "DES", "STURMS")), JOIN.join(("STURMS", "ENDE"))}
    assert tables["en"][1] == {"STURMS": (3,), "ENDE": (2,)}
