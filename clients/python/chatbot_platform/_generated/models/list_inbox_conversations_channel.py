from enum import StrEnum


class ListInboxConversationsChannel(StrEnum):
    API = "api"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
