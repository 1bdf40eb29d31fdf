from enum import StrEnum


class ConversationStatus(StrEnum):
    ENDED = "ended"
    HANDOFF = "handoff"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
