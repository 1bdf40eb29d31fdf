from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chatbot_settings_input_answer_mode import ChatbotSettingsInputAnswerMode
from ..models.chatbot_settings_input_answer_retrieval import (
    ChatbotSettingsInputAnswerRetrieval,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatbotSettingsInputAnswer")


@_attrs_define
class ChatbotSettingsInputAnswer:
    """
    Attributes:
        mode (ChatbotSettingsInputAnswerMode | Unset):  Default: ChatbotSettingsInputAnswerMode.RETRIEVAL.
        provider (Any | str | Unset): A language-model provider: one the operator configured, by name, or one of the
            account’s model providers, by id (`mp_…`); required for `mode: llm`
        model (None | str | Unset):
        temperature (float | Unset):  Default: 0.2.
        max_tokens (int | Unset):  Default: 512.
        min_confidence (float | Unset):  Default: 0.5.
        suggest_confidence (float | Unset): A Q&A pair scoring from this up to min_confidence is offered as "did you
            mean"; at or above min_confidence, never Default: 0.3.
        min_passage_score (float | Unset): In LLM mode, passages with a confidence from this up go to the model; a
            passage is quoted only at min_confidence Default: 0.1.
        show_sources (bool | Unset):  Default: True.
        retrieval (ChatbotSettingsInputAnswerRetrieval | Unset): `hybrid`: besides its words, a question is matched by
            meaning: the knowledge and each question are embedded by `embedding_provider`’s embedding model and both
            rankings are fused (the better confidence of the two counts). Embedding starts when this is saved and runs in
            the background; until it is done, and whenever the provider fails, answers are lexical (a failure is reported as
            `chatbot.error`) Default: ChatbotSettingsInputAnswerRetrieval.LEXICAL.
        embedding_provider (None | str | Unset): One of the account’s model providers (`mp_…`) that names an embedding
            model; required for `retrieval: hybrid`
        learn_from_feedback (bool | Unset): Learning from use: a thumbs-up on a reply that gave a Q&A pair’s answer adds
            the visitor’s question to the pair’s `alternatives` (at most 20; a thumbs-down removes nothing) Default: False.
    """

    mode: ChatbotSettingsInputAnswerMode | Unset = (
        ChatbotSettingsInputAnswerMode.RETRIEVAL
    )
    provider: Any | str | Unset = UNSET
    model: None | str | Unset = UNSET
    temperature: float | Unset = 0.2
    max_tokens: int | Unset = 512
    min_confidence: float | Unset = 0.5
    suggest_confidence: float | Unset = 0.3
    min_passage_score: float | Unset = 0.1
    show_sources: bool | Unset = True
    retrieval: ChatbotSettingsInputAnswerRetrieval | Unset = (
        ChatbotSettingsInputAnswerRetrieval.LEXICAL
    )
    embedding_provider: None | str | Unset = UNSET
    learn_from_feedback: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        provider: Any | str | Unset
        if isinstance(self.provider, Unset):
            provider = UNSET
        else:
            provider = self.provider

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        temperature = self.temperature

        max_tokens = self.max_tokens

        min_confidence = self.min_confidence

        suggest_confidence = self.suggest_confidence

        min_passage_score = self.min_passage_score

        show_sources = self.show_sources

        retrieval: str | Unset = UNSET
        if not isinstance(self.retrieval, Unset):
            retrieval = self.retrieval.value

        embedding_provider: None | str | Unset
        if isinstance(self.embedding_provider, Unset):
            embedding_provider = UNSET
        else:
            embedding_provider = self.embedding_provider

        learn_from_feedback = self.learn_from_feedback

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if mode is not UNSET:
            field_dict["mode"] = mode
        if provider is not UNSET:
            field_dict["provider"] = provider
        if model is not UNSET:
            field_dict["model"] = model
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if max_tokens is not UNSET:
            field_dict["max_tokens"] = max_tokens
        if min_confidence is not UNSET:
            field_dict["min_confidence"] = min_confidence
        if suggest_confidence is not UNSET:
            field_dict["suggest_confidence"] = suggest_confidence
        if min_passage_score is not UNSET:
            field_dict["min_passage_score"] = min_passage_score
        if show_sources is not UNSET:
            field_dict["show_sources"] = show_sources
        if retrieval is not UNSET:
            field_dict["retrieval"] = retrieval
        if embedding_provider is not UNSET:
            field_dict["embedding_provider"] = embedding_provider
        if learn_from_feedback is not UNSET:
            field_dict["learn_from_feedback"] = learn_from_feedback

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _mode = d.pop("mode", UNSET)
        mode: ChatbotSettingsInputAnswerMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ChatbotSettingsInputAnswerMode(_mode)

        def _parse_provider(data: object) -> Any | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | str | Unset, data)

        provider = _parse_provider(d.pop("provider", UNSET))

        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))

        temperature = d.pop("temperature", UNSET)

        max_tokens = d.pop("max_tokens", UNSET)

        min_confidence = d.pop("min_confidence", UNSET)

        suggest_confidence = d.pop("suggest_confidence", UNSET)

        min_passage_score = d.pop("min_passage_score", UNSET)

        show_sources = d.pop("show_sources", UNSET)

        _retrieval = d.pop("retrieval", UNSET)
        retrieval: ChatbotSettingsInputAnswerRetrieval | Unset
        if isinstance(_retrieval, Unset):
            retrieval = UNSET
        else:
            retrieval = ChatbotSettingsInputAnswerRetrieval(_retrieval)

        def _parse_embedding_provider(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        embedding_provider = _parse_embedding_provider(
            d.pop("embedding_provider", UNSET)
        )

        learn_from_feedback = d.pop("learn_from_feedback", UNSET)

        chatbot_settings_input_answer = cls(
            mode=mode,
            provider=provider,
            model=model,
            temperature=temperature,
            max_tokens=max_tokens,
            min_confidence=min_confidence,
            suggest_confidence=suggest_confidence,
            min_passage_score=min_passage_score,
            show_sources=show_sources,
            retrieval=retrieval,
            embedding_provider=embedding_provider,
            learn_from_feedback=learn_from_feedback,
        )

        return chatbot_settings_input_answer
