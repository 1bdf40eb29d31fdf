from enum import StrEnum


class MessageRole(StrEnum):
    AGENT = "agent"
    ASSISTANT = "assistant"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
