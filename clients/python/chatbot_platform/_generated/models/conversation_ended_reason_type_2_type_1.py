from enum import StrEnum


class ConversationEndedReasonType2Type1(StrEnum):
    API = "api"
    INACTIVITY = "inactivity"
    VISITOR = "visitor"

    def __str__(self) -> str:
        return str(self.value)
