from enum import StrEnum


class MemberRole(StrEnum):
    ADMIN = "admin"
    AGENT = "agent"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
