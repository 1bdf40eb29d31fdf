from enum import StrEnum


class ChatbotSettingsInputAnswerRetrieval(StrEnum):
    HYBRID = "hybrid"
    LEXICAL = "lexical"

    def __str__(self) -> str:
        return str(self.value)
