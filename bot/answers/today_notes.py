"""Notes beside the change register: the term notes of the third-party rules explanation (document 003) and the
register's coverage counts (``/info``). Re-exported by :mod:`bot.answers.today`, where every answer reads them.
"""

from __future__ import annotations

import re
from functools import cache

from bot.answers.today_index import TodayIndex
from bot.terms import senses, term_index

#: The file prefix of the German rules explanation (CardX Academy), whose passages these notes are for.
EXPLANATION = "003"

#: The register's renamed terms (``[[term]]`` of ``data/changes.toml``) that document 003 still writes in their old
#: words, with the pattern of those words in the old sense: „im Spiel“, „ins Spiel“, „aus dem Spiel“ (onto or from
#: the battlefield: 003 „Ein Permanent ist eine Karte oder ein Spielstein im Spiel“, „aus dem Spiel auf einen
#: Friedhof gelegt“) and „das Spiel verlassen“ are today's battlefield (403).
EXPLANATION_PHRASES: dict[str, re.Pattern[str]] = {
    "schlachtfeld": re.compile(r"(?<!\w)(?:im|ins|aus dem) Spiel(?!\w)(?! entfernt)|(?<!\w)das Spiel verl[aä]s", re.I),
}
#: „von außerhalb des Spiels ins Spiel“ is into the game (400.11b), not onto the battlefield: left out before
#: :data:`EXPLANATION_PHRASES` are looked for.
_INTO_THE_GAME = re.compile(r"außerhalb des Spiels\s+ins Spiel", re.I)


def explanation_notice(index: TodayIndex, text: str, rule_text: str = "") -> str:
    """The one notice for a text of the third-party rules explanation (document 003) wherever an answer shows it
    (``/regel``, ``/regel suche``, ``/frage``, the official rule's German explanation, a button's page): the older
    nouns of :func:`explanation_terms_note`, and the register's renamed terms 003 writes in their old words
    (:data:`EXPLANATION_PHRASES`: „im Spiel“ → „auf dem Schlachtfeld“, the register's row and its evidence), in one
    line: ``ℹ️ Auf deutschen Karten: „Bleibende Karte“ statt „Permanent“ (110); „auf dem Schlachtfeld / aufs
    Schlachtfeld kommen“ statt „im Spiel / ins Spiel kommen“ (403.1) _(…)_``; ``""`` when the text has none.
    ``text`` may carry bold marks (``im **Spiel**``) of a search hit."""
    return _note_line(_explanation_found(index, text, rule_text))


def explanation_words(index: TodayIndex, text: str, rule_text: str = "") -> tuple[str, ...]:
    """Today's words :func:`explanation_notice` names for ``text``, in its order: ``("Obertyp", "auf dem
    Schlachtfeld")`` for „Übertyp … im Spiel“; ``()`` when it names none (the label's term mark,
    :class:`bot.answers.today.Standing`)."""
    return tuple(dict.fromkeys(new for new, _line in _explanation_found(index, text, rule_text).values()))


def _explanation_found(index: TodayIndex, text: str, rule_text: str) -> dict[str, tuple[str, str]]:
    """:func:`explanation_notice`'s findings: old word → (today's word, its line ``„new“ statt „old“ (rule)``)."""
    plain = text.replace("**", "")
    found = _noun_notes(plain, rule_text)
    rest = _INTO_THE_GAME.sub(" ", plain)
    for key, pattern in EXPLANATION_PHRASES.items():
        row = index.terms.get(key)
        if row is not None and pattern.search(rest):
            rules = ", ".join(e.removeprefix("CR ") for e in row.evidence if e.startswith("CR "))
            line = f"„{row.new}“ statt „{row.old}“" + (f" ({rules})" if rules else "")
            found.setdefault(row.old, (row.new.split(" / ")[0], line))
    return found


def _note_line(found: dict[str, tuple[str, str]]) -> str:
    """The notice of :func:`explanation_terms_note` for ``found`` (old word → today's word and its line), ``""`` for
    none."""
    if not found:
        return ""
    lines = "; ".join(line for _new, line in found.values())
    return f"ℹ️ Auf deutschen Karten: {lines} _(Begriffstabelle, Regelnummer von heute)_"


def explanation_terms_note(text: str, rule_text: str = "") -> str:
    """For the third-party German explanation (document 003, CardX Academy), which writes "Permanent",
    "Token", "Übertyp" where German cards print other words: ``ℹ️ Auf deutschen Karten: „Bleibende Karte“ statt
    „Permanent“ (110)`` for every capitalised older name of the term table (``data/terms_de_en.tsv``, column ``old``)
    the text uses as a word (also with an ending: "Permanents"); ``""`` when none.

    Only nouns are checked: verbs and phrases of that column ("spielen", "im Spiel") keep their
    other senses in that text (a land is played; "ins Spiel gebracht" can mean "into the game").
    One phrase is checked against the English rule it explains (``rule_text``): "außerhalb des Spiels"
    where the rule says "not on the battlefield" (110.5d) — in the rules that phrase means "in no zone"
    (400.11), so the note says what is meant.
    """
    return _note_line(_noun_notes(text, rule_text))


