"""The private parts of discord.py that Regelbot relies on, in one list, and a check of the installed version.

discord.py is pinned to one minor version in ``pyproject.toml`` because the bot reaches past its public API in
a few places: it replaces the ``INTERACTION_CREATE`` parser (early defers in a burst, refusals while shutting
down), sends callbacks through the webhook adapter with the bot's own HTTP session, records a defer it sent
itself in discord.py's response state, wraps the gateway's frame reader (a frame it cannot read is dropped, an
interaction's frame read once and handed to the gate),
and runs a copy of ``AutoShardedClient.launch_shard`` that stops on fatal gateway close codes. Each entry
below names a class or module, the private attribute, parameter or code name used, and what for — never a file
of ours, so the list stays right when code moves.

aiohttp is used through its public API only (``TCPConnector(limit=…)``, ``ClientSession``,
``web.Application(client_max_size=…)``, ``AppRunner(handle_signals=False)``, ``TCPSite(reuse_port=…)``,
``AppRunner.addresses``, the low-level ``web.Server(handler, request_factory=…)`` with ``ServerRunner`` and
``BaseRequest(…, client_max_size=…)``); it has no entry here.

:func:`problems` checks every entry against the installed discord.py and returns one German line per thing
that is gone (``tests/test_internals.py`` fails with those lines).
"""

from __future__ import annotations

import importlib
import importlib.metadata
import inspect
import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Internal:
    """One private name of a library that the bot uses.

    Attributes:
        owner: dotted path of the class or module that has it (``discord.shard.AutoShardedClient``).
        name: the attribute (``_AutoShardedClient__queue`` for the name-mangled ``__queue``), method or
            function. Present when ``owner`` has it, or when ``owner``'s code refers to it (instance
            attributes set in ``__init__``, the name-mangled ones included).
        why: what the bot does with it (German, shown when it is missing).
        params: parameters that ``owner.name`` (a callable) must accept, by name.
        uses: names that ``owner.name``'s code must still refer to: the bot runs a copy of that code.
    """

    owner: str
    name: str
    why: str
    params: tuple[str, ...] = ()
    uses: tuple[str, ...] = ()


_ADAPTER = "discord.webhook.async_.AsyncWebhookAdapter"
_HTTP = "discord.http.HTTPClient"
_SHARDED = "discord.shard.AutoShardedClient"
_SESSION = ("session", "proxy", "proxy_auth")

