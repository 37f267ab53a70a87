"""The ``command`` label of every metric of :mod:`bot.metrics`: one scheme, made here and nowhere else.

The label is the name of what the user invoked as Discord sends it, the bot's canonical name:

* a slash command, its autocomplete and the work of its answer: the command's English names from the top, joined by a
  space (``ask``, ``card``, ``mana pay``: :func:`leaf_label`) — never the German name a client shows (``frage``),
  the answer's registry key (``question``) or a completer's function name (``card_names``, one completer serves
  six options of five commands);
* a message command: its English name (``Explain cards``);
* a button: its action's wire key (``rulings``, ``mechanic``) or verb (``pg``, ``sh``, ``open``) (:func:`button_label`);
* a name the bot does not register (``karte``, a forged ``nope``, a button of no action): :data:`OTHER`, so the
  values are bounded by the bot's own names.

Why the invoked name: it is what the interactions counter has always counted (dashboards and alerts key on it), it
is the name an operator reads in Discord's and the bot's logs (``/mana pay``) and in the command table, and it is
known at the door before any work: an interaction refused or answered from a kept body has it too. The doors pass
an interaction's label to the core (:meth:`bot.core.Core.run`, :meth:`bot.core.Core.complete`), so the work of a
page turned (``pg``) is counted under the button as its arrival was; a run without a door's label (the console,
``call``, ``press``) is labelled from its invocation by :func:`invocation_label`, the same names.

Discord-free and light: the command table is imported at the first label asked for, not with this module.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.answer_table import ACTION_MODULES, ACTIONS, answer_key

if TYPE_CHECKING:
    from bot.custom_id import Invocation

#: Different ``command`` label values kept; further names are counted as ``andere`` (bounded memory).
MAX_COMMANDS = 100
OTHER = "andere"
#: Interaction kinds whose label is a command's name (:func:`interaction_label`).
COMMAND_KINDS = frozenset({"command", "autocomplete", "menu"})

_commands: set[str] = set()


def command_label(name: str) -> str:
    """``name`` as a label value, or ``andere`` for a name beyond :data:`MAX_COMMANDS` or of other characters."""
    if name in _commands:
        return name
    if len(_commands) >= MAX_COMMANDS or not re.fullmatch(r"[\w -]{1,40}", name):
        return OTHER
    _commands.add(name)
    return name


@functools.cache
def known_commands() -> frozenset[str]:
    """The invoked names of the commands the bot registers, as Discord sends them (:data:`bot.commands.TABLE`: every
    leaf's English path joined by a space, ``mana pay``, and the message commands' English names, ``Explain
    cards``): the ``command`` label values of commands, message commands and autocompletes. Read once (the table is
    imported at the first interaction counted, not when this module is)."""
    # upward at the call: a known layer inversion (tests/test_architecture.py UPWARD)
    from bot.commands import TABLE

    return frozenset(" ".join(leaf.path) for leaf in TABLE.leaves) | frozenset(m.name.en for m in TABLE.menus)


def known_action(name: str) -> bool:
    """True for the wire key of a button the bot makes (:data:`bot.answer_table.ACTION_MODULES`, an action
    registered by a module imported since, or a verb of :mod:`bot.custom_id`: ``pg``, ``sh``, ``open``)."""
    from bot.custom_id import OPEN, VERBS

    return name in ACTION_MODULES or name in ACTIONS or name in VERBS or name == OPEN


def leaf_label(path: Sequence[str]) -> str:
    """The label of the command whose English names are ``path`` (``("mana", "pay")`` → ``mana pay``; a message
    command's ``("Explain cards",)``) when the bot registers it (:func:`known_commands`), else :data:`OTHER`."""
    name = " ".join(path)
    return command_label(name) if name in known_commands() else OTHER


def button_label(custom_id: str) -> str:
    """The label of the button ``custom_id`` (``rb:<action or verb>:…``): its action or verb when the bot makes such
    buttons (:func:`known_action`: ``rb:rulings:12`` → ``rulings``, ``rb:pg:…`` → ``pg``), else :data:`OTHER`."""
    parts = custom_id.split(":", 2)
    known = len(parts) > 1 and parts[0] == "rb" and known_action(parts[1])
    return command_label(parts[1]) if known else OTHER


def invoked_path(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The invoked command's English names from an application command's (or autocomplete's) ``data`` as Discord
    sends it: ``{"name": "mana", "options": [{"name": "pay", "type": 1, …}]}`` → ``("mana", "pay")`` (a subcommand
    or group is an only option of type 1 or 2). Never raises."""
    names = [str(data.get("name", ""))]
    options = data.get("options")
    while isinstance(options, list) and len(options) == 1 and (
            type(options[0]) is dict or isinstance(options[0], Mapping)) and options[0].get("type") in (1, 2):
        names.append(str(options[0].get("name", "")))
        options = options[0].get("options")
    return tuple(names)


def interaction_label(kind: str, data: Mapping[str, Any]) -> str:
    """The label of an interaction of ``kind`` (``command``, ``menu``, ``autocomplete``, ``button``; any other kind is
    its own label: ``ping``) whose ``data`` Discord sent (a command's names, a button's ``custom_id``). Never
    raises."""
    if kind in COMMAND_KINDS:
        return leaf_label(invoked_path(data))
    if kind == "button":
        return button_label(str(data.get("custom_id", "")))
    return kind


@functools.cache
def _answer_commands() -> dict[str, tuple[str, ...]]:
    """The registry key of each command's answer → the command's English names (``question`` → ``("ask",)``),
    message commands too (``explain_cards`` → ``("Explain cards",)``). Read once."""
    # upward at the call: a known layer inversion (tests/test_architecture.py UPWARD)
    from bot.commands import TABLE

    found: dict[str, tuple[str, ...]] = {answer_key(m.answer): (m.name.en,) for m in TABLE.menus}
    found.update((answer_key(leaf.command.answer), leaf.path) for leaf in TABLE.leaves)
    return found


def invocation_label(inv: Invocation) -> str:
    """The label of the work on ``inv`` run without a door's label (the console, ``call``, ``press``): a button
    action's wire key (:func:`button_label` of ``rb:<key>:``), an answer's command (:func:`leaf_label` of the
    command whose answer it is: ``question`` → ``ask``); :data:`OTHER` for an answer no command runs."""
    if inv.kind == "action":
        return button_label(f"rb:{inv.key}:")
    path = _answer_commands().get(inv.key)
    return OTHER if path is None else leaf_label(path)


__all__ = ["COMMAND_KINDS", "MAX_COMMANDS", "OTHER", "button_label", "command_label", "interaction_label",
           "invocation_label", "invoked_path", "known_action", "known_commands", "leaf_label"]
