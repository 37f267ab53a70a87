"""Records shared by the importer and the running bot (neither side owns them).

The running bot never imports :mod:`bot.importer` (tests/test_layers.py); what both sides need lives
here, in :mod:`bot.text` and in :mod:`bot.keywords`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class KeywordRow:
    """One row of ``data/keywords_de_en.tsv``: German ↔ English term, old number as printed, today's rule.

    Read by :func:`bot.importer.align.read_keyword_table`, stored in the ``keywords`` table and returned
    as is by :meth:`bot.store.Store.keywords`.
    """

    german: str
    english: str
    kind: str
    old_number: str | None
    source: str
    cr_number: str | None
    note: str = ""


@dataclass
class RuleMatch:
    """Where an old rule number went in a newer CR.

    ``new`` is None when nothing matched. ``score`` is 0..100 (100 for title matches),
    ``method`` one of ``section-title``, ``section-content`` (renamed section, never certain),
    ``rule-title``, ``text-identical`` (same folded text, found anywhere),
    ``text-loose`` (word overlap, never certain), ``text``, ``text-section`` (found outside its matched
    parent), ``none``,
    and for FAQ keyword numbers ``keyword-table`` / ``keyword-table-parent``.
    ``runner_up`` is the second-best candidate's number, if any.
    """

    old: str
    new: str | None
    score: float
    method: str
    certain: bool
    runner_up: str | None = None


@dataclass(frozen=True)
class EntryRef:
    """A register's reference to a document entry: ``"001:2063 Falls ein Effekt"`` → prefix ``001``, line
    2063, quote ``Falls ein Effekt`` (the text the entry must start with; ``data/changes.toml``)."""

    prefix: str
    line: int
    quote: str = ""

    @property
    def label(self) -> str:
        """``"001:2063"``."""
        return f"{self.prefix}:{self.line}"


@dataclass(frozen=True)
class TermRow:
    """A renamed term of the change register (``[[term]]`` of ``data/changes.toml``): ``old`` → ``new`` (German
    card wording), its scope, since when (ISO date or year, ``""`` = not dated) and its evidence (``"CR 601.2"``
    or an entry reference). ``marker`` (what must occur in a tagged text, ``"spiel"``) is read by the importer
    only; rows read back from the store have ``""``."""

    key: str
    old: str
    new: str
    scope: str
    since: str
    evidence: tuple[str, ...]
    marker: str = ""


@dataclass(frozen=True)
class ChangeRow:
    """One reviewed row of the change register (``[[change]]`` of ``data/changes.toml``): ``kind`` changed |
    wording | unchanged, since when, what changed, what is true ``today`` (German) and its ``evidence``
    (``"CR 709.4a"``, ``"002:29 Jede geteilte …"`` = file prefix and line of a later document ruling).
    ``entries`` are the document entries it names (read by the importer; rows read back from the store have
    ``()``: the store links them by id in ``change_entries``)."""

    key: str
    kind: str
    since: str
    what: str
    today: str
    evidence: tuple[str, ...]
    entries: tuple[EntryRef, ...] = ()


#: Review states of a rule the register cites, compared with the newest Comprehensive Rules of a build
#: (:mod:`bot.importer.review`): the quote is still in the rule of that number; the rule of that number says
#: something else now; the quoted text is now under another number; no rule says it any more.
REVIEW_STATES = ("unchanged", "changed", "renumbered", "gone")
#: German names of the states, as ``build`` and the answers print them.
REVIEW_LABELS = {"unchanged": "unverändert", "changed": "Text geändert", "renumbered": "umnummeriert",
                 "gone": "entfallen"}


@dataclass(frozen=True)
class RuleReview:
    """A register row whose evidence changed under it ("zu prüfen"): one rule it cites, as the register quotes it
    from the rules of ``basis`` and as the newest rules file of the build (``checked``, its effective ISO date)
    says it now.

    ``row_kind`` is ``change`` (``row_key`` = ``changes.key``), ``term`` (``change_terms.key``), ``number``
    (``"001:502.46"``: a ``[[number]]`` row, document prefix and the number it prints) or ``rule`` (a quote of
    ``[cr]`` that no row cites, e.g. a calculator's rule; ``row_key`` = the number); ``state`` one of
    :data:`REVIEW_STATES` (``unchanged`` only in the importer's checks of single rules, whose row fields are
    empty; never stored); ``new_number`` the rule's number in the newest file (None when
    ``gone``); ``old_text`` the register's quote (``[cr]``), ``new_text`` the official text now (``""`` when
    ``gone``). Written by :mod:`bot.importer.review` into ``register_review``, read by
    :meth:`bot.store.Store.register_reviews`. Cleared by reviewing the row: updating its quote in ``[cr]`` of
    ``data/changes.toml`` (and its number in the rows citing it) with the rule's basis date.
    """

    row_kind: str
    row_key: str
    number: str
    state: str
    new_number: str | None
    old_text: str
    new_text: str
    basis: str
    checked: str

    @property
    def today_text(self) -> str:
        """The official text to show as today's: the newest rules' text; ``""`` when the rule is gone."""
        return self.new_text

    @property
    def today_number(self) -> str | None:
        """The rule's number today (``new_number``; None when gone)."""
        return self.new_number

    @property
    def change(self) -> str:
        """What happened to the rule, German: ``"Regel 702.51a wurde geändert"``, ``"Regel 709.4a heißt jetzt
        709.4f"``, ``"Regel 106.4 gibt es nicht mehr"``."""
        return {"changed": f"Regel {self.number} wurde geändert",
                "renumbered": f"Regel {self.number} heißt jetzt {self.new_number}",
                "gone": f"Regel {self.number} gibt es nicht mehr"}.get(self.state, f"Regel {self.number}")

    def notice(self) -> str:
        """The one German line an answer shows beside the register's "Heute" statement (:func:`review_notice`
        of this review alone), e.g. ``"⚠️ Regel 702.51a wurde geändert (Comprehensive Rules vom 01.08.2026);
        die deutsche „Heute“-Aussage beruht auf den Regeln vom 17.04.2026 und wurde seitdem nicht geprüft."``"""
        return review_notice([self])


