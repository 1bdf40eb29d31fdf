from enum import StrEnum


class ExportConversationsChannel(StrEnum):
    API = "api"
    WIDGET = "widget"

    def __str__(self) -> str:
        return str(self.value)
