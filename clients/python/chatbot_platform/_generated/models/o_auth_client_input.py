from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.o_auth_client_input_scopes_item import OAuthClientInputScopesItem

T = TypeVar("T", bound="OAuthClientInput")


@_attrs_define
class OAuthClientInput:
    """
    Attributes:
        name (str):
        scopes (list[OAuthClientInputScopesItem]): What the client’s tokens may do; a token request may ask for fewer
    """

    name: str
    scopes: list[OAuthClientInputScopesItem]

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = OAuthClientInputScopesItem(scopes_item_data)

            scopes.append(scopes_item)

        o_auth_client_input = cls(
            name=name,
            scopes=scopes,
        )

        return o_auth_client_input
