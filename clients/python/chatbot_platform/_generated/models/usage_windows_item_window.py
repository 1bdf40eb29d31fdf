from enum import StrEnum


class UsageWindowsItemWindow(StrEnum):
    DAY = "day"
    MINUTE = "minute"

    def __str__(self) -> str:
        return str(self.value)
