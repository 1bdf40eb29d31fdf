from enum import StrEnum


class VisitorMessageFeedbackType3Type1(StrEnum):
    DOWN = "down"
    UP = "up"

    def __str__(self) -> str:
        return str(self.value)
