from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.model_provider_chat_check import ModelProviderChatCheck
    from ..models.model_provider_embeddings_check import ModelProviderEmbeddingsCheck


T = TypeVar("T", bound="ModelProviderTest")


@_attrs_define
class ModelProviderTest:
    """
    Attributes:
        chat (ModelProviderChatCheck | None): Null: the provider names no chat model
        embeddings (ModelProviderEmbeddingsCheck | None): Null: the provider names no embedding model
    """

    chat: ModelProviderChatCheck | None
    embeddings: ModelProviderEmbeddingsCheck | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.model_provider_chat_check import ModelProviderChatCheck
        from ..models.model_provider_embeddings_check import (
            ModelProviderEmbeddingsCheck,
        )

        chat: dict[str, Any] | None
        if isinstance(self.chat, ModelProviderChatCheck):
            chat = self.chat.to_dict()
        else:
            chat = self.chat

        embeddings: dict[str, Any] | None
        if isinstance(self.embeddings, ModelProviderEmbeddingsCheck):
            embeddings = self.embeddings.to_dict()
        else:
            embeddings = self.embeddings

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chat": chat,
                "embeddings": embeddings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_provider_chat_check import ModelProviderChatCheck
        from ..models.model_provider_embeddings_check import (
            ModelProviderEmbeddingsCheck,
        )

        d = dict(src_dict)

        def _parse_chat(data: object) -> ModelProviderChatCheck | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                chat_type_0 = ModelProviderChatCheck.from_dict(data)

                return chat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelProviderChatCheck | None, data)

        chat = _parse_chat(d.pop("chat"))

        def _parse_embeddings(data: object) -> ModelProviderEmbeddingsCheck | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                embeddings_type_0 = ModelProviderEmbeddingsCheck.from_dict(data)

                return embeddings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelProviderEmbeddingsCheck | None, data)

        embeddings = _parse_embeddings(d.pop("embeddings"))

        model_provider_test = cls(
            chat=chat,
            embeddings=embeddings,
        )

        return model_provider_test
