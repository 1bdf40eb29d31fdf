from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.knowledge_embeddings_retrieval import KnowledgeEmbeddingsRetrieval

if TYPE_CHECKING:
    from ..models.embedding_failure import EmbeddingFailure


T = TypeVar("T", bound="KnowledgeEmbeddings")


@_attrs_define
class KnowledgeEmbeddings:
    """
    Attributes:
        chatbot_id (str):
        retrieval (KnowledgeEmbeddingsRetrieval):
        embedding_provider (None | str):
        model (None | str): The provider’s embedding model; null without a usable provider
        chunks (int): Passages and Q&A pairs of the knowledge
        embedded (int): Of them, those with vectors of this model
        running (bool): An embedding run is due or under way (on a worker instance)
        last_error (EmbeddingFailure | None): Why the last run failed; null when it did not
    """

    chatbot_id: str
    retrieval: KnowledgeEmbeddingsRetrieval
    embedding_provider: None | str
    model: None | str
    chunks: int
    embedded: int
    running: bool
    last_error: EmbeddingFailure | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.embedding_failure import EmbeddingFailure

        chatbot_id = self.chatbot_id

        retrieval = self.retrieval.value

        embedding_provider: None | str
        embedding_provider = self.embedding_provider

        model: None | str
        model = self.model

        chunks = self.chunks

        embedded = self.embedded

        running = self.running

        last_error: dict[str, Any] | None
        if isinstance(self.last_error, EmbeddingFailure):
            last_error = self.last_error.to_dict()
        else:
            last_error = self.last_error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chatbot_id": chatbot_id,
                "retrieval": retrieval,
                "embedding_provider": embedding_provider,
                "model": model,
                "chunks": chunks,
                "embedded": embedded,
                "running": running,
                "last_error": last_error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.embedding_failure import EmbeddingFailure

        d = dict(src_dict)
        chatbot_id = d.pop("chatbot_id")

        retrieval = KnowledgeEmbeddingsRetrieval(d.pop("retrieval"))

        def _parse_embedding_provider(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        embedding_provider = _parse_embedding_provider(d.pop("embedding_provider"))

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))

        chunks = d.pop("chunks")

        embedded = d.pop("embedded")

        running = d.pop("running")

        def _parse_last_error(data: object) -> EmbeddingFailure | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_error_type_0 = EmbeddingFailure.from_dict(data)

                return last_error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EmbeddingFailure | None, data)

        last_error = _parse_last_error(d.pop("last_error"))

        knowledge_embeddings = cls(
            chatbot_id=chatbot_id,
            retrieval=retrieval,
            embedding_provider=embedding_provider,
            model=model,
            chunks=chunks,
            embedded=embedded,
            running=running,
            last_error=last_error,
        )

        return knowledge_embeddings
