from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.model_provider_check_error_code import ModelProviderCheckErrorCode

T = TypeVar("T", bound="ModelProviderCheckError")


@_attrs_define
class ModelProviderCheckError:
    """
    Attributes:
        code (ModelProviderCheckErrorCode):
        message (str):
    """

    code: ModelProviderCheckErrorCode
    message: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = ModelProviderCheckErrorCode(d.pop("code"))

        message = d.pop("message")

        model_provider_check_error = cls(
            code=code,
            message=message,
        )

        return model_provider_check_error
