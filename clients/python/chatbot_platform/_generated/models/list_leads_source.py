from enum import StrEnum


class ListLeadsSource(StrEnum):
    API = "api"
    CONVERSATION = "conversation"
    HANDOFF_OFFLINE = "handoff_offline"
    WIDGET_FORM = "widget_form"
    WIDGET_IDENTITY = "widget_identity"

    def __str__(self) -> str:
        return str(self.value)