#: Every private name of discord.py the bot uses (see the module docstring).
INTERNALS: tuple[Internal, ...] = (
    Internal("discord.Client", "_connection", "Verbindungszustand des Bots: Parser und HTTP-Sitzung"),
    Internal("discord.state.ConnectionState", "parsers",
             "den INTERACTION_CREATE-Parser ersetzen (früher Defer im Burst, Ablehnen beim Herunterfahren)"),
    Internal("discord.state.ConnectionState", "parse_interaction_create",
             "aus ihm baut discord.py parsers['INTERACTION_CREATE']"),
    Internal("discord.InteractionResponse", "_response_type",
             "einen selbst gesendeten Defer oder eine Antwort in discord.py's Antwortzustand eintragen"),
    Internal("discord.Interaction", "_state", "HTTP-Client der Interaktion (Proxy-Einstellungen)"),
    Internal("discord.Interaction", "_session", "HTTP-Sitzung der Interaktion für Antworten am Adapter vorbei"),
    Internal("discord.Interaction", "__init__", "Interaktion aus dem rohen Payload bauen (Ablehnen beim Beenden)",
             params=("data", "state")),
    Internal(_HTTP, "_HTTPClient__session", "HTTP-Sitzung des Bots für den frühen Defer aus dem rohen Payload"),
    Internal(_HTTP, "proxy", "Proxy der Bot-Sitzung an den Webhook-Adapter weitergeben"),
    Internal(_HTTP, "proxy_auth", "Proxy-Anmeldung der Bot-Sitzung an den Webhook-Adapter weitergeben"),
    Internal(_HTTP, "connector", "eigener TCPConnector mit höchstens 256 Verbindungen (MISSING bis zum Login)"),
    Internal(_HTTP, "get_bot_gateway", "max_concurrency für den Abstand der IDENTIFYs"),
    Internal(_HTTP, "send_message", "[[Karte]]-Antworten als fertiges Payload senden", params=("channel_id", "params")),
    Internal(_HTTP, "close", "HTTP-Sitzung nach einem fehlgeschlagenen Login schließen"),
    Internal("discord.http", "MultipartParameters", "Payload-Dicts unverändert senden",
             params=("payload", "multipart", "files")),
    Internal("discord.http.Route", "BASE", "Basis-URL der REST-API für serve"),
    Internal("discord.webhook.async_", "async_context", "discord.py's Webhook-Adapter (mit Rate-Limit-Behandlung)"),
    Internal(_ADAPTER, "create_interaction_response", "Callback senden", params=(*_SESSION, "params")),
    Internal(_ADAPTER, "edit_original_interaction_response", "Antwort bearbeiten", params=(*_SESSION, "payload")),
    Internal(_ADAPTER, "execute_webhook", "Folgenachricht senden",
             params=(*_SESSION, "payload", "wait", "with_components")),
    Internal(_ADAPTER, "delete_original_interaction_response", "Antwort löschen", params=_SESSION),
    Internal(_SHARDED, "_AutoShardedClient__queue", "Ereignis-Warteschlange der Shards (auch offline angelegt)"),
    Internal(_SHARDED, "_AutoShardedClient__shards", "Shard-Tabelle, in die die eigene launch_shard einträgt"),
    Internal(_SHARDED, "launch_shard", "eigene Kopie, die bei Gateway-Code 4004 und 4010–4014 abbricht",
             params=("gateway", "shard_id", "initial"),
             uses=("Shard", "from_client", "shard_connect_timeout", "_AutoShardedClient__queue",
                   "_AutoShardedClient__shards", "launch")),
    Internal("discord.shard.Shard", "__init__", "Shard in der eigenen launch_shard anlegen",
             params=("ws", "client", "queue_put")),
    Internal("discord.shard.Shard", "launch", "Shard in der eigenen launch_shard starten"),
    Internal("discord.gateway.DiscordWebSocket", "from_client", "Gateway-Verbindung in der eigenen launch_shard",
             params=("client", "initial", "gateway", "shard_id")),
    Internal("discord.gateway.DiscordWebSocket", "received_message",
             "umhüllt: ein nicht lesbarer Gateway-Frame wird verworfen, ein INTERACTION_CREATE selbst gelesen "
             "(bot.gateway.frames.take_interaction, bei jedem neuen discord.py prüfen)",
             params=("msg",)),
    Internal("discord.gateway.DiscordWebSocket", "shard_id", "Shard eines verworfenen Gateway-Frames im Log"),
    Internal("discord.gateway.DiscordWebSocket", "_decompressor",
             "zlib-stream-Frames vor dem eigenen Lesen einer Interaktion entpacken (einmal)"),
    Internal("discord.gateway.DiscordWebSocket", "_dispatch_listeners",
             "Frames, auf die discord.py selbst wartet, gehen seinen eigenen Weg"),
    Internal("discord.gateway.DiscordWebSocket", "_discord_parsers",
             "INTERACTION_CREATE-Frames direkt an den Parser (das Tor) geben"),
    Internal("discord.gateway.DiscordWebSocket", "sequence", "Sequenznummer eines selbst gelesenen Frames (RESUME)"),
    Internal("discord.gateway.DiscordWebSocket", "_keep_alive", "Herzschlag-Uhr eines selbst gelesenen Frames"),
    Internal("discord.gateway.KeepAliveHandler", "tick", "Herzschlag-Uhr eines selbst gelesenen Frames"),
    Internal("discord.utils", "MISSING", "Platzhalter für den noch nicht gesetzten Connector"),
    Internal("discord.utils", "resolve_annotation", "Annotationen der Befehle mit Option privat auflösen",
             params=("annotation", "globalns", "localns", "cache")),
    Internal("discord.app_commands.commands", "__discord_app_commands_param_rename__",
             "Option privat umbenennen (private, privat)"),
    Internal("discord.app_commands.commands", "__discord_app_commands_param_description__",
             "Beschreibung der Option privat"),
    Internal("discord.app_commands.Command", "get_translated_payload", "Befehls-Payload für den Sync-Hash",
             params=("tree", "translator")),
)


