from enum import StrEnum


class LeadPatchStatus(StrEnum):
    CONTACTED = "contacted"
    CONVERTED = "converted"
    LOST = "lost"
    NEW = "new"
    QUALIFIED = "qualified"

    def __str__(self) -> str:
        return str(self.value)
