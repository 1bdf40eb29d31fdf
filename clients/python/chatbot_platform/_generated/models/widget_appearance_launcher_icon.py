from enum import StrEnum


class WidgetAppearanceLauncherIcon(StrEnum):
    CHAT = "chat"
    HEADSET = "headset"
    QUESTION = "question"
    SPARKLE = "sparkle"

    def __str__(self) -> str:
        return str(self.value)
