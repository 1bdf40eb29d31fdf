from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.readiness_roles_worker import ReadinessRolesWorker
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReadinessRoles")


@_attrs_define
class ReadinessRoles:
    """
    Attributes:
        api (Literal['ready'] | Unset):
        worker (ReadinessRolesWorker | Unset):
    """

    api: Literal["ready"] | Unset = UNSET
    worker: ReadinessRolesWorker | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        api = self.api

        worker: str | Unset = UNSET
        if not isinstance(self.worker, Unset):
            worker = self.worker.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if api is not UNSET:
            field_dict["api"] = api
        if worker is not UNSET:
            field_dict["worker"] = worker

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        api = cast(Literal["ready"] | Unset, d.pop("api", UNSET))
        if api != "ready" and not isinstance(api, Unset):
            raise ValueError(f"api must match const 'ready', got '{api}'")

        _worker = d.pop("worker", UNSET)
        worker: ReadinessRolesWorker | Unset
        if isinstance(_worker, Unset):
            worker = UNSET
        else:
            worker = ReadinessRolesWorker(_worker)

        readiness_roles = cls(
            api=api,
            worker=worker,
        )

        return readiness_roles
