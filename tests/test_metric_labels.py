"""bot.metric_labels: one ``command`` label per command across every metric — the interactions counter, the core's
work histogram and autocomplete — the name Discord sends (``ask``, ``mana pay``, ``Explain cards``), never the
answer's registry key (``question``) or a completer's function name (``card_names``)."""

from __future__ import annotations

import json
import time

import pytest
from aiohttp.test_utils import TestClient, TestServer
from nacl.signing import SigningKey

from bot import metrics
from bot.answers.registry import ACTIONS, answer_key, load_all
from bot.autocomplete import choices_body
from bot.commands import TABLE
from bot.custom_id import Invocation
from bot.metric_labels import OTHER, button_label, invocation_label, leaf_label
from bot.serve import make_app
from bot.serve_interactions import Interactions
from tests.e2e.scrape import Samples, parse, total


@pytest.fixture(autouse=True, scope="module")
def counting():
    metrics.enable()  # as a process serving GET /metrics does


def nested(path: tuple[str, ...], options: list[dict]) -> dict:
    """An application command's ``data`` for the command ``path`` with the leaf ``options``, as Discord nests a
    subcommand (type 1) under its group."""
    data: dict = {"name": path[0], "type": 1, "options": options}
    if len(path) > 1:
        data["options"] = [{"name": path[1], "type": 1, "options": options}]
    return data


class Completing:
    """Stands in for :class:`bot.core.Core` in :func:`bot.autocomplete.choices_body`: records the label."""

    is_open = True

    def __init__(self) -> None:
        self.labels: list[str | None] = []

    async def complete(self, completer, current, command=None):
        self.labels.append(command)
        return []


@pytest.mark.parametrize("leaf", TABLE.leaves, ids=lambda leaf: " ".join(leaf.path))
async def test_every_command_has_one_label_in_every_metric(leaf):
    name = " ".join(leaf.path)
    assert metrics.kind_and_command({"type": 2, "data": nested(leaf.path, [])}) == ("command", name)
    assert invocation_label(Invocation.answer(answer_key(leaf.command.answer))) == name  # its answer's work
    assert leaf_label(leaf.path) == name
    for option in (o for o in leaf.command.all_options if o.completer_at is not None):
        data = nested(leaf.path, [{"name": option.name.en, "type": 3, "value": "b", "focused": True}])
        assert metrics.kind_and_command({"type": 4, "data": data}) == ("autocomplete", name)
        core = Completing()
        await choices_body(core, data)  # type: ignore[arg-type]
        assert core.labels == [name], option.name.en  # one completer serves several commands: the command's name


def test_message_commands_and_buttons_have_one_label_too():
    for menu in TABLE.menus:
        payload = {"type": 2, "data": {"name": menu.name.en, "type": 3}}
        assert metrics.kind_and_command(payload) == ("menu", menu.name.en)
        assert invocation_label(Invocation.answer(answer_key(menu.answer))) == menu.name.en
    load_all()
    for action in ACTIONS:
        assert metrics.kind_and_command({"type": 3, "data": {"custom_id": f"rb:{action}:1"}}) == ("button", action)
        assert invocation_label(Invocation.action(action, "1")) == button_label(f"rb:{action}:1") == action
    assert invocation_label(Invocation.answer("no_such_answer")) == OTHER
    assert button_label("rb:pg:2:abc:/help") == "pg" and button_label("rb") == button_label("") == OTHER


def signed(key: SigningKey, payload: dict) -> tuple[bytes, dict[str, str]]:
    body = json.dumps(payload).encode()
    stamp = str(int(time.time()))
    return body, {"X-Signature-Ed25519": key.sign(stamp.encode() + body).signature.hex(),
                  "X-Signature-Timestamp": stamp}


class NoRest:
    async def request(self, method: str, path: str, body: dict | None = None, deadline: float | None = None) -> None:
        return None


async def scraped(client: TestClient) -> Samples:
    return parse(await (await client.get("/metrics")).text())


async def test_serve_labels_each_interaction_s_work_as_it_counted_its_arrival(core):
    key = SigningKey.generate()
    interactions = Interactions(core, NoRest())  # type: ignore[arg-type]
    async with TestClient(TestServer(make_app(interactions, key.verify_key.encode().hex()))) as client:
        before = await scraped(client)
        sent = iter(range(500, 600))

        async def post(itype: int, data: dict) -> dict:
            iid = str(next(sent))
            body, headers = signed(key, {"type": itype, "id": iid, "application_id": "9", "token": f"t{iid}",
                                         "data": data})
            resp = await client.post("/interactions", data=body, headers=headers)
            assert resp.status == 200
            return await resp.json()

        asked = await post(2, nested(("ask",), [{"name": "question", "type": 3, "value": "wie funktioniert fehde"}]))
        passage = asked["data"]["components"][0]["components"][0]["custom_id"]
        assert passage.startswith("rb:passage:")
        await post(3, {"custom_id": passage, "component_type": 2})
        helped = await post(2, nested(("help",), []))
        (page,) = [b["custom_id"] for row in helped["data"]["components"] for b in row["components"]
                   if b["custom_id"].startswith("rb:pg:2:")]
        turned = await post(3, {"custom_id": page, "component_type": 2})
        assert turned["type"] == 7  # the page turned in place
        card = [{"name": "card", "type": 3, "value": "boros", "focused": True}]  # card_names, as /card's option
        assert (await post(4, nested(("ruling",), card)))["data"]["choices"]
        await interactions.drain()
        after = await scraped(client)

    def added(name: str, **labels: str) -> float:
        return total(after, name, **labels) - total(before, name, **labels)

    for label in ("ask", "passage", "help", "pg", "ruling"):  # each interaction once, its work under its own label
        assert added("regelbot_interactions_total", command=label) == 1, label
        assert added("regelbot_answer_work_seconds_count", command=label) == 1, label
    for scheme in ("question", "card_names", "term_queries", "autocomplete"):  # the registry's and completers' names
        assert added("regelbot_answer_work_seconds_count", command=scheme) == 0, scheme
