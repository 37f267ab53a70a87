"""What a button's arguments may be, checked against what their answer or action declares (here and nowhere
else; :mod:`bot.custom_id` decodes, this module judges):

* an answer's option values against its parameters' annotations (``name: str`` takes text only, ``x: int |
  None`` an integer or None, ``flag: bool`` a boolean; a parameter without default must be given);
* an action's argument against the :class:`ArgPattern` of its ``arg`` annotation: ``arg: str`` means :data:`PLAIN`,
  ``arg: RowId`` digits only, ``arg: NoArg`` nothing.

The answers and actions are those the answer modules register (:mod:`bot.answer_table`: the table lives below
the answers, which import this module for their declarations).
"""

from __future__ import annotations

import functools
import inspect
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from bot.answer_table import ACTIONS, ANSWERS, registered
from bot.id_values import BadCustomId


@dataclass(frozen=True)
class ArgPattern:
    """What a button action's argument may be: ``regex`` must match all of it (``re.fullmatch``). Declared on
    the action as ``arg: Annotated[str, ArgPattern(r"…")]``; a plain ``arg: str`` means :data:`PLAIN`."""

    regex: str


#: An action argument declared ``str``: letters, digits, inner spaces and ``.,:;'+=!?&%"-`` (no ``@ < > [ ] ( ) * _
#: ~ | ` # / \``, no control, format or line-break character), so nothing in it can render as a mention, a
#: link, markdown or reversed text when an action shows it. Every argument the bot makes (row ids, rule
#: numbers, passage keys) is of this kind.
PLAIN = ArgPattern(r"(?! )(?:[^\W_]|[ .,:;'+=!?&%\"-])*(?<! )")

#: An action argument that is a store row id (a card, a section, an explanation): 1–12 ASCII digits as ``str(id)``
#: writes them, the form :func:`bot.answers.registry.parse_id` reads, or empty: ``rb:card:`` is the custom_id of a
#: "Meintest du" select menu, whose picked value becomes the argument (:func:`bot.render.picked_custom_id`). A
#: forged ``rb:card:1e5`` or ``rb:card:014`` is then an unknown button, not a missing card.
RowId = Annotated[str, ArgPattern(r"(?:[1-9][0-9]{0,11})?")]

#: An action argument that must be empty (``rb:split:``): the action takes nothing from its button.
NoArg = Annotated[str, ArgPattern(r"")]


@functools.cache
def declared(fn: Callable[..., Any]) -> tuple[tuple[inspect.Parameter, ...], dict[str, Any]]:
    """The option parameters of ``fn`` (without ``ctx``) and their annotations, resolved (cached per function).

    Raises:
        NameError: an annotation names something the function's module does not have (a programming error).
    """
    hints = typing.get_type_hints(fn, include_extras=True)
    return tuple(inspect.signature(fn).parameters.values())[1:], hints


def _accepts(hint: Any, value: Any) -> bool:
    """Whether ``value`` (as decoded: None, bool, int, float or str) has the declared type ``hint``: ``str``,
    ``int``, ``float`` (an int too), ``bool``, ``None``, unions of them, ``Annotated`` around them; ``Any`` or no
    annotation accepts everything. A bool is no int here, an int no str."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin is Annotated:
        return _accepts(typing.get_args(hint)[0], value)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(arm, value) for arm in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    if hint is float:
        return type(value) in (int, float)
    return isinstance(hint, type) and type(value) is hint


def _pattern(hint: Any) -> ArgPattern:
    """The :class:`ArgPattern` an action's ``arg`` annotation declares (:data:`PLAIN` for ``str``)."""
    if typing.get_origin(hint) is Annotated:
        found = [m for m in typing.get_args(hint)[1:] if isinstance(m, ArgPattern)]
        if found:
            return found[0]
    return PLAIN


def check_answer_options(fn: Callable[..., Any], options: dict[str, Any]) -> None:
    """Check decoded ``options`` against the answer ``fn``'s parameters: each value of its declared type, each
    parameter without default given, no option it does not take.

    Raises:
        BadCustomId: the first option that does not fit (English message naming it).
    """
    params, hints = declared(fn)
    names = {p.name for p in params}
    for name in options:
        if name not in names:
            raise BadCustomId(f"no option {name!r}")
    for p in params:
        if p.name in options:
            if not _accepts(hints.get(p.name, Any), options[p.name]):
                raise BadCustomId(f"option {p.name!r}: {type(options[p.name]).__name__} does not fit")
        elif p.default is inspect.Parameter.empty:
            raise BadCustomId(f"option {p.name!r} missing")


def check_action_arg(fn: Callable[..., Any], arg: str) -> None:
    """Check a decoded action argument ``arg`` against the :class:`ArgPattern` its ``arg`` parameter declares.

    Raises:
        BadCustomId: ``arg`` does not match.
    """
    if not re.fullmatch(_arg_pattern(fn).regex, arg):
        raise BadCustomId("action argument does not fit its declared pattern")


def needs_arg(key: str) -> bool:
    """Whether the registered action ``key`` needs an argument from its button: every action but those declared
    :data:`NoArg`. Such an action's id with an empty argument (``rb:rulings:``) is only the custom_id of a
    "Meintest du" select menu, which a pick completes (:func:`bot.render.picked_custom_id`); pressed as it is, it
    is a forged or broken button.

    Raises:
        BadCustomId: no action is registered under ``key``.
    """
    return _arg_pattern(action_fn(key)).regex != ""


def _arg_pattern(fn: Callable[..., Any]) -> ArgPattern:
    """The :class:`ArgPattern` the ``arg`` parameter of action ``fn`` declares (:data:`PLAIN` without one)."""
    params, hints = declared(fn)
    return _pattern(hints.get(params[0].name, str)) if params else PLAIN


@functools.cache
def takes_seed(fn: Callable[..., Any]) -> bool:
    """Whether the answer ``fn`` has a ``seed`` option (:meth:`Invocation.pinned`; read once per answer)."""
    return any(p.name == "seed" for p in declared(fn)[0])


def answer_params(key: str) -> list[inspect.Parameter]:
    """The option parameters of the registered answer ``key`` (its signature without ``ctx``), in order.

    Raises:
        BadCustomId: no answer is registered under ``key``.
    """
    return list(declared(answer_fn(key))[0])


def answer_fn(key: str) -> Callable[..., Any]:
    """The answer function registered under ``key``.

    Raises:
        BadCustomId: no answer is registered under ``key``.
    """
    return _registered("answer", key)


def action_fn(key: str) -> Callable[..., Any]:
    """The button action registered under ``key``.

    Raises:
        BadCustomId: no action is registered under ``key``.
    """
    return _registered("action", key)


def _registered(kind: str, key: str) -> Callable[..., Any]:
    fn = registered(ANSWERS if kind == "answer" else ACTIONS, key)
    if fn is None:
        raise BadCustomId(f"unknown {kind} {key!r}")
    return fn
