from enum import StrEnum


class RenderedSavedReplyMissingItem(StrEnum):
    AGENT_NAME = "agent.name"
    CHATBOT_NAME = "chatbot.name"
    VISITOR_EMAIL = "visitor.email"
    VISITOR_NAME = "visitor.name"

    def __str__(self) -> str:
        return str(self.value)
