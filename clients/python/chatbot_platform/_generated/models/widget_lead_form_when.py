from enum import StrEnum


class WidgetLeadFormWhen(StrEnum):
    AFTER_FIRST_REPLY = "after_first_reply"
    BEFORE_CHAT = "before_chat"
    ON_REQUEST = "on_request"

    def __str__(self) -> str:
        return str(self.value)
