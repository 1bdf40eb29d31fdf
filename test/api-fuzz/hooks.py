# schemathesis hooks of the API fuzz run (loaded through SCHEMATHESIS_HOOKS by run-schemathesis.ts).
#
# They change how the fuzzer makes up values, never what the server answers or what is checked:
#
# - Idempotency-Key: the generator draws the same few valid keys again and again, for different
#   requests; the server rightly answers 422 idempotency_key_reused to the second one (a key names
#   one request). A valid generated key is replaced by a fresh one per request; an invalid one
#   (empty, too long, non-printable) is left alone, so the negative tests of the header still run.
# - cursor: a cursor is opaque and only valid if this API returned it (docs/ARCHITECTURE.md A1: a foreign cursor
#   is a 400). No schema can describe "returned by this API", so a made-up cursor that fits the
#   schema is dropped from the request; real ones (they decode to the server's JSON position) and
#   the ones that break the schema (negative tests) are sent as generated.
# - suggestion_id: choosing a suggestion is only valid when the conversation's last reply offered
#   that item (422 suggestion_not_offered otherwise, documented); no schema can say "offered by the
#   last reply". A made-up id that fits the schema is dropped from the message, which then says a
#   question instead (its own `content`, or one given here); ids that break the schema are sent as
#   generated.
import ast
import base64
import json
import os
import re
import threading
import uuid
from datetime import datetime, timedelta, timezone

import schemathesis

# CPython 3.11 (3.11.7 here) can fail ast.parse with "AST constructor recursion depth mismatch"
# when two threads parse at once (the AST converter's recursion counter is shared); hypothesis
# parses lambda sources to describe strategies, from each of schemathesis's worker threads, and a
# run once died of it. Parsing one at a time avoids the race.
_AST_LOCK = threading.Lock()
_ast_parse = ast.parse


def _parse_one_at_a_time(*args, **kwargs):
    with _AST_LOCK:
        return _ast_parse(*args, **kwargs)


ast.parse = _parse_one_at_a_time

# The header's pattern in the document (plugins/docs/openapi.ts, IdempotencyKey).
_VALID_KEY = re.compile(
    r'^\s*(?:(?!"[\x20-\x7e]*"\s*$)[\x21-\x7e][\x20-\x7e]{0,254}|"[\x21-\x7e][\x20-\x7e]{0,254}")\s*$'
)
_CURSOR_MAX = 512


def _is_real_cursor(value: str) -> bool:
    try:
        body = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode("utf-8"))
    except Exception:
        return False
    return isinstance(body, dict) and isinstance(body.get("i"), str) and isinstance(body.get("q"), str)


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    headers = case.headers
    if headers:
        for name in list(headers):
            if name.lower() == "idempotency-key":
                value = headers[name]
                if isinstance(value, str) and _VALID_KEY.fullmatch(value):
                    headers[name] = f"st-{uuid.uuid4()}"
    query = case.query
    if query and "cursor" in query:
        value = query["cursor"]
        if isinstance(value, str) and 0 < len(value) <= _CURSOR_MAX and not _is_real_cursor(value):
            del query["cursor"]
    if case.method.upper() == "POST" and case.path.endswith("/api/v1/api-keys"):
        _move_expiry_ahead(case)
    if case.method.upper() == "PUT" and case.path.endswith("/api/v1/account/ip-allowlist"):
        _keep_loopback_allowed(case)
    if case.method.upper() == "PUT" and case.path.endswith("/settings"):
        _keep_rule_patterns_compilable(case)
        _keep_business_hours_readable(case)
    if case.method.upper() == "PUT" and case.path.endswith("/widget"):
        _one_lead_form_field_per_name(case)
    if case.method.upper() == "GET" and ("/api/v1/analytics/" in case.path or case.path.endswith("/quality")):
        _order_analytics_period(case)
    if case.method.upper() == "POST" and case.path.endswith("/messages"):
        _drop_made_up_suggestion(case)
    if case.method.upper() == "POST" and case.path.endswith("/knowledge/qa-from-message"):
        _lengthen_short_question(case)
    if case.method.upper() in ("POST", "PATCH") and re.search(r"/api/v1/model-providers(/[^/]+)?$", case.path):
        _keep_address_public(case, "base_url")
    if case.method.upper() in ("POST", "PATCH") and re.search(r"/api/v1/webhooks(/[^/]+)?$", case.path):
        _keep_address_public(case, "url")
    if case.method.upper() in ("POST", "PATCH") and re.search(r"/knowledge(/[^/]+)?$", case.path):
        _keep_address_public(case, "url")


