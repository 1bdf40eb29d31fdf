from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.send_message_role import SendMessageRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="SendMessage")


@_attrs_define
class SendMessage:
    """
    Attributes:
        role (SendMessageRole | Unset): `user`: the visitor (the chatbot replies); `agent`: a human, only while handed
            off Default: SendMessageRole.USER.
        suggestion_id (str | Unset): Choosing a suggestion of the conversation’s last reply (a `clarify`): that item is
            answered, nothing is guessed. 422 `suggestion_not_offered` for an item the last reply did not offer
        content (str | Unset): The message; optional with `suggestion_id` (the suggestion’s question is stored)
    """

    role: SendMessageRole | Unset = SendMessageRole.USER
    suggestion_id: str | Unset = UNSET
    content: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        suggestion_id = self.suggestion_id

        content = self.content

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if role is not UNSET:
            field_dict["role"] = role
        if suggestion_id is not UNSET:
            field_dict["suggestion_id"] = suggestion_id
        if content is not UNSET:
            field_dict["content"] = content

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _role = d.pop("role", UNSET)
        role: SendMessageRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = SendMessageRole(_role)

        suggestion_id = d.pop("suggestion_id", UNSET)

        content = d.pop("content", UNSET)

        send_message = cls(
            role=role,
            suggestion_id=suggestion_id,
            content=content,
        )

        return send_message
