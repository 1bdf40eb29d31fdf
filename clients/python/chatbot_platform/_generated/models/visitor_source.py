from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="VisitorSource")


@_attrs_define
class VisitorSource:
    """
    Attributes:
        title (None | str):
        url (None | str):
    """

    title: None | str
    url: None | str

    def to_dict(self) -> dict[str, Any]:
        title: None | str
        title = self.title

        url: None | str
        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        visitor_source = cls(
            title=title,
            url=url,
        )

        return visitor_source
