"""Why the bot answers no rule of a number, kept as data, and the one place its German words are made from it.

``/regel suche`` refuses a rule number in three ways: no document, 003 entry, register row or term table holds it
(:func:`bot.answers.rule_sources.not_found`, „Regel 999.9 nicht gefunden“); the official rules of a store built with
``--cr`` lack it too (:func:`bot.answers.official.official_rule_reply`: „Die Comprehensive Rules vom 17.04.2026 haben
keine Regel 999.9 …“); or the keyword table (``data/keywords_de_en.tsv``) gives an old number today's number and the
official rules lack that one („502.46 ist heute 702.51 (Einberufen = Convoke)“). ``/frage`` names a number refused so
beside the number that leads, in a line of its own (:func:`bot.answers.asked_rules.unshown_lines`: „Nicht gefunden:
Regel 999.9 (…)“). Both are said from one :class:`Unruled`: the refusal is a :class:`RuleRefused` carrying it, and
the line says its reason in short (:meth:`Unruled.why`), so no reason is read back from the refusal's prose. Before,
the line read the CR date out of the refusal's German by a pattern, and a „… ist heute …“ refusal was said as one of
no document.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.errors import UserError
from bot.reply import Action, format_date

#: How a rule number is refused (:class:`Unruled`).
Kind = Literal["documents", "official", "moved"]


@dataclass(frozen=True)
class Unruled:
    """Why the bot answers no rule ``number``.

    Attributes:
        number: the rule number asked, as :func:`bot.rule_catalog.parse_number` prints it (``"999.9"``).
        kind: ``"documents"``: no document, 003 entry, register row or term table holds it, and the store has no
            official rules; ``"official"``: the official rules of ``cr_date`` have no rule of that number either;
            ``"moved"``: the keyword table gives it today's number ``today``, which the official rules of ``cr_date``
            lack.
        cr_date: ISO effective date of the store's official rules (``"2026-04-17"``); ``""`` for ``"documents"``.
        older: ``"official"``: no older imported version of the official rules knows the number either.
        today: ``"moved"``: today's number (``"702.51"``); else ``""``.
        names: ``"moved"``: the keyword's German and English name (``"Einberufen = Convoke"``); else ``""``.
    """

    number: str
    kind: Kind = "documents"
    cr_date: str = ""
    older: bool = False
    today: str = ""
    names: str = ""

    def title(self) -> str:
        """The refusal's title: „Regel 999.9 nicht gefunden“, „502.46 ist heute 702.51 (Einberufen = Convoke)“."""
        if self.kind == "moved":
            return f"{self.number} ist heute {self.today} ({self.names})"
        return f"Regel {self.number} nicht gefunden"

    def body(self) -> str:
        """The refusal's first sentence: „Kein Dokument des Bots enthält oder zitiert diese Regel.“, „Die Comprehensive
        Rules vom 17.04.2026 haben keine Regel 999.9, und keine ältere importierte Fassung kennt sie.“, „Regel 702.51
        fehlt in den importierten Comprehensive Rules vom 17.04.2026.“"""
        date = format_date(self.cr_date)
        if self.kind == "moved":
            return f"Regel {self.today} fehlt in den importierten Comprehensive Rules vom {date}."
        if self.kind == "official":
            older = ", und keine ältere importierte Fassung kennt sie" if self.older else ""
            return f"Die Comprehensive Rules vom {date} haben keine Regel {self.number}{older}."
        return "Kein Dokument des Bots enthält oder zitiert diese Regel."

    def why(self, count: int = 1) -> str:
        """The reason in short, said of ``count`` numbers refused alike after the documents were read
        (:func:`bot.answers.rule_sources.rule_refusal`: no document holds them): „kein Dokument des Bots enthält oder
        zitiert sie“ (several: „… zitiert diese Regeln“), then what the official rules say: „…, und die
        Comprehensive Rules vom 17.04.2026 haben sie nicht“, „…, und sie ist heute Regel 702.51 (Einberufen =
        Convoke), die den Comprehensive Rules vom 17.04.2026 fehlt“ (several: „sie sind“)."""
        why = f"kein Dokument des Bots enthält oder zitiert {'sie' if count == 1 else 'diese Regeln'}"
        date = format_date(self.cr_date)
        if self.kind == "official":
            return f"{why}, und die Comprehensive Rules vom {date} haben sie nicht"
        if self.kind == "moved":
            return (f"{why}, und sie {'ist' if count == 1 else 'sind'} heute Regel {self.today} ({self.names}), die "
                    f"den Comprehensive Rules vom {date} fehlt")
        return why


class RuleRefused(UserError):
    """The refusal of a rule number (German, :meth:`Unruled.title` and :meth:`Unruled.body`, then ``more``),
    carrying its reason as data (``reason``) for whoever says it otherwise."""

    def __init__(self, reason: Unruled, more: str = "", choices: list[Action] | None = None) -> None:
        super().__init__(reason.title(), reason.body() + more, choices)
        self.reason = reason


__all__ = ["Kind", "RuleRefused", "Unruled"]
