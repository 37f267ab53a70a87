"""The bot without Discord: run slash commands typed as text against the same answer layer.

``/karte name: Boros-Rekrut`` is parsed against the bot's real command tree, using the
translated payload that a sync sends to Discord, so every command and option is accepted in
English and in German exactly as Discord users see them. Used by ``python -m bot call``,
``complete`` and ``console``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from discord import AppCommandOptionType, app_commands

from bot.answers import answer_key, run_completer
from bot.answers.registry import MAX_DIGITS, AnswerFn, CompleterFn
from bot.client import Regelbot
from bot.custom_id import Invocation
from bot.delivery import Pressed, press, runner
from bot.reply import Choice, Reply, as_private, quote_user
from bot.slash import PRIVATE, answer_of, completers_of

_SUB = (AppCommandOptionType.subcommand, AppCommandOptionType.subcommand_group)
_TRUE = {"true", "ja", "yes", "1", "wahr", "an"}
_FALSE = {"false", "nein", "no", "0", "falsch", "aus"}


#: "wort:" followed by a space or the end: how options are typed; "0:24" or "{2}:" do not match.
_OPTION_LIKE = re.compile(r"(?:^|\s)([^\W\d_][\w-]{1,31})\s*:(?=\s|$)")


class UsageError(Exception):
    """The typed command cannot be parsed (unknown command or option); German message."""


@dataclass
class OptionSpec:
    """One option of a command as Discord sees it (names in all languages)."""

    name: str  # English base name = the callback's parameter name after rename
    names: set[str]
    type: int
    required: bool
    choices: list[dict[str, Any]]
    completer: CompleterFn | None = None
    de: str = ""  # the German name shown in messages ("suche" for query)


@dataclass
class CommandSpec:
    """One invocable command (a top-level command or a subcommand of a group)."""

    path: tuple[str, ...]  # English names, e.g. ("mana", "pay")
    answer: AnswerFn
    options: list[OptionSpec] = field(default_factory=list)
    params: dict[str, str] = field(default_factory=dict)  # option name -> callback parameter name
    de_path: tuple[str, ...] = ()  # German names, e.g. ("mana", "bezahlen")

    @property
    def label(self) -> str:
        """The command as a German user types it: ``/mana bezahlen``."""
        return "/" + " ".join(self.de_path or self.path)


def _names(item: dict[str, Any]) -> set[str]:
    """All names of a command, option or choice, casefolded; ``erhoehung`` also as ``erhöhung``."""
    names = {item["name"].casefold(), *(n.casefold() for n in (item.get("name_localizations") or {}).values())}
    return names | {n.replace("ae", "ä").replace("oe", "ö").replace("ue", "ü") for n in names}


class CommandLine:
    """Parse and run typed slash commands. Create with :meth:`create` after ``bot.prepare()``."""

    def __init__(self, bot: Regelbot) -> None:
        self.bot = bot
        self.commands: dict[tuple[str, ...], CommandSpec] = {}
        self._paths_names: dict[tuple[str, ...], list[set[str]]] = {}  # all names of each path element

    @classmethod
    async def create(cls, bot: Regelbot) -> CommandLine:
        """Index the bot's commands from their translated payload."""
        self = cls(bot)
        for payload in await bot.command_payload():
            self._add(payload, (), [])
        return self

    def _add(
        self,
        payload: dict[str, Any],
        parent: tuple[str, ...],
        parent_names: list[set[str]],
        parent_de: tuple[str, ...] = (),
    ) -> None:
        path = (*parent, payload["name"])
        de_names = (*parent_de, (payload.get("name_localizations") or {}).get("de", payload["name"]))
        names = [*parent_names, _names(payload)]
        subs = [o for o in payload.get("options", []) if o["type"] in (t.value for t in _SUB)]
        if subs:
            for sub in subs:
                self._add(sub, path, names, de_names)
            return
        command = self.bot.tree.get_command(path[0])
        for part in path[1:]:
            command = command.get_command(part) if isinstance(command, app_commands.Group) else None
        if not isinstance(command, app_commands.Command):
            return
        spec = CommandSpec(path=path, answer=answer_of(command), de_path=tuple(de_names))
        completers = completers_of(command)
        for opt in payload.get("options", []):
            param = next((p for p in command.parameters if p.display_name == opt["name"]), None)
            if param is None:
                continue
            completer = completers.get(param.name)
            spec.options.append(
                OptionSpec(
                    name=opt["name"],
                    names=_names(opt),
                    type=opt["type"],
                    required=opt.get("required", False),
                    choices=opt.get("choices", []),
                    completer=completer,
                    de=(opt.get("name_localizations") or {}).get("de", opt["name"]),
                )
            )
            spec.params[opt["name"]] = param.name
        self.commands[path] = spec
        self._paths_names[path] = names

    def command_list(self) -> list[str]:
        """Every command as ``/english (deutsch)`` for help texts."""
        out = []
        for path, names in sorted(self._paths_names.items()):
            de = " ".join(sorted(n - {p})[0] if n - {p} else p for n, p in zip(names, path, strict=True))
            en = " ".join(path)
            out.append(f"/{en}" + (f" (/{de})" if de != en else ""))
        return out

    def _match_command(self, words: list[str]) -> tuple[CommandSpec, int]:
        best: tuple[CommandSpec, int] | None = None
        for path, names in self._paths_names.items():
            if len(words) < len(path):
                continue
            if all(words[i].casefold() in names[i] for i in range(len(path))) and (best is None or len(path) > best[1]):
                best = (self.commands[path], len(path))
        if best is None:
            shown = " ".join(words[:2]) or "(leer)"
            raise UsageError(f"Unbekannter Befehl „/{shown}“. Verfügbare Befehle: " + ", ".join(self.command_list()))
        return best

    def parse(self, text: str) -> tuple[CommandSpec, dict[str, str]]:
        """``"/karte name: Boros-Rekrut"`` → (command spec, {"name": "Boros-Rekrut"}).

        Options are ``name: value`` in any order; values run to the next option name. Text
        before the first option fills the first option (``/karte Boros-Rekrut``).

        Raises:
            UsageError: unknown command, or text that fits no option.
        """
        text = text.strip()
        if not text.startswith("/"):
            raise UsageError("Befehle beginnen mit „/“, zum Beispiel: /karte name: Boros-Rekrut")
        words = text[1:].split()
        spec, depth = self._match_command(words)
        rest = text[1:].split(None, depth)[depth] if len(words) > depth else ""
        values: dict[str, str] = {}
        if spec.options:
            alternatives = sorted({n for o in spec.options for n in o.names}, key=len, reverse=True)
            marker = re.compile(r"(?:^|\s)(" + "|".join(map(re.escape, alternatives)) + r")\s*:", re.IGNORECASE)
            matches = list(marker.finditer(rest))
            head = rest[: matches[0].start()] if matches else rest
            if head.strip():
                values[spec.options[0].name] = head.strip()
            for i, m in enumerate(matches):
                end = matches[i + 1].start() if i + 1 < len(matches) else len(rest)
                option = next(o for o in spec.options if m.group(1).casefold() in o.names)
                if option.name in values and (i > 0 or head.strip()):
                    raise UsageError(f"Option „{option.de}“ ist doppelt angegeben.")
                values[option.name] = rest[m.end() : end].strip()
            known = {n for o in spec.options for n in o.names}
            for m in _OPTION_LIKE.finditer(rest):
                if m.group(1).casefold() not in known:
                    allowed = ", ".join(o.de for o in spec.options)
                    raise UsageError(f"Unbekannte Option „{m.group(1)}“ für {spec.label} – erlaubt: {allowed}")
        elif rest.strip():
            raise UsageError(f"{spec.label} hat keine Optionen.")
        return spec, values

    def _convert(self, option: OptionSpec, raw: str) -> Any:
        if option.choices:
            for choice in option.choices:
                if raw.casefold() in {str(choice["value"]).casefold(), *_names(choice)}:
                    return choice["value"]
            allowed = ", ".join(str(c["value"]) for c in option.choices)
            raise _OptionError(f"Ungültiger Wert „{raw}“ für {option.de}. Erlaubt: {allowed}")
        if option.type == AppCommandOptionType.integer.value:
            if len(raw) > MAX_DIGITS + 1:
                raise _OptionError(f"{option.de}: Zahlen mit mehr als {MAX_DIGITS} Ziffern werden nicht angenommen.")
            try:
                return int(raw)
            except ValueError:
                raise _OptionError(f"{option.de} erwartet eine ganze Zahl, nicht „{raw}“.") from None
        if option.type == AppCommandOptionType.number.value:
            try:
                return float(raw.replace(",", "."))
            except ValueError:
                raise _OptionError(f"{option.de} erwartet eine Zahl, nicht „{raw}“.") from None
        if option.type == AppCommandOptionType.boolean.value:
            if raw.casefold() in _TRUE | _FALSE:
                return raw.casefold() in _TRUE
            raise _OptionError(f"{option.de} erwartet ja oder nein, nicht „{raw}“.")
        return raw

    async def call(self, text: str) -> Reply:
        """Run a typed command and return its reply (user-facing errors are error replies).

        Raises:
            UsageError: the command itself is unknown.
        """
        return (await self.invoke(text))[0]

    async def invoke(self, text: str) -> tuple[Reply, Invocation | None]:
        """Like :meth:`call`, and the invocation the paging buttons of the reply re-run (None for an
        error about the typed options)."""
        spec, values = self.parse(text)
        kwargs: dict[str, Any] = {}
        for option in spec.options:
            if option.name not in values or values[option.name] == "":
                if option.required:
                    return Reply.fail("Option fehlt", f"{spec.label} braucht die Option „{option.de}“."), None
                continue
            try:
                kwargs[spec.params[option.name]] = self._convert(option, values[option.name])
            except _OptionError as exc:
                return Reply.fail("Ungültige Eingabe", quote_user(str(exc))), None
        private = bool(kwargs.pop(PRIVATE, False))  # the option of every command (bot.slash.private_option)
        origin = Invocation.pinned(answer_key(spec.answer), **kwargs)
        reply = await self.bot.run_answer(spec.answer, None, **origin.kwargs)
        return (as_private(reply) if private else reply), origin

    async def complete(self, target: str, current: str) -> list[Choice]:
        """Autocomplete choices for ``target`` = ``"/karte name"`` and the typed text ``current``.

        Raises:
            UsageError: unknown command or an option without autocomplete.
        """
        target = target.strip()
        words = target.lstrip("/").split()
        spec, depth = self._match_command(words)
        option_name = words[depth].casefold() if len(words) > depth else ""
        option = next((o for o in spec.options if option_name in o.names), None)
        if option is None or option.completer is None:
            names = ", ".join(o.de for o in spec.options if o.completer) or "keine"
            what = f"Option „{words[depth]}“" if len(words) > depth else "keine Option angegeben"
            raise UsageError(f"{spec.label}: {what} – Autovervollständigung gibt es für: {names}.")
        assert self.bot.answer_context is not None
        return await run_completer(self.bot.answer_context, option.completer, current)

    async def press(self, custom_id: str) -> Pressed:
        """Press the button ``custom_id`` as a click in Discord would (:func:`bot.delivery.press`): an
        action (``rb:rulings:12``) or a page of a paged answer (``rb:pg:2:…``, as ``call --json`` shows it).

        Raises:
            UsageError: the text does not start with ``rb:`` (a forged or stale ``rb:`` id is answered
                like a click in Discord: with the German "Unbekannte Schaltfläche").
        """
        custom_id = custom_id.strip()
        if not custom_id.startswith("rb:"):  # a Regelbot id that is forged or stale gets the German reply
            raise UsageError(
                f"Unbekannter Knopf „{custom_id[:100]}“ (erwartet rb:<aktion>:<wert> oder eine custom_id aus "
                "call --json). Blättern in der Konsole: „weiter“ oder „zurück“."
            )
        assert self.bot.answer_context is not None
        return await press(custom_id, runner(self.bot.answer_context))


class _OptionError(Exception):
    pass


def private_note(reply: Reply, page: int, origin: Invocation | None) -> str | None:
    """For a private (ephemeral, ``flags: 64``) reply the console line ``(nur für dich) [Im Kanal teilen]
    (rb:sh:…)`` with the share button's custom_id exactly as Discord gets it (:func:`bot.render.message_payload`);
    None for a public reply."""
    from bot.render import buttons, message_payload

    if not reply.ephemeral:
        return None
    share = [b for b in buttons(message_payload(reply, page, origin)) if b["custom_id"].startswith("rb:sh:")]
    return "(nur für dich)" + "".join(f" [{b['label']}] ({b['custom_id']})" for b in share)