def _resolve(path: str) -> Any:
    """The object at dotted ``path``: the longest importable module prefix, then attributes.

    Raises:
        ImportError: no prefix of ``path`` is a module.
        AttributeError: an attribute after the module is missing.
    """
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part)
        return obj
    raise ImportError(path)


def _codes(obj: Any, module: str | None = None) -> Iterator[types.CodeType]:
    """The code objects of ``obj``: a function's, every method's of a class (properties, class and static
    methods included), every function's and class's defined in a module (those of ``module`` only)."""
    if isinstance(obj, staticmethod | classmethod):
        obj = obj.__func__
    if isinstance(obj, property):
        yield from (f.__code__ for f in (obj.fget, obj.fset, obj.fdel) if f is not None and hasattr(f, "__code__"))
    elif inspect.isfunction(obj):
        yield obj.__code__
    elif isinstance(obj, types.ModuleType):
        for value in vars(obj).values():
            if getattr(value, "__module__", None) == obj.__name__:
                yield from _codes(value, obj.__name__)
    elif isinstance(obj, type) and (module is None or obj.__module__ == module):
        for value in vars(obj).values():
            if not isinstance(value, type):
                yield from _codes(value)


def code_names(obj: Any) -> set[str]:
    """Every name and string constant the code of ``obj`` (function, class or module; nested functions and
    comprehensions included) refers to: attribute names as compiled, so ``self.__queue`` in
    ``AutoShardedClient`` is ``_AutoShardedClient__queue``."""
    names: set[str] = set()
    stack = list(_codes(obj))
    while stack:
        code = stack.pop()
        names.update(code.co_names)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                stack.append(const)
            elif isinstance(const, str):
                names.add(const)
    return names


def _parameters(func: Any) -> set[str]:
    try:
        return set(inspect.signature(func).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        return set()


def _check(item: Internal) -> Iterator[str]:
    """What is missing of ``item`` in the installed libraries: the owner, the name, a parameter, a use."""
    where = f"{item.owner}.{item.name}"
    try:
        owner = _resolve(item.owner)
    except (ImportError, AttributeError):
        yield f"{item.owner} fehlt (gebraucht für {item.name}: {item.why})"
        return
    if not hasattr(owner, item.name) and item.name not in code_names(owner):
        yield f"{where} fehlt (gebraucht für: {item.why})"
        return
    target = getattr(owner, item.name, None)
    accepted = _parameters(target) if item.params else set()
    for param in item.params:
        if param not in accepted:
            yield f"{where}() hat keinen Parameter {param!r} mehr (gebraucht für: {item.why})"
    used = code_names(target) if item.uses else set()
    for name in item.uses:
        if name not in used:
            yield f"{where} benutzt {name!r} nicht mehr: die Kopie im Bot prüfen ({item.why})"


def problems(internals: Iterable[Internal] = INTERNALS) -> list[str]:
    """One German line per private name of ``internals`` that the installed discord.py lacks, each starting
    with ``discord.py <version>:`` and naming the attribute; empty when all are there."""
    version = importlib.metadata.version("discord.py")
    return [f"discord.py {version}: {line}" for item in internals for line in _check(item)]
