from enum import StrEnum


class ListInboxConversationsStatus(StrEnum):
    ENDED = "ended"
    HANDOFF = "handoff"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
