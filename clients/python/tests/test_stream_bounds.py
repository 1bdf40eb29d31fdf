"""Event streams read from a hostile or broken server: lines split anywhere read the same, an
event that never ends is refused after MAX_EVENT_CHARS instead of filling memory, and a connection
that breaks is an ApiConnectionError (against a mock transport whose body is generated as it is
read, so the test also sees how much was read)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator

import httpx
import pytest

from chatbot_platform import ApiConnectionError, AsyncChatbotPlatform, ChatbotPlatform, ServerError
from chatbot_platform._operations import MAX_EVENT_CHARS, LineSplitter, SseParser, SseReader

TEXT = ': keep-alive\r\nevent: delta\r\ndata: {"content":"a"}\r\n\r\nevent: done\ndata: {"x":\ndata: 1}\n\rlast'
MIB = 1024 * 1024


Answer = Callable[[httpx.Request], httpx.Response]


def _client(answer: Answer) -> ChatbotPlatform:
    """A client whose every request ``answer`` answers, with no retries: no server."""
    return ChatbotPlatform(api_key="sk_test_x", base_url="http://api.test", max_retries=0, http_client=httpx.Client(transport=httpx.MockTransport(answer)))


def _async_client(answer: Answer) -> AsyncChatbotPlatform:
    return AsyncChatbotPlatform(api_key="sk_test_x", base_url="http://api.test", max_retries=0, http_client=httpx.AsyncClient(transport=httpx.MockTransport(answer)))


def test_lines_split_anywhere_read_the_same() -> None:
    expected = [": keep-alive", "event: delta", 'data: {"content":"a"}', "", "event: done", 'data: {"x":', "data: 1}", "", "last"]
    for size in (1, 2, 3, 7, len(TEXT)):
        splitter = LineSplitter()
        lines = [line for start in range(0, len(TEXT), size) for line in splitter.feed(TEXT[start : start + size])]
        assert lines + splitter.close() == expected, f"in pieces of {size}"


def test_a_line_or_an_event_over_the_limit_is_refused() -> None:
    splitter = LineSplitter()
    with pytest.raises(ApiConnectionError, match="longer than 16777216 characters"):
        for _ in range(20):
            splitter.feed("x" * MIB)
    parser = SseParser()
    with pytest.raises(ApiConnectionError):
        for _ in range(20):
            parser.feed("data: " + "y" * MIB)  # many lines, one event: the event's data is bounded too
    whole = LineSplitter().feed("data: " + "z" * (MAX_EVENT_CHARS - 100) + "\n")
    assert len(whole) == 1 and len(whole[0]) == MAX_EVENT_CHARS - 94, "a line just under the limit is read whole"


class Endless:
    """A body of one `data:` line that never ends, counting the megabytes read."""

    def __init__(self) -> None:
        self.sent = 0

    def chunks(self) -> Iterator[bytes]:
        yield b"data: "
        while self.sent < 64:
            self.sent += 1
            yield b"x" * MIB

    async def async_chunks(self) -> AsyncIterator[bytes]:
        for chunk in self.chunks():
            yield chunk


def _stream_answer(body: httpx.SyncByteStream | httpx.AsyncByteStream) -> httpx.Response:
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, stream=body)


class _SyncBody(httpx.SyncByteStream):
    def __init__(self, endless: Endless) -> None:
        self.endless = endless

    def __iter__(self) -> Iterator[bytes]:
        return self.endless.chunks()


class _AsyncBody(httpx.AsyncByteStream):
    def __init__(self, endless: Endless) -> None:
        self.endless = endless

    def __aiter__(self) -> AsyncIterator[bytes]:
        return self.endless.async_chunks()


def test_a_streamed_turn_or_the_live_stream_stops_reading_an_endless_event() -> None:
    endless = Endless()
    client = _client(lambda _request: _stream_answer(_SyncBody(endless)))
    with pytest.raises(ApiConnectionError, match="longer than"):
        for _ in client.conversations.stream("cb_1", "conv_1", content="Hi"):
            pass
    assert endless.sent <= 18, f"it stopped after {endless.sent} MiB (the limit is 16 MiB)"

    endless = Endless()

    async def live() -> None:
        async_client = _async_client(lambda _request: _stream_answer(_AsyncBody(endless)))
        with pytest.raises(ApiConnectionError, match="longer than"):
            async for _ in async_client.conversations.events():
                pass

    asyncio.run(live())
    assert endless.sent <= 18, f"the async live stream stopped after {endless.sent} MiB"


class _Breaking(httpx.SyncByteStream, httpx.AsyncByteStream):
    """An answer that starts, then loses its connection."""

    def __iter__(self) -> Iterator[bytes]:
        yield b'event: delta\ndata: {"content":"Hel"}\n\n'
        raise httpx.ReadError("connection reset by peer")

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield b'event: delta\ndata: {"content":"Hel"}\n\n'
        raise httpx.ReadError("connection reset by peer")


def test_a_connection_that_breaks_mid_stream_is_an_api_connection_error() -> None:
    client = _client(lambda _request: _stream_answer(_Breaking()))
    seen: list[object] = []
    with pytest.raises(ApiConnectionError, match="broke off"):
        for event in client.conversations.stream("cb_1", "conv_1", content="Hi"):
            seen.append(event)
    assert len(seen) == 1, "the delta before the break arrived"

    async def live() -> None:
        async_client = _async_client(lambda _request: _stream_answer(_Breaking()))
        with pytest.raises(ApiConnectionError, match="broke off"):
            async for _ in async_client.conversations.stream("cb_1", "conv_1", content="Hi"):
                pass

    asyncio.run(live())


ERROR_STREAM = (
    b'event: delta\ndata: {"content":"Hel"}\n\n'
    b'event: error\ndata: {"statusCode":503,"error":"Service Unavailable","code":"model_unavailable","message":"The model is down","request_id":"req_1"}\n\n'
)


def test_an_error_event_raises_its_typed_error_after_the_events_before_it() -> None:
    def answer(_request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=ERROR_STREAM)

    client = _client(answer)
    seen: list[str] = []
    with pytest.raises(ServerError) as failed:
        for event in client.conversations.stream("cb_1", "conv_1", content="Hi"):
            seen.append(event.type)
    assert seen == ["delta"]
    assert (failed.value.status, failed.value.code, failed.value.request_id) == (503, "model_unavailable", "req_1")

    async def run_async() -> None:
        async_client = _async_client(answer)
        with pytest.raises(ServerError, match="The model is down"):
            async for _ in async_client.conversations.stream("cb_1", "conv_1", content="Hi"):
                pass

    asyncio.run(run_async())


def test_a_frame_is_bounded_by_its_data_and_its_line_together() -> None:
    reader = SseReader()
    reader.feed("data: " + "a" * (10 * MIB) + "\n")  # 10 Mi of data held, under the limit alone
    with pytest.raises(ApiConnectionError, match="longer than"):
        reader.feed("data: " + "b" * (10 * MIB))  # and 10 Mi of a line not ended yet: 20 Mi together


LIVE = (
    b'event: ready\ndata: {}\n\n'
    b'event: later-control\ndata: not json\n\n'  # a later server's frame: skipped, its data unread
    b'id: evt_1\nevent: message.created\ndata: {"id":"evt_1","type":"message.created","data":{}}\n\n'
    b'event: reset\ndata: {}\n\n'
    b'event: conversation.started\ndata: not json\n\n'
)


def test_the_live_stream_skips_other_frames_and_a_frame_without_json_is_a_connection_error() -> None:
    def answer(_request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=LIVE)

    client = _client(answer)
    seen: list[tuple[str, str | None]] = []
    with pytest.raises(ApiConnectionError, match="'conversation.started' event holds no JSON"):
        for event in client.conversations.events():
            seen.append((event.type, event.id))
    assert seen == [("ready", None), ("message.created", "evt_1"), ("reset", None)], "each id is the frame's own"
