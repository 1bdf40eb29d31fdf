from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OAuthIntrospection")


@_attrs_define
class OAuthIntrospection:
    """
    Attributes:
        active (bool):
        scope (str | Unset):
        client_id (str | Unset):
        token_type (str | Unset):
        exp (int | Unset):
        iat (int | Unset):
        sub (str | Unset):
        iss (str | Unset):
    """

    active: bool
    scope: str | Unset = UNSET
    client_id: str | Unset = UNSET
    token_type: str | Unset = UNSET
    exp: int | Unset = UNSET
    iat: int | Unset = UNSET
    sub: str | Unset = UNSET
    iss: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        scope = self.scope

        client_id = self.client_id

        token_type = self.token_type

        exp = self.exp

        iat = self.iat

        sub = self.sub

        iss = self.iss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "active": active,
            }
        )
        if scope is not UNSET:
            field_dict["scope"] = scope
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if token_type is not UNSET:
            field_dict["token_type"] = token_type
        if exp is not UNSET:
            field_dict["exp"] = exp
        if iat is not UNSET:
            field_dict["iat"] = iat
        if sub is not UNSET:
            field_dict["sub"] = sub
        if iss is not UNSET:
            field_dict["iss"] = iss

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        active = d.pop("active")

        scope = d.pop("scope", UNSET)

        client_id = d.pop("client_id", UNSET)

        token_type = d.pop("token_type", UNSET)

        exp = d.pop("exp", UNSET)

        iat = d.pop("iat", UNSET)

        sub = d.pop("sub", UNSET)

        iss = d.pop("iss", UNSET)

        o_auth_introspection = cls(
            active=active,
            scope=scope,
            client_id=client_id,
            token_type=token_type,
            exp=exp,
            iat=iat,
            sub=sub,
            iss=iss,
        )

        return o_auth_introspection
