from enum import StrEnum


class AccountLimitsAccess(StrEnum):
    FULL = "full"
    READ = "read"
    WRITE = "write"

    def __str__(self) -> str:
        return str(self.value)
