from enum import StrEnum


class ListMessagesRole(StrEnum):
    AGENT = "agent"
    ASSISTANT = "assistant"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
