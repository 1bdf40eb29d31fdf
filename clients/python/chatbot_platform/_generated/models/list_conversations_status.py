from enum import StrEnum


class ListConversationsStatus(StrEnum):
    ENDED = "ended"
    HANDOFF = "handoff"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
