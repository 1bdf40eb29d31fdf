from enum import StrEnum


class EndConversationReason(StrEnum):
    API = "api"
    VISITOR = "visitor"

    def __str__(self) -> str:
        return str(self.value)
