from enum import StrEnum


class UpdateMemberBodyRole(StrEnum):
    ADMIN = "admin"
    AGENT = "agent"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
