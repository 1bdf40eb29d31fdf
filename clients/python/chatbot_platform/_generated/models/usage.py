from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.usage_mode import UsageMode

if TYPE_CHECKING:
    from ..models.llm_token_usage import LlmTokenUsage
    from ..models.usage_windows_item import UsageWindowsItem


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """
    Attributes:
        mode (UsageMode):
        plan (str):
        windows (list[UsageWindowsItem]):
        llm_tokens (LlmTokenUsage):
    """

    mode: UsageMode
    plan: str
    windows: list[UsageWindowsItem]
    llm_tokens: LlmTokenUsage

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        plan = self.plan

        windows = []
        for windows_item_data in self.windows:
            windows_item = windows_item_data.to_dict()
            windows.append(windows_item)

        llm_tokens = self.llm_tokens.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "plan": plan,
                "windows": windows,
                "llm_tokens": llm_tokens,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.llm_token_usage import LlmTokenUsage
        from ..models.usage_windows_item import UsageWindowsItem

        d = dict(src_dict)
        mode = UsageMode(d.pop("mode"))

        plan = d.pop("plan")

        windows = []
        _windows = d.pop("windows")
        for windows_item_data in _windows:
            windows_item = UsageWindowsItem.from_dict(windows_item_data)

            windows.append(windows_item)

        llm_tokens = LlmTokenUsage.from_dict(d.pop("llm_tokens"))

        usage = cls(
            mode=mode,
            plan=plan,
            windows=windows,
            llm_tokens=llm_tokens,
        )

        return usage
