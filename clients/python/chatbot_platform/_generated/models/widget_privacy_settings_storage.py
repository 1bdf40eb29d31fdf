from enum import StrEnum


class WidgetPrivacySettingsStorage(StrEnum):
    AFTER_INTERACTION = "after_interaction"
    ALWAYS = "always"
    NEVER = "never"

    def __str__(self) -> str:
        return str(self.value)
