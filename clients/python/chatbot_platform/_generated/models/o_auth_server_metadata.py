from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OAuthServerMetadata")


@_attrs_define
class OAuthServerMetadata:
    """
    Attributes:
        issuer (str):
        token_endpoint (str):
        revocation_endpoint (str):
        introspection_endpoint (str):
        grant_types_supported (list[str]):
        response_types_supported (list[str]):
        token_endpoint_auth_methods_supported (list[str]):
        revocation_endpoint_auth_methods_supported (list[str]):
        introspection_endpoint_auth_methods_supported (list[str]):
        scopes_supported (list[str]):
    """

    issuer: str
    token_endpoint: str
    revocation_endpoint: str
    introspection_endpoint: str
    grant_types_supported: list[str]
    response_types_supported: list[str]
    token_endpoint_auth_methods_supported: list[str]
    revocation_endpoint_auth_methods_supported: list[str]
    introspection_endpoint_auth_methods_supported: list[str]
    scopes_supported: list[str]

    def to_dict(self) -> dict[str, Any]:
        issuer = self.issuer

        token_endpoint = self.token_endpoint

        revocation_endpoint = self.revocation_endpoint

        introspection_endpoint = self.introspection_endpoint

        grant_types_supported = self.grant_types_supported

        response_types_supported = self.response_types_supported

        token_endpoint_auth_methods_supported = (
            self.token_endpoint_auth_methods_supported
        )

        revocation_endpoint_auth_methods_supported = (
            self.revocation_endpoint_auth_methods_supported
        )

        introspection_endpoint_auth_methods_supported = (
            self.introspection_endpoint_auth_methods_supported
        )

        scopes_supported = self.scopes_supported

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "issuer": issuer,
                "token_endpoint": token_endpoint,
                "revocation_endpoint": revocation_endpoint,
                "introspection_endpoint": introspection_endpoint,
                "grant_types_supported": grant_types_supported,
                "response_types_supported": response_types_supported,
                "token_endpoint_auth_methods_supported": token_endpoint_auth_methods_supported,
                "revocation_endpoint_auth_methods_supported": revocation_endpoint_auth_methods_supported,
                "introspection_endpoint_auth_methods_supported": introspection_endpoint_auth_methods_supported,
                "scopes_supported": scopes_supported,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        issuer = d.pop("issuer")

        token_endpoint = d.pop("token_endpoint")

        revocation_endpoint = d.pop("revocation_endpoint")

        introspection_endpoint = d.pop("introspection_endpoint")

        grant_types_supported = cast(list[str], d.pop("grant_types_supported"))

        response_types_supported = cast(list[str], d.pop("response_types_supported"))

        token_endpoint_auth_methods_supported = cast(
            list[str], d.pop("token_endpoint_auth_methods_supported")
        )

        revocation_endpoint_auth_methods_supported = cast(
            list[str], d.pop("revocation_endpoint_auth_methods_supported")
        )

        introspection_endpoint_auth_methods_supported = cast(
            list[str], d.pop("introspection_endpoint_auth_methods_supported")
        )

        scopes_supported = cast(list[str], d.pop("scopes_supported"))

        o_auth_server_metadata = cls(
            issuer=issuer,
            token_endpoint=token_endpoint,
            revocation_endpoint=revocation_endpoint,
            introspection_endpoint=introspection_endpoint,
            grant_types_supported=grant_types_supported,
            response_types_supported=response_types_supported,
            token_endpoint_auth_methods_supported=token_endpoint_auth_methods_supported,
            revocation_endpoint_auth_methods_supported=revocation_endpoint_auth_methods_supported,
            introspection_endpoint_auth_methods_supported=introspection_endpoint_auth_methods_supported,
            scopes_supported=scopes_supported,
        )

        return o_auth_server_metadata
