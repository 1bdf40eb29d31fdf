from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CompleteSetupBody")


@_attrs_define
class CompleteSetupBody:
    """
    Attributes:
        setup_code (str): The code the server printed at start-up
        organisation_name (str): The account’s name
        email (str):
        password (str): 10 to 200 characters
        name (str | Unset):
    """

    setup_code: str
    organisation_name: str
    email: str
    password: str
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        setup_code = self.setup_code

        organisation_name = self.organisation_name

        email = self.email

        password = self.password

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "setup_code": setup_code,
                "organisation_name": organisation_name,
                "email": email,
                "password": password,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        setup_code = d.pop("setup_code")

        organisation_name = d.pop("organisation_name")

        email = d.pop("email")

        password = d.pop("password")

        name = d.pop("name", UNSET)

        complete_setup_body = cls(
            setup_code=setup_code,
            organisation_name=organisation_name,
            email=email,
            password=password,
            name=name,
        )

        return complete_setup_body
