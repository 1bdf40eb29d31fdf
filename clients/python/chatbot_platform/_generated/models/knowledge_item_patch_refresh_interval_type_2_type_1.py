from enum import StrEnum


class KnowledgeItemPatchRefreshIntervalType2Type1(StrEnum):
    DAILY = "daily"
    WEEKLY = "weekly"

    def __str__(self) -> str:
        return str(self.value)
