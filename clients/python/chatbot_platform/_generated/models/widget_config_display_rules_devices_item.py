from enum import StrEnum


class WidgetConfigDisplayRulesDevicesItem(StrEnum):
    DESKTOP = "desktop"
    MOBILE = "mobile"

    def __str__(self) -> str:
        return str(self.value)
