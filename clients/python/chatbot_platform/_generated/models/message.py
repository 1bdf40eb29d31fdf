from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.message_answer_type_type_1 import MessageAnswerTypeType1
from ..models.message_answer_type_type_2_type_1 import MessageAnswerTypeType2Type1
from ..models.message_answer_type_type_3_type_1 import MessageAnswerTypeType3Type1
from ..models.message_feedback_type_1 import MessageFeedbackType1
from ..models.message_feedback_type_2_type_1 import MessageFeedbackType2Type1
from ..models.message_feedback_type_3_type_1 import MessageFeedbackType3Type1
from ..models.message_role import MessageRole

if TYPE_CHECKING:
    from ..models.message_attachment import MessageAttachment
    from ..models.message_author import MessageAuthor
    from ..models.message_usage import MessageUsage
    from ..models.source import Source
    from ..models.suggestion import Suggestion


T = TypeVar("T", bound="Message")


@_attrs_define
class Message:
    """
    Attributes:
        id (str):
        conversation_id (str):
        chatbot_id (str):
        role (MessageRole):
        content (str): The words; empty for a file sent alone (`attachment`)
        answer_type (MessageAnswerTypeType1 | MessageAnswerTypeType2Type1 | MessageAnswerTypeType3Type1 | None):
        confidence (float | None):
        sources (list[Source]):
        suggestions (list[Suggestion]): A `clarify` reply’s suggestions, best first (at most 3); empty on every other
            message. Send one back as `suggestion_id`
        suggestion_id (None | str): A visitor message sent by choosing a suggestion: the knowledge item chosen; null
            when typed
        response_time_ms (int | None):
        usage (MessageUsage | None): A language model’s reply: the tokens it read and wrote, as the provider reported
            them; null on every other message
        feedback (MessageFeedbackType1 | MessageFeedbackType2Type1 | MessageFeedbackType3Type1 | None):
        feedback_comment (None | str):
        author (MessageAuthor | None): The signed-in member who wrote an agent message (name and avatar as they were
            then); null for the bot, the visitor and API keys
        attachment (MessageAttachment | None): A file sent as the message (`content` is then empty): read it at `GET
            …/conversations/{convId}/attachments/{id}`; null for words
        created_at (datetime.datetime):
    """

    id: str
    conversation_id: str
    chatbot_id: str
    role: MessageRole
    content: str
    answer_type: (
        MessageAnswerTypeType1
        | MessageAnswerTypeType2Type1
        | MessageAnswerTypeType3Type1
        | None
    )
    confidence: float | None
    sources: list[Source]
    suggestions: list[Suggestion]
    suggestion_id: None | str
    response_time_ms: int | None
    usage: MessageUsage | None
    feedback: (
        MessageFeedbackType1
        | MessageFeedbackType2Type1
        | MessageFeedbackType3Type1
        | None
    )
    feedback_comment: None | str
    author: MessageAuthor | None
    attachment: MessageAttachment | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.message_attachment import MessageAttachment
        from ..models.message_author import MessageAuthor
        from ..models.message_usage import MessageUsage

        id = self.id

        conversation_id = self.conversation_id

        chatbot_id = self.chatbot_id

        role = self.role.value

        content = self.content

        answer_type: None | str
        if (
            isinstance(self.answer_type, MessageAnswerTypeType1)
            or isinstance(self.answer_type, MessageAnswerTypeType2Type1)
            or isinstance(self.answer_type, MessageAnswerTypeType3Type1)
        ):
            answer_type = self.answer_type.value
        else:
            answer_type = self.answer_type

        confidence: float | None
        confidence = self.confidence

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        suggestions = []
        for suggestions_item_data in self.suggestions:
            suggestions_item = suggestions_item_data.to_dict()
            suggestions.append(suggestions_item)

        suggestion_id: None | str
        suggestion_id = self.suggestion_id

        response_time_ms: int | None
        response_time_ms = self.response_time_ms

        usage: dict[str, Any] | None
        if isinstance(self.usage, MessageUsage):
            usage = self.usage.to_dict()
        else:
            usage = self.usage

        feedback: None | str
        if (
            isinstance(self.feedback, MessageFeedbackType1)
            or isinstance(self.feedback, MessageFeedbackType2Type1)
            or isinstance(self.feedback, MessageFeedbackType3Type1)
        ):
            feedback = self.feedback.value
        else:
            feedback = self.feedback

        feedback_comment: None | str
        feedback_comment = self.feedback_comment

        author: dict[str, Any] | None
        if isinstance(self.author, MessageAuthor):
            author = self.author.to_dict()
        else:
            author = self.author

        attachment: dict[str, Any] | None
        if isinstance(self.attachment, MessageAttachment):
            attachment = self.attachment.to_dict()
        else:
            attachment = self.attachment

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "conversation_id": conversation_id,
                "chatbot_id": chatbot_id,
                "role": role,
                "content": content,
                "answer_type": answer_type,
                "confidence": confidence,
                "sources": sources,
                "suggestions": suggestions,
                "suggestion_id": suggestion_id,
                "response_time_ms": response_time_ms,
                "usage": usage,
                "feedback": feedback,
                "feedback_comment": feedback_comment,
                "author": author,
                "attachment": attachment,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.message_attachment import MessageAttachment
        from ..models.message_author import MessageAuthor
        from ..models.message_usage import MessageUsage
        from ..models.source import Source
        from ..models.suggestion import Suggestion

        d = dict(src_dict)
        id = d.pop("id")

        conversation_id = d.pop("conversation_id")

        chatbot_id = d.pop("chatbot_id")

        role = MessageRole(d.pop("role"))

        content = d.pop("content")

        def _parse_answer_type(
            data: object,
        ) -> (
            MessageAnswerTypeType1
            | MessageAnswerTypeType2Type1
            | MessageAnswerTypeType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_type_1 = MessageAnswerTypeType1(data)

                return answer_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_type_2_type_1 = MessageAnswerTypeType2Type1(data)

                return answer_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answer_type_type_3_type_1 = MessageAnswerTypeType3Type1(data)

                return answer_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                MessageAnswerTypeType1
                | MessageAnswerTypeType2Type1
                | MessageAnswerTypeType3Type1
                | None,
                data,
            )

        answer_type = _parse_answer_type(d.pop("answer_type"))

        def _parse_confidence(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        confidence = _parse_confidence(d.pop("confidence"))

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = Source.from_dict(sources_item_data)

            sources.append(sources_item)

        suggestions = []
        _suggestions = d.pop("suggestions")
        for suggestions_item_data in _suggestions:
            suggestions_item = Suggestion.from_dict(suggestions_item_data)

            suggestions.append(suggestions_item)

        def _parse_suggestion_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        suggestion_id = _parse_suggestion_id(d.pop("suggestion_id"))

        def _parse_response_time_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        response_time_ms = _parse_response_time_ms(d.pop("response_time_ms"))

        def _parse_usage(data: object) -> MessageUsage | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_type_0 = MessageUsage.from_dict(data)

                return usage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessageUsage | None, data)

        usage = _parse_usage(d.pop("usage"))

        def _parse_feedback(
            data: object,
        ) -> (
            MessageFeedbackType1
            | MessageFeedbackType2Type1
            | MessageFeedbackType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_1 = MessageFeedbackType1(data)

                return feedback_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_2_type_1 = MessageFeedbackType2Type1(data)

                return feedback_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                feedback_type_3_type_1 = MessageFeedbackType3Type1(data)

                return feedback_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                MessageFeedbackType1
                | MessageFeedbackType2Type1
                | MessageFeedbackType3Type1
                | None,
                data,
            )

        feedback = _parse_feedback(d.pop("feedback"))

        def _parse_feedback_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        feedback_comment = _parse_feedback_comment(d.pop("feedback_comment"))

        def _parse_author(data: object) -> MessageAuthor | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                author_type_0 = MessageAuthor.from_dict(data)

                return author_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessageAuthor | None, data)

        author = _parse_author(d.pop("author"))

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

        message = cls(
            id=id,
            conversation_id=conversation_id,
            chatbot_id=chatbot_id,
            role=role,
            content=content,
            answer_type=answer_type,
            confidence=confidence,
            sources=sources,
            suggestions=suggestions,
            suggestion_id=suggestion_id,
            response_time_ms=response_time_ms,
            usage=usage,
            feedback=feedback,
            feedback_comment=feedback_comment,
            author=author,
            attachment=attachment,
            created_at=created_at,
        )

        return message
