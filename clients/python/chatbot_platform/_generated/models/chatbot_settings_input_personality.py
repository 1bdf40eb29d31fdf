from enum import StrEnum


class ChatbotSettingsInputPersonality(StrEnum):
    CASUAL = "casual"
    CONCISE = "concise"
    FORMAL = "formal"
    FRIENDLY = "friendly"
    PLAYFUL = "playful"
    PROFESSIONAL = "professional"

    def __str__(self) -> str:
        return str(self.value)
