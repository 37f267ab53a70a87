"""The one option checker: the options of an invocation, as Discord sends them, checked against the table.

Every door calls :func:`check_options` before any answer runs: the gateway (:mod:`bot.gateway.tree`), the
HTTP endpoint (:mod:`bot.serve`) and the console (:mod:`bot.console`, after turning typed text into values with
:func:`typed_value`). What does not fit is an :class:`OptionProblem` with the German reply every door shows:

* an option the command does not have → :class:`UnknownOption` ("Unbekannte Option „nummer“ für /regel –
  erlaubt: suche, privat"); together with a required option left out it is a :class:`ChangedOptions`: the
  names of another version of the command, which from Discord means its client holds an older command list
  ("Befehl veraltet");
* a required option left out → :class:`MissingOption` ("/mana bezahlen braucht die Option „vorrat“.");
* a value of the wrong type (an integer where text belongs, a boolean where a count belongs, text where an
  integer belongs), outside the option's range or not one of its choices → :class:`BadValue` ("Ungültige
  Eingabe", "Option „x“: „drei“ passt nicht, erwartet: ganze Zahl von 0 bis 1000.").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.answers.registry import MAX_DIGITS, answer_key
from bot.commands.spec import PRIVATE, Kind, Leaf, Option
from bot.custom_id import Invocation
from bot.reply import Reply, quote_user
from bot.text import clean, cut

#: What a Discord user sees when the client's command list is not the bot's (Discord caches it for up to an
#: hour after a sync): a command the bot no longer has, or options of another version of the command.
STALE_COMMAND = Reply.fail(
    "Befehl veraltet",
    "Dieser Befehl ist veraltet – die Befehle werden gerade aktualisiert, versuch es in einer Minute noch einmal.",
)
#: Echoed option values are cut to this many characters.
SHOWN_VALUE_MAX = 100
#: Typed words (console) that mean true or false for a boolean option, casefolded.
TRUE_WORDS = frozenset({"true", "ja", "yes", "1", "wahr", "an"})
FALSE_WORDS = frozenset({"false", "nein", "no", "0", "falsch", "aus"})


class OptionProblem(Exception):
    """Options that do not fit their command. ``reply``: the German error reply a user sees; ``line``: the same
    message as one line (the console prints it)."""

    def __init__(self, reply: Reply, line: str) -> None:
        super().__init__(line)
        self.reply = reply
        self.line = line


class UnknownOption(OptionProblem):
    """An option name the command does not have (``name`` as sent or typed)."""

    def __init__(self, leaf: Leaf, name: str, reply: Reply | None = None) -> None:
        line = unknown_option_line(leaf, name)
        super().__init__(reply or Reply.fail("Unbekannte Option", line), line)
        self.name = name


def unknown_option_line(leaf: Leaf, name: str, english: bool | None = False) -> str:
    """The German line for an option ``name`` that ``leaf`` does not have, naming the command and the option names
    a user may type in the language the command was typed in: ``english`` True (``/rule`` → „erlaubt: search,
    private“), False (``/regel`` → „erlaubt: suche, privat“) or None for a command whose name is the same in both
    (``/ruling`` → „erlaubt: karte (card), suche (search), privat (private)“). ``name`` is escaped and cut to 32
    characters."""
    options = leaf.command.all_options
    if english is None:
        allowed = ", ".join(o.name.de + (f" ({o.name.en})" if o.name.en != o.name.de else "") for o in options)
    else:
        allowed = ", ".join(o.name.en if english else o.name.de for o in options)
    label = "/" + " ".join(leaf.path) if english else leaf.label
    return f"Unbekannte Option „{quote_user(name, 32)}“ für {label} – erlaubt: {allowed}"


class ChangedOptions(UnknownOption):
    """An unknown option name and a required option left out: the options of another version of the command.
    Its reply is :data:`STALE_COMMAND`; its line names the unknown option."""

    def __init__(self, leaf: Leaf, name: str) -> None:
        super().__init__(leaf, name, STALE_COMMAND)


class MissingOption(OptionProblem):
    """A required option left out."""

    def __init__(self, leaf: Leaf, option: Option) -> None:
        line = f"{leaf.label} braucht die Option „{option.name.de}“."
        super().__init__(Reply.fail("Option fehlt", line), line)
        self.option = option


def _too_many_digits(option: Option, value: Any) -> bool:
    """A number option given a number (or typed digits) longer than :data:`bot.answers.registry.MAX_DIGITS`:
    refused as such rather than echoed (Python cannot even convert 4 300 digits)."""
    if option.kind not in (Kind.INTEGER, Kind.NUMBER) or isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) >= 10**MAX_DIGITS
    return isinstance(value, str) and len(value.strip().lstrip("+-")) > MAX_DIGITS and value.strip(" +-").isdigit()


class BadValue(OptionProblem):
    """A value that does not fit its option: wrong type, outside the range, not one of the choices."""

    def __init__(self, option: Option, value: Any) -> None:
        if _too_many_digits(option, value):
            line = f"Option „{option.name.de}“: Zahlen mit mehr als {MAX_DIGITS} Ziffern werden nicht angenommen."
        else:
            shown = quote_user(cut(str(value), SHOWN_VALUE_MAX))
            line = f"Option „{option.name.de}“: „{shown}“ passt nicht, erwartet: {option.expected()}."
        super().__init__(Reply.fail("Ungültige Eingabe", line), line)
        self.option = option
        self.value = value


@dataclass(frozen=True)
class Call:
    """A checked invocation: the command, its ``options`` as the answer's keyword arguments (those given) and
    whether the answer is ``private``."""

    leaf: Leaf
    options: dict[str, Any]
    private: bool = False

    def invocation(self) -> Invocation:
        """What the answer's buttons run again (:meth:`bot.custom_id.Invocation.pinned`: a random seed is fixed
        now for an answer with a random part)."""
        return Invocation.pinned(answer_key(self.leaf.command.answer), **self.options)


def _fits(option: Option, value: Any) -> bool:
    """Whether ``value`` has ``option``'s type and lies in its range and choices."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if option.kind is Kind.STRING:
        fits = isinstance(value, str)
    elif option.kind is Kind.INTEGER:
        fits = isinstance(value, int) and number
    elif option.kind is Kind.NUMBER:
        fits = number and math.isfinite(value)
    else:
        fits = isinstance(value, bool)
    if fits and number:
        low, high = option.min_value, option.max_value
        fits = (low is None or value >= low) and (high is None or value <= high)
    return fits and (not option.choices or value in {c.value for c in option.choices})


