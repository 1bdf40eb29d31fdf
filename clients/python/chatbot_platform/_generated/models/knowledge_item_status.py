from enum import StrEnum


class KnowledgeItemStatus(StrEnum):
    FAILED = "failed"
    PENDING = "pending"
    PROCESSING = "processing"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
