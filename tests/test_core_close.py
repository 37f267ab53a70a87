"""Closing the store while an interaction is in flight (bot/core.py: Core.close, in_time; bot/store/base.py:
StoreClosed): the interaction finishes on the store, or, held past the close's wait, gets the German „bitte erneut
versuchen“ reply, never ``sqlite3.ProgrammingError: Cannot operate on a closed database``.

Each test holds one store query of a running answer on an :class:`asyncio.Event` (no sleeps): the close starts
while the answer waits there, and the answer goes on only when the test says so.
"""

from __future__ import annotations

import asyncio
import gc
import sqlite3

import pytest

from bot import core as core_module
from bot.answers import today_index as today_module
from bot.core import Core, in_time
from bot.custom_id import Invocation
from bot.reply import Choice
from bot.store import Store, StoreClosed
from tests.test_core_swap import swap_core  # noqa: F401  # the fixture below takes it

CARD = Invocation.answer("card", name="Boros-Rekrut")


@pytest.fixture
def core(swap_core: Core) -> Core:  # noqa: F811  # the fixture imported above
    """An open core on a copy of the session's store (tests/test_core_swap.py), closed after the test."""
    return swap_core


class Hold:
    """Holds the next query of ``store`` (``fetchall``/``fetchone``/``fetch_search``) until :meth:`go`:
    :attr:`entered` is set when a query waits."""

    def __init__(self, store: Store) -> None:
        self.entered, self.gate = asyncio.Event(), asyncio.Event()
        self.armed = True
        for name in ("fetchall", "fetchone", "fetch_search"):
            setattr(store, name, self._held(getattr(store, name)))

    def _held(self, real):
        async def held(*args, **kwargs):
            if self.armed:
                self.armed = False
                self.entered.set()
                await self.gate.wait()
            return await real(*args, **kwargs)
        return held

    def go(self) -> None:
        self.gate.set()


async def test_an_answer_in_flight_at_close_finishes_on_the_store(core: Core):
    store = core.store
    assert store is not None
    hold = Hold(store)
    answer = asyncio.ensure_future(core.run(CARD))
    await asyncio.wait_for(hold.entered.wait(), 30)  # the answer is inside a store query
    closing = asyncio.ensure_future(core.close())
    await asyncio.sleep(0)  # the close has begun: no new interaction gets the store
    assert not core.is_open and not closing.done()
    hold.go()
    reply = await answer  # before: sqlite3.ProgrammingError: Cannot operate on a closed database
    assert reply.pages[0].title == "Boros-Rekrut"
    await closing
    with pytest.raises(StoreClosed):  # closed after the answer
        await store.fetchone("SELECT 1")


async def test_an_answer_held_past_the_close_gets_the_german_retry_reply(core: Core, monkeypatch):
    monkeypatch.setattr(core_module, "CLOSE_WAIT", 0.0, raising=False)
    store = core.store
    assert store is not None
    hold = Hold(store)
    answer = asyncio.ensure_future(core.run(CARD))
    await asyncio.wait_for(hold.entered.wait(), 30)
    await core.close()  # the store is closed while the answer still waits
    hold.go()
    reply = await answer  # before: sqlite3.ProgrammingError: Cannot operate on a closed database
    assert reply.pages[0].title == "Datenbank gewechselt"
    assert "bitte erneut versuchen" in reply.pages[0].body


async def test_a_closed_stores_queries_and_stored_names_raise_store_closed(core: Core):
    store = core.store
    assert store is not None
    names = store.stored_names()
    assert names.card_names[next(iter(names.card_names))]  # readable while open
    await store.close()
    for query in (store.fetchone, store.fetchall, store.fetch_search):
        with pytest.raises(StoreClosed):
            await query("SELECT 1")
    with pytest.raises(StoreClosed):
        names.entry_count()
    with pytest.raises(StoreClosed):
        len(names.card_names)
    assert isinstance(StoreClosed(), Exception) and not isinstance(StoreClosed(), sqlite3.Error)


async def test_an_autocomplete_held_past_the_close_offers_nothing(core: Core, monkeypatch):
    monkeypatch.setattr(core_module, "CLOSE_WAIT", 0.0, raising=False)
    store = core.store
    assert store is not None
    gate = asyncio.Event()

    async def completer(ctx, current: str) -> list[Choice]:
        await gate.wait()
        await ctx.store.fetchone("SELECT 1")
        return [Choice(current, current)]

    offered = asyncio.ensure_future(core.complete(completer, "Boros"))
    await asyncio.sleep(0)
    await core.close()
    gate.set()
    assert await offered == []  # before: sqlite3.ProgrammingError out of the completer


async def test_in_time_cancelled_cancels_its_work():
    started, finished = asyncio.Event(), asyncio.Event()

    async def work() -> str:
        started.set()
        await asyncio.Event().wait()  # never set: only a cancel ends it
        finished.set()
        return "nie"

    async def defer() -> None:
        return None

    async def outer() -> str:
        return await in_time(work(), defer, 60.0)

    waiting = asyncio.ensure_future(outer())
    await asyncio.wait_for(started.wait(), 30)
    seen = [t for t in asyncio.all_tasks() if t is not waiting and t.get_coro().__name__ == "work"]
    assert len(seen) == 1
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    # before: the work ran on, unowned, past the door's drain and the store's close
    assert seen[0].cancelled() or seen[0].cancelling()
    await asyncio.wait(seen, timeout=5)
    assert seen[0].cancelled() and not finished.is_set()


async def test_the_registers_shared_read_outliving_its_callers_leaves_no_unretrieved_error(core: Core,
                                                                                            monkeypatch):
    monkeypatch.setattr(core_module, "CLOSE_WAIT", 0.0, raising=False)
    store = core.store
    assert store is not None
    store._memo.pop("today", None)  # read by the warm-ups: read again
    today_module._LOADING.pop(store, None)
    hold = Hold(store)
    loop = asyncio.get_running_loop()
    reported: list[dict] = []
    previous = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: reported.append(context))
    try:
        caller = asyncio.ensure_future(today_module.today_index(store))
        await asyncio.wait_for(hold.entered.wait(), 30)  # the shared read waits inside a store query
        caller.cancel()  # its caller is cancelled (a door's drain): the shielded read goes on
        with pytest.raises(asyncio.CancelledError):
            await caller
        read = today_module._LOADING[store]
        await core.close()
        hold.go()
        await asyncio.wait({read}, timeout=5)
        assert read.done() and not read.cancelled()
        # nobody awaits the read any more: its error (before: sqlite3.ProgrammingError) is retrieved by the read
        # itself, or asyncio logs "Task exception was never retrieved" with its traceback when the task goes
        del read, caller
        today_module._LOADING.clear()
        gc.collect()
        assert not [c for c in reported if "never retrieved" in str(c.get("message"))], reported
    finally:
        hold.go()
        loop.set_exception_handler(previous)