_SUGGESTION_ID_MAX = 200


def _drop_made_up_suggestion(case) -> None:
    body = case.body
    if not isinstance(body, dict):
        return
    value = body.get("suggestion_id")
    if not isinstance(value, str) or not 0 < len(value) <= _SUGGESTION_ID_MAX:
        return
    del body["suggestion_id"]
    if "content" not in body:
        body["content"] = "Do you ship abroad?"


# - expires_at of a new API key must be in the future (a 400 otherwise, documented): "the future"
#   moves with the clock, which no schema can state. A made-up time in the past is moved a day
#   ahead; one that does not parse as a time (a negative test) is sent as generated.
def _move_expiry_ahead(case) -> None:
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get("expires_at"), str):
        return
    try:
        when = datetime.fromisoformat(body["expires_at"].replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    if when <= datetime.now(timezone.utc) + timedelta(minutes=5):
        body["expires_at"] = (datetime.now(timezone.utc) + timedelta(days=1)).isoformat().replace("+00:00", "Z")


# - The IP allowlist: a valid list without the fuzzer's own address locks the fuzzer out, and every
#   later request is a 403 (the run then tests nothing). Every list the server would take gets
#   127.0.0.0/8 added (or in place of its last entry when full), so the operation is still tested
#   with the lists generated; invalid lists (negative tests) are sent as generated.
_CIDR = re.compile(os.environ.get("FUZZ_CIDR_PATTERN", r"(?!)"))
_LOOPBACK = "127.0.0.0/8"
_ALLOWLIST_MAX = 100


def _keep_loopback_allowed(case) -> None:
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get("ip_allowlist"), list):
        return
    entries = body["ip_allowlist"]
    valid = (
        len(entries) <= _ALLOWLIST_MAX
        and all(isinstance(entry, str) and len(entry) <= 64 and _CIDR.fullmatch(entry) for entry in entries)
        and len(set(entries)) == len(entries)
    )
    if not valid or not entries or _LOOPBACK in entries:
        return
    if len(entries) < _ALLOWLIST_MAX:
        entries.append(_LOOPBACK)
    else:
        entries[-1] = _LOOPBACK


# - qa-from-message's `question` under 8 characters must be a visitor's whole message (a 400
#   otherwise, documented): whether it is depends on the conversation's stored messages, which no
#   schema can state. A made-up question that fits the schema but is under 8 code points is
#   lengthened to 8 (the schema counts UTF-16 units, the rule code points); one that breaks the
#   schema is sent as generated.
_MIN_QUESTION_PREFIX = 8


def _lengthen_short_question(case) -> None:
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get("question"), str):
        return
    question = body["question"]
    try:
        # Counted as the server counts: a surrogate pair (as JSON sends an astral character) is one.
        as_sent = question.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    except UnicodeError:
        return
    length = len(" ".join(as_sent.split()))
    if 0 < length < _MIN_QUESTION_PREFIX and len(question) <= 990:
        body["question"] = question + "?" * (_MIN_QUESTION_PREFIX - length)


# - A model provider's or a webhook endpoint's address must be one the operator lets accounts
#   reach (a 400 otherwise, documented): whether a host is a private address, outside the egress
#   list or off the allowed hosts depends on the server's configuration, which no schema states. A
#   made-up URL whose host is an IP address or localhost gets a public host name instead
#   (outbound.example.com, which the address rules judge when called, not when saved), and so does
#   one whose last label starts with a digit, which the WHATWG URL parser reads as IPv4 (`a.1`: a
#   400, as the schema's `format: uri` cannot say), or one with punycode or a percent sign, which it
#   may refuse (`xn--`); URLs that break the schema are sent as generated.
_PUBLIC_HOST = "outbound.example.com"


