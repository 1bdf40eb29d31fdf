from enum import StrEnum


class KnowledgeItemInputDocumentFormat(StrEnum):
    HTML = "html"
    MARKDOWN = "markdown"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
