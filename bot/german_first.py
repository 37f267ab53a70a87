"""A German question's answer in German: the ranking's ``german`` stage (:mod:`bot.ranking`).

After ``build --cr`` the store holds every official rule (English, kind ``cr_rule``) beside the documents' German
passages that state the same rule:

* document 003's explanations whose rule number the build aligned with certainty (``passages.number``: 003:81
  „In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten“ is rule 103.4c, „In a Commander game, each
  player's starting life total is 40.“);
* the German documents' quoted rules whose printed number names today's rule with the same content (the store's
  ``old_numbers``, relation ``same``: 000's 701.19a „Um zu fehden, deckt ein Spieler …“ is today's 701.30a);
* for an entry of the official glossary, the German versions of the rules it cites („A Food token is … see rule
  111.10“: the versions of 111.10's rules, 003:376 „Ein Speise-Spielstein …“ among them).

The official rule and its German version say one thing in two languages, and bm25 and the features score them
nearly alike (the English text often shorter, its words rarer in the store: cr:103.4c led „Commander
Startlebenspunkte?“, 003:81 fourth). A German player is answered in German, as ``/frage`` with a rule number leads
with 003's entry (:data:`bot.answers.asked_rules.LEAD_ORDER`); so for a question that is not English (an English
one, „is there a maximum deck size“, keeps cr:100.5 before 003:25) the two trade places when the official rule
ranks before its German version: the German passage takes the official rule's place and score,
the official rule the German passage's (each a ``german`` part, the difference; the order of the scores and the
lead the ranking's hedge reads stay as they were). An official rule of another subject keeps its place; so does one
whose German version the question's candidates lack. A store without the official rules has no versions: every
ranking of the documents' store stays as it was.

In ``/frage`` (:func:`official_below_german`) the trade is made once more right after the first stage, and every
official passage is then lowered by :attr:`bot.weights.Weights.foreign`, as the documents' English text that has a
German counterpart is (000's English half of the clash article): so the later stages, those that swap siblings
among the first three included, read the German version where the official rule stood, and an English rule or
glossary entry without a German version („Aftermath“, 702.127, which 003 does not explain; 810.8d, poison in
Two-Headed Giant) no longer leads a German question that a German ruling or entry answers (docs/ranking.md ¹³⁷).
An official passage then also drops below every German passage that holds at least as much of the question
(:func:`below_saying_as_much`: 002:13 „Mehrere Vorkommen von Trampelschaden …“ before rule 702.19a for „2x trample
stackt das“, docs/ranking.md ¹⁵⁰). An English question and the searches over some kinds (``/regel suche``,
``/ruling suche``, the official rules' search) are ranked as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.analysis import tokens
from bot.candidates import Hit
from bot.question_cards import is_subrule
from bot.stopwords import is_english
from bot.store import Store
from bot.store.split import OFFICIAL_KINDS

#: An official rule's passage key (``"cr:103.4c"``) → the keys of the German passages stating it (``{"003:81"}``).
Versions = Mapping[str, frozenset[str]]

#: A rule number as the official glossary cites it: ``105``, ``111.10``, ``702.19b`` (not ``{2}``, nor ``40``).
_NUMBER = re.compile(r"(?<![\w.])[1-9][0-9]{2}(?:\.[0-9]+[a-z]?)?(?![\w.]\w)")

#: 003's explanations with a certain number and the German documents' quoted rules of the same content today, each
#: with the key of the official rule of that number (none in a store built without ``--cr``).
_VERSIONS = """
    SELECT p.key, o.key FROM passages p JOIN passages o ON o.key = 'cr:' || p.number AND o.kind = 'cr_rule'
     WHERE p.kind = 'explanation' AND p.number IS NOT NULL
    UNION
    SELECT p.key, o.key FROM passages p
      JOIN quoted_rules q ON q.id = p.ref_id AND q.language = 'de'
      JOIN old_numbers n ON n.document = substr(p.key, 1, instr(p.key, ':') - 1) AND n.number = q.number
                        AND n.relation = 'same'
      JOIN passages o ON o.key = 'cr:' || n.today AND o.kind = 'cr_rule'
     WHERE p.kind = 'quoted_rule'
"""


async def german_versions(store: Store) -> dict[str, frozenset[str]]:
    """Every official rule and glossary entry of ``store`` that a German passage states (the module doc), with those
    passages' keys: ``cr:103.4c`` → {003:81}, ``cr:701.30a`` → {000:5}, ``glossary:Food Token`` (it cites rule
    111.10) → the German versions of 111.10's rules, 003:376 among them. Empty for a store built without ``--cr``.
    Read once per ranker (two queries; ≈ 220 rules and 100 glossary entries with both CR files); raises what the
    store's reads raise (:class:`bot.store.StoreClosed`)."""
    out: dict[str, set[str]] = {}
    for german, official in await store.fetchall(_VERSIONS):
        out.setdefault(str(official), set()).add(str(german))
    numbered = {key.removeprefix("cr:"): keys for key, keys in out.items()}
    for key, text in await store.fetchall("SELECT key, text FROM passages WHERE kind = 'glossary'"):
        cited = cited_rules(str(text))
        german = {g for n, keys in numbered.items() if any(n == c or is_subrule(n, c) for c in cited) for g in keys}
        if german:
            out[str(key)] = german
    return {k: frozenset(v) for k, v in out.items()}


