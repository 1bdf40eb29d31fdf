from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QualityTurns")


@_attrs_define
class QualityTurns:
    """
    Attributes:
        answered (int): Replies that answered: `rule`, `qa`, `knowledge` or `llm`
        clarified (int): `clarify` replies: suggestions offered instead of an answer
        fallback (int): `fallback` replies: nothing plausible to offer
        total (int): Every reply of these three kinds
        answered_share (float): answered / total; 0 without replies
        clarified_share (float): clarified / total; 0 without replies
        fallback_share (float): fallback / total; 0 without replies
    """

    answered: int
    clarified: int
    fallback: int
    total: int
    answered_share: float
    clarified_share: float
    fallback_share: float

    def to_dict(self) -> dict[str, Any]:
        answered = self.answered

        clarified = self.clarified

        fallback = self.fallback

        total = self.total

        answered_share = self.answered_share

        clarified_share = self.clarified_share

        fallback_share = self.fallback_share

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "answered": answered,
                "clarified": clarified,
                "fallback": fallback,
                "total": total,
                "answered_share": answered_share,
                "clarified_share": clarified_share,
                "fallback_share": fallback_share,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        answered = d.pop("answered")

        clarified = d.pop("clarified")

        fallback = d.pop("fallback")

        total = d.pop("total")

        answered_share = d.pop("answered_share")

        clarified_share = d.pop("clarified_share")

        fallback_share = d.pop("fallback_share")

        quality_turns = cls(
            answered=answered,
            clarified=clarified,
            fallback=fallback,
            total=total,
            answered_share=answered_share,
            clarified_share=clarified_share,
            fallback_share=fallback_share,
        )

        return quality_turns
