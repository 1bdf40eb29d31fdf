from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_model_provider_type import CreateModelProviderType
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateModelProvider")


@_attrs_define
class CreateModelProvider:
    """
    Attributes:
        name (str): What the dashboard shows; unique in the account
        type_ (CreateModelProviderType): `openai`: any OpenAI-compatible server (OpenAI, Azure-style gateways, vLLM, LM
            Studio, llama.cpp’s server); `ollama`: Ollama’s own API
        base_url (str): The server’s root: `https://api.openai.com` (a trailing `/v1` is understood),
            `http://ollama.internal:11434`. A query (`?api-version=…`) is kept on every call; a fragment is dropped
        api_key (None | str | Unset): Sent as `Authorization: Bearer …`; stored encrypted and never shown again (only
            its last four characters)
        chat_model (None | str | Unset): The model answers use when a chatbot’s settings name none
        embedding_model (None | str | Unset): The model that embeds knowledge and questions (hybrid retrieval)
    """

    name: str
    type_: CreateModelProviderType
    base_url: str
    api_key: None | str | Unset = UNSET
    chat_model: None | str | Unset = UNSET
    embedding_model: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        base_url = self.base_url

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        chat_model: None | str | Unset
        if isinstance(self.chat_model, Unset):
            chat_model = UNSET
        else:
            chat_model = self.chat_model

        embedding_model: None | str | Unset
        if isinstance(self.embedding_model, Unset):
            embedding_model = UNSET
        else:
            embedding_model = self.embedding_model

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "type": type_,
                "base_url": base_url,
            }
        )
        if api_key is not UNSET:
            field_dict["api_key"] = api_key
        if chat_model is not UNSET:
            field_dict["chat_model"] = chat_model
        if embedding_model is not UNSET:
            field_dict["embedding_model"] = embedding_model

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = CreateModelProviderType(d.pop("type"))

        base_url = d.pop("base_url")

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))

        def _parse_chat_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chat_model = _parse_chat_model(d.pop("chat_model", UNSET))

        def _parse_embedding_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        embedding_model = _parse_embedding_model(d.pop("embedding_model", UNSET))

        create_model_provider = cls(
            name=name,
            type_=type_,
            base_url=base_url,
            api_key=api_key,
            chat_model=chat_model,
            embedding_model=embedding_model,
        )

        return create_model_provider
