from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.conversation_patch_resolution_type_1 import (
    ConversationPatchResolutionType1,
)
from ..models.conversation_patch_resolution_type_2_type_1 import (
    ConversationPatchResolutionType2Type1,
)
from ..models.conversation_patch_resolution_type_3_type_1 import (
    ConversationPatchResolutionType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conversation_patch_metadata import ConversationPatchMetadata


T = TypeVar("T", bound="ConversationPatch")


@_attrs_define
class ConversationPatch:
    """
    Attributes:
        resolution (ConversationPatchResolutionType1 | ConversationPatchResolutionType2Type1 |
            ConversationPatchResolutionType3Type1 | None | Unset):
        metadata (ConversationPatchMetadata | Unset): Your own key/value data, returned as sent (at most 50 keys, 8192
            bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no array
            is directly inside an array)
    """

    resolution: (
        ConversationPatchResolutionType1
        | ConversationPatchResolutionType2Type1
        | ConversationPatchResolutionType3Type1
        | None
        | Unset
    ) = UNSET
    metadata: ConversationPatchMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        resolution: None | str | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif (
            isinstance(self.resolution, ConversationPatchResolutionType1)
            or isinstance(self.resolution, ConversationPatchResolutionType2Type1)
            or isinstance(self.resolution, ConversationPatchResolutionType3Type1)
        ):
            resolution = self.resolution.value
        else:
            resolution = self.resolution

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if resolution is not UNSET:
            field_dict["resolution"] = resolution
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.conversation_patch_metadata import ConversationPatchMetadata

        d = dict(src_dict)

        def _parse_resolution(
            data: object,
        ) -> (
            ConversationPatchResolutionType1
            | ConversationPatchResolutionType2Type1
            | ConversationPatchResolutionType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_1 = ConversationPatchResolutionType1(data)

                return resolution_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_2_type_1 = ConversationPatchResolutionType2Type1(data)

                return resolution_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_3_type_1 = ConversationPatchResolutionType3Type1(data)

                return resolution_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ConversationPatchResolutionType1
                | ConversationPatchResolutionType2Type1
                | ConversationPatchResolutionType3Type1
                | None
                | Unset,
                data,
            )

        resolution = _parse_resolution(d.pop("resolution", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: ConversationPatchMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = ConversationPatchMetadata.from_dict(_metadata)

        conversation_patch = cls(
            resolution=resolution,
            metadata=metadata,
        )

        return conversation_patch
