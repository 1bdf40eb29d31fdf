from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.knowledge_passage_kind import KnowledgePassageKind

T = TypeVar("T", bound="KnowledgePassage")


@_attrs_define
class KnowledgePassage:
    """
    Attributes:
        chunk_id (str):
        document_id (str):
        kind (KnowledgePassageKind):
        title (None | str):
        heading_path (list[str]):
        url (None | str):
        text (str):
        snippet (str):
        score (float): What results are ordered by: relevance, BM25 and how much of the query the passage holds
        confidence (float): What the answer engine compares to `answer.min_confidence` before quoting the passage:
            mostly how much of the query it holds, on the scale every language shares (calibrated per language)
    """

    chunk_id: str
    document_id: str
    kind: KnowledgePassageKind
    title: None | str
    heading_path: list[str]
    url: None | str
    text: str
    snippet: str
    score: float
    confidence: float

    def to_dict(self) -> dict[str, Any]:
        chunk_id = self.chunk_id

        document_id = self.document_id

        kind = self.kind.value

        title: None | str
        title = self.title

        heading_path = self.heading_path

        url: None | str
        url = self.url

        text = self.text

        snippet = self.snippet

        score = self.score

        confidence = self.confidence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chunk_id": chunk_id,
                "document_id": document_id,
                "kind": kind,
                "title": title,
                "heading_path": heading_path,
                "url": url,
                "text": text,
                "snippet": snippet,
                "score": score,
                "confidence": confidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        chunk_id = d.pop("chunk_id")

        document_id = d.pop("document_id")

        kind = KnowledgePassageKind(d.pop("kind"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        heading_path = cast(list[str], d.pop("heading_path"))

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        text = d.pop("text")

        snippet = d.pop("snippet")

        score = d.pop("score")

        confidence = d.pop("confidence")

        knowledge_passage = cls(
            chunk_id=chunk_id,
            document_id=document_id,
            kind=kind,
            title=title,
            heading_path=heading_path,
            url=url,
            text=text,
            snippet=snippet,
            score=score,
            confidence=confidence,
        )

        return knowledge_passage
