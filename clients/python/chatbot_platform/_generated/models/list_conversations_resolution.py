from enum import StrEnum


class ListConversationsResolution(StrEnum):
    ESCALATED = "escalated"
    RESOLVED = "resolved"
    UNRESOLVED = "unresolved"

    def __str__(self) -> str:
        return str(self.value)
