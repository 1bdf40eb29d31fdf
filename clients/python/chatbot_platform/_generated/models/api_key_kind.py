from enum import StrEnum


class ApiKeyKind(StrEnum):
    ACCOUNT = "account"
    CHATBOT = "chatbot"

    def __str__(self) -> str:
        return str(self.value)
