"""The scanner's per-name token keys (:func:`bot.mentions._name_token_keys`): the short way for ASCII words gives
what :func:`bot.text.name_keys` gives each word."""

from __future__ import annotations

import pytest

from bot.mentions import _TOKENS, _name_token_keys
from bot.text import clean, name_keys


def _per_word(name: str) -> list[tuple[str, str, str]]:
    """The keys read word by word through ``name_keys`` (the reading without the short way)."""
    return [(raw, keys[0], keys[-1]) for raw in _TOKENS.findall(clean(name)) if (keys := name_keys(raw))]


@pytest.mark.parametrize("name", [
    "Generated Card 012345", "Gen Half 000019a // Gen Half 000019b", "Boros-Rekrut", "Krims // Krams",
    "Ach! Hans, lauf!", "Jötun Grunt", "Überstimmen", "Æther Vial", "Will-o'-the-Wisp", "AEther   Flash",
    "Fire//Ice", "Borrowing 100,000 Arrows", "Kongming, \u201eSleeping Dragon\u201c", "Straße der Gilden",
])
def test_name_token_keys_as_per_word(name: str) -> None:
    assert _name_token_keys(name) == _per_word(name)


def test_ascii_words_are_their_lower_case() -> None:
    assert _name_token_keys("Generated Card 012345") == [
        ("Generated", "generated", "generated"), ("Card", "card", "card"), ("012345", "012345", "012345")]
    assert _name_token_keys("Will-o'-the-Wisp") == [("Will", "will", "will"), ("o'", "o", "o"),
                                                    ("the", "the", "the"), ("Wisp", "wisp", "wisp")]
