from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.quality_fell_back import QualityFellBack
    from ..models.quality_suggestion_chosen import QualitySuggestionChosen
    from ..models.quality_turns import QualityTurns


T = TypeVar("T", bound="QualityReport")


@_attrs_define
class QualityReport:
    """
    Attributes:
        from_ (datetime.datetime):
        to (datetime.datetime):
        chatbot_id (str):
        turns (QualityTurns):
        suggestions_chosen (list[QualitySuggestionChosen]): The items visitors chose from suggestions, most chosen first
            (at most 20)
        fell_back (list[QualityFellBack]): Visitor questions that got the fallback, grouped as `top_unanswered` groups
            them, most asked first (at most 20)
    """

    from_: datetime.datetime
    to: datetime.datetime
    chatbot_id: str
    turns: QualityTurns
    suggestions_chosen: list[QualitySuggestionChosen]
    fell_back: list[QualityFellBack]

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        chatbot_id = self.chatbot_id

        turns = self.turns.to_dict()

        suggestions_chosen = []
        for suggestions_chosen_item_data in self.suggestions_chosen:
            suggestions_chosen_item = suggestions_chosen_item_data.to_dict()
            suggestions_chosen.append(suggestions_chosen_item)

        fell_back = []
        for fell_back_item_data in self.fell_back:
            fell_back_item = fell_back_item_data.to_dict()
            fell_back.append(fell_back_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "chatbot_id": chatbot_id,
                "turns": turns,
                "suggestions_chosen": suggestions_chosen,
                "fell_back": fell_back,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.quality_fell_back import QualityFellBack
        from ..models.quality_suggestion_chosen import QualitySuggestionChosen
        from ..models.quality_turns import QualityTurns

        d = dict(src_dict)
        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        chatbot_id = d.pop("chatbot_id")

        turns = QualityTurns.from_dict(d.pop("turns"))

        suggestions_chosen = []
        _suggestions_chosen = d.pop("suggestions_chosen")
        for suggestions_chosen_item_data in _suggestions_chosen:
            suggestions_chosen_item = QualitySuggestionChosen.from_dict(
                suggestions_chosen_item_data
            )

            suggestions_chosen.append(suggestions_chosen_item)

        fell_back = []
        _fell_back = d.pop("fell_back")
        for fell_back_item_data in _fell_back:
            fell_back_item = QualityFellBack.from_dict(fell_back_item_data)

            fell_back.append(fell_back_item)

        quality_report = cls(
            from_=from_,
            to=to,
            chatbot_id=chatbot_id,
            turns=turns,
            suggestions_chosen=suggestions_chosen,
            fell_back=fell_back,
        )

        return quality_report
