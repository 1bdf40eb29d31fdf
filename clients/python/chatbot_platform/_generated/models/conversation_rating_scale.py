from enum import StrEnum


class ConversationRatingScale(StrEnum):
    STARS = "stars"
    THUMBS = "thumbs"

    def __str__(self) -> str:
        return str(self.value)
