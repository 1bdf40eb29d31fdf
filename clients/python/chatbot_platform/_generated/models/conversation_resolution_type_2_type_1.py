from enum import StrEnum


class ConversationResolutionType2Type1(StrEnum):
    ESCALATED = "escalated"
    RESOLVED = "resolved"
    UNRESOLVED = "unresolved"

    def __str__(self) -> str:
        return str(self.value)
