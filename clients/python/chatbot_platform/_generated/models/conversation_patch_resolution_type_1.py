from enum import StrEnum


class ConversationPatchResolutionType1(StrEnum):
    ESCALATED = "escalated"
    RESOLVED = "resolved"
    UNRESOLVED = "unresolved"

    def __str__(self) -> str:
        return str(self.value)
