from enum import StrEnum


class WidgetAppearancePosition(StrEnum):
    BOTTOM_LEFT = "bottom-left"
    BOTTOM_RIGHT = "bottom-right"

    def __str__(self) -> str:
        return str(self.value)
