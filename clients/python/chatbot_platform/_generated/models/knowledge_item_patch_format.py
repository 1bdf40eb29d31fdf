from enum import StrEnum


class KnowledgeItemPatchFormat(StrEnum):
    HTML = "html"
    MARKDOWN = "markdown"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
