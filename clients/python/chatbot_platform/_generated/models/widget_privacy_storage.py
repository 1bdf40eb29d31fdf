from enum import StrEnum


class WidgetPrivacyStorage(StrEnum):
    AFTER_INTERACTION = "after_interaction"
    ALWAYS = "always"
    NEVER = "never"

    def __str__(self) -> str:
        return str(self.value)
