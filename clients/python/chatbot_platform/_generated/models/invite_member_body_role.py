from enum import StrEnum


class InviteMemberBodyRole(StrEnum):
    ADMIN = "admin"
    AGENT = "agent"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
