from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_appearance_launcher_icon import WidgetAppearanceLauncherIcon
from ..models.widget_appearance_position import WidgetAppearancePosition
from ..models.widget_appearance_theme import WidgetAppearanceTheme

T = TypeVar("T", bound="WidgetAppearance")


@_attrs_define
class WidgetAppearance:
    """
    Attributes:
        primary_color (str):
        background_color (str):
        text_color (str):
        position (WidgetAppearancePosition):
        offset_x (int):
        offset_y (int):
        avatar_url (None | str):
        theme (WidgetAppearanceTheme):
        launcher_icon (WidgetAppearanceLauncherIcon):
        launcher_image_url (None | str):
    """

    primary_color: str
    background_color: str
    text_color: str
    position: WidgetAppearancePosition
    offset_x: int
    offset_y: int
    avatar_url: None | str
    theme: WidgetAppearanceTheme
    launcher_icon: WidgetAppearanceLauncherIcon
    launcher_image_url: None | str

    def to_dict(self) -> dict[str, Any]:
        primary_color = self.primary_color

        background_color = self.background_color

        text_color = self.text_color

        position = self.position.value

        offset_x = self.offset_x

        offset_y = self.offset_y

        avatar_url: None | str
        avatar_url = self.avatar_url

        theme = self.theme.value

        launcher_icon = self.launcher_icon.value

        launcher_image_url: None | str
        launcher_image_url = self.launcher_image_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "primary_color": primary_color,
                "background_color": background_color,
                "text_color": text_color,
                "position": position,
                "offset_x": offset_x,
                "offset_y": offset_y,
                "avatar_url": avatar_url,
                "theme": theme,
                "launcher_icon": launcher_icon,
                "launcher_image_url": launcher_image_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        primary_color = d.pop("primary_color")

        background_color = d.pop("background_color")

        text_color = d.pop("text_color")

        position = WidgetAppearancePosition(d.pop("position"))

        offset_x = d.pop("offset_x")

        offset_y = d.pop("offset_y")

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))

        theme = WidgetAppearanceTheme(d.pop("theme"))

        launcher_icon = WidgetAppearanceLauncherIcon(d.pop("launcher_icon"))

        def _parse_launcher_image_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        launcher_image_url = _parse_launcher_image_url(d.pop("launcher_image_url"))

        widget_appearance = cls(
            primary_color=primary_color,
            background_color=background_color,
            text_color=text_color,
            position=position,
            offset_x=offset_x,
            offset_y=offset_y,
            avatar_url=avatar_url,
            theme=theme,
            launcher_icon=launcher_icon,
            launcher_image_url=launcher_image_url,
        )

        return widget_appearance
