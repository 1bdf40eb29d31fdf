from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.visitor_message_feedback_type_1 import VisitorMessageFeedbackType1
from ..models.visitor_message_feedback_type_2_type_1 import (
    VisitorMessageFeedbackType2Type1,
)
from ..models.visitor_message_feedback_type_3_type_1 import (
    VisitorMessageFeedbackType3Type1,
)
from ..models.visitor_message_role import VisitorMessageRole

if TYPE_CHECKING:
    from ..models.message_attachment import MessageAttachment
    from ..models.visitor_agent import VisitorAgent
    from ..models.visitor_source import VisitorSource
    from ..models.visitor_suggestion import VisitorSuggestion


T = TypeVar("T", bound="VisitorMessage")


@_attrs_define
class VisitorMessage:
    """
    Attributes:
        id (str):
        role (VisitorMessageRole):
        content (str):
        sources (list[VisitorSource]): Empty unless the chatbot shows sources
        author (None | VisitorAgent): The member who wrote an agent message: their name and avatar, shown beside it;
            null for the bot’s, the visitor’s and those sent with an API key
        suggestions (list[VisitorSuggestion]): A reply that was not sure offers these as buttons, best first; choosing
            one sends `suggestion_id`. Empty on other messages
        feedback (None | VisitorMessageFeedbackType1 | VisitorMessageFeedbackType2Type1 |
            VisitorMessageFeedbackType3Type1):
        attachment (MessageAttachment | None): A file sent as the message (`content` is then empty): read it at `GET
            …/attachments/{id}` with the token; null for words
        created_at (datetime.datetime):
        offers_handoff (bool): A reply that did not know (the fallback, or suggestions instead of an answer) while
            visitors may ask for a person: the widget offers “Talk to a person”
    """

    id: str
    role: VisitorMessageRole
    content: str
    sources: list[VisitorSource]
    author: None | VisitorAgent
    suggestions: list[VisitorSuggestion]
    feedback: (
        None
        | VisitorMessageFeedbackType1
        | VisitorMessageFeedbackType2Type1
        | VisitorMessageFeedbackType3Type1
    )
    attachment: MessageAttachment | None
    created_at: datetime.datetime
    offers_handoff: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.message_attachment import MessageAttachment
        from ..models.visitor_agent import VisitorAgent

        id = self.id

        role = self.role.value

        content = self.content

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        author: dict[str, Any] | None
        if isinstance(self.author, VisitorAgent):
            author = self.author.to_dict()
        else:
            author = self.author

        suggestions = []
        for suggestions_item_data in self.suggestions:
            suggestions_item = suggestions_item_data.to_dict()
            suggestions.append(suggestions_item)

        feedback: None | str
        if (
            isinstance(self.feedback, VisitorMessageFeedbackType1)
            or isinstance(self.feedback, VisitorMessageFeedbackType2Type1)
            or isinstance(self.feedback, VisitorMessageFeedbackType3Type1)
        ):
            feedback = self.feedback.value
        else:
            feedback = self.feedback

        attachment: dict[str, Any] | None
        if isinstance(self.attachment, MessageAttachment):
            attachment = self.attachment.to_dict()
        else:
            attachment = self.attachment

        created_at = self.created_at.isoformat()

        offers_handoff = self.offers_handoff

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "role": role,
                "content": content,
                "sources": sources,
                "author": author,
                "suggestions": suggestions,
                "feedback": feedback,
                "attachment": attachment,
                "created_at": created_at,
                "offers_handoff": offers_handoff,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.message_attachment import MessageAttachment
        from ..models.visitor_agent import VisitorAgent
        from ..models.visitor_source import VisitorSource
        from ..models.visitor_suggestion import VisitorSuggestion

        d = dict(src_dict)
        id = d.pop("id")

        role = VisitorMessageRole(d.pop("role"))

        content = d.pop("content")

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = VisitorSource.from_dict(sources_item_data)

            sources.append(sources_item)

        def _parse_author(data: object) -> None | VisitorAgent:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                author_type_0 = VisitorAgent.from_dict(data)

                return author_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VisitorAgent, data)

        author = _parse_author(d.pop("author"))

        suggestions = []
        _suggestions = d.pop("suggestions")
        for suggestions_item_data in _suggestions:
            suggestions_item = VisitorSuggestion.from_dict(suggestions_item_data)

            suggestions.append(suggestions_item)

        def _parse_feedback(
            data: object,
        ) -> (
            None
            | VisitorMessageFeedbackType1
            | VisitorMessageFeedbackType2Type1
            | VisitorMessageFeedbackType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_1 = VisitorMessageFeedbackType1(data)

                return feedback_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_2_type_1 = VisitorMessageFeedbackType2Type1(data)

                return feedback_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_3_type_1 = VisitorMessageFeedbackType3Type1(data)

                return feedback_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | VisitorMessageFeedbackType1
                | VisitorMessageFeedbackType2Type1
                | VisitorMessageFeedbackType3Type1,
                data,
            )

        feedback = _parse_feedback(d.pop("feedback"))

        def _parse_attachment(data: object) -> MessageAttachment | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attachment_type_0 = MessageAttachment.from_dict(data)

                return attachment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessageAttachment | None, data)

        attachment = _parse_attachment(d.pop("attachment"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        offers_handoff = d.pop("offers_handoff")

        visitor_message = cls(
            id=id,
            role=role,
            content=content,
            sources=sources,
            author=author,
            suggestions=suggestions,
            feedback=feedback,
            attachment=attachment,
            created_at=created_at,
            offers_handoff=offers_handoff,
        )

        return visitor_message
