from enum import StrEnum


class KnowledgePassageKind(StrEnum):
    PASSAGE = "passage"
    QA = "qa"

    def __str__(self) -> str:
        return str(self.value)
