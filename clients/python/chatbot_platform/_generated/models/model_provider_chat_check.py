from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.model_provider_check_error import ModelProviderCheckError


T = TypeVar("T", bound="ModelProviderChatCheck")


@_attrs_define
class ModelProviderChatCheck:
    """
    Attributes:
        model (str):
        ok (bool):
        latency_ms (int):
        reply (None | str): The start of what the model answered to a one-word request
        error (ModelProviderCheckError | None):
    """

    model: str
    ok: bool
    latency_ms: int
    reply: None | str
    error: ModelProviderCheckError | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.model_provider_check_error import ModelProviderCheckError

        model = self.model

        ok = self.ok

        latency_ms = self.latency_ms

        reply: None | str
        reply = self.reply

        error: dict[str, Any] | None
        if isinstance(self.error, ModelProviderCheckError):
            error = self.error.to_dict()
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "model": model,
                "ok": ok,
                "latency_ms": latency_ms,
                "reply": reply,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.model_provider_check_error import ModelProviderCheckError

        d = dict(src_dict)
        model = d.pop("model")

        ok = d.pop("ok")

        latency_ms = d.pop("latency_ms")

        def _parse_reply(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reply = _parse_reply(d.pop("reply"))

        def _parse_error(data: object) -> ModelProviderCheckError | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ModelProviderCheckError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelProviderCheckError | None, data)

        error = _parse_error(d.pop("error"))

        model_provider_chat_check = cls(
            model=model,
            ok=ok,
            latency_ms=latency_ms,
            reply=reply,
            error=error,
        )

        return model_provider_chat_check
