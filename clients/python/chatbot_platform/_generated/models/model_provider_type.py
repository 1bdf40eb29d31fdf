from enum import StrEnum


class ModelProviderType(StrEnum):
    OLLAMA = "ollama"
    OPENAI = "openai"

    def __str__(self) -> str:
        return str(self.value)
