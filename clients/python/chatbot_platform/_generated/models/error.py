from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_details_item import ErrorDetailsItem


T = TypeVar("T", bound="Error")


@_attrs_define
class Error:
    """The error body of every error response: a stable machine `code` and the request id beside the HTTP status; `details`
    lists what failed validation.

        Attributes:
            status_code (int):
            error (str): The HTTP reason phrase
            message (str): What went wrong, for people
            code (str): A stable machine code such as `chatbot_not_found`
            request_id (str): The X-Request-Id of the response
            details (list[ErrorDetailsItem] | Unset): For `validation_failed` and `invalid_cursor`: one entry per problem;
                for `account_required`: one entry per account to choose from
    """

    status_code: int
    error: str
    message: str
    code: str
    request_id: str
    details: list[ErrorDetailsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status_code = self.status_code

        error = self.error

        message = self.message

        code = self.code

        request_id = self.request_id

        details: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = []
            for details_item_data in self.details:
                details_item = details_item_data.to_dict()
                details.append(details_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "statusCode": status_code,
                "error": error,
                "message": message,
                "code": code,
                "request_id": request_id,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_details_item import ErrorDetailsItem

        d = dict(src_dict)
        status_code = d.pop("statusCode")

        error = d.pop("error")

        message = d.pop("message")

        code = d.pop("code")

        request_id = d.pop("request_id")

        _details = d.pop("details", UNSET)
        details: list[ErrorDetailsItem] | Unset = UNSET
        if _details is not UNSET:
            details = []
            for details_item_data in _details:
                details_item = ErrorDetailsItem.from_dict(details_item_data)

                details.append(details_item)

        error = cls(
            status_code=status_code,
            error=error,
            message=message,
            code=code,
            request_id=request_id,
            details=details,
        )

        error.additional_properties = d
        return error

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
