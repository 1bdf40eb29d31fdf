from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.sign_in_body_mode import SignInBodyMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="SignInBody")


@_attrs_define
class SignInBody:
    """
    Attributes:
        email (str):
        password (str):
        mode (SignInBodyMode | Unset):  Default: SignInBodyMode.LIVE.
        account (str | Unset): The account to sign in to, when the address is a member of several
    """

    email: str
    password: str
    mode: SignInBodyMode | Unset = SignInBodyMode.LIVE
    account: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        account = self.account

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "password": password,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode
        if account is not UNSET:
            field_dict["account"] = account

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        _mode = d.pop("mode", UNSET)
        mode: SignInBodyMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = SignInBodyMode(_mode)

        account = d.pop("account", UNSET)

        sign_in_body = cls(
            email=email,
            password=password,
            mode=mode,
            account=account,
        )

        return sign_in_body
