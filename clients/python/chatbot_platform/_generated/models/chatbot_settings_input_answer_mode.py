from enum import StrEnum


class ChatbotSettingsInputAnswerMode(StrEnum):
    LLM = "llm"
    RETRIEVAL = "retrieval"

    def __str__(self) -> str:
        return str(self.value)
