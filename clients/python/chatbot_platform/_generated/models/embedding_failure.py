from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EmbeddingFailure")


@_attrs_define
class EmbeddingFailure:
    """
    Attributes:
        message (str):
        retry_after (datetime.datetime | None): When the next run starts; null: given up after too many failures, until
            the settings are saved again
    """

    message: str
    retry_after: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        retry_after: None | str
        if isinstance(self.retry_after, datetime.datetime):
            retry_after = self.retry_after.isoformat()
        else:
            retry_after = self.retry_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "retry_after": retry_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message = d.pop("message")

        def _parse_retry_after(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                retry_after_type_0 = datetime.datetime.fromisoformat(data)

                return retry_after_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        retry_after = _parse_retry_after(d.pop("retry_after"))

        embedding_failure = cls(
            message=message,
            retry_after=retry_after,
        )

        return embedding_failure
