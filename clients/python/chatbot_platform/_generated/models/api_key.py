from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.api_key_kind import ApiKeyKind
from ..models.api_key_mode import ApiKeyMode

if TYPE_CHECKING:
    from ..models.credential_maker import CredentialMaker


T = TypeVar("T", bound="ApiKey")


@_attrs_define
class ApiKey:
    """
    Attributes:
        id (str):
        name (str):
        mode (ApiKeyMode):
        kind (ApiKeyKind):
        chatbot_id (None | str):
        redacted_key (str):
        last4 (str):
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None):
        expires_at (datetime.datetime | None):
        revoked_at (datetime.datetime | None):
        rotated_to (None | str):
        created_by (CredentialMaker):
    """

    id: str
    name: str
    mode: ApiKeyMode
    kind: ApiKeyKind
    chatbot_id: None | str
    redacted_key: str
    last4: str
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    rotated_to: None | str
    created_by: CredentialMaker

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        mode = self.mode.value

        kind = self.kind.value

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        redacted_key = self.redacted_key

        last4 = self.last4

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        rotated_to: None | str
        rotated_to = self.rotated_to

        created_by = self.created_by.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "mode": mode,
                "kind": kind,
                "chatbot_id": chatbot_id,
                "redacted_key": redacted_key,
                "last4": last4,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "expires_at": expires_at,
                "revoked_at": revoked_at,
                "rotated_to": rotated_to,
                "created_by": created_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credential_maker import CredentialMaker

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        mode = ApiKeyMode(d.pop("mode"))

        kind = ApiKeyKind(d.pop("kind"))

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        redacted_key = d.pop("redacted_key")

        last4 = d.pop("last4")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        def _parse_rotated_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rotated_to = _parse_rotated_to(d.pop("rotated_to"))

        created_by = CredentialMaker.from_dict(d.pop("created_by"))

        api_key = cls(
            id=id,
            name=name,
            mode=mode,
            kind=kind,
            chatbot_id=chatbot_id,
            redacted_key=redacted_key,
            last4=last4,
            created_at=created_at,
            last_used_at=last_used_at,
            expires_at=expires_at,
            revoked_at=revoked_at,
            rotated_to=rotated_to,
            created_by=created_by,
        )

        return api_key
