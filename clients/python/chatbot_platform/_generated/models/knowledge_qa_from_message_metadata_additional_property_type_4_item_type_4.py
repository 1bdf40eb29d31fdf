from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4_additional_property_type_4_item_type_4 import (
        KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4,
    )
    from ..models.knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4_additional_property_type_5 import (
        KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5,
    )


T = TypeVar("T", bound="KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4")


@_attrs_define
class KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4:
    additional_properties: dict[
        str,
        bool
        | float
        | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5
        | list[
            bool
            | float
            | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
            | None
            | str
        ]
        | None
        | str,
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4_additional_property_type_4_item_type_4 import (
            KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4,
        )
        from ..models.knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4_additional_property_type_5 import (
            KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5,
        )

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, list):
                field_dict[prop_name] = []
                for additional_property_type_4_item_data in prop:
                    additional_property_type_4_item: (
                        bool | dict[str, Any] | float | None | str
                    )
                    if isinstance(
                        additional_property_type_4_item_data,
                        KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4,
                    ):
                        additional_property_type_4_item = (
                            additional_property_type_4_item_data.to_dict()
                        )
                    else:
                        additional_property_type_4_item = (
                            additional_property_type_4_item_data
                        )
                    field_dict[prop_name].append(additional_property_type_4_item)

            elif isinstance(
                prop,
                KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5,
            ):
                field_dict[prop_name] = prop.to_dict()
            else:
                field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4_additional_property_type_4_item_type_4 import (
            KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4,
        )
        from ..models.knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4_additional_property_type_5 import (
            KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5,
        )

        d = dict(src_dict)
        knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4 = (
            cls()
        )

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(
                data: object,
            ) -> (
                bool
                | float
                | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5
                | list[
                    bool
                    | float
                    | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
                    | None
                    | str
                ]
                | None
                | str
            ):
                if data is None:
                    return data
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    additional_property_type_4 = []
                    _additional_property_type_4 = data
                    for (
                        additional_property_type_4_item_data
                    ) in _additional_property_type_4:

                        def _parse_additional_property_type_4_item(
                            data: object,
                        ) -> (
                            bool
                            | float
                            | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
                            | None
                            | str
                        ):
                            if data is None:
                                return data
                            try:
                                if not isinstance(data, dict):
                                    raise TypeError()
                                additional_property_type_4_item_type_4 = KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4.from_dict(
                                    data
                                )

                                return additional_property_type_4_item_type_4
                            except (TypeError, ValueError, AttributeError, KeyError):
                                pass
                            return cast(
                                bool
                                | float
                                | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
                                | None
                                | str,
                                data,
                            )

                        additional_property_type_4_item = (
                            _parse_additional_property_type_4_item(
                                additional_property_type_4_item_data
                            )
                        )

                        additional_property_type_4.append(
                            additional_property_type_4_item
                        )

                    return additional_property_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_type_5 = KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5.from_dict(
                        data
                    )

                    return additional_property_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(
                    bool
                    | float
                    | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5
                    | list[
                        bool
                        | float
                        | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
                        | None
                        | str
                    ]
                    | None
                    | str,
                    data,
                )

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4.additional_properties = additional_properties
        return knowledge_qa_from_message_metadata_additional_property_type_4_item_type_4

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> (
        bool
        | float
        | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5
        | list[
            bool
            | float
            | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
            | None
            | str
        ]
        | None
        | str
    ):
        return self.additional_properties[key]

    def __setitem__(
        self,
        key: str,
        value: bool
        | float
        | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType5
        | list[
            bool
            | float
            | KnowledgeQaFromMessageMetadataAdditionalPropertyType4ItemType4AdditionalPropertyType4ItemType4
            | None
            | str
        ]
        | None
        | str,
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
