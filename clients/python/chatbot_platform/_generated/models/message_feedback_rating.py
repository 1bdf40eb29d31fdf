from enum import StrEnum


class MessageFeedbackRating(StrEnum):
    DOWN = "down"
    UP = "up"

    def __str__(self) -> str:
        return str(self.value)
