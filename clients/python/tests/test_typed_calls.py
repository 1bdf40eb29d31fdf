"""The keyword arguments of every method are typed from the API's document (chatbot_platform/_params.py):
mypy finds an unknown key, a wrong type or a missing required key before any request is sent."""

from __future__ import annotations

import re
from pathlib import Path

from mypy import api

CALLS = Path(__file__).resolve().parent.parent / "typing_checks" / "calls.py"
MARK = re.compile(r"#\s*error:\s*(.+)$")


def expected_errors() -> dict[int, str]:
    """Line number → the part of mypy's message that line must get."""
    lines = CALLS.read_text(encoding="utf-8").splitlines()
    return {number: match.group(1).strip() for number, line in enumerate(lines, 1) if (match := MARK.search(line))}


def test_mypy_reports_each_wrong_call_and_passes_the_right_ones() -> None:
    stdout, stderr, status = api.run(["--strict", "--no-error-summary", "--hide-error-context", str(CALLS)])
    errors: dict[int, list[str]] = {}
    for line in stdout.splitlines():
        found = re.match(r"^.*calls\.py:(\d+): error: (.*)$", line)
        if found:
            errors.setdefault(int(found.group(1)), []).append(found.group(2))
    expected = expected_errors()
    assert len(expected) == 13, "the file marks 13 wrong calls: 4 unknown keys, 5 wrong types, 4 missing required keys"
    assert status == 1, f"mypy failed on calls.py: {stdout}{stderr}"
    for number, part in expected.items():
        assert any(part in message for message in errors.get(number, [])), f"line {number}: mypy said {errors.get(number)}, not {part!r}"
    unexpected = {number: messages for number, messages in errors.items() if number not in expected}
    assert unexpected == {}, f"the right calls must type-check: {unexpected}"