def review_notice(reviews: Sequence[RuleReview]) -> str:
    """One German line for the reviews of one register row (one or more rules it rests on changed):
    ``"⚠️ Regel 702.51a wurde geändert, Regel 709.4a heißt jetzt 709.4f (Comprehensive Rules vom 01.08.2026); die
    deutsche „Heute“-Aussage beruht auf den Regeln vom 17.04.2026 und wurde seitdem nicht geprüft."``; ``""`` for
    none."""
    if not reviews:
        return ""
    changes = ", ".join(dict.fromkeys(r.change for r in reviews))
    checked = " und ".join(_german_date(d) for d in sorted({r.checked for r in reviews}))
    basis = " und ".join(_german_date(d) for d in sorted({r.basis for r in reviews}))
    return (f"⚠️ {changes} (Comprehensive Rules vom {checked}); die deutsche „Heute“-Aussage "
            f"beruht auf den Regeln vom {basis} und wurde seitdem nicht geprüft.")


def _german_date(iso: str) -> str:
    """``"2026-04-17"`` → ``"17.04.2026"``; other text unchanged."""
    parts = iso.split("-")
    return ".".join(reversed(parts)) if len(parts) == 3 else iso


#: Card pictures as the anchors link them. Gatherer's image handler shows the printing of a multiverse id in its
#: language, so the German printing's id gives the German card the answers name; Scryfall's image of a printing
#: is the fallback where the card data names no German multiverse id (English picture).
GATHERER_IMAGE = "https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid={id}&type=card"
SCRYFALL_IMAGE = "https://api.scryfall.com/cards/{id}?format=image"


def card_image_url(multiverse_id: int | None, scryfall_id: str | None) -> str | None:
    """The picture of a card: Gatherer by the German printing's multiverse id (``87952`` →
    ``https://gatherer.wizards.com/Handlers/Image.ashx?multiverseid=87952&type=card``), else Scryfall by the
    printing's Scryfall id (``https://api.scryfall.com/cards/<id>?format=image``); None when neither is known
    (a store built without card files)."""
    if multiverse_id:
        return GATHERER_IMAGE.format(id=int(multiverse_id))
    if scryfall_id and all(ch in "0123456789abcdef-" for ch in scryfall_id.lower()):
        return SCRYFALL_IMAGE.format(id=scryfall_id.lower())
    return None
