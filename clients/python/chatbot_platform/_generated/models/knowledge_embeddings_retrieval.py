from enum import StrEnum


class KnowledgeEmbeddingsRetrieval(StrEnum):
    HYBRID = "hybrid"
    LEXICAL = "lexical"

    def __str__(self) -> str:
        return str(self.value)
