from enum import StrEnum


class ListKnowledgeItemsType(StrEnum):
    DOCUMENT = "document"
    QA = "qa"
    URL = "url"

    def __str__(self) -> str:
        return str(self.value)
