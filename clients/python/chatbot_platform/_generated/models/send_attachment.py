from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SendAttachment")


@_attrs_define
class SendAttachment:
    """
    Attributes:
        name (str): The file’s name as the sender had it; kept with the extension of what the bytes are
        content_base64 (str): The file, base64: a PNG, JPEG, GIF or WebP image or a PDF, within the plan’s size (the
            type is read from the bytes)
    """

    name: str
    content_base64: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        content_base64 = self.content_base64

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "content_base64": content_base64,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        content_base64 = d.pop("content_base64")

        send_attachment = cls(
            name=name,
            content_base64=content_base64,
        )

        return send_attachment
