from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.message_attachment_content_type import MessageAttachmentContentType

T = TypeVar("T", bound="MessageAttachment")


@_attrs_define
class MessageAttachment:
    """
    Attributes:
        id (str):
        name (str):
        content_type (MessageAttachmentContentType): Read from the bytes
        size (int): Bytes
    """

    id: str
    name: str
    content_type: MessageAttachmentContentType
    size: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        content_type = self.content_type.value

        size = self.size

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "content_type": content_type,
                "size": size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        content_type = MessageAttachmentContentType(d.pop("content_type"))

        size = d.pop("size")

        message_attachment = cls(
            id=id,
            name=name,
            content_type=content_type,
            size=size,
        )

        return message_attachment
