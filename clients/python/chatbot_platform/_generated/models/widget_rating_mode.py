from enum import StrEnum


class WidgetRatingMode(StrEnum):
    OFF = "off"
    STARS = "stars"
    THUMBS = "thumbs"

    def __str__(self) -> str:
        return str(self.value)
