from enum import StrEnum


class KnowledgeItemType(StrEnum):
    DOCUMENT = "document"
    QA = "qa"
    URL = "url"

    def __str__(self) -> str:
        return str(self.value)