@cache
def _old_nouns() -> tuple[tuple[str, re.Pattern[str], str, str], ...]:
    """The older nouns of the term table (:func:`bot.terms.term_index`) that :func:`explanation_terms_note` looks
    for, in the table's order: (old word, its pattern with an ending, today's word, its line ``„new“ statt „old“
    (rule)``).
    They depend on the table only, so they are made once per process (not on every answer)."""
    # A word 003 uses in another sense than the table's term (data/terms_documents.tsv: „Vorrang“ is precedence
    # there, 101.2) gets no note: the German cards' word for priority would be wrong for it. A word that is the
    # English rules' term in German letters (003 „Permanent“, „Token“) keeps its note: German cards print „bleibende
    # Karte“ and „Spielstein“ (110, 111), the words a player finds on the card.
    other_sense = {w.casefold(): s.english for s in senses() if EXPLANATION in s.documents for w in s.words}
    return tuple(
        (old, re.compile(r"(?<!\w)" + re.escape(old) + r"(?:s|n|en|e)?(?!\w)"), term.german,
         f"„{term.german}“ statt „{old}“ ({term.rule})")
        for term in term_index().terms for old in term.old
        if other_sense.get(old.casefold(), term.english) == term.english and old[:1].isupper() and old != term.german
    )


def _noun_notes(text: str, rule_text: str) -> dict[str, tuple[str, str]]:
    """:func:`explanation_terms_note`'s findings: old word → (today's word, ``„new“ statt „old“ (rule)``)."""
    found: dict[str, tuple[str, str]] = {}
    for old, pattern, new, line in _old_nouns():
        if old in text and pattern.search(text):  # the pattern needs the word itself: most texts skip the search
            found.setdefault(old, (new, line))
    if "außerhalb des Spiels" in text and "not on the battlefield" in rule_text:
        found["außerhalb des Spiels"] = ("nicht auf dem Schlachtfeld", "„nicht auf dem Schlachtfeld“ (englisch „not "
                                         "on the battlefield“) statt „außerhalb des Spiels“, das in den Regeln „in "
                                         "keiner Zone“ heißt (400.11)")
    return found


def coverage(index: TodayIndex) -> dict[str, dict[str, int]]:
    """``{"ruling": {status: n}, "mechanic": {status: n}}`` over every entry of the store (``current``: the
    entries of current sources, counted by the store)."""
    out: dict[str, dict[str, int]] = {"ruling": {}, "mechanic": {}}
    for (kind, _id), status in index.status.items():
        out.setdefault(kind, {})
        out[kind][status] = out[kind].get(status, 0) + 1
    for kind, n in index.current.items():
        out.setdefault(kind, {})["current"] = n
    return out


#: How a passage's today's statement begins after its mark (⚠️, ℹ️ …: :func:`bot.answers.today.notice_lines`),
#: and what :func:`once_today` says when an earlier passage of the same page showed the same statement.
TODAY_HEAD = "**Heute:**"
SAME_TODAY = "wie oben."


def _today_head(line: str) -> tuple[str, bool]:
    """``(mark, True)`` when ``line`` is a today's statement (a mark of at most four characters, then
    :data:`TODAY_HEAD`), else ``("", False)``."""
    mark, found, _ = line.partition(TODAY_HEAD)
    return (mark, True) if found and len(mark) <= 4 else ("", False)


def today_heads(text: str) -> set[str]:
    """The lines of ``text`` that are today's statements (``⚠️ **Heute:** …``): what a page already shows."""
    return {line for line in text.split("\n") if _today_head(line)[1]}


def once_today(text: str, seen: set[str] | None = None) -> str:
    """``text`` (a page's body, or a passage as a candidate field shows it, its today's statement first) with each
    today's statement (a line ``⚠️ **Heute:** …``) that ``seen`` holds or an earlier line of ``text`` said as
    „<mark> **Heute:** wie oben.“ (a register row and the ruling below it changed by the same row; a candidate whose
    statement the page showed above); the others added to ``seen`` (:func:`today_heads` of what the page shows
    above, kept across the candidates; none when not given). One pass over the lines."""
    seen = set() if seen is None else seen
    lines = text.split("\n")
    for i, line in enumerate(lines):
        mark, is_head = _today_head(line)
        if is_head and line in seen:
            lines[i] = f"{mark}{TODAY_HEAD} {SAME_TODAY}"
        elif is_head:
            seen.add(line)
    return "\n".join(lines)


__all__ = ["EXPLANATION_PHRASES", "SAME_TODAY", "TODAY_HEAD", "coverage", "explanation_notice",
           "explanation_terms_note", "explanation_words", "once_today", "today_heads"]
