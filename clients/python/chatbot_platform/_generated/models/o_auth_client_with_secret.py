from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.o_auth_client_with_secret_mode import OAuthClientWithSecretMode
from ..models.o_auth_client_with_secret_scopes_item import (
    OAuthClientWithSecretScopesItem,
)

if TYPE_CHECKING:
    from ..models.credential_maker import CredentialMaker


T = TypeVar("T", bound="OAuthClientWithSecret")


@_attrs_define
class OAuthClientWithSecret:
    """
    Attributes:
        id (str):
        name (str):
        mode (OAuthClientWithSecretMode):
        scopes (list[OAuthClientWithSecretScopesItem]):
        secret_last4 (str):
        created_at (datetime.datetime):
        secret_rotated_at (datetime.datetime | None):
        previous_secret_expires_at (datetime.datetime | None):
        created_by (CredentialMaker):
        client_secret (str): The client secret. Shown only in this response.
    """

    id: str
    name: str
    mode: OAuthClientWithSecretMode
    scopes: list[OAuthClientWithSecretScopesItem]
    secret_last4: str
    created_at: datetime.datetime
    secret_rotated_at: datetime.datetime | None
    previous_secret_expires_at: datetime.datetime | None
    created_by: CredentialMaker
    client_secret: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        mode = self.mode.value

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        secret_last4 = self.secret_last4

        created_at = self.created_at.isoformat()

        secret_rotated_at: None | str
        if isinstance(self.secret_rotated_at, datetime.datetime):
            secret_rotated_at = self.secret_rotated_at.isoformat()
        else:
            secret_rotated_at = self.secret_rotated_at

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        created_by = self.created_by.to_dict()

        client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "mode": mode,
                "scopes": scopes,
                "secret_last4": secret_last4,
                "created_at": created_at,
                "secret_rotated_at": secret_rotated_at,
                "previous_secret_expires_at": previous_secret_expires_at,
                "created_by": created_by,
                "client_secret": client_secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credential_maker import CredentialMaker

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        mode = OAuthClientWithSecretMode(d.pop("mode"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = OAuthClientWithSecretScopesItem(scopes_item_data)

            scopes.append(scopes_item)

        secret_last4 = d.pop("secret_last4")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_secret_rotated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                secret_rotated_at_type_0 = datetime.datetime.fromisoformat(data)

                return secret_rotated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        secret_rotated_at = _parse_secret_rotated_at(d.pop("secret_rotated_at"))

        def _parse_previous_secret_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_expires_at_type_0 = datetime.datetime.fromisoformat(
                    data
                )

                return previous_secret_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(
            d.pop("previous_secret_expires_at")
        )

        created_by = CredentialMaker.from_dict(d.pop("created_by"))

        client_secret = d.pop("client_secret")

        o_auth_client_with_secret = cls(
            id=id,
            name=name,
            mode=mode,
            scopes=scopes,
            secret_last4=secret_last4,
            created_at=created_at,
            secret_rotated_at=secret_rotated_at,
            previous_secret_expires_at=previous_secret_expires_at,
            created_by=created_by,
            client_secret=client_secret,
        )

        return o_auth_client_with_secret
