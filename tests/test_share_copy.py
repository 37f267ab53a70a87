"""„Im Kanal teilen“ of an answer too long for its button (``rb:sh:…:!``, e.g. „Karten erklären“ on a message with
many long names): the doors that hold the clicked message post a copy of it; the console, which holds none, says
why it cannot share instead of speaking of paging."""

from __future__ import annotations

from bot.commands.buttons import NOT_PAGEABLE, NOT_SHAREABLE, press
from bot.delivery import MESSAGE_COMPONENT, share_copy, shared_copy_body
from bot.serve import RestClient
from bot.serve_interactions import Interactions

UNFIT_SHARE = "rb:sh:1:vxbhcQ:!"
EMBED = {"title": "Boros-Rekrut", "description": "Erstschlag"}
MESSAGE = {"id": "5", "flags": 64, "embeds": [EMBED], "components": [{"type": 1, "components": [
    {"type": 2, "custom_id": "rb:pg:2:abcdef:!", "label": "Weiter"},
    {"type": 2, "custom_id": "rb:mechanic:7", "label": "Mechanik anzeigen"},
    {"type": 2, "custom_id": UNFIT_SHARE, "label": "Im Kanal teilen"}]}]}


def component(custom_id: str, message: object = MESSAGE) -> dict[str, object]:
    return {"type": MESSAGE_COMPONENT, "id": "1577000000000000001", "application_id": "9", "token": "t",
            "data": {"custom_id": custom_id, "component_type": 2}, "message": message}


def test_the_copy_is_public_with_the_embeds_and_only_the_action_buttons():
    body = shared_copy_body(MESSAGE)
    assert body == {"embeds": [EMBED], "components": [{"type": 1, "components": [
        {"type": 2, "custom_id": "rb:mechanic:7", "label": "Mechanik anzeigen"}]}],
        "allowed_mentions": {"parse": []}, "flags": 0}
    assert share_copy(component(UNFIT_SHARE)) == {"type": 4, "data": body}


def test_only_a_share_button_that_carries_no_answer_is_answered_by_a_copy():
    assert share_copy(component("rb:sh:1:abcdef:/card:Boros-Rekrut")) is None  # carries its answer: run again
    assert share_copy(component("rb:pg:2:abcdef:!")) is None
    assert share_copy(component(UNFIT_SHARE, {"id": "5", "embeds": []})) is None  # nothing to copy
    assert share_copy(component(UNFIT_SHARE, "kaputt")) is None
    assert share_copy({**component(UNFIT_SHARE), "type": 2}) is None


async def test_the_http_endpoint_posts_the_copy_at_once(core):
    http = Interactions(core, RestClient())
    assert await http.handle(component(UNFIT_SHARE)) == {"type": 4, "data": shared_copy_body(MESSAGE)}


async def test_without_the_message_a_share_button_says_it_cannot_share_not_that_it_cannot_page():
    async def never(_inv):  # nothing may run: the button carries no invocation
        raise AssertionError

    assert (await press(UNFIT_SHARE, never)).reply is NOT_SHAREABLE
    assert (await press("rb:pg:2:abcdef:!", never)).reply is NOT_PAGEABLE
    assert NOT_SHAREABLE.pages[0].title == "Teilen hier nicht möglich"