def cited_rules(text: str) -> list[str]:
    """The rule numbers a glossary entry's ``text`` cites after its first „rule“ („See rule 105, “Colors,” and rule
    202, …“ → ["105", "202"]; „See rule 111.10.“ → ["111.10"]); [] when it cites none."""
    at = text.find("rule")
    return _NUMBER.findall(text[at:]) if at >= 0 else []


def german_stage(hits: list[Hit], versions: Versions, english: bool) -> None:
    """In place on ``hits`` (best first, every candidate): for a question that is not ``english``, each official
    rule ranked before a German version of it (``versions``: :func:`german_versions`; the first such version
    behind it) trades places and scores with that version (the module doc). ``hits`` stay sorted by score; at
    most one dictionary look-up a hit and one pass behind each official rule that has versions; pure but for
    ``hits``; no errors."""
    if english or not versions:
        return
    for i, hit in enumerate(hits):
        german = versions.get(hit.passage.key)
        if not german:
            continue
        j = next((j for j in range(i + 1, len(hits)) if hits[j].passage.key in german), None)
        if j is None:
            continue
        version = hits[j]
        gap = hit.score - version.score
        version.parts["german"], hit.parts["german"] = gap, -gap
        version.score, hit.score = hit.score, version.score
        hits[i], hits[j] = version, hit


def official_below_german(hits: list[Hit], versions: Versions, english: bool, foreign: float) -> None:
    """In place on ``hits`` (the first stage's, best first, every candidate) for a question that is not ``english``
    and has official passages (kinds ``cr_rule``, ``glossary``) among them: :func:`german_stage` (each official rule
    ranked before a German version of it trades places and scores with that version), then every official passage
    lowered by ``foreign`` (:attr:`bot.weights.Weights.foreign`, its ``foreign`` part) and below the German passages
    holding as much of the question (:func:`below_saying_as_much`), and ``hits`` sorted again by score, ties by
    passage id. A ranking without official passages (the documents' store) is left as it was; the
    principle is the documents' own: an English passage ranks below German ones for a German question (module doc;
    docs/ranking.md ¹³⁷, ¹⁵⁰). Pure but for ``hits``; no errors."""
    if english or not any(h.passage.kind in OFFICIAL_KINDS for h in hits):
        return
    german_stage(hits, versions, english)
    for hit in hits:
        if hit.passage.kind in OFFICIAL_KINDS:
            hit.parts["foreign"] = hit.parts.get("foreign", 0.0) - foreign
            hit.score -= foreign
    below_saying_as_much(hits)
    hits.sort(key=lambda h: (-h.score, h.passage.id))


#: The parts of the first stage that say how much of the question a passage holds: its words (``coverage``) and the
#: game terms it names (``concepts``).
_WORDS, _TERMS = "coverage", "concepts"


def below_saying_as_much(hits: list[Hit]) -> None:
    """In place on ``hits`` (a German question's, after the official passages were lowered): each official passage
    ranked before a document passage that holds at least as much of the question — its ``coverage`` and ``concepts``
    parts each at least the official one's — drops just below the last such passage (its ``foreign`` part grows by
    the difference, :data:`_BELOW` under that passage's score); the order is left to the caller's sort. An English
    rule whose lead comes only from its literal English words („trample“ typed as the rule prints it, 002:13
    „Mehrere Vorkommen von Trampelschaden … sind redundant“ naming it by its German name) answers a German player
    no better than the German passage saying as much (docs/ranking.md ¹⁵⁰). Pure but for ``hits``; no errors."""
    german = sorted((h.score, h.parts.get(_WORDS, 0.0), h.parts.get(_TERMS, 0.0))
                    for h in hits if h.passage.kind not in OFFICIAL_KINDS)  # lowest score first
    for hit in hits:
        if hit.passage.kind not in OFFICIAL_KINDS:
            continue
        words, terms = hit.parts.get(_WORDS, 0.0), hit.parts.get(_TERMS, 0.0)
        floor = next((score for score, w, t in german if w >= words and t >= terms), None)
        if floor is not None and floor < hit.score:
            drop = hit.score - (floor - _BELOW)
            hit.parts["foreign"] = hit.parts.get("foreign", 0.0) - drop
            hit.score -= drop


#: How far below the last document passage saying as much an official passage is put (a score's tie broken).
_BELOW = 1e-6


def english_text(text: str) -> bool:
    """True when a passage's ``text`` is English (:func:`bot.stopwords.is_english` of its first 80 tokens)."""
    return is_english(tokens(text, 80))


__all__ = ["Versions", "below_saying_as_much", "cited_rules", "english_text", "german_stage", "german_versions",
           "official_below_german"]
