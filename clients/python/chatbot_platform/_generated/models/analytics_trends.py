from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analytics_figures import AnalyticsFigures
    from ..models.analytics_question_group import AnalyticsQuestionGroup
    from ..models.analytics_trends_changes_item import AnalyticsTrendsChangesItem
    from ..models.analytics_trends_previous import AnalyticsTrendsPrevious


T = TypeVar("T", bound="AnalyticsTrends")


@_attrs_define
class AnalyticsTrends:
    """
    Attributes:
        from_ (datetime.datetime):
        to (datetime.datetime):
        tz (str):
        chatbot_id (None | str):
        previous (AnalyticsTrendsPrevious | Unset):
        current_figures (AnalyticsFigures | Unset):
        previous_figures (AnalyticsFigures | Unset):
        changes (list[AnalyticsTrendsChangesItem] | Unset):
        top_questions (list[AnalyticsQuestionGroup] | Unset):
        top_unanswered (list[AnalyticsQuestionGroup] | Unset):
    """

    from_: datetime.datetime
    to: datetime.datetime
    tz: str
    chatbot_id: None | str
    previous: AnalyticsTrendsPrevious | Unset = UNSET
    current_figures: AnalyticsFigures | Unset = UNSET
    previous_figures: AnalyticsFigures | Unset = UNSET
    changes: list[AnalyticsTrendsChangesItem] | Unset = UNSET
    top_questions: list[AnalyticsQuestionGroup] | Unset = UNSET
    top_unanswered: list[AnalyticsQuestionGroup] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        tz = self.tz

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        previous: dict[str, Any] | Unset = UNSET
        if not isinstance(self.previous, Unset):
            previous = self.previous.to_dict()

        current_figures: dict[str, Any] | Unset = UNSET
        if not isinstance(self.current_figures, Unset):
            current_figures = self.current_figures.to_dict()

        previous_figures: dict[str, Any] | Unset = UNSET
        if not isinstance(self.previous_figures, Unset):
            previous_figures = self.previous_figures.to_dict()

        changes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.changes, Unset):
            changes = []
            for changes_item_data in self.changes:
                changes_item = changes_item_data.to_dict()
                changes.append(changes_item)

        top_questions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.top_questions, Unset):
            top_questions = []
            for top_questions_item_data in self.top_questions:
                top_questions_item = top_questions_item_data.to_dict()
                top_questions.append(top_questions_item)

        top_unanswered: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.top_unanswered, Unset):
            top_unanswered = []
            for top_unanswered_item_data in self.top_unanswered:
                top_unanswered_item = top_unanswered_item_data.to_dict()
                top_unanswered.append(top_unanswered_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "tz": tz,
                "chatbot_id": chatbot_id,
            }
        )
        if previous is not UNSET:
            field_dict["previous"] = previous
        if current_figures is not UNSET:
            field_dict["current_figures"] = current_figures
        if previous_figures is not UNSET:
            field_dict["previous_figures"] = previous_figures
        if changes is not UNSET:
            field_dict["changes"] = changes
        if top_questions is not UNSET:
            field_dict["top_questions"] = top_questions
        if top_unanswered is not UNSET:
            field_dict["top_unanswered"] = top_unanswered

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analytics_figures import AnalyticsFigures
        from ..models.analytics_question_group import AnalyticsQuestionGroup
        from ..models.analytics_trends_changes_item import AnalyticsTrendsChangesItem
        from ..models.analytics_trends_previous import AnalyticsTrendsPrevious

        d = dict(src_dict)
        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        tz = d.pop("tz")

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        _previous = d.pop("previous", UNSET)
        previous: AnalyticsTrendsPrevious | Unset
        if isinstance(_previous, Unset):
            previous = UNSET
        else:
            previous = AnalyticsTrendsPrevious.from_dict(_previous)

        _current_figures = d.pop("current_figures", UNSET)
        current_figures: AnalyticsFigures | Unset
        if isinstance(_current_figures, Unset):
            current_figures = UNSET
        else:
            current_figures = AnalyticsFigures.from_dict(_current_figures)

        _previous_figures = d.pop("previous_figures", UNSET)
        previous_figures: AnalyticsFigures | Unset
        if isinstance(_previous_figures, Unset):
            previous_figures = UNSET
        else:
            previous_figures = AnalyticsFigures.from_dict(_previous_figures)

        _changes = d.pop("changes", UNSET)
        changes: list[AnalyticsTrendsChangesItem] | Unset = UNSET
        if _changes is not UNSET:
            changes = []
            for changes_item_data in _changes:
                changes_item = AnalyticsTrendsChangesItem.from_dict(changes_item_data)

                changes.append(changes_item)

        _top_questions = d.pop("top_questions", UNSET)
        top_questions: list[AnalyticsQuestionGroup] | Unset = UNSET
        if _top_questions is not UNSET:
            top_questions = []
            for top_questions_item_data in _top_questions:
                top_questions_item = AnalyticsQuestionGroup.from_dict(
                    top_questions_item_data
                )

                top_questions.append(top_questions_item)

        _top_unanswered = d.pop("top_unanswered", UNSET)
        top_unanswered: list[AnalyticsQuestionGroup] | Unset = UNSET
        if _top_unanswered is not UNSET:
            top_unanswered = []
            for top_unanswered_item_data in _top_unanswered:
                top_unanswered_item = AnalyticsQuestionGroup.from_dict(
                    top_unanswered_item_data
                )

                top_unanswered.append(top_unanswered_item)

        analytics_trends = cls(
            from_=from_,
            to=to,
            tz=tz,
            chatbot_id=chatbot_id,
            previous=previous,
            current_figures=current_figures,
            previous_figures=previous_figures,
            changes=changes,
            top_questions=top_questions,
            top_unanswered=top_unanswered,
        )

        return analytics_trends
