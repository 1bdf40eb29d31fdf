from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BackgroundLoopHealth")


@_attrs_define
class BackgroundLoopHealth:
    """
    Attributes:
        name (str):
        failing (bool):
        last_failure_at (datetime.datetime | None):
    """

    name: str
    failing: bool
    last_failure_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        failing = self.failing

        last_failure_at: None | str
        if isinstance(self.last_failure_at, datetime.datetime):
            last_failure_at = self.last_failure_at.isoformat()
        else:
            last_failure_at = self.last_failure_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "failing": failing,
                "last_failure_at": last_failure_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        failing = d.pop("failing")

        def _parse_last_failure_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_failure_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_failure_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_failure_at = _parse_last_failure_at(d.pop("last_failure_at"))

        background_loop_health = cls(
            name=name,
            failing=failing,
            last_failure_at=last_failure_at,
        )

        return background_loop_health