def _keep_address_public(case, field: str) -> None:
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get(field), str):
        return
    match = re.match(r"^(https?://)(\[[^\]]*\]|[^/:?#]*)(.*)$", body[field].strip(), re.IGNORECASE | re.DOTALL)
    if not match:
        return
    host = match.group(2).lower()
    last_label = host.rstrip(".").rsplit(".", 1)[-1]
    if host.startswith("[") or host == "localhost" or host.endswith(".localhost") or last_label[:1].isdigit() or "xn--" in host or "%" in host:
        body[field] = f"{match.group(1)}{_PUBLIC_HOST}{match.group(3)}"


# - Rule patterns must compile as RE2 (a 400 otherwise, documented): whether a string is a regular
#   expression is not a regular language, so no JSON Schema pattern can state it. A made-up
#   pattern of a valid length that might not compile is replaced by a plain word; the ones that
#   break the schema (too long, not strings) are sent as generated. "Might not compile": Python's
#   re refuses it, or it uses what RE2 and Python read differently (escapes, `(?` groups,
#   possessive quantifiers, repetition counts over 1000).
_SAFE_PATTERN_MAX = 500
_BIG_REPEAT = re.compile(r"\{\s*\d{4,}|,\s*\d{4,}\s*\}")
# Possessive quantifiers (a++, a*+, a{2}+): Python 3.11 reads them, RE2 does not.
_POSSESSIVE = re.compile(r"[*+?}]\+")


def _surely_compiles(pattern: str) -> bool:
    if "\\" in pattern or "(?" in pattern or _BIG_REPEAT.search(pattern) or _POSSESSIVE.search(pattern):
        return False
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError):
        return False
    return True


def _keep_rule_patterns_compilable(case) -> None:
    body = case.body
    if not isinstance(body, dict) or not isinstance(body.get("rules"), list):
        return
    for rule in body["rules"]:
        match = rule.get("match") if isinstance(rule, dict) else None
        pattern = match.get("pattern") if isinstance(match, dict) else None
        if isinstance(pattern, str) and 0 < len(pattern) <= _SAFE_PATTERN_MAX and not _surely_compiles(pattern):
            match["pattern"] = "fuzz"


# - Business hours (settings.handoff.business_hours): the time zone must be one the runtime's zone
#   database knows, each range's `to` after its `from`, and enabled hours need a range (a 400
#   otherwise, documented). Membership in the zone database, an order between two fields and a
#   condition on another field are not what a schema states. A made-up zone name of a valid length
#   becomes "Europe/Berlin", a range's times that fit the schema are put in order (or made 09:00 to
#   17:00 when equal), and enabled hours with no range get one; values that break the schema
#   (negative tests) are sent as generated.
_KNOWN_ZONES = {"UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"}
_CLOCK = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$")


def _keep_business_hours_readable(case) -> None:
    body = case.body
    handoff = body.get("handoff") if isinstance(body, dict) else None
    hours = handoff.get("business_hours") if isinstance(handoff, dict) else None
    if not isinstance(hours, dict):
        return
    zone = hours.get("time_zone")
    if isinstance(zone, str) and 0 < len(zone) <= 64 and zone not in _KNOWN_ZONES:
        hours["time_zone"] = "Europe/Berlin"
    weekly = hours.get("weekly")
    if isinstance(weekly, list):
        for item in weekly:
            if not isinstance(item, dict):
                continue
            start, end = item.get("from"), item.get("to")
            if isinstance(start, str) and isinstance(end, str) and _CLOCK.fullmatch(start) and _CLOCK.fullmatch(end) and start != "24:00":
                if end < start:
                    item["from"], item["to"] = end, start
                elif end == start:
                    item["from"], item["to"] = "09:00", "17:00"
    if hours.get("enabled") is True and weekly == []:
        hours["weekly"] = [{"day": "mon", "from": "09:00", "to": "17:00"}]


