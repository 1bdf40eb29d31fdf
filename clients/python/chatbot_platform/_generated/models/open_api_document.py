from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.open_api_document_components import OpenApiDocumentComponents
    from ..models.open_api_document_info import OpenApiDocumentInfo
    from ..models.open_api_document_paths import OpenApiDocumentPaths


T = TypeVar("T", bound="OpenApiDocument")


@_attrs_define
class OpenApiDocument:
    """
    Attributes:
        openapi (Literal['3.1.0']):
        info (OpenApiDocumentInfo):
        paths (OpenApiDocumentPaths):
        components (OpenApiDocumentComponents):
    """

    openapi: Literal["3.1.0"]
    info: OpenApiDocumentInfo
    paths: OpenApiDocumentPaths
    components: OpenApiDocumentComponents
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        openapi = self.openapi

        info = self.info.to_dict()

        paths = self.paths.to_dict()

        components = self.components.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "openapi": openapi,
                "info": info,
                "paths": paths,
                "components": components,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.open_api_document_components import OpenApiDocumentComponents
        from ..models.open_api_document_info import OpenApiDocumentInfo
        from ..models.open_api_document_paths import OpenApiDocumentPaths

        d = dict(src_dict)
        openapi = cast(Literal["3.1.0"], d.pop("openapi"))
        if openapi != "3.1.0":
            raise ValueError(f"openapi must match const '3.1.0', got '{openapi}'")

        info = OpenApiDocumentInfo.from_dict(d.pop("info"))

        paths = OpenApiDocumentPaths.from_dict(d.pop("paths"))

        components = OpenApiDocumentComponents.from_dict(d.pop("components"))

        open_api_document = cls(
            openapi=openapi,
            info=info,
            paths=paths,
            components=components,
        )

        open_api_document.additional_properties = d
        return open_api_document

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
