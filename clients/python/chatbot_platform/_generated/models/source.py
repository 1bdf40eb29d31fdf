from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Source")


@_attrs_define
class Source:
    """
    Attributes:
        document_id (str):
        title (None | str):
        url (None | str):
        snippet (str):
        score (float):
    """

    document_id: str
    title: None | str
    url: None | str
    snippet: str
    score: float

    def to_dict(self) -> dict[str, Any]:
        document_id = self.document_id

        title: None | str
        title = self.title

        url: None | str
        url = self.url

        snippet = self.snippet

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "document_id": document_id,
                "title": title,
                "url": url,
                "snippet": snippet,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document_id = d.pop("document_id")

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

        snippet = d.pop("snippet")

        score = d.pop("score")

        source = cls(
            document_id=document_id,
            title=title,
            url=url,
            snippet=snippet,
            score=score,
        )

        return source
