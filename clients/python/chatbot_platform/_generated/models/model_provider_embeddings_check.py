from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.model_provider_check_error import ModelProviderCheckError


T = TypeVar("T", bound="ModelProviderEmbeddingsCheck")


@_attrs_define
class ModelProviderEmbeddingsCheck:
    """
    Attributes:
        model (str):
        ok (bool):
        latency_ms (int):
        dimensions (int | None):
        error (ModelProviderCheckError | None):
    """

    model: str
    ok: bool
    latency_ms: int
    dimensions: int | None
    error: ModelProviderCheckError | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.model_provider_check_error import ModelProviderCheckError

        model = self.model

        ok = self.ok

        latency_ms = self.latency_ms

        dimensions: int | None
        dimensions = self.dimensions

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
                "dimensions": dimensions,
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

        def _parse_dimensions(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dimensions = _parse_dimensions(d.pop("dimensions"))

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

        model_provider_embeddings_check = cls(
            model=model,
            ok=ok,
            latency_ms=latency_ms,
            dimensions=dimensions,
            error=error,
        )

        return model_provider_embeddings_check
