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

if TYPE_CHECKING:
    from ..models.background_loop_health import BackgroundLoopHealth
    from ..models.readiness_roles import ReadinessRoles


T = TypeVar("T", bound="Readiness")


@_attrs_define
class Readiness:
    """
    Attributes:
        status (Literal['ready']):
        store (str):
        roles (ReadinessRoles):
        loops (list[BackgroundLoopHealth]):
    """

    status: Literal["ready"]
    store: str
    roles: ReadinessRoles
    loops: list[BackgroundLoopHealth]

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        store = self.store

        roles = self.roles.to_dict()

        loops = []
        for loops_item_data in self.loops:
            loops_item = loops_item_data.to_dict()
            loops.append(loops_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "store": store,
                "roles": roles,
                "loops": loops,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.background_loop_health import BackgroundLoopHealth
        from ..models.readiness_roles import ReadinessRoles

        d = dict(src_dict)
        status = cast(Literal["ready"], d.pop("status"))
        if status != "ready":
            raise ValueError(f"status must match const 'ready', got '{status}'")

        store = d.pop("store")

        roles = ReadinessRoles.from_dict(d.pop("roles"))

        loops = []
        _loops = d.pop("loops")
        for loops_item_data in _loops:
            loops_item = BackgroundLoopHealth.from_dict(loops_item_data)

            loops.append(loops_item)

        readiness = cls(
            status=status,
            store=store,
            roles=roles,
            loops=loops,
        )

        return readiness