# - A widget's lead form names each field once (a 400 otherwise, documented): JSON Schema's
#   uniqueItems compares whole items, so it cannot say "unique by name". In a valid-looking list
#   the later duplicates of a name are dropped; lists that break the schema are sent as generated.
def _one_lead_form_field_per_name(case) -> None:
    body = case.body
    form = body.get("lead_form") if isinstance(body, dict) else None
    fields = form.get("fields") if isinstance(form, dict) else None
    if not isinstance(fields, list) or not all(isinstance(field, dict) and isinstance(field.get("name"), str) for field in fields):
        return
    seen = set()
    kept = []
    for field in fields:
        if field["name"] not in seen:
            seen.add(field["name"])
            kept.append(field)
    if kept and len(kept) < len(fields):
        form["fields"] = kept


# - Analytics periods: `from` before `to`, at most 400 days apart (31 with hourly points and for a
#   chatbot's quality, which also counts a `from` alone from now), and a
#   `from` without `to` before now (a 400 otherwise, documented) — relations between two
#   parameters, and with the clock, that no schema can state. Times that parse are put in order
#   and brought within the limit; ones that do not parse (negative tests) are sent as generated.
def _parse_time(value):
    if not isinstance(value, str):
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _order_analytics_period(case) -> None:
    query = case.query
    if not query:
        return
    start, end = _parse_time(query.get("from")), _parse_time(query.get("to"))
    if ("from" in query and start is None) or ("to" in query and end is None) or (start is None and end is None):
        return
    days = 31 if query.get("interval") == "hour" or case.path.endswith("/quality") else 400
    now = datetime.now(timezone.utc)
    try:
        end = end or now  # the server's default `to`
        start = start or end - timedelta(days=30)  # and `from`
        if not start + timedelta(hours=2) <= end <= start + timedelta(days=days - 1):
            start = end - timedelta(days=1)
    except OverflowError:  # at the ends of the calendar (years 1 and 9999)
        start, end = now - timedelta(days=1), now
    if "from" in query:
        query["from"] = start.isoformat()
    if "to" in query:
        query["to"] = end.isoformat()
    elif end != now:
        query["to"] = end.isoformat()


# - Deleting a chatbot removes "the chatbot and everything under it, for good" (docs/ARCHITECTURE.md A4): its
#   webhooks, knowledge, conversations and leads go with it. schemathesis's
#   ensure_resource_availability (ST302) knows only that a DELETE of the resource itself explains a
#   later 404, so a stateful scenario that made a webhook for chatbot X, then deleted X, then read
#   the webhook, is reported as "created resource not found". The run excludes that check and uses
#   this one: the same check, except that a 404 for a resource of a chatbot this run deleted is the
#   API working as documented. Every other ST302 still fails the run.
_DELETED_CHATBOTS: set[str] = set()
_DELETED_LOCK = threading.Lock()
_CHATBOT_DELETE = re.compile(r"/api/v1/chatbots/([^/]+)$")


@schemathesis.hook
def after_call(ctx, case, response):
    match = _CHATBOT_DELETE.search(case.formatted_path) if case.method.upper() == "DELETE" else None
    if match and 200 <= response.status_code < 300:
        with _DELETED_LOCK:
            _DELETED_CHATBOTS.add(match.group(1))


def _chatbots_of(case, parent_response) -> set[str]:
    """The chatbots a resource belongs to: its path's, and the chatbot_id its creation answered."""
    owners = set()
    if case.path.startswith("/api/v1/chatbots/{id}") and case.path_parameters and "id" in case.path_parameters:
        owners.add(str(case.path_parameters["id"]))
    try:
        body = parent_response.json()
    except Exception:
        body = None
    if isinstance(body, dict) and isinstance(body.get("chatbot_id"), str):
        owners.add(body["chatbot_id"])
    return owners


@schemathesis.check
def resource_availability_after_cascades(ctx, response, case):
    from schemathesis.specs.openapi.checks import ensure_resource_availability
    from schemathesis.core.failures import Failure

    try:
        return ensure_resource_availability(ctx, response, case)
    except Failure as failure:
        if getattr(failure, "code", None) != "ST302":
            raise
        parent = ctx.internals.find_parent(case_id=case.id)
        parent_response = ctx.internals.find_response(case_id=parent.id) if parent is not None else None
        with _DELETED_LOCK:
            cascaded = bool(_chatbots_of(case, parent_response) & _DELETED_CHATBOTS)
        if cascaded:
            return None
        raise
