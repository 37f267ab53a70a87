"""How a value is spelled inside a custom_id (:mod:`bot.custom_id`), and the codec's two errors.

``~`` is None, ``#12`` an int (``#1.5`` a float), ``!1``/``!0`` a bool, anything else a string in which ``%``,
``,``, ``:``, control characters and a leading ``~#!`` are percent-encoded (UTF-8). Decoding is strict: bad
escapes, lone surrogates and numbers longer than 20 digits raise :class:`BadCustomId`.
"""

from __future__ import annotations

import re
from typing import Any

_NUMBER_RE = re.compile(r"-?[0-9]{1,20}(?:\.[0-9]{1,20})?")
_ESCAPE = frozenset("%,:")
_TAGS = frozenset("~#!")


class BadCustomId(ValueError):
    """A custom_id that Regelbot did not make (or that an older version made); the message is English."""


class TooLong(ValueError):
    """The encoded custom_id would be longer than Discord's 100 characters. ``over``: by how many UTF-16 units the
    whole id is too long (:func:`bot.custom_id.encode_strict`); 0 where no whole id was made (a number of more than
    20 digits, which no id can carry at any length)."""

    def __init__(self, message: str, over: int = 0) -> None:
        super().__init__(message)
        self.over = over


def escape(text: str) -> str:
    """``text`` as a custom_id carries it: ``%``, ``,``, ``:``, control and white space characters but the space, and a
    leading ``~#!`` percent-encoded (UTF-8 bytes, ``%2C``); everything else as it is."""
    # Most values need no escape: printable text (no control character, no white space but the space: every other
    # white space character is unprintable) without %, comma or colon, not starting with a tag, is its own
    # escape; the loop below then makes the same string, one character at a time.
    if text.isprintable() and _ESCAPE.isdisjoint(text) and text[:1] not in _TAGS:
        return text
    out = []
    for i, ch in enumerate(text):
        special = ch in _ESCAPE or ord(ch) < 0x20 or ord(ch) == 0x7F or (ch.isspace() and ch != " ")
        if special or (i == 0 and ch in _TAGS):
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass")))
        else:
            out.append(ch)
    return "".join(out)


def unescape(text: str) -> str:
    """The text :func:`escape` made ``text`` of.

    Raises:
        BadCustomId: a ``%`` not followed by two hex digits, or bytes that are no UTF-8 (a lone surrogate).
    """
    raw = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%":
            pair = text[i + 1 : i + 3]
            if not re.fullmatch(r"[0-9A-Fa-f]{2}", pair):
                raise BadCustomId("bad escape")
            raw.append(int(pair, 16))
            i += 3
        else:
            raw += ch.encode("utf-8", "surrogatepass")
            i += 1
    try:
        value = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadCustomId("not UTF-8 (lone surrogate?)") from None
    return value


def encode_value(value: Any) -> str:
    """One option value as a custom_id spells it: ``~`` None, ``!1``/``!0`` a bool, ``#12``/``#1.5`` a number, else
    the text escaped (:func:`escape`).

    Raises:
        TooLong: a number of more than 20 digits (or in exponent form), which the decoder would refuse.
    """
    if value is None:
        return "~"
    if isinstance(value, bool):
        return "!1" if value else "!0"
    if isinstance(value, int | float):
        text = repr(value)
        if not _NUMBER_RE.fullmatch(text):
            raise TooLong(f"number {text[:20]} cannot be carried in a custom_id")
        return "#" + text
    return escape(str(value))


def decode_value(text: str) -> Any:
    """The value :func:`encode_value` spelled as ``text``.

    Raises:
        BadCustomId: a number not as the encoder writes it, another tagged value, or a bad escape.
    """
    if text == "~":
        return None
    if text in ("!1", "!0"):
        return text == "!1"
    if text.startswith("#"):
        if not _NUMBER_RE.fullmatch(text[1:]):
            raise BadCustomId("bad number")
        return float(text[1:]) if "." in text else int(text[1:])
    if text[:1] in _TAGS:
        raise BadCustomId("bad tagged value")
    return unescape(text)
