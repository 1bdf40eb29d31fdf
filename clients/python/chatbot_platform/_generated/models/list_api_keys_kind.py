from enum import StrEnum


class ListApiKeysKind(StrEnum):
    ACCOUNT = "account"
    CHATBOT = "chatbot"

    def __str__(self) -> str:
        return str(self.value)
