""""Meintest du" for the calculators: a card name in ``/mana`` or ``/fehde`` that the name index does not resolve
gets the same one-click choices as ``/karte`` (the candidates of :meth:`bot.search.NameIndex.lookup`), and a click
runs the same calculator again with the chosen name in place of the typed one.

:class:`UnknownCard` is raised by the calculators' input readers (:func:`bot.answers.calc_input.read_cost`); the
decorator :func:`offers_cards` on a calculator's answer turns it into choices. Each choice is a button
``rb:calc:<target>`` whose argument is the calculator's invocation in the custom_id form of :mod:`bot.custom_id`
(``/mana_info:Blitzschlange``, :func:`bot.custom_id.encode_target`); :func:`calc_choice_action` decodes it with
:func:`bot.custom_id.decode_target` and runs it.
A choice whose custom_id would exceed Discord's 100 characters is left out (its name stays in the text).
"""

from __future__ import annotations

import functools
import inspect
from typing import TYPE_CHECKING, Annotated, Any

from bot.answers.registry import (
    UNKNOWN_BUTTON_TEXT,
    UNKNOWN_BUTTON_TITLE,
    AnswerContext,
    AnswerFn,
    UserError,
    action,
    run_answer,
)
from bot.custom_id import Invocation, decode_target, encode_open, encode_target
from bot.declared_args import ArgPattern
from bot.id_values import BadCustomId, TooLong
from bot.reply import Action, Reply
from bot.text import unwrapped

if TYPE_CHECKING:
    from bot.search import NameHit

#: The button action of a calculator choice (``rb:calc:<target>``).
CALC_ACTION = "calc"
#: What a choice's argument may be: a calculator's invocation in the custom_id form (``/mana_info:{W},#5``),
#: without the control characters its encoding escapes. It is never shown; :func:`calc_choice_action`
#: decodes it strictly.
CALC_TARGET = ArgPattern(r"/[a-z][a-z_]*:[^\x00-\x1f\x7f]*")
#: The answer keys of the calculators that offer card choices (filled by :func:`offers_cards`).
CALCULATORS: dict[str, AnswerFn] = {}


class UnknownCard(UserError):
    """A typed card name no card answers (German ``title``/``body``), with the ``typed`` text as it stands in the
    option and the name index's ``candidates`` (best first) to offer."""

    def __init__(self, title: str, body: str, typed: str, candidates: list[NameHit]) -> None:
        super().__init__(title, body)
        self.typed = typed
        self.candidates = list(candidates)


def choice_target(key: str, options: dict[str, Any]) -> str | None:
    """The calculator ``key`` with ``options`` as a choice's argument (``/mana_info:Blitzschlange``), or None
    when its button ``rb:calc:…`` would not fit into 100 characters."""
    try:
        target = encode_target(Invocation.answer(key, **options))
        encode_open(CALC_ACTION, target)  # the whole button id: ≤ 100 characters
    except (TooLong, BadCustomId):  # too long, or a value the strict decoder would refuse: no button
        return None
    return target


def card_choices_for(key: str, options: dict[str, Any], exc: UnknownCard) -> list[Action]:
    """One choice per candidate of ``exc``: the calculator ``key`` again with the typed name replaced by the
    candidate's in the option that holds it (a name inside a library list is replaced there)."""
    name = next((n for n, v in options.items() if isinstance(v, str) and exc.typed and exc.typed in v), None)
    if name is None:
        return []
    choices = []
    for hit in exc.candidates:
        target = choice_target(key, {**options, name: options[name].replace(exc.typed, hit.card_name, 1)})
        if target is not None:
            choices.append(Action(label=hit.card_name[:80], action=CALC_ACTION, arg=target))
    return choices


def offers_cards(key: str) -> Any:
    """Decorator for the calculator answer registered as ``key`` (put it under ``@answer(key)``; every ``/mana``
    and ``/fehde`` answer has it): each text option is read without the pairs of Discord's markdown wrappers around
    it and around each entry of a list and each alternative (:func:`bot.text.unwrapped`: ``erhoehung: **{1}**`` is
    ``{1}``, ``bibliothek1: **0:17**, **2:3**`` is ``0:17, 2:3``), the one normaliser of the calculators' options;
    an :class:`UnknownCard` it raises becomes a :class:`~bot.errors.UserError` with the candidates as choices
    (:func:`card_choices_for`), its buttons (``actions``: where the documents mention a name) kept. The signature
    stays the answer's (the custom_id codec reads it)."""

    def deco(fn: AnswerFn) -> AnswerFn:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        async def wrapper(ctx: AnswerContext, *args: Any, **kwargs: Any) -> Reply:
            bound = signature.bind(ctx, *args, **kwargs)
            for name, value in bound.arguments.items():  # every text option read as Discord shows it
                if isinstance(value, str):
                    bound.arguments[name] = unwrapped(value)
            try:
                return await fn(*bound.args, **bound.kwargs)
            except UnknownCard as exc:
                options = {n: v for n, v in bound.arguments.items() if n != "ctx"}
                raise UserError(exc.title, exc.body, actions=exc.actions,
                                choices=card_choices_for(key, options, exc)) from exc

        CALCULATORS[key] = wrapper
        return wrapper

    return deco


@action(CALC_ACTION)
async def calc_choice_action(ctx: AnswerContext, arg: Annotated[str, CALC_TARGET]) -> Reply:
    """Button ``rb:calc:<target>``: run the calculator invocation ``target`` (a "Meintest du" choice).

    Raises:
        UserError: the target is not a calculator invocation Regelbot made (German).
    """
    try:
        target: Invocation | None = decode_target(arg)
    except BadCustomId:
        target = None
    if target is None or target.kind != "answer" or target.key not in CALCULATORS:
        raise UserError(UNKNOWN_BUTTON_TITLE, UNKNOWN_BUTTON_TEXT)
    return await run_answer(ctx, target.key, **target.kwargs)


__all__ = ["CALCULATORS", "UnknownCard", "calc_choice_action", "card_choices_for", "choice_target", "offers_cards"]
