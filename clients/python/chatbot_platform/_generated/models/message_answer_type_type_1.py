from enum import StrEnum


class MessageAnswerTypeType1(StrEnum):
    CLARIFY = "clarify"
    FALLBACK = "fallback"
    KNOWLEDGE = "knowledge"
    LLM = "llm"
    QA = "qa"
    RULE = "rule"

    def __str__(self) -> str:
        return str(self.value)
