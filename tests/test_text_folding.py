"""The text normalisers' shortcuts (:func:`bot.text.clean`, :func:`bot.text.strip_marks`) give exactly what their
definitions give: NFKC, every decimal digit (Nd) as its ASCII digit, with the control characters (Cc) as spaces and
every other character of the categories C* dropped, white space collapsed; NFKD without combining marks. Checked on
arbitrary text (every Unicode category, surrogates too) and on the cases that take the short way (printable text,
ASCII after decomposition)."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from bot.text import canonical, clean, name_keys, strip_marks
from tests.conftest import on_fuzz_setting


def clean_by_definition(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    text = "".join(str(unicodedata.digit(ch)) if unicodedata.category(ch) == "Nd" else ch for ch in text)  # ٧ is 7
    text = "".join(" " if unicodedata.category(ch) == "Cc" else ch for ch in text)  # control characters separate
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\n\t")
    text = unicodedata.normalize("NFKC", text)  # a mark an invisible character kept from its letter composes
    text = LOOSE_MARKS.sub("", text)  # a mark no Latin letter composes with is read as the name index reads it
    return " ".join(text.split())


#: Combining diacritical marks (the five blocks of Unicode's chart named so) after a Latin letter (Basic Latin,
#: Latin-1, Extended-A/B, Extended Additional).
LOOSE_MARKS = re.compile("(?<=[A-Za-z\u00c0-\u024f\u1e00-\u1eff])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff"
                         "\u20d0-\u20ff\ufe20-\ufe2f]+")


def strip_by_definition(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)


@on_fuzz_setting(600)  # a property, not a timing (no deadline): a loaded machine must not fail it
@given(ANY_TEXT)
def test_clean_and_strip_marks_as_defined(text: str) -> None:
    assert clean(text) == clean_by_definition(text)
    assert strip_marks(text) == strip_by_definition(text)


@on_fuzz_setting(600)  # a property, not a timing (no deadline): a loaded machine must not fail it
@given(st.text(alphabet="aeouäßEx ", max_size=14))
def test_canonical_as_defined(word: str) -> None:
    """:func:`bot.text.canonical`'s chained replacements give its definition: ``ß`` → ``ss``, then one pass of
    ``([aou])e`` → the vowel (``aee`` → ``ae``, ``quelle`` → ``qulle``)."""
    assert canonical(word) == re.sub(r"([aou])e", r"\1", word.replace("ß", "ss"))
    assert canonical("aee") == "ae" and canonical("prioritaet") == "prioritat" and canonical("ueueoe") == "uuo"


def test_examples_both_ways() -> None:
    cases = {
        "Boros-Rekrut": "Boros-Rekrut",
        "  Zauber\u200b  spruch\t\n": "Zauber spruch",
        "U\u0308berstimmen": "Überstimmen",
        "\u202eKarte\x00": "Karte",
        "ﬁnal ①": "final 1",
        "\ud800x\ue000": "x",
        "0\x080": "0 0",
        "spuk\x00oder\x85aus\x7fgraben": "spuk oder aus graben",
        "٧٠٢.١٩ ७०२ ７": "702.19 702 7",
        "U\u00ad\u0308berstimmen": "Überstimmen",  # the soft hyphen dropped, the mark composes with its U
        "Bor\u0308os-Rekrut": "Boros-Rekrut",  # no r with diaeresis: the mark is read as /karte reads it
        "नमस्ते": "नमस्ते",  # the marks of another script stay
    }
    for raw, want in cases.items():
        assert clean(raw) == want == clean_by_definition(raw)
    assert strip_marks("Fähigkeit Ünd Čech") == "Fahigkeit Und Cech" == strip_by_definition("Fähigkeit Ünd Čech")
    assert name_keys("Überstimmen") == ("ueberstimmen", "uberstimmen")
