"""Button arguments that name an entry of the store, in the one spelling the bot writes (:mod:`bot.custom_id`
checks each against the :class:`~bot.declared_args.ArgPattern` its action declares): a rule number
(:data:`RULE_ARG`) and a passage key (:data:`PASSAGE_KEY`), which the importer also checks every key against; a
name as a button carries it (:func:`safe_key`: a passage key, a term's name)."""

from __future__ import annotations

import re
from typing import Annotated

from bot.declared_args import PLAIN, ArgPattern

#: A rule number as the documents and the Comprehensive Rules print it (``702``, ``702.19``, ``702.19b``): ASCII
#: digits without a leading zero, the letter lower case (:data:`bot.rule_catalog.RuleArg`, the ``cr:``
#: passage keys of :data:`PASSAGE_KEY`).
RULE_ARG = r"[1-9][0-9]{0,2}(?:\.[1-9][0-9]{0,3}[a-z]?)?"
#: A line number as ``str(int)`` writes it: ASCII digits, no sign, no leading zero.
_LINE = r"(?:0|[1-9][0-9]{0,8})"
#: A passage key as the importer writes it (:func:`bot.importer.passages.stream` refuses any other, so every key of a
#: store is of this form) and as ``rb:passage:<key>`` carries it, :data:`PLAIN` besides:
#:
#: * a document's passage at its line: the document's three digits, ``001:78``;
#: * a card file's card at its place in the file and its rulings numbered after it: ``RAV.json:10``,
#:   ``RAV.json:10.1`` (the file's name, never digits alone);
#: * a rule of the Comprehensive Rules by its number, ``cr:702.51a`` (:data:`RULE_ARG`);
#: * a term of the term table or an entry of the glossary by its name: ``term:+1-+1-Marke``,
#:   ``glossary:Bury Obsolete``.
#:
#: So a spelling the bot never writes (``001:00078``, ``001:+78``, ``001:1e9``, ``001:٧٨``, ``001:``, ``1:78``) is an
#: unknown button, not a passage that is missing from the store.
PASSAGE_KEY = ArgPattern(
    rf"(?=(?:{PLAIN.regex})\Z)"
    rf"(?:[0-9]{{3}}:{_LINE}"  # a document's line
    rf"|(?![0-9]*:)[^:]+:{_LINE}(?:\.[1-9][0-9]{{0,8}})?"  # a card file's card, its rulings
    rf"|cr:{RULE_ARG}|(?:term|glossary):[^ ].*)"
)
#: The argument of ``rb:passage:<key>``: a :data:`PASSAGE_KEY`.
PassageKey = Annotated[str, PASSAGE_KEY]


#: Characters a button argument may not hold (:data:`bot.declared_args.PLAIN`): brackets go, typographic quotes
#: become straight ones, anything else PLAIN refuses (``/ _ # *`` …) becomes ``-``.
_KEY_DROP = str.maketrans({"(": None, ")": None, "[": None, "]": None, "’": "'", "‘": "'", "“": '"', "”": '"',
                           "„": '"'})
_KEY_UNSAFE = re.compile(r"[^\w .,:;'+=!?&%\"-]|_")


def safe_key(key: str) -> str:
    """``key`` as a passage key that a button's custom_id carries unchanged (``rb:passage:<key>``, whose argument
    :data:`bot.declared_args.PLAIN` checks): ``glossary:Bury (Obsolete)`` → ``glossary:Bury Obsolete``,
    ``term:+1/+1-Marke`` → ``term:+1-+1-Marke``, ``glossary:City’s Blessing`` → ``glossary:City's Blessing``.
    The documents' keys (``001:78``, ``cr:702.51a``) are unchanged."""
    if not _KEY_UNSAFE.search(key) and "--" not in key:  # most keys: nothing to drop, replace or merge
        return key.strip(" -")
    text = _KEY_UNSAFE.sub("-", key.translate(_KEY_DROP))
    return re.sub(r"-{2,}", "-", text).strip(" -")