def check_options(leaf: Leaf, options: Sequence[Mapping[str, Any]]) -> Call:
    """Check the leaf ``options`` of an invocation of ``leaf`` (``[{"name": English name, "value": …}]`` as
    Discord sends them below the subcommands; a ``value`` of None counts as left out).

    Returns the :class:`Call` with the given options as keyword arguments of the answer (``private`` apart).

    Raises (the first that applies, in this order):
        BadValue: the first value of a known option that does not fit.
        ChangedOptions: an unknown name and a required option missing. UnknownOption: an unknown name.
        MissingOption: a required option left out.
    """
    given: dict[str, Any] = {}
    unknown: list[str] = []
    for raw in options:
        name = str(raw.get("name"))
        if leaf.option(name) is None:
            unknown.append(name)
        elif raw.get("value") is not None:
            given[name] = raw["value"]
    ordered = leaf.command.ordered_options
    for option in ordered:
        if option.name.en in given and not _fits(option, given[option.name.en]):
            raise BadValue(option, given[option.name.en])
    missing = [o for o in ordered if o.required and o.name.en not in given]
    if unknown:
        raise ChangedOptions(leaf, unknown[0]) if missing else UnknownOption(leaf, unknown[0])
    if missing:
        raise MissingOption(leaf, missing[0])
    private = bool(given.pop(PRIVATE.param, False))
    # a text is cleaned once here, for the answer and for the buttons that carry it again: no zero-width or bidi
    # character, no NUL, one space between words (bot.text.clean), whichever door it came through
    given = {name: clean(value) if isinstance(value, str) else value for name, value in given.items()}
    return Call(leaf, given, private)  # an option's English name is its answer parameter


def typed_value(option: Option, text: str) -> Any:
    """The value typed ``text`` stands for in ``option`` (the console): a choice by its value or either of its
    names, an integer, a number (decimal comma allowed; Unicode decimal digits read as :func:`bot.text.clean` does),
    ``ja``/``nein`` (also true/false …) for a boolean; text that is none of these stays text, so that
    :func:`check_options` names it as a value that does not fit."""
    folded = text.casefold()
    for choice in option.choices:
        if folded in {str(choice.value).casefold(), choice.name.en.casefold(), choice.name.de.casefold()}:
            return choice.value
    digits = clean(text)  # its digits as every text reads them: ``٢`` and ``２`` are 2 (bot.text.clean)
    try:
        if option.kind is Kind.INTEGER and digits.lstrip("+-").isascii():
            return int(digits)
        if option.kind is Kind.NUMBER:
            return float(digits.replace(",", "."))
    except ValueError:
        return text
    if option.kind is Kind.BOOLEAN and folded in TRUE_WORDS | FALSE_WORDS:
        return folded in TRUE_WORDS
    return text



def typed_fits(option: Option, text: str) -> bool:
    """Whether the typed ``text`` (not empty) is a value ``option`` takes (:func:`typed_value`, then the checks of
    :func:`check_options`): „ja“ for ``privat``, not „bei Vorhersage?“."""
    return bool(text.strip()) and _fits(option, typed_value(option, text.strip()))
