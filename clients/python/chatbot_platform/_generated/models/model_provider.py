from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.model_provider_type import ModelProviderType

T = TypeVar("T", bound="ModelProvider")


@_attrs_define
class ModelProvider:
    """
    Attributes:
        id (str):
        name (str):
        type_ (ModelProviderType):
        base_url (str):
        api_key_set (bool):
        api_key_last4 (None | str): The key’s last four characters, so keys can be told apart
        chat_model (None | str):
        embedding_model (None | str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    type_: ModelProviderType
    base_url: str
    api_key_set: bool
    api_key_last4: None | str
    chat_model: None | str
    embedding_model: None | str
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        type_ = self.type_.value

        base_url = self.base_url

        api_key_set = self.api_key_set

        api_key_last4: None | str
        api_key_last4 = self.api_key_last4

        chat_model: None | str
        chat_model = self.chat_model

        embedding_model: None | str
        embedding_model = self.embedding_model

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "type": type_,
                "base_url": base_url,
                "api_key_set": api_key_set,
                "api_key_last4": api_key_last4,
                "chat_model": chat_model,
                "embedding_model": embedding_model,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        type_ = ModelProviderType(d.pop("type"))

        base_url = d.pop("base_url")

        api_key_set = d.pop("api_key_set")

        def _parse_api_key_last4(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        api_key_last4 = _parse_api_key_last4(d.pop("api_key_last4"))

        def _parse_chat_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chat_model = _parse_chat_model(d.pop("chat_model"))

        def _parse_embedding_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        embedding_model = _parse_embedding_model(d.pop("embedding_model"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        model_provider = cls(
            id=id,
            name=name,
            type_=type_,
            base_url=base_url,
            api_key_set=api_key_set,
            api_key_last4=api_key_last4,
            chat_model=chat_model,
            embedding_model=embedding_model,
            created_at=created_at,
            updated_at=updated_at,
        )

        return model_provider
