from enum import StrEnum


class InvitedMemberRole(StrEnum):
    ADMIN = "admin"
    AGENT = "agent"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
